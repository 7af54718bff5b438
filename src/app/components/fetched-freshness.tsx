/**
 * Said above figures fetched from the server and kept on the device (the System Dashboard,
 * Reports): offline, when they were fetched; after a failed fetch, why, and the age of
 * what is shown; while a newer copy is fetched, that it is coming; otherwise nothing.
 */
import { Alert, HStack, Spinner, Text } from '@chakra-ui/react';
import { formatDateTime } from './format-date-time';

interface FetchedFreshnessProps {
  /** What is shown, as a person names it: "dashboard", "report". */
  what: string;
  /** When the copy shown was fetched (epoch ms); null when there is none yet. */
  fetchedAt: number | null;
  isOnline: boolean;
  isFetching: boolean;
  failure: string | null;
}

export function FetchedFreshness({ what, fetchedAt, isOnline, isFetching, failure }: FetchedFreshnessProps) {
  const asOf = fetchedAt === null ? null : formatDateTime(new Date(fetchedAt).toISOString());
  if (!isOnline) {
    return (
      <Alert.Root status="info" data-testid="offline-as-of">
        <Alert.Indicator />
        <Alert.Description>
          {asOf
            ? `This device is offline: the ${what} is shown as of ${asOf}, when it was last fetched. It is brought up to date when this device is back online.`
            : `This device is offline and has not fetched this ${what} yet. It is shown when this device is back online.`}
        </Alert.Description>
      </Alert.Root>
    );
  }
  if (failure) {
    return (
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Description>
          {failure}
          {asOf ? ` The figures shown are as of ${asOf}.` : ''}
        </Alert.Description>
      </Alert.Root>
    );
  }
  if (isFetching && asOf) {
    return (
      <HStack gap="2" color="fg.muted" fontSize="sm" role="status">
        <Spinner size="xs" />
        <Text>Updating… figures shown as of {asOf}.</Text>
      </HStack>
    );
  }
  return null;
}
