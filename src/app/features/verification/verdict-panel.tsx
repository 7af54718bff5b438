/**
 * The results panel (spec: Valid green check, Expired red, anything else a yellow
 * warning): the verdict, the registered vehicle in large type so a plate on the
 * wrong car stands out, the dates, and how fresh the device's data is.
 */
import { describeAge, isClockOff } from '#domain/credential/freshness';
import { verdictHeadline, verdictTone } from '#domain/credential/presentation';
import { unissuedExplanation, unissuedHeadline } from '#domain/plates/lifecycle';
import { coverText } from '#domain/registry/cover';
import { useLayoutEffect } from 'react';
import { Alert, Badge, Box, Circle, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { CheckIcon, ClockIcon, WarningIcon } from '../../components/icons';
import { formatDay } from '../../components/format-date-time';
import type { VerificationOutcome, VerificationResult } from '../../registry/verify';

const TONE = {
  valid: { palette: 'green', icon: CheckIcon },
  expired: { palette: 'red', icon: CheckIcon },
  warning: { palette: 'yellow', icon: WarningIcon },
} as const;

const SOURCE_TEXT: Record<VerificationResult['source'], string> = {
  credential: 'Checked against the signed QR code, on this device.',
  registry: 'Checked against the registry.',
  'device-copy': 'Checked against the registry copy on this device (offline).',
};


function ageOf(iso: string | null, now: number): string {
  return iso ? describeAge(iso, new Date(now).toISOString()) : 'never';
}

function Freshness({ result }: { result: VerificationResult }) {
  // Ages as they were when the check was made: what the verdict rested on.
  const now = Date.parse(result.checkedAt);
  const { freshness } = result;
  const skew = freshness.clockSkewMs;
  return (
    <Stack gap="1" fontSize="sm" color="fg.muted">
      <Text>{SOURCE_TEXT[result.source]}</Text>
      {result.source !== 'registry' && (
        <Text>
          Keys updated {ageOf(freshness.keysFetchedAt, now)}; revocation list updated {ageOf(freshness.revocationsFetchedAt, now)}
          {freshness.registryUpdatedAt ? `; registry copy updated ${ageOf(freshness.registryUpdatedAt, now)}` : ''}.
        </Text>
      )}
      {skew !== null && isClockOff(skew) && (
        <Alert.Root status="warning" size="sm" mt="1">
          <Alert.Indicator />
          <Alert.Description>
            This device’s clock is {Math.round(Math.abs(skew) / 60_000)} minutes {skew > 0 ? 'behind' : 'ahead of'} the registry’s. Expiry was judged by the registry’s time; set the
            device clock to automatic.
          </Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}

/** Marked as a verdict reaches the page (before it is painted); the benchmark measures camera start, or Enter, to here. */
export const VERDICT_SHOWN_MARK = 'nambala:verdict-shown';

export function VerdictPanel({ outcome, isChecking }: { outcome: VerificationOutcome | null; isChecking: boolean }) {
  useLayoutEffect(() => {
    if (outcome?.kind === 'result') performance.mark(VERDICT_SHOWN_MARK);
  }, [outcome]);
  if (isChecking) return <Text color="fg.muted">Checking…</Text>;
  if (!outcome) return <Text color="fg.muted">Enter a plate number or scan a QR code to see its status here.</Text>;
  if (outcome.kind === 'problem') {
    return (
      <Alert.Root status="info" data-testid="verification-problem">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{outcome.title}</Alert.Title>
          <Alert.Description>{outcome.detail}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const tone = TONE[verdictTone(outcome.verdict)];
  const vehicle = outcome.vehicle;
  return (
    <Stack gap="4" data-testid="verification-result" data-verdict={outcome.verdict}>
      <HStack gap="3" align="center" flexWrap="wrap">
        <Circle size="12" bg={`${tone.palette}.subtle`} color={`${tone.palette}.fg`} flexShrink={0}>
          <tone.icon boxSize="6" aria-hidden />
        </Circle>
        <Box>
          <Heading as="h3" size="lg" color={`${tone.palette}.fg`}>
            {outcome.stage ? unissuedHeadline(outcome.stage) : verdictHeadline(outcome.verdict)}
          </Heading>
          {outcome.plateNumber && (
            <Text fontFamily="mono" fontSize="lg" letterSpacing="wide" whiteSpace="nowrap">
              {outcome.plateNumber}
            </Text>
          )}
        </Box>
        <Badge ms="auto" colorPalette={tone.palette} size="lg">
          {outcome.verdict}
        </Badge>
      </HStack>
      {outcome.reason && <Text>{outcome.reason}</Text>}
      {outcome.revocation && (
        <Text>
          {outcome.revocation.status === 'Stolen' ? 'Reported stolen' : 'Revoked'} on {formatDay(outcome.revocation.at)}.
        </Text>
      )}
      {outcome.verdict === 'Unknown plate' && <Text>No plate with this number has been issued by the registry. A plate showing it may be fake.</Text>}
      {outcome.stage && <Text>{unissuedExplanation(outcome.stage)}</Text>}
      {vehicle && (
        <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
          <Text fontSize="sm" color="fg.muted">
            Registered vehicle — check it matches the car
          </Text>
          <Text fontSize="xl" fontWeight="semibold" data-testid="registered-vehicle">
            {vehicle.colour} {vehicle.make} {vehicle.model}
            {vehicle.year ? ` (${vehicle.year})` : ''}
          </Text>
        </Box>
      )}
      {(outcome.registrationDate || outcome.expiryDate || outcome.ownerName) && (
        <DataList.Root orientation="horizontal" size="sm">
          {outcome.ownerName && (
            <DataList.Item>
              <DataList.ItemLabel>Registered owner</DataList.ItemLabel>
              <DataList.ItemValue data-testid="owner-name">{outcome.ownerName}</DataList.ItemValue>
            </DataList.Item>
          )}
          <DataList.Item>
            <DataList.ItemLabel>Registration date</DataList.ItemLabel>
            <DataList.ItemValue>{formatDay(outcome.registrationDate)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Expiry date</DataList.ItemLabel>
            <DataList.ItemValue>{formatDay(outcome.expiryDate)}</DataList.ItemValue>
          </DataList.Item>
          {outcome.insurance !== undefined && (
            <DataList.Item>
              <DataList.ItemLabel>Insurance</DataList.ItemLabel>
              <DataList.ItemValue data-testid="insurance-cover" color={outcome.insurance === 'none' ? 'red.fg' : undefined} fontWeight={outcome.insurance === 'none' ? 'semibold' : undefined}>
                {coverText(outcome.insurance, formatDay)}
              </DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
      )}
      <HStack gap="2" align="flex-start">
        <ClockIcon boxSize="4" mt="0.5" color="fg.muted" aria-hidden />
        <Freshness result={outcome} />
      </HStack>
    </Stack>
  );
}
