/** The frame of the account pages (Login / Sign Up, forgot and reset password): a centred heading, its lead, the card, and a line under it. */
import { Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function AuthCard({
  title,
  lead,
  children,
  below,
}: {
  title: string;
  lead: string;
  children: ReactNode;
  below?: ReactNode;
}) {
  return (
    <Container maxW="lg" py={{ base: '8', md: '16' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          <Text color="fg.muted">{lead}</Text>
        </Stack>
        <Card.Root variant="outline">
          <Card.Body p={{ base: '4', md: '6' }}>{children}</Card.Body>
        </Card.Root>
        {below && (
          <Text textAlign="center" fontSize="sm">
            {below}
          </Text>
        )}
      </Stack>
    </Container>
  );
}
