/**
 * The owner's Overview (/dashboard; spec: "User dashboard"): stat cards Active Plates,
 * Fleet Vehicles, Pending Renewals and Compliance Score, each saying what it counts; the
 * upcoming-renewals banner (plates expiring within 90 days, each with Renew); quick
 * actions Add Vehicle, Download QR, Make Payment and View Reports; and the latest of My
 * Plates & Orders. All from the device's copy of the owner's own data, but for insurance
 * agents' requests waiting for an answer, read online.
 */
import { type OwnerOverview, ownerOverview, renewalsDue } from '#domain/plates/owner-overview';
import {
  Alert,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  Link as ChakraLink,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { AppDialog } from '../../components/app-dialog';
import { formatDay } from '../../components/format-date-time';
import { OfflineAsOf } from '../../components/offline-as-of';
import { PageHeader, Section } from '../../components/page-parts';
import { paths } from '../../config/paths';
import type { LocalOwnedPlate, NambalaDatabase } from '../../store/database';
import { useStoreQuery } from '../../store/use-store-query';
import { useToday } from '../../components/use-today';
import { PendingTransfers } from '../../transfers/pending-transfers';
import { InsuranceRequests } from './insurance-requests';
import { GetPlatesButtons, PlateNumber, StatusBadge } from './plate-parts';
import { saveFile } from '../../plate-documents/plate-downloads';
import { statementCsv } from './owner-statement';
import { downloadPlateDocument } from './plate-documents';
import { inProgress, isPaymentDue, orderStatus, plateStatus } from './plate-status';
import { useOwnerData } from './use-owner-data';

const RECENT = 5;
const platesPath = paths.dashboard.user.plates;

/** A figure with what it counts. Plain text, not a definition list: a card holds one figure. */
function StatCard({ label, value, counts }: { label: string; value: string; counts: string }) {
  return (
    <Card.Root>
      <Card.Body gap="1">
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
        <Text
          fontSize="2xl"
          fontWeight="semibold"
          fontVariantNumeric="tabular-nums"
          data-testid={`stat-${label.toLowerCase().replaceAll(' ', '-')}`}
        >
          {value}
        </Text>
        <Text color="fg.muted" fontSize="xs">
          {counts}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function QrChooser({ plates, onClose }: { plates: LocalOwnedPlate[]; onClose: () => void }) {
  return (
    <AppDialog title="Download a plate’s QR code" isOpen onClose={onClose}>
      {plates.length === 0 && (
        <Text>A plate’s QR code is issued when the plate is registered: none of your plates is registered yet.</Text>
      )}
      <Stack as="ul" gap="2" listStyleType="none">
        {plates.map((plate) => (
          <Flex
            as="li"
            key={plate.plateNumber}
            justify="space-between"
            align="center"
            gap="3"
            borderWidth="1px"
            rounded="md"
            p="2"
          >
            <Box minW="0">
              <PlateNumber>{plate.plateNumber}</PlateNumber>
              <Text fontSize="sm" color="fg.muted">
                {plate.registration
                  ? `${plate.registration.colour} ${plate.registration.make} ${plate.registration.model}`
                  : ''}
              </Text>
            </Box>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Download the QR code of ${plate.plateNumber}`}
              onClick={() => void downloadPlateDocument(plate, 'qr')}
            >
              Download QR
            </Button>
          </Flex>
        ))}
      </Stack>
    </AppDialog>
  );
}

function StatementDialog({
  plates,
  today,
  onClose,
}: {
  plates: LocalOwnedPlate[];
  today: string;
  onClose: () => void;
}) {
  const payments = useStoreQuery((db: NambalaDatabase) => db.myPayments.orderBy('createdAt').reverse().toArray());
  const paid = (payments ?? []).filter((payment) => payment.status === 'approved');
  const total = paid.reduce((sum, payment) => sum + (typeof payment.amount === 'number' ? payment.amount : 0), 0);
  return (
    <AppDialog
      title="Your statement"
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button
            colorPalette="brand"
            disabled={payments === undefined}
            onClick={() =>
              saveFile(
                new TextEncoder().encode(statementCsv(plates, payments ?? [], today)),
                'text/csv;charset=utf-8',
                `nambala-statement-${today}.csv`,
              )
            }
          >
            Download statement (CSV)
          </Button>
        </>
      }
    >
      <Stack gap="2">
        <Text>Your plates and your payments, as this device last synced them, in one file for a spreadsheet.</Text>
        <Text>
          {plates.length} plate{plates.length === 1 ? '' : 's'} · {(payments ?? []).length} payment
          {(payments ?? []).length === 1 ? '' : 's'}, {paid.length} paid, totalling K
          {(total / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
        </Text>
      </Stack>
    </AppDialog>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the Compliance Score counted, and what holds it back (docs/owner-dashboard.md). */
function complianceCounts({ compliant, counted, uninsured, unplated }: OwnerOverview['compliance']): string {
  const expired = counted - compliant - uninsured - unplated;
  const against = [
    expired > 0 ? count(expired, 'expired plate', 'expired plates') : '',
    uninsured > 0 ? count(uninsured, 'plate with no valid insurance', 'plates with no valid insurance') : '',
    unplated > 0 ? count(unplated, 'vehicle without a registered plate', 'vehicles without a registered plate') : '',
  ].filter(Boolean);
  return `${compliant} of ${counted}: registered plates in date and insured.${against.length > 0 ? ` Against it: ${against.join(', ')}.` : ''}`;
}

export function OwnerOverviewPage() {
  const data = useOwnerData();
  const today = useToday();
  const [dialog, setDialog] = useState<'qr' | 'statement' | null>(null);
  const overview = useMemo(() => data && ownerOverview(data.plates, data.vehicles, today), [data, today]);
  const due = useMemo(() => (data ? renewalsDue(data.plates, today) : []), [data, today]);
  const registered = (data?.plates ?? []).filter((plate) => plate.registration !== null);
  const paymentsDue = (data?.orders ?? []).filter(isPaymentDue).length;
  const dash = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString('en-GB'));

  return (
    <Stack gap="6">
      <PageHeader title="My Dashboard" summary="Your plates, vehicles, renewals and compliance at a glance." />
      <OfflineAsOf what="your dashboard is shown" />
      <PendingTransfers />
      <InsuranceRequests />

      {due.length > 0 && (
        <Alert.Root status="warning" data-testid="renewals-banner" alignItems="flex-start">
          <Alert.Indicator />
          <Alert.Content gap="2">
            <Alert.Title>
              {due.length === 1 ? '1 plate is due for renewal' : `${due.length} plates are due for renewal`}
            </Alert.Title>
            <Stack as="ul" gap="1.5" listStyleType="none">
              {due.map((entry) => (
                <Flex as="li" key={entry.plateNumber} gap="3" align="center" wrap="wrap">
                  <PlateNumber>{entry.plateNumber}</PlateNumber>
                  <Text fontSize="sm">
                    {entry.daysLeft < 0
                      ? `expired on ${formatDay(entry.expiryDate)}`
                      : `expires on ${formatDay(entry.expiryDate)} (${entry.daysLeft} day${entry.daysLeft === 1 ? '' : 's'})`}
                  </Text>
                  <Button asChild size="xs" colorPalette="brand">
                    <Link
                      to={`${platesPath}?renew=${encodeURIComponent(entry.plateNumber)}`}
                      aria-label={`Renew ${entry.plateNumber}`}
                    >
                      Renew
                    </Link>
                  </Button>
                </Flex>
              ))}
            </Stack>
          </Alert.Content>
        </Alert.Root>
      )}

      <section aria-labelledby="owner-figures-heading">
        <Heading as="h2" id="owner-figures-heading" srOnly>
          Your plates at a glance
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
          <StatCard
            label="Active Plates"
            value={dash(overview?.activePlates)}
            counts="Registered plates that are valid and not expired."
          />
          <StatCard
            label="Fleet Vehicles"
            value={dash(overview?.fleetVehicles)}
            counts="Vehicles in your fleet, with or without a plate."
          />
          <StatCard
            label="Pending Renewals"
            value={dash(overview?.pendingRenewals)}
            counts="Plates expiring within 90 days, or expired, not yet renewed."
          />
          <StatCard
            label="Compliance Score"
            value={overview?.complianceScore === null || overview === undefined ? '—' : `${overview.complianceScore}%`}
            counts={
              overview && overview.compliance.counted > 0
                ? complianceCounts(overview.compliance)
                : 'Shown once you have a registered plate or a vehicle.'
            }
          />
        </SimpleGrid>
      </section>

      <Section title="Quick Actions" headingId="quick-actions-heading">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          <Button asChild variant="outline" h="auto" py="3" whiteSpace="normal">
            <Link to={`${paths.dashboard.user.vehicles}?add=1`}>Add Vehicle</Link>
          </Button>
          <Button
            variant="outline"
            h="auto"
            py="3"
            whiteSpace="normal"
            // Not greyed while the device's copy is still being read: only once it is known there is none.
            disabled={data !== undefined && registered.length === 0}
            title={
              data !== undefined && registered.length === 0
                ? 'A QR code is issued when a plate is registered'
                : undefined
            }
            onClick={() => {
              const only = registered[0];
              if (registered.length === 1 && only) void downloadPlateDocument(only, 'qr');
              else setDialog('qr');
            }}
          >
            Download QR
          </Button>
          <Button asChild variant="outline" h="auto" py="3" whiteSpace="normal">
            <Link to={paymentsDue > 0 ? `${platesPath}?due=1` : paths.dashboard.user.payments}>
              {paymentsDue > 0 ? `Make Payment (${paymentsDue} due)` : 'Make Payment'}
            </Link>
          </Button>
          <Button variant="outline" h="auto" py="3" whiteSpace="normal" onClick={() => setDialog('statement')}>
            View Reports
          </Button>
        </SimpleGrid>
        {data !== undefined && registered.length === 0 && (
          <Text fontSize="sm" color="fg.muted" mt="3">
            Download QR is available once one of your plates is registered.
          </Text>
        )}
      </Section>

      <Section
        title="My Plates & Orders"
        headingId="recent-plates-heading"
        aside={
          <ChakraLink asChild color="brand.fg" fontSize="sm">
            <Link to={platesPath}>View all</Link>
          </ChakraLink>
        }
      >
        {data === undefined ? (
          <Text color="fg.muted">Loading…</Text>
        ) : data.plates.length + data.orders.length === 0 ? (
          <Box textAlign="center" py="8" borderWidth="1px" borderStyle="dashed" rounded="lg">
            <Text fontWeight="medium">No plates or orders yet</Text>
            <HStack justify="center" mt="3" gap="2" wrap="wrap">
              <GetPlatesButtons />
            </HStack>
          </Box>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" aria-labelledby="recent-plates-heading">
            {[
              ...data.orders
                .filter((order) => inProgress(order, new Set(data.plates.map((plate) => plate.plateNumber))))
                .slice(0, RECENT)
                .map((order) => ({
                  key: `order:${order.id}`,
                  title: order.reference,
                  status: orderStatus(order),
                  mono: order.kind !== 'application',
                })),
              ...data.plates.map((plate) => ({
                key: `plate:${plate.plateNumber}`,
                title: plate.plateNumber,
                status: plateStatus(plate, today),
                mono: true,
              })),
            ]
              .slice(0, RECENT)
              .map((item) => (
                <Flex
                  as="li"
                  key={item.key}
                  justify="space-between"
                  align="center"
                  gap="3"
                  borderWidth="1px"
                  rounded="md"
                  px="3"
                  py="2"
                  wrap="wrap"
                >
                  <Box minW="0">
                    <PlateNumber>{item.title}</PlateNumber>
                    <Text fontSize="sm" color="fg.muted">
                      {item.status.detail}
                    </Text>
                  </Box>
                  <StatusBadge status={item.status} />
                </Flex>
              ))}
          </Stack>
        )}
      </Section>

      {dialog === 'qr' && <QrChooser plates={registered} onClose={() => setDialog(null)} />}
      {dialog === 'statement' && data && (
        <StatementDialog plates={data.plates} today={today} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
