/** Shown in the dashboard instead of a page the user may not open, or while their account awaits approval. */
import type { Role } from '#domain/accounts/permissions';
import { Badge, Box, Button, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../config/paths';
import { ACCOUNT_SETTINGS_PATH, viewsOf } from '../session/role-views';
import { Logo } from './public-header';
import type { SessionUser } from '../session/session-store';

const REQUESTED = { agent: 'plate maker (agent)', police: 'law enforcement' } as const;
/** What an approved account of a requested role opens. */
const WORKSPACE: Record<Role, string> = {
  agent: 'the plate maker’s workspace',
  police: 'Roadside Verification',
  admin: 'the System Dashboard',
  insurance_agent: 'the Insurance Dashboard',
  buyer: 'your dashboard',
};

/** The sidebar of an account that holds no view yet: no menu of someone else’s, only where it stands. */
export function PendingSidebar({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Stack gap="6" p="4">
      <Logo />
      <Stack gap="2">
        <Badge alignSelf="flex-start" colorPalette="orange">
          Awaiting approval
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          Your workspace appears here once an administrator approves your account.
        </Text>
      </Stack>
      <Stack as="nav" aria-label="Dashboard" gap="0.5">
        <Button asChild variant="ghost" justifyContent="flex-start" size="sm" onClick={onNavigate}>
          <RouterLink to={ACCOUNT_SETTINGS_PATH}>Account settings</RouterLink>
        </Button>
      </Stack>
    </Stack>
  );
}

export function AccessNotice({ kind, user }: { kind: 'pending' | 'not-allowed'; user: SessionUser }) {
  const home = viewsOf(user.roles)[0]?.home;
  if (kind === 'pending') {
    const requested =
      user.requestedRole === 'agent' || user.requestedRole === 'police' ? REQUESTED[user.requestedRole] : 'your';
    const workspace = user.requestedRole ? WORKSPACE[user.requestedRole] : 'your dashboard';
    return (
      <Stack gap="4" maxW="2xl" role="status">
        <Heading as="h1" size="2xl">
          Your account is awaiting approval
        </Heading>
        <Text>
          Thank you, {user.name}. An administrator checks every {requested} account
          {user.businessName ? ` (${user.businessName})` : ''} before it is given access. You will be notified as soon
          as it is approved.
        </Text>
        <Box>
          <Heading as="h2" size="md" mb="2">
            What happens next
          </Heading>
          <List.Root as="ol" gap="1.5" ps="5">
            <List.Item>An administrator checks the details you gave when you signed up.</List.Item>
            <List.Item>
              You are told by email{user.phone ? ' and SMS' : ''} when your account is approved, or why it was not.
            </List.Item>
            <List.Item>Once approved, log in again: {workspace} opens here.</List.Item>
          </List.Root>
        </Box>
        <HStack gap="3" wrap="wrap">
          <Button asChild colorPalette="brand" variant="outline">
            <RouterLink to={ACCOUNT_SETTINGS_PATH}>Account settings</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.home}>Back to the home page</RouterLink>
          </Button>
        </HStack>
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
