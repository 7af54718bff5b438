/**
 * Admin: Plate Requests (spec sections 2–5) on the server's data: search, status filter,
 * the summary strip, select-all with Bulk Approve and Bulk Reject, and per request Approve,
 * Reject (with a reason), View Details and Generate QR Code. Each decision's outcome is
 * reported per request — what went through and every refusal in the server's words.
 * Below, the bank transfers an administrator marks received.
 */
import {
  DEFAULT_REQUEST_FILTERS,
  filterRequests,
  requestSummary,
  type RequestFilters,
  type ReviewDecision,
} from '#domain/applications/review';
import { formatOrderReferences } from '#domain/orders/order-references';
import { REQUEST_STATUSES } from '#domain/statuses/statuses';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Flex,
  Heading,
  HStack,
  IconButton,
  List,
  SimpleGrid,
  Spinner,
  Stack,
  Stat,
  Table,
  Text,
} from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime, formatDay } from '../../components/format-date-time';
import { CheckIcon, CloudOffIcon, EyeIcon, QrIcon } from '../../components/icons';
import { FilterSelect, SearchField } from '../../components/filter-fields';
import { PageHeader } from '../../components/page-parts';
import { showToast } from '../../components/toast';
import { BankTransfersSection } from './bank-transfers-section';
import { type DecisionReport, decisionReport } from './decision-report';
import { XIcon } from './application-icons';
import {
  type AdminApplication,
  decideApplications,
  DECISIONS_NEED_CONNECTION,
  undoDecisions,
  UNDO_NEEDS_CONNECTION,
} from './applications-api';
import { ApproveDialog } from './approve-dialog';
import { UndoBar } from './undo-bar';
import { type UndoOffer, undoneReport, undoOfferFrom } from './undo-offer';
import { RejectDialog } from './reject-dialog';
import { ApplicationDetailsDialog } from './application-details-dialog';
import { ApplicationQrDialog } from './application-qr-dialog';
import { selectAllState, toggleAll, toggleOne, visibleSelection } from './application-selection';
import { ApplicationStatusBadge } from './application-status-badge';
import { useApplications } from './use-applications';
import { MarketplaceOrdersSection } from './marketplace-orders-section';

type OpenDialog =
  | { kind: 'details' | 'qr'; requestId: string }
  | { kind: 'reject' | 'approve'; requestIds: string[]; isBulk: boolean }
  | null;

