/** Shown in the dashboard instead of a page the user may not open, or while their account awaits approval. */
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../config/paths';
import { viewsOf } from '../session/role-views';
import type { SessionUser } from '../session/session-store';

const REQUESTED = { agent: 'plate maker (agent)', police: 'law enforcement' } as const;

export function AccessNotice({ kind, user }: { kind: 'pending' | 'not-allowed'; user: SessionUser }) {
  const home = viewsOf(user.roles)[0]?.home;
  if (kind === 'pending') {
    const requested =
      user.requestedRole === 'agent' || user.requestedRole === 'police' ? REQUESTED[user.requestedRole] : 'your';
    return (
      <Stack gap="3" maxW="2xl" role="status">
        <Heading as="h1" size="2xl">
          Your account is awaiting approval
        </Heading>
        <Text>
          Thank you, {user.name}. An administrator checks every {requested} account
          {user.businessName ? ` (${user.businessName})` : ''} before it is given access. You will be notified as soon
          as it is approved.
        </Text>
        <Box>
          <Button asChild variant="outline">
            <RouterLink to={paths.home}>Back to the home page</RouterLink>
          </Button>
        </Box>
      </Stack>
    );
  }
  return (
    <Stack gap="3" maxW="2xl" role="alert">
      <Heading as="h1" size="2xl">
        You are not allowed to open this page
      </Heading>
      <Text>
        This part of the dashboard needs a role your account does not hold. If you think you should have it, contact an
        administrator.
      </Text>
      {home && (
        <Box>
          <Button asChild colorPalette="brand">
            <RouterLink to={home}>Go to your dashboard</RouterLink>
          </Button>
        </Box>
      )}
    </Stack>
  );
}
