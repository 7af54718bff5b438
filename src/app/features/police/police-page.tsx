/**
 * The officer's roadside workspace: scan first, type second; the verdict; the
 * officer's recent checks (kept on the device, synced); the state of the registry
 * copy that answers typed numbers with no signal; and flagging a suspect plate.
 */
import { describeAge } from '#domain/credential/freshness';
import { verdictTone } from '#domain/credential/presentation';
import { OFFICER_INSTRUCTIONS } from '#domain/police/officer-instructions';
import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { memo, useCallback, useEffect, useState } from 'react';
import { WarningIcon } from '../../components/icons';
import { formatDateTime } from '../../components/format-date-time';
import { useOnlineStatus } from '../../components/use-online-status';
import { useSyncStatus } from '../../components/use-sync-status';
import { syncNow } from '../../sync/sync-engine';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { PageHeader, Section } from '../../components/page-parts';
import { ManualEntryForm } from '../../plate-check/manual-entry-form';
import { QrScanner } from '../../plate-check/qr-scanner';
import { useVerification } from '../../plate-check/use-verification';
import { VerdictPanel } from '../../plate-check/verdict-panel';
import { useVerdictHaptics } from '../../plate-check/use-verdict-haptics';
import { useSession } from '../../session/use-session';
import { ChassisLookupForm } from './chassis-lookup-form';
import { FlagPlateDialog } from './flag-plate-dialog';
import { ShareCheck } from './share-check';
import { useMyFlags, useRecentChecks, useRegistryCopy } from './use-police-data';

const TONE_PALETTE = { valid: 'green', expired: 'red', alarm: 'red', warning: 'yellow' } as const;
const FLAG_PALETTE = { Open: 'orange', Revoked: 'red', Stolen: 'red', Dismissed: 'gray' } as const;

function useStorageUsed(): number | null {
  const [used, setUsed] = useState<number | null>(null);
  const copy = useRegistryCopy();
  useEffect(() => {
    void navigator.storage?.estimate?.().then((estimate) => setUsed(estimate.usage ?? null));
  }, [copy?.version]);
  return used;
}

