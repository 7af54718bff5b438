/**
 * The review queue: flags officers raised at the roadside, open ones first and oldest
 * first, each with Revoke plate, Mark stolen and Dismiss; decided flags below, folded away.
 */
import { FLAG_DECISIONS, type FlagDecision } from '#domain/police/flags';
import { Box, Button, Collapsible, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LoadingNote } from '../../components/loading-note';
import { formatDateTime } from '../../components/format-date-time';
import type { LocalPlateFlag } from '../../store/database';
import { DECISION_ACTIONS } from './flag-changes';
import { FlagDecisionDialog } from './flag-decision-dialog';
import { flagQueue } from './flag-queue';
import { FlagStatusBadge, SuspicionBadge } from './qr-badges';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { Section } from '../../components/page-parts';
import { usePlateFlags } from './use-plate-flags';

type Decide = (flag: LocalPlateFlag, decision: FlagDecision) => void;

function PlateNumber({ flag }: { flag: LocalPlateFlag }) {
  return (
    <Text as="span" fontFamily="mono" fontWeight="semibold" whiteSpace="nowrap">
      {flag.plateNumber}
    </Text>
  );
}

function RaisedBy({ flag }: { flag: LocalPlateFlag }) {
  return (
    <Text as="span" fontSize="sm" color="fg.muted">
      {flag.officerName ?? 'An officer'} · <time dateTime={flag.createdAt}>{formatDateTime(flag.createdAt)}</time>
    </Text>
  );
}

function DecisionButtons({ flag, decide }: { flag: LocalPlateFlag; decide: Decide }) {
  return (
    <Flex gap="2" wrap="wrap" justify={{ base: 'flex-start', md: 'flex-end' }}>
      {FLAG_DECISIONS.map((decision) => {
        const action = DECISION_ACTIONS[decision];
        return (
          <Button
            key={decision}
            size="sm"
            variant={decision === 'dismiss' ? 'ghost' : 'outline'}
            colorPalette={action.colorPalette}
            aria-label={`${action.label} (${flag.plateNumber})`}
            onClick={() => decide(flag, decision)}
          >
            {action.label}
          </Button>
        );
      })}
    </Flex>
  );
}

