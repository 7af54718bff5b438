/**
 * Approving asks first: which requests, whose, and which plate numbers they get, and that the
 * applicant is told only once the approval can no longer be undone.
 */
import { UNDO_WINDOW_MS } from '#domain/applications/decision-undo';
import { formatOrderReferences } from '#domain/orders/order-references';
import { List, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type AdminApplication, DECISIONS_NEED_CONNECTION } from './applications-api';
import { platesLine } from './undo-offer';

export function ApproveDialog({
  requests,
  isOnline,
  onApprove,
  onClose,
}: {
  requests: readonly AdminApplication[];
  isOnline: boolean;
  /** Sends the decision; answers a message when nothing could be decided, else null. */
  onApprove: () => Promise<string | null>;
  onClose: () => void;
}) {
  const count = requests.length;
  const title = count === 1 ? 'Approve Request' : `Approve ${count} Requests`;
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={title}
      confirmPalette="green"
      onClose={onClose}
      onConfirm={() => (isOnline ? onApprove() : Promise.resolve(DECISIONS_NEED_CONNECTION))}
    >
      <ApproveSummary requests={requests} />
    </ConfirmDialog>
  );
}

/** What the confirmation says: each request, whose, and its plate numbers; and when the applicant hears. */
export function ApproveSummary({ requests }: { requests: readonly AdminApplication[] }) {
  const count = requests.length;
  return (
    <Stack gap="3">
      <Text>{count === 1 ? 'Approve this request?' : 'Approve these requests?'}</Text>
      <List.Root gap="2" ps="4">
        {requests.map((request) => (
          <List.Item key={request.id}>
            <Text as="span" fontWeight="semibold">
              {formatOrderReferences({ reference: request.reference, requestId: request.id })}
            </Text>{' '}
            ({request.applicant}, {request.quantityLabel}). {platesLine(request, 'approve')}.
          </List.Item>
        ))}
      </List.Root>
      <Text color="fg.muted" fontSize="sm">
        The plate maker gets the order at once. {count === 1 ? 'The applicant is' : 'Each applicant is'} told once the
        approval can no longer be undone, {UNDO_WINDOW_MS / 60_000} minutes after it is made.
      </Text>
    </Stack>
  );
}
