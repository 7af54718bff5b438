/**
 * After a sign-up: the answer is the same whether or not the email has an account, so the
 * form gives way to "check your email". In test mode (messages go to the sandbox and leave
 * nothing) the message "sent" is shown too, since it cannot be read anywhere else.
 */
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { SignupSent } from '../../account/account-api';

export function CheckEmail({ sent, onStartAgain }: { sent: SignupSent; onStartAgain: () => void }) {
  const headingRef = useRef<HTMLParagraphElement>(null);
  // Focus moves to the answer, so a screen reader reads it and the keyboard starts there.
  useEffect(() => headingRef.current?.focus(), []);
  const { testMessage } = sent;
  return (
    <Stack gap="4">
      <Box role="status" bg="green.subtle" color="green.fg" rounded="md" px="4" py="3">
        <Text ref={headingRef} tabIndex={-1} fontWeight="semibold" outline="none">
          {sent.message}
        </Text>
        <Text fontSize="sm" mt="1">
          Nothing there after a few minutes? Look in your spam folder, or check the address and sign up again.
        </Text>
      </Box>
      {testMessage && (
        <Box
          role="note"
          aria-labelledby="test-message-title"
          borderWidth="1px"
          borderStyle="dashed"
          borderColor="orange.emphasized"
          bg="orange.subtle"
          color="orange.fg"
          rounded="md"
          px="3"
          py="2"
        >
          <Text fontWeight="semibold" fontSize="sm" id="test-message-title">
            Test messages
          </Text>
          <Text fontSize="sm">This server sends no real email. This is the message it would have sent:</Text>
          <Text fontSize="sm" fontWeight="semibold" mt="2">
            {testMessage.subject}
          </Text>
          <Text fontSize="sm" whiteSpace="pre-line">
            {testMessage.body}
          </Text>
          <Button asChild size="sm" colorPalette="orange" mt="2">
            <Link to={testMessage.link}>Open the link in the message</Link>
          </Button>
        </Box>
      )}
      <Button variant="outline" onClick={onStartAgain} width="full">
        Use a Different Email
      </Button>
    </Stack>
  );
}
