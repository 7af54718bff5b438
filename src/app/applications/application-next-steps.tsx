/**
 * What follows a paid application, in the spec's Next Steps (processing, production, then the
 * plate shop or delivery as the buyer chose): shown by the wizard's confirmation and by the
 * receipt of an application's payment, where a card payer comes back from the card page.
 */
import { Box, Heading, List, Text } from '@chakra-ui/react';

export const NEXT_STEPS = [
  { title: 'Application Processing', text: 'Our team will process your application within 24 hours.' },
  { title: 'Plate Production', text: 'Your plates will be manufactured within 3-5 business days.' },
  { title: 'Delivery', text: 'Collect your plates from our office or request delivery.' },
] as const;

interface ApplicationNextStepsProps {
  /** The third step as chosen (the plate shop, or delivery); the spec's words when not given. */
  collectionStep?: { title: string; text: string };
  headingLevel?: 'h2' | 'h3';
  /** Said before the list while the application is not paid yet. */
  lead?: string;
}

export function ApplicationNextSteps({ collectionStep, headingLevel = 'h3', lead }: ApplicationNextStepsProps) {
  const headingId = `next-steps-${headingLevel}`;
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      bg="bg.muted"
      rounded="lg"
      p={{ base: '4', md: '5' }}
      width="full"
      textAlign="start"
    >
      <Heading as={headingLevel} id={headingId} size="md" mb="3">
        Next Steps
      </Heading>
      {lead && (
        <Text color="fg.muted" mb="2">
          {lead}
        </Text>
      )}
      <List.Root as="ol" gap="3" ps="5">
        {NEXT_STEPS.map((item) => (item.title === 'Delivery' && collectionStep ? collectionStep : item)).map((item) => (
          <List.Item key={item.title}>
            <Text as="span" fontWeight="semibold">
              {item.title}:
            </Text>{' '}
            {item.text}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