function OpenFlags({ flags, decide }: { flags: LocalPlateFlag[]; decide: Decide }) {
  if (flags.length === 0) {
    return (
      <Text color="fg.muted" py="2">
        No open flags: every flag has been decided.
      </Text>
    );
  }
  return (
    <>
      {/* On a phone each flag is a card; from a tablet up, a table narrow enough not to scroll at 768 px. */}
      <Stack as="ul" gap="3" listStyleType="none" hideFrom="md" aria-labelledby="open-flags-heading">
        {flags.map((flag) => (
          <Box as="li" key={flag.id} borderWidth="1px" rounded="lg" p="3" minW="0">
            <Stack gap="2">
              <Flex gap="2" wrap="wrap" align="center">
                <PlateNumber flag={flag} />
                <SuspicionBadge suspicion={flag.suspicion} />
                <SyncStateBadge state={flag.syncState} />
              </Flex>
              <RaisedBy flag={flag} />
              <Text fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
                {flag.note}
              </Text>
              <DecisionButtons flag={flag} decide={decide} />
            </Stack>
          </Box>
        ))}
      </Stack>
      <Table.ScrollArea borderWidth="1px" rounded="lg" hideBelow="md" tabIndex={0}>
        <Table.Root size="sm" aria-labelledby="open-flags-heading">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">Plate and suspicion</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Raised</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Note</Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                Actions
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {flags.map((flag) => (
              <Table.Row key={flag.id} verticalAlign="top">
                <Table.Cell>
                  <Stack gap="1" align="flex-start">
                    <PlateNumber flag={flag} />
                    <SuspicionBadge suspicion={flag.suspicion} />
                    <SyncStateBadge state={flag.syncState} />
                  </Stack>
                </Table.Cell>
                <Table.Cell minW="36">
                  <Text fontSize="sm">{flag.officerName ?? 'An officer'}</Text>
                  <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                    <time dateTime={flag.createdAt}>{formatDateTime(flag.createdAt)}</time>
                  </Text>
                </Table.Cell>
                <Table.Cell minW="40">
                  <Text fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
                    {flag.note}
                  </Text>
                </Table.Cell>
                <Table.Cell minW="40">
                  <DecisionButtons flag={flag} decide={decide} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </>
  );
}

/** Decided flags: the outcome, when, and the note the officer was sent. Compact at every width. */
function DecidedFlags({ flags }: { flags: LocalPlateFlag[] }) {
  return (
    <Collapsible.Root>
      <Collapsible.Trigger asChild>
        <Button variant="outline" size="sm">
          Decided flags ({flags.length})
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack as="ul" gap="2" listStyleType="none" mt="3" aria-label="Decided flags">
          {flags.map((flag) => (
            <Box as="li" key={flag.id} borderWidth="1px" rounded="md" p="3" minW="0" bg="bg.subtle">
              <Flex gap="2" wrap="wrap" align="center">
                <PlateNumber flag={flag} />
                <FlagStatusBadge status={flag.status} />
                <SuspicionBadge suspicion={flag.suspicion} />
                <SyncStateBadge state={flag.syncState} />
              </Flex>
              <Text fontSize="xs" color="fg.muted" mt="1">
                Raised by {flag.officerName ?? 'an officer'} on {formatDateTime(flag.createdAt)}
                {flag.decidedAt ? ` · decided ${formatDateTime(flag.decidedAt)}` : ''}
              </Text>
              <Text
                fontSize="sm"
                mt="1"
                overflowWrap="anywhere"
                whiteSpace="pre-wrap"
                color={flag.decisionNote ? undefined : 'fg.muted'}
              >
                {flag.decisionNote ? `Decision note: ${flag.decisionNote}` : 'No decision note.'}
              </Text>
            </Box>
          ))}
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

export function FlaggedPlatesSection() {
  const flags = usePlateFlags();
  const queue = useMemo(() => flagQueue(flags ?? []), [flags]);
  const [deciding, setDeciding] = useState<{ flagId: string; decision: FlagDecision } | null>(null);
  // The live row: the decision is written over the flag as it is now, not as it was when the dialog opened.
  const decidingFlag = deciding ? flags?.find((flag) => flag.id === deciding.flagId) : undefined;

  return (
    <Section
      title="Flagged plates"
      headingId="flagged-plates-heading"
      aside={
        flags && flags.length > 0 ? (
          <Text fontSize="sm" color="fg.muted" role="status">
            {queue.open.length} open · {queue.decided.length} decided
          </Text>
        ) : undefined
      }
    >
      {flags === undefined ? (
        <LoadingNote>Loading flags…</LoadingNote>
      ) : flags.length === 0 ? (
        <Box textAlign="center" py="10" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg">
          <Text fontWeight="medium">No flagged plates</Text>
          <Text color="fg.muted" fontSize="sm" mt="1">
            Flags raised by officers at the roadside appear here.
          </Text>
        </Box>
      ) : (
        <Stack gap="5">
          <Stack gap="3">
            <Heading as="h3" size="sm" id="open-flags-heading">
              Awaiting a decision
            </Heading>
            <OpenFlags flags={queue.open} decide={(flag, decision) => setDeciding({ flagId: flag.id, decision })} />
          </Stack>
          {queue.decided.length > 0 && <DecidedFlags flags={queue.decided} />}
        </Stack>
      )}
      {decidingFlag && deciding && (
        <FlagDecisionDialog
          key={`${deciding.flagId}-${deciding.decision}`}
          flag={decidingFlag}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
        />
      )}
    </Section>
  );
}
