/**
 * Admin → Compliance, the integrity queue: what the registry refused an insider (a sale to an
 * NRC that is not the order's, a sale or manufacturing of a number the shop was not given…),
 * open alerts first and oldest first, each naming the shop or person, the evidence and the
 * time, with Mark reviewed, Revoke registration (an alert about a registration made) and
 * Suspend shop; reviewed alerts below, folded away. Read from
 * this device's copy, so it works offline; decisions wait on the device until they sync.
 */
import { INTEGRITY_ALERT_LABELS, REVOCABLE_ALERT_KINDS } from '#domain/integrity/integrity-alert';
import { Badge, Box, Button, Collapsible, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { formatDateTime } from '../../components/format-date-time';
import { LoadingNote } from '../../components/loading-note';
import { Section } from '../../components/page-parts';
import { SyncStateBadge } from '../../components/sync-state-badge';
import type { LocalIntegrityAlert, LocalUser } from '../../store/database';
import { useStoreQuery } from '../../store/use-store-query';
import { startSync } from '../../sync/sync-engine';
import { alertQueue } from './integrity-changes';
import { type IntegrityDecision, IntegrityDecisionDialog } from './integrity-decision-dialog';

/** The evidence as a reviewer reads it: what was sent, then what it was compared with (the database keeps no key order). */
const EVIDENCE_ORDER = [
  'Reported by',
  'Note',
  'Plate number',
  'Entitlement reference',
  'The order is for',
  'Owner name recorded',
  'Owner NRC recorded',
  'Owner recorded at the sale',
  'Vehicle',
  'Sale date',
  'Status',
  'Batch number',
  'Production date',
  'Front blank serial',
  'Rear blank serial',
  'Blank serial',
  'Already recorded as',
  'Delivered to',
  'Unaccounted blanks',
  'Delivery',
  'Reason',
];
const rank = (label: string) => {
  const index = EVIDENCE_ORDER.indexOf(label);
  return index === -1 ? EVIDENCE_ORDER.length : index;
};

function Evidence({ alert }: { alert: LocalIntegrityAlert }) {
  const entries = Object.entries(alert.evidence).sort(([a], [b]) => rank(a) - rank(b));
  if (entries.length === 0) return null;
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: 'max-content 1fr' }}
      columnGap="4"
      rowGap="0.5"
      fontSize="sm"
    >
      {entries.map(([label, value]) => (
        <Box key={label} display="contents">
          <Text as="dt" color="fg.muted">
            {label}
          </Text>
          <Text as="dd" overflowWrap="anywhere" mb={{ base: '1', sm: '0' }}>
            {value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

function AlertCard({
  alert,
  shop,
  decide,
}: {
  alert: LocalIntegrityAlert;
  shop: LocalUser | undefined;
  decide?: (decision: IntegrityDecision) => void;
}) {
  const who = alert.subjectName ?? (alert.subjectId ? 'A former account' : 'A member of the public');
  const headingId = `alert-${alert.id}`;
  return (
    <Box
      as="li"
      borderWidth="1px"
      rounded="lg"
      p="3"
      minW="0"
      aria-labelledby={headingId}
      bg={alert.status === 'Open' ? undefined : 'bg.subtle'}
    >
      <Stack gap="2">
        <Flex gap="2" wrap="wrap" align="center">
          <Heading as="h4" size="sm" id={headingId}>
            {INTEGRITY_ALERT_LABELS[alert.kind] ?? alert.kind}
          </Heading>
          {alert.plateNumber && (
            <Text as="span" fontFamily="mono" fontWeight="semibold" whiteSpace="nowrap">
              {alert.plateNumber}
            </Text>
          )}
          {shop?.recordingSuspended && (
            <Badge colorPalette="red" variant="solid" size="sm">
              Shop suspended
            </Badge>
          )}
          {alert.syncState && alert.syncState !== 'synced' && <SyncStateBadge state={alert.syncState} />}
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {who} · <time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>
        </Text>
        <Text>{alert.summary}</Text>
        <Evidence alert={alert} />
        {alert.status === 'Reviewed' && (
          <Text fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
            Reviewed{alert.reviewedAt ? ` ${formatDateTime(alert.reviewedAt)}` : ''}: {alert.reviewNote}
          </Text>
        )}
        {decide && (
          <Flex gap="2" wrap="wrap">
            <Button
              size="sm"
              variant="outline"
              aria-label={`Mark reviewed (${INTEGRITY_ALERT_LABELS[alert.kind]}${alert.plateNumber ? `, ${alert.plateNumber}` : ''})`}
              onClick={() => decide({ kind: 'review', alert })}
            >
              Mark reviewed
            </Button>
            {alert.plateNumber && REVOCABLE_ALERT_KINDS.has(alert.kind) && (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                aria-label={`Revoke the registration of ${alert.plateNumber}`}
                onClick={() => decide({ kind: 'revoke', alert })}
              >
                Revoke registration
              </Button>
            )}
            {shop?.roles.includes('agent') &&
              (shop.recordingSuspended ? (
                <Button size="sm" variant="ghost" onClick={() => decide({ kind: 'restore', shop })}>
                  Lift suspension of {shop.businessName ?? shop.name}
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => decide({ kind: 'suspend', shop })}
                >
                  Suspend {shop.businessName ?? shop.name}
                </Button>
              ))}
          </Flex>
        )}
      </Stack>
    </Box>
  );
}

export function IntegrityAlertsSection() {
  useEffect(() => startSync(), []);
  const alerts = useStoreQuery((db) => db.integrityAlerts.toArray());
  const users = useStoreQuery((db) => db.adminUsers.toArray());
  const queue = useMemo(() => alertQueue(alerts ?? []), [alerts]);
  const accountOf = useMemo(() => {
    const byId = new Map((users ?? []).map((user) => [user.id, user]));
    return (id: string | null) => (id ? byId.get(id) : undefined);
  }, [users]);
  const [deciding, setDeciding] = useState<IntegrityDecision | null>(null);

  return (
    <Section
      title="Integrity Alerts"
      headingId="integrity-alerts-heading"
      aside={
        alerts && alerts.length > 0 ? (
          <Text fontSize="sm" color="fg.muted" role="status">
            {queue.open.length} open · {queue.reviewed.length} reviewed
          </Text>
        ) : undefined
      }
    >
      {alerts === undefined ? (
        <LoadingNote>Loading alerts…</LoadingNote>
      ) : alerts.length === 0 ? (
        <Box textAlign="center" py="8" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg">
          <Text fontWeight="medium">No integrity alerts</Text>
          <Text color="fg.muted" fontSize="sm" mt="1">
            Records the registry refuses as attempts to register, make or insure a plate without the entitlement appear
            here.
          </Text>
        </Box>
      ) : (
        <Stack gap="5">
          <Stack gap="3">
            <Heading as="h3" size="sm" id="open-alerts-heading">
              Awaiting review
            </Heading>
            {queue.open.length === 0 ? (
              <Text color="fg.muted">No open alerts: every alert has been reviewed.</Text>
            ) : (
              <Stack as="ul" gap="3" listStyleType="none" aria-labelledby="open-alerts-heading">
                {queue.open.map((alert) => (
                  <AlertCard key={alert.id} alert={alert} shop={accountOf(alert.subjectId)} decide={setDeciding} />
                ))}
              </Stack>
            )}
          </Stack>
          {queue.reviewed.length > 0 && (
            <Collapsible.Root>
              <Collapsible.Trigger asChild>
                <Button variant="outline" size="sm">
                  Reviewed alerts ({queue.reviewed.length})
                </Button>
              </Collapsible.Trigger>
              <Collapsible.Content>
                <Stack as="ul" gap="2" listStyleType="none" mt="3" aria-label="Reviewed alerts">
                  {queue.reviewed.map((alert) => (
                    <AlertCard key={alert.id} alert={alert} shop={accountOf(alert.subjectId)} />
                  ))}
                </Stack>
              </Collapsible.Content>
            </Collapsible.Root>
          )}
        </Stack>
      )}
      {deciding && <IntegrityDecisionDialog decision={deciding} onClose={() => setDeciding(null)} />}
    </Section>
  );
}
