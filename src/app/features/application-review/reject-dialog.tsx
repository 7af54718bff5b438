/**
 * Rejecting asks why: the reason goes to each applicant with the rejection, so it is
 * required (the domain's words), and one reason serves a whole bulk rejection.
 */
import { UNDO_WINDOW_MS } from '#domain/applications/decision-undo';
import { MAX_REJECTION_REASON_LENGTH } from '#domain/applications/review';
import { formatOrderReferences } from '#domain/orders/order-references';
import { Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { FormMessage } from '../../components/form-message';
import { type AdminApplication, DECISIONS_NEED_CONNECTION } from './applications-api';
import { reasonProblem } from './rejection-reason';
import { platesLine } from './undo-offer';

export function RejectDialog({
  requests,
  isOnline,
  onReject,
  onClose,
}: {
  requests: readonly AdminApplication[];
  isOnline: boolean;
  /** Sends the decision; answers a message when nothing could be decided (offline, server fault), else null. */
  onReject: (reason: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const count = requests.length;

  async function submit() {
    const problem = reasonProblem(reason);
    setError(problem);
    if (problem) {
      field.current?.focus();
      return;
    }
    setSending(true);
    setFormMessage(null);
    const failure = await onReject(reason.trim());
    setSending(false);
    if (failure) setFormMessage(failure);
  }

  return (
    <AppDialog
      title={count === 1 ? 'Reject Request' : `Reject ${count} Requests`}
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="reject-request-form"
            colorPalette="red"
            loading={isSending}
            loadingText="Rejecting…"
            disabled={!isOnline}
          >
            {count === 1 ? 'Reject Request' : `Reject ${count} Requests`}
          </Button>
        </>
      }
    >
      <form
        id="reject-request-form"
        noValidate
        aria-label="Reason for rejection"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="4">
          <Text>
            {count === 1 ? 'Rejecting' : 'Rejecting these requests:'}{' '}
            <Text as="span" fontWeight="semibold">
              {requests
                .map(
                  (request) =>
                    `${formatOrderReferences({ reference: request.reference, requestId: request.id })} (${request.applicant}; ${platesLine(request, 'reject')})`,
                )
                .join(', ')}
            </Text>
            . {count === 1 ? 'The applicant is' : 'Each applicant is'} notified with the reason below
            {requests.some((request) => request.payment?.status === 'approved')
              ? ', and told that any payment already made will be refunded'
              : ''}
            , once the rejection can no longer be undone ({UNDO_WINDOW_MS / 60_000} minutes after it is made).
          </Text>
          <Field.Root invalid={error !== null} required>
            <Field.Label>
              Reason for rejection <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              ref={field}
              value={reason}
              rows={3}
              maxLength={MAX_REJECTION_REASON_LENGTH * 2}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setError(null);
              }}
            />
            {error ? (
              <Field.ErrorText>{error}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                {count === 1
                  ? 'The applicant sees this reason.'
                  : 'One reason for all of them; each applicant sees it.'}
              </Field.HelperText>
            )}
          </Field.Root>
          {!isOnline && <FormMessage message={DECISIONS_NEED_CONNECTION} />}
          <FormMessage message={formMessage} />
        </Stack>
      </form>
    </AppDialog>
  );
}
