/**
 * The results panel (spec: Valid green check, Expired red, anything else a yellow
 * warning; stolen and revoked red too, as alarming as expired): the verdict, the
 * registered vehicle in large type so a plate on the wrong car stands out, the dates,
 * and how fresh the device's data is. A new verdict is scrolled into view and takes
 * focus on its heading, which names it, so at the roadside on a phone it is seen and
 * heard at once rather than below the fold.
 */
import { describeAge, isClockOff } from '#domain/credential/freshness';
import { verdictHeadline, verdictTone } from '#domain/credential/presentation';
import { unissuedExplanation, unissuedHeadline } from '#domain/plates/lifecycle';
import { coverText } from '#domain/registry/cover';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Alert, Badge, Box, Circle, DataList, Heading, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { CheckIcon, ClockIcon, WarningIcon } from '../../components/icons';
import { formatDay } from '../../components/format-date-time';
import { PlateNumber, WithPlateNumbers } from '../../components/plate-number';
import { VERDICT_SHOWN_MARK } from '../../registry/verdict-measure';
import { staticClasses } from '../../theme/static-styles';
import type { VerificationOutcome, VerificationResult } from '../../registry/verify';
import { clearEarlyVerdict } from './early-verdict-slot';
import type { verificationStyles } from './verification-page.styles';

// The panel before any verdict is part of the page's first view, styled at build time (decision 039).
const pageClass = staticClasses<typeof verificationStyles>('verification');

const TONE = {
  valid: { palette: 'green', icon: CheckIcon },
  expired: { palette: 'red', icon: ClockIcon },
  alarm: { palette: 'red', icon: WarningIcon },
  warning: { palette: 'yellow', icon: WarningIcon },
} as const;

/** Below a sticky header, a verdict scrolled to the top would hide under it. */
const SCROLL_MARGIN = '24';

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

export function VerdictPanel({ outcome, isChecking }: { outcome: VerificationOutcome | null; isChecking: boolean }) {
  const shownRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    if (!outcome) return;
    // The benchmark measures camera start, or Enter, to here. A verdict drawn before the
    // app had started (early-verdict.ts) gives way in this frame: the same markup, so nothing moves.
    if (outcome.kind === 'result') performance.mark(VERDICT_SHOWN_MARK);
    clearEarlyVerdict();
  }, [outcome]);
  useEffect(() => {
    // Each new verdict (or the reason there is none): bring it into view and move focus to
    // the heading that names it, so a screen reader says it at once.
    if (isChecking || !outcome) return;
    shownRef.current?.scrollIntoView({ block: 'start' });
    (headingRef.current ?? shownRef.current)?.focus({ preventScroll: true });
  }, [outcome, isChecking]);
  if (isChecking) return <p className={pageClass('muted')}>Checking…</p>;
  if (!outcome) return <p className={pageClass('muted')}>Enter a plate number or scan a QR code to see its status here.</p>;
  if (outcome.kind === 'problem') {
    return (
      <Alert.Root status="info" data-testid="verification-problem" ref={shownRef} tabIndex={-1} outline="none" scrollMarginTop={SCROLL_MARGIN}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{outcome.title}</Alert.Title>
          <Alert.Description>{outcome.detail}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const toneName = verdictTone(outcome.verdict);
  const tone = TONE[toneName];
  const vehicle = outcome.vehicle;
  return (
    <Stack gap="4" data-testid="verification-result" data-verdict={outcome.verdict} data-tone={toneName} ref={shownRef} scrollMarginTop={SCROLL_MARGIN}>
      <HStack gap="3" align="center" flexWrap="wrap">
        <Circle size="12" bg={`${tone.palette}.subtle`} color={`${tone.palette}.fg`} flexShrink={0}>
          <tone.icon boxSize="6" aria-hidden />
        </Circle>
        <Box>
          <Heading as="h3" size="lg" color={`${tone.palette}.fg`} ref={headingRef} tabIndex={-1} outline="none" data-testid="verdict-heading">
            {outcome.stage ? unissuedHeadline(outcome.stage) : verdictHeadline(outcome.verdict)}
            {outcome.plateNumber && <VisuallyHidden>: {outcome.plateNumber}</VisuallyHidden>}
          </Heading>
          {outcome.plateNumber && (
            <Text fontFamily="mono" fontSize="lg" letterSpacing="wide" aria-hidden>
              <PlateNumber number={outcome.plateNumber} data-testid="verdict-plate-number" />
            </Text>
          )}
        </Box>
        <Badge ms="auto" colorPalette={tone.palette} size="lg">
          {outcome.verdict}
        </Badge>
      </HStack>
      {outcome.reason && (
        <Text>
          <WithPlateNumbers text={outcome.reason} numbers={[outcome.plateNumber]} />
        </Text>
      )}
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
