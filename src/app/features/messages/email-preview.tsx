/**
 * An email's HTML part as the recipient's mail program would show it, for the administrator
 * reading Sent messages: inside an iframe with an empty sandbox, from srcdoc. The HTML is
 * never put into the app's own page: the frame runs no script, submits no form, opens
 * nothing and has an origin of its own, so even markup that got past the server's escaping
 * could not reach the app or its session. Drawn only when the administrator opens it.
 */
import { Box } from '@chakra-ui/react';
import { useState } from 'react';

/** The frame's attributes: sandboxed with no permission at all, the HTML given as srcdoc, no referrer sent. */
export function emailFrameProps(html: string, subject: string | null) {
  return {
    sandbox: '',
    srcDoc: html,
    title: `Email as sent: ${subject ?? 'no subject'}`,
    referrerPolicy: 'no-referrer',
  } as const;
}

export function EmailPreview({ html, subject }: { html: string; subject: string | null }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Box
      as="details"
      mt="2"
      // Chakra types the box as a div; the element is a <details>, which has `open`.
      onToggle={(event) => setIsOpen('open' in event.currentTarget && event.currentTarget.open === true)}
    >
      <Box as="summary" cursor="pointer" fontSize="sm" color="fg.muted">
        Show the email as sent (HTML)
      </Box>
      {isOpen && (
        <Box
          as="iframe"
          {...emailFrameProps(html, subject)}
          mt="2"
          w="full"
          h={{ base: '80', md: '72' }}
          borderWidth="1px"
          rounded="md"
          bg="white"
        />
      )}
    </Box>
  );
}