function SummaryStrip({ requests }: { requests: readonly AdminApplication[] | undefined }) {
  const summary = requests ? requestSummary(requests) : undefined;
  const figures: Array<[string, number | undefined]> = [
    ['Total Requests', summary?.total],
    ['Pending', summary?.pending],
    ['Approved', summary?.approved],
    ['Under Review', summary?.underReview],
    ['Rejected', summary?.rejected],
  ];
  return (
    <Box as="section" aria-labelledby="requests-summary-heading">
      <Heading as="h2" id="requests-summary-heading" srOnly>
        Summary
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 3, lg: 5 }} gap={{ base: '3', md: '4' }}>
        {figures.map(([label, value]) => (
          <Card.Root key={label} size="sm">
            <Card.Body>
              <Stat.Root>
                <Stat.Label>{label}</Stat.Label>
                <Stat.ValueText>{value ?? '—'}</Stat.ValueText>
              </Stat.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Box>
  );
}

function SelectBox({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean | 'indeterminate';
  onChange: (isChecked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Checkbox.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(event) => onChange(event.checked === true)}
      colorPalette="brand"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label srOnly>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

interface RowHandlers {
  canDecide: boolean;
  busyKey: string | null;
  approve: (request: AdminApplication) => void;
  reject: (request: AdminApplication) => void;
  open: (kind: 'details' | 'qr', request: AdminApplication) => void;
}

function RowActions({
  request,
  handlers,
  isInTable = false,
}: {
  request: AdminApplication;
  handlers: RowHandlers;
  isInTable?: boolean;
}) {
  const { canDecide, busyKey } = handlers;
  return (
    <HStack gap="1" justify={isInTable ? 'flex-end' : 'flex-start'} wrap={isInTable ? 'nowrap' : 'wrap'}>
      <Button
        size="xs"
        variant="outline"
        colorPalette="green"
        aria-label={`Approve ${request.id}`}
        disabled={!canDecide || request.status === 'Approved'}
        loading={busyKey === `approve:${request.id}`}
        onClick={() => handlers.approve(request)}
      >
        {!isInTable && <CheckIcon />} Approve
      </Button>
      <Button
        size="xs"
        variant="outline"
        colorPalette="red"
        aria-label={`Reject ${request.id}`}
        disabled={!canDecide || request.status === 'Rejected'}
        onClick={() => handlers.reject(request)}
      >
        {!isInTable && <XIcon />} Reject
      </Button>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={`View details of ${request.id}`}
        title="View Details"
        onClick={() => handlers.open('details', request)}
      >
        <EyeIcon />
      </IconButton>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={`Generate QR code for ${request.id}`}
        title="Generate QR Code"
        onClick={() => handlers.open('qr', request)}
      >
        <QrIcon />
      </IconButton>
    </HStack>
  );
}

function ReportPanel({ report, onDismiss }: { report: DecisionReport | null; onDismiss: () => void }) {
  // The live region stays in the page so that a new report is announced when it appears.
  return (
    <Box role="status" aria-live="polite">
      {report && (
        <Alert.Root status={report.status} alignItems="flex-start">
          <Alert.Indicator />
          <Alert.Content minW="0">
            <Alert.Title>{report.title}</Alert.Title>
            <Alert.Description>
              <List.Root gap="1" mt="1" ps="4">
                {report.lines.map((line) => (
                  <List.Item key={line.requestId} fontWeight={line.ok ? undefined : 'semibold'} overflowWrap="anywhere">
                    {line.text}
                  </List.Item>
                ))}
              </List.Root>
            </Alert.Description>
          </Alert.Content>
          <CloseButton size="sm" aria-label="Dismiss" onClick={onDismiss} />
        </Alert.Root>
      )}
    </Box>
  );
}

export function PlateRequestsPage() {
  const { list, loadError, isOnline, reload, applyFresh } = useApplications();
  const [filters, setFilters] = useState<RequestFilters>(DEFAULT_REQUEST_FILTERS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A request's QR code links here with ?request=REQ-009: its details open once the list is read.
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<OpenDialog>(() => {
    const linked = params.get('request');
    return linked ? { kind: 'details', requestId: linked } : null;
  });
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [report, setReport] = useState<DecisionReport | null>(null);
  const [undoOffer, setUndoOffer] = useState<UndoOffer | null>(null);
  const dropUndoOffer = useCallback(() => setUndoOffer(null), []);
  const [actionError, setActionError] = useState<string | null>(null);
  const [isRefreshing, setRefreshing] = useState(false);

  const requests = list?.requests;
  const shown = useMemo(() => filterRequests(requests ?? [], filters), [requests, filters]);
  const shownIds = useMemo(() => shown.map((request) => request.id), [shown]);
  const chosen = visibleSelection(shownIds, selected);
  const byId = useMemo(() => new Map((requests ?? []).map((request) => [request.id, request])), [requests]);
  const canDecide = isOnline && list !== null && busyKey === null;

  /** Sends one decision; answers a message when nothing was decided at all, else reports per request. */
  async function decide(
    ids: readonly string[],
    decision: ReviewDecision,
    options: { reason?: string; isBulk: boolean; key: string },
  ): Promise<string | null> {
    setBusyKey(options.key);
    setActionError(null);
    const answer = await decideApplications({
      ids,
      decision,
      ...(options.reason === undefined ? {} : { reason: options.reason }),
    });
    setBusyKey(null);
    if (!answer.ok) return answer.status === 0 ? DECISIONS_NEED_CONNECTION : answer.message;
    const names = new Map([...byId, ...answer.requests.map((request) => [request.id, request] as const)]);
    applyFresh(answer.requests);
    const next = decisionReport(answer.outcomes, decision, names);
    setReport(next);
    setUndoOffer(undoOfferFrom(answer, decision, names, Date.now()));
    if (next.toast) showToast({ type: 'success', title: next.toast.title, description: next.toast.description });
    if (options.isBulk) setSelected(new Set());
    return null;
  }

  /** Takes back the last decision; the server's refusal (its window passed, manufacturing started) is final. */
  async function undo(offer: UndoOffer) {
    setBusyKey('undo');
    setActionError(null);
    const answer = await undoDecisions(offer.decisionIds);
    setBusyKey(null);
    if (!answer.ok) {
      if (answer.status === 0) {
        setActionError(UNDO_NEEDS_CONNECTION);
        return;
      }
      setUndoOffer(null);
      setActionError(answer.message);
      return;
    }
    const names = new Map([...byId, ...answer.requests.map((request) => [request.id, request] as const)]);
    applyFresh(answer.requests);
    setUndoOffer(null);
    setReport(undoneReport(answer.undone, offer.decision, names));
  }

  async function refresh() {
    setRefreshing(true);
    await reload();
    setRefreshing(false);
  }

  const handlers: RowHandlers = {
    canDecide,
    busyKey,
    approve: (request) => setDialog({ kind: 'approve', requestIds: [request.id], isBulk: false }),
    reject: (request) => setDialog({ kind: 'reject', requestIds: [request.id], isBulk: false }),
    open: (kind, request) => setDialog({ kind, requestId: request.id }),
  };

  const openRequest = dialog && 'requestId' in dialog ? byId.get(dialog.requestId) : undefined;
  const missingLink = dialog && 'requestId' in dialog && requests && !openRequest ? dialog.requestId : null;
  const closeDialog = () => {
    setDialog(null);
    if (params.has('request'))
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('request');
          return next;
        },
        { replace: true },
      );
  };
  const rejecting = dialog?.kind === 'reject' ? dialog.requestIds.flatMap((id) => byId.get(id) ?? []) : [];
  const approving = dialog?.kind === 'approve' ? dialog.requestIds.flatMap((id) => byId.get(id) ?? []) : [];
  const allState = selectAllState(shownIds, selected);
  const selectAll = (isChecked: boolean) => setSelected((current) => toggleAll(shownIds, current, isChecked));
  const selectOne = (id: string, isChecked: boolean) => setSelected((current) => toggleOne(current, id, isChecked));

  let content: React.ReactNode;
  if (!list) {
    content = loadError ? (
      <Alert.Root status={isOnline ? 'error' : 'warning'}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{isOnline ? 'The plate requests could not be loaded.' : 'This device is offline.'}</Alert.Title>
          <Alert.Description>
            {isOnline
              ? loadError
              : 'The plate requests are read from the server; they appear here once the connection is back.'}
          </Alert.Description>
        </Alert.Content>
        {isOnline && (
          <Button size="sm" variant="outline" alignSelf="center" loading={isRefreshing} onClick={() => void refresh()}>
            Try again
          </Button>
        )}
      </Alert.Root>
    ) : isOnline ? (
      <Flex justify="center" align="center" gap="3" py="16" direction="column" role="status">
        <Spinner color="brand.600" />
        <Text color="fg.muted">Loading plate requests…</Text>
      </Flex>
    ) : (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>This device is offline.</Alert.Title>
          <Alert.Description>
            The plate requests are read from the server; they appear here once the connection is back.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  } else if (shown.length === 0) {
    content = (
      <Box textAlign="center" py="16" borderWidth="1px" borderStyle="dashed" rounded="lg">
        <Text fontWeight="medium">No requests found</Text>
        <Text color="fg.muted" fontSize="sm" mt="1">
          Try adjusting your search or filter criteria
        </Text>
      </Box>
    );
  } else {
    content = (
      <>
        {/* Each request is a card until the screen is wide enough for the spec's eight columns and four actions beside the sidebar. */}
        <Stack gap="3" hideFrom="xl">
          <HStack gap="2" px="1">
            <SelectBox label="Select all requests" checked={allState} onChange={selectAll} />
            <Text fontSize="sm" aria-hidden>
              Select all
            </Text>
          </HStack>
          <SimpleGrid as="ul" columns={{ base: 1, sm: 2 }} gap="3" listStyleType="none" aria-label="Plate requests">
            {shown.map((request) => (
              <Box
                as="li"
                key={request.id}
                borderWidth="1px"
                rounded="lg"
                p="3"
                bg={selected.has(request.id) ? 'brand.subtle' : undefined}
              >
                <Flex gap="3" align="flex-start">
                  <Box pt="0.5">
                    <SelectBox
                      label={`Select ${request.id}`}
                      checked={selected.has(request.id)}
                      onChange={(isChecked) => selectOne(request.id, isChecked)}
                    />
                  </Box>
                  <Box minW="0" flex="1">
                    <Flex justify="space-between" gap="2" wrap="wrap" align="center">
                      <Text fontFamily="mono" fontWeight="semibold">
                        {formatOrderReferences({ reference: request.reference, requestId: request.id })}
                      </Text>
                      <ApplicationStatusBadge status={request.status} />
                    </Flex>
                    <Text fontWeight="medium">{request.applicant}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {request.vehicle || 'No vehicle given'} · {request.quantityLabel} ·{' '}
                      <time dateTime={request.date}>{formatDay(request.date)}</time>
                    </Text>
                    <Box mt="2">
                      <RowActions request={request} handlers={handlers} />
                    </Box>
                  </Box>
                </Flex>
              </Box>
            ))}
          </SimpleGrid>
        </Stack>
        <Table.ScrollArea borderWidth="1px" rounded="lg" hideBelow="xl">
          <Table.Root size="sm" interactive aria-label="Plate requests">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="10">
                  <SelectBox label="Select all requests" checked={allState} onChange={selectAll} />
                </Table.ColumnHeader>
                <Table.ColumnHeader>Request ID</Table.ColumnHeader>
                <Table.ColumnHeader>Applicant</Table.ColumnHeader>
                <Table.ColumnHeader>Vehicle</Table.ColumnHeader>
                <Table.ColumnHeader>Quantity</Table.ColumnHeader>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((request) => (
                <Table.Row key={request.id} data-selected={selected.has(request.id) ? '' : undefined}>
                  <Table.Cell>
                    <SelectBox
                      label={`Select ${request.id}`}
                      checked={selected.has(request.id)}
                      onChange={(isChecked) => selectOne(request.id, isChecked)}
                    />
                  </Table.Cell>
                  <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                    {request.id}
                    <Text as="span" display="block" fontSize="xs" color="fg.muted">
                      {request.reference}
                    </Text>
                  </Table.Cell>
                  <Table.Cell whiteSpace="normal">{request.applicant}</Table.Cell>
                  <Table.Cell whiteSpace="normal">
                    {request.vehicle || (
                      <Text as="span" color="fg.muted">
                        Not given
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{request.quantityLabel}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <time dateTime={request.date}>{formatDay(request.date)}</time>
                  </Table.Cell>
                  <Table.Cell>
                    <ApplicationStatusBadge status={request.status} />
                  </Table.Cell>
                  <Table.Cell>
                    <RowActions request={request} handlers={handlers} isInTable />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </>
    );
  }

  return (
    <Stack gap="6">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', md: 'flex-end' }}
        gap="4"
        direction={{ base: 'column', md: 'row' }}
      >
        <PageHeader title="Plate Requests" summary="Manage and process license plate applications" />
        {isOnline && list && (
          <Text fontSize="sm" color="fg.muted">
            Read from the server {formatDateTime(new Date(list.fetchedAt).toISOString())}.{' '}
            <Button
              variant="plain"
              size="sm"
              h="auto"
              p="0"
              textDecoration="underline"
              loading={isRefreshing}
              onClick={() => void refresh()}
            >
              Refresh
            </Button>
          </Text>
        )}
      </Flex>

      {!isOnline && (
        <Alert.Root status="warning">
          <Alert.Indicator>
            <CloudOffIcon />
          </Alert.Indicator>
          <Alert.Content>
            <Alert.Title>Decisions need a connection.</Alert.Title>
            <Alert.Description>
              {list
                ? `This device is offline. The list below is the one read from the server ${formatDateTime(new Date(list.fetchedAt).toISOString())}; approve and reject come back when the connection does.`
                : 'This device is offline. Approve and reject come back when the connection does.'}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      <SummaryStrip requests={requests} />

      <Stack as="section" aria-labelledby="requests-list-heading" gap="4">
        <Heading as="h2" id="requests-list-heading" srOnly>
          Requests
        </Heading>
        <Flex gap="3" wrap="wrap" align="flex-end">
          <SearchField
            label="Search requests"
            placeholder="Search requests..."
            minW="full-56"
            value={filters.search}
            onChange={(search) => setFilters((current) => ({ ...current, search }))}
          />
          <FilterSelect
            label="Status"
            hideLabel
            allLabel="All Status"
            options={REQUEST_STATUSES}
            value={filters.status}
            onChange={(status) => setFilters((current) => ({ ...current, status }))}
            w="full-44"
          />
          <HStack gap="2" w={{ base: 'full', sm: 'auto' }}>
            <Button
              flex={{ base: '1', sm: 'initial' }}
              colorPalette="green"
              disabled={!canDecide || chosen.length === 0}
              loading={busyKey === 'bulk-approve'}
              loadingText="Approving…"
              onClick={() => setDialog({ kind: 'approve', requestIds: chosen, isBulk: true })}
            >
              <CheckIcon /> Bulk Approve
            </Button>
            <Button
              flex={{ base: '1', sm: 'initial' }}
              colorPalette="red"
              variant="outline"
              disabled={!canDecide || chosen.length === 0}
              onClick={() => setDialog({ kind: 'reject', requestIds: chosen, isBulk: true })}
            >
              <XIcon /> Bulk Reject
            </Button>
          </HStack>
        </Flex>

        <Box role="alert">
          {actionError && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{actionError}</Alert.Title>
            </Alert.Root>
          )}
        </Box>
        {undoOffer && (
          <UndoBar
            offer={undoOffer}
            isBusy={busyKey === 'undo'}
            onUndo={() => void undo(undoOffer)}
            onExpire={dropUndoOffer}
          />
        )}
        <ReportPanel report={report} onDismiss={() => setReport(null)} />
        {missingLink && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>Request {missingLink} was not found. It may have been removed.</Alert.Title>
            <CloseButton size="sm" aria-label="Dismiss" onClick={closeDialog} />
          </Alert.Root>
        )}

        {content}
        <Flex
          justify="space-between"
          wrap="wrap"
          gap="2"
          fontSize="sm"
          color="fg.muted"
          role="status"
          aria-live="polite"
        >
          <Text>
            Showing {shown.length} of {requests?.length ?? 0} requests
          </Text>
          <Text>{chosen.length === 1 ? '1 selected' : `${chosen.length} selected`}</Text>
        </Flex>
        <MarketplaceOrdersSection search={filters.search} />
      </Stack>

      <BankTransfersSection requests={requests ?? []} isOnline={isOnline} onReceived={() => void reload()} />

      {openRequest && dialog?.kind === 'details' && (
        <ApplicationDetailsDialog request={openRequest} onClose={closeDialog} />
      )}
      {openRequest && dialog?.kind === 'qr' && (
        <ApplicationQrDialog request={openRequest} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'approve' && approving.length > 0 && (
        <ApproveDialog
          requests={approving}
          isOnline={isOnline}
          onClose={() => setDialog(null)}
          onApprove={() =>
            decide(
              approving.map((request) => request.id),
              'approve',
              {
                isBulk: dialog.isBulk,
                key: dialog.isBulk ? 'bulk-approve' : `approve:${approving[0]?.id ?? ''}`,
              },
            )
          }
        />
      )}
      {dialog?.kind === 'reject' && rejecting.length > 0 && (
        <RejectDialog
          requests={rejecting}
          isOnline={isOnline}
          onClose={() => setDialog(null)}
          onReject={async (reason) => {
            const failure = await decide(
              rejecting.map((request) => request.id),
              'reject',
              {
                reason,
                isBulk: dialog.isBulk,
                key: dialog.isBulk ? 'bulk-reject' : `reject:${rejecting[0]?.id ?? ''}`,
              },
            );
            if (!failure) setDialog(null);
            return failure;
          }}
        />
      )}
    </Stack>
  );
}