// The sections below read their own data: a check (isChecking, a verdict) does not redraw them.
const RegistryCopyCard = memo(function RegistryCopyCard() {
  const copy = useRegistryCopy();
  const online = useOnlineStatus();
  const { registryProgress, isSyncing } = useSyncStatus('registryProgress', 'isSyncing');
  const used = useStorageUsed();
  const now = new Date().toISOString();
  return (
    <Section title="Registry on this device" headingId="registry-copy-heading">
      <Stack gap="3" aria-live="polite">
        {copy === undefined ? null : copy === null ? (
          <Text>
            {online
              ? 'Downloading the registry for offline checks…'
              : 'No registry copy yet. Connect once to download it; typed numbers can then be checked with no signal.'}
          </Text>
        ) : (
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <Box>
              <Text fontSize="sm" color="fg.muted">
                Plates
              </Text>
              <Text fontSize="xl" fontWeight="semibold" data-testid="registry-plates">
                {copy.plates.toLocaleString('en-GB')}
              </Text>
            </Box>
            <Box>
              <Text fontSize="sm" color="fg.muted">
                Last updated
              </Text>
              <Text fontSize="xl" fontWeight="semibold" title={formatDateTime(copy.updatedAt)}>
                {describeAge(copy.updatedAt, now)}
              </Text>
            </Box>
            <Box>
              <Text fontSize="sm" color="fg.muted">
                Storage used
              </Text>
              <Text fontSize="xl" fontWeight="semibold">
                {used === null ? '—' : `${(used / 1_048_576).toFixed(1)} MB`}
              </Text>
            </Box>
          </SimpleGrid>
        )}
        {registryProgress && (
          <Progress.Root
            value={Math.round((registryProgress.buckets / Math.max(1, registryProgress.totalBuckets)) * 100)}
            colorPalette="brand"
            aria-label="Downloading the registry"
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
        <Button
          alignSelf="flex-start"
          variant="outline"
          onClick={() => void syncNow()}
          loading={isSyncing}
          loadingText="Refreshing…"
          disabled={!online}
        >
          Refresh now
        </Button>
        {!online && (
          <Text fontSize="sm" color="fg.muted">
            You are offline: checks use the copy above and are sent when you reconnect.
          </Text>
        )}
      </Stack>
    </Section>
  );
});

/** The day above the time, each kept whole: the column fits a 360 px phone and is never cut off. */
function CheckTime({ iso }: { iso: string }) {
  const [day, time] = formatDateTime(iso).split(', ');
  return (
    <>
      <Text as="span" display="block" whiteSpace="nowrap">
        {day}
      </Text>
      {time && (
        <Text as="span" display="block" whiteSpace="nowrap" color="fg.muted">
          {time}
        </Text>
      )}
    </>
  );
}

const RecentChecks = memo(function RecentChecks() {
  const checks = useRecentChecks();
  if (!checks) return null;
  return (
    <Section title="Recent checks" headingId="recent-checks-heading">
      {checks.length === 0 ? (
        <Text color="fg.muted">Your checks appear here, including those made offline.</Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" aria-labelledby="recent-checks-heading">
            <Table.Header>
              <Table.Row>
                {/* Wraps ("Plate / Number"): the column is then as wide as a plate number, and Time fits at 360 px. */}
                <Table.ColumnHeader whiteSpace="normal">Plate Number</Table.ColumnHeader>
                <Table.ColumnHeader>Verdict</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="sm">How</Table.ColumnHeader>
                <Table.ColumnHeader>Time</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">State</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {checks.map((check) => (
                <Table.Row key={check.id}>
                  <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                    {check.plateNumber}
                  </Table.Cell>
                  <Table.Cell>
                    {/* Wraps ("Not yet / issued") so the Time column fits a 360 px phone. */}
                    <Badge colorPalette={TONE_PALETTE[verdictTone(check.verdict)]} whiteSpace="normal">
                      {check.verdict}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell hideBelow="sm">
                    {check.method === 'scan' ? 'QR scan' : 'Typed'}
                    {check.offline ? ', offline' : ''}
                  </Table.Cell>
                  <Table.Cell data-testid="check-time">
                    <CheckTime iso={check.checkedAt} />
                  </Table.Cell>
                  <Table.Cell hideBelow="md">
                    <SyncStateBadge state={check.syncState} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Section>
  );
});

const MyFlags = memo(function MyFlags() {
  const flags = useMyFlags();
  if (!flags || flags.length === 0) return null;
  return (
    <Section title="My flags" headingId="my-flags-heading">
      <Stack gap="3">
        {flags.map((flag) => (
          <Flex
            key={flag.id}
            gap="3"
            justify="space-between"
            align="flex-start"
            wrap="wrap"
            borderBottomWidth="1px"
            pb="3"
          >
            <Box minW="0">
              <Text fontFamily="mono" fontWeight="semibold">
                {flag.plateNumber}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {flag.suspicion} · {formatDateTime(flag.createdAt)}
              </Text>
              <Text fontSize="sm">{flag.note}</Text>
              {flag.decisionNote && (
                <Text fontSize="sm" color="fg.muted">
                  Decision: {flag.decisionNote}
                </Text>
              )}
            </Box>
            <HStack>
              <Badge colorPalette={FLAG_PALETTE[flag.status]}>
                {flag.status === 'Open' ? 'Awaiting review' : flag.status}
              </Badge>
              <SyncStateBadge state={flag.syncState} />
            </HStack>
          </Flex>
        ))}
      </Stack>
    </Section>
  );
});

export function PolicePage() {
  const { outcome, isChecking, verifyText, verifyNumber, verifyChassis, clear } = useVerification({ logChecks: true });
  useVerdictHaptics(outcome);
  const session = useSession();
  const officer = session.status === 'signed-in' ? session.user.name : 'Officer';
  const refresh = useCallback(() => void syncNow(), []);
  // Offered only with a signal: offline, the weakened verdict says to refresh when there is one.
  const isOnline = useOnlineStatus();
  const onDecoded = useCallback((text: string) => void verifyText(text), [verifyText]);
  const onVerify = useCallback((plate: string) => void verifyNumber(plate), [verifyNumber]);
  const [flagging, setFlagging] = useState<string | null>(null);
  const flaggable = outcome?.kind === 'result' && outcome.plateNumber ? outcome.plateNumber : null;

  return (
    <Stack gap="6">
      <PageHeader
        title="Roadside Verification"
        summary="Scan the plate’s QR code first; type the number when there is no code to scan. Both work with no signal."
      />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <Stack gap="6">
          <Section title="Scan QR Code" headingId="scan-heading">
            <QrScanner onDecoded={onDecoded} onStart={clear} disabled={isChecking} />
          </Section>
          <Section title="Type the plate number" headingId="manual-heading">
            <ManualEntryForm
              isChecking={isChecking}
              onVerify={onVerify}
              helper="Checked against the registry, or this device’s copy when offline."
            />
          </Section>
          <Section title="Look up by chassis number" headingId="chassis-heading">
            <ChassisLookupForm isChecking={isChecking} onLookUp={(chassis) => void verifyChassis(chassis)} />
          </Section>
        </Stack>
        <Card.Root as="section" aria-labelledby="verdict-heading" aria-live="polite" aria-busy={isChecking}>
          <Card.Header>
            <Heading as="h2" size="lg" id="verdict-heading">
              Verification Result
            </Heading>
          </Card.Header>
          <Card.Body gap="4">
            <VerdictPanel
              outcome={outcome}
              isChecking={isChecking}
              instructions={OFFICER_INSTRUCTIONS}
              onRefresh={isOnline ? refresh : undefined}
            />
            {!isChecking && outcome?.kind === 'result' && outcome.plateNumber && (
              <ShareCheck
                key={outcome.id}
                record={{
                  plateNumber: outcome.plateNumber,
                  verdict: outcome.verdict,
                  checkedAt: outcome.checkedAt,
                  officer,
                }}
              />
            )}
            {flaggable && (
              <Button
                variant="outline"
                colorPalette="red"
                alignSelf="flex-start"
                onClick={() => setFlagging(flaggable)}
              >
                <WarningIcon /> Flag this plate
              </Button>
            )}
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <RecentChecks />
      <MyFlags />
      <RegistryCopyCard />
      {flagging && <FlagPlateDialog plateNumber={flagging} isOpen onClose={() => setFlagging(null)} />}
    </Stack>
  );
}
