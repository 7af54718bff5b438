/**
 * Transfer a registered plate to another person: the owner gives the new owner's email or
 * phone number; the server finds their account and offers them the plate, which they
 * accept in their own dashboard. Online only: offline the dialog says so. A plate already
 * being transferred shows that transfer (with Cancel) instead of the form.
 */
import type { OwnedPlate } from '#domain/plates/owned-plate';
import { invitationSent, standingRefusal } from '#domain/plates/transfer-steps';
import { NOT_LOADED } from '../components/loaded-when-open';
import { checkWithRules } from '../components/form-rules';
import { transferRules } from './transfer-api';
import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { AppDialog } from '../components/app-dialog';
import { FormMessage } from '../components/form-message';
import { useOnlineStatus } from '../components/use-online-status';
import { useStoreQuery } from '../store/use-store-query';
import { cancelTransfer, startTransfer } from './transfer-api';

export const TRANSFER_OFFLINE =
  'Transferring a plate needs a connection. Connect to the internet to start or cancel a transfer.';

interface TransferDialogProps {
  plate: Pick<OwnedPlate, 'plateNumber' | 'stage' | 'registration'>;
  isOpen: boolean;
  onClose: () => void;
}

export function TransferDialog({ plate, isOpen, onClose }: TransferDialogProps) {
  const isOnline = useOnlineStatus();
  const pending = useStoreQuery(
    async (db) =>
      (await db.plateTransfers.where('status').equals('Pending').toArray()).find(
        (transfer) => transfer.plateNumber === plate.plateNumber,
      ),
    [plate.plateNumber],
  );
  const [contact, setContact] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [started, setStarted] = useState<{ toContact: string } | null>(null);
  const refusal = standingRefusal(plate);
  const vehicle = plate.registration
    ? `${plate.registration.colour} ${plate.registration.make} ${plate.registration.model}`
    : null;

  function close() {
    setContact('');
    setFieldError(undefined);
    setMessage(null);
    setStarted(null);
    onClose();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    setMessage(null);
    const checked = await checkWithRules(
      transferRules.load().then((rules) => rules.transferStartSchema),
      { toContact: contact },
    );
    if (!checked) return setMessage(NOT_LOADED);
    if (!checked.ok) {
      setFieldError(checked.errors.toContact);
      return;
    }
    setBusy(true);
    try {
      const answer = await startTransfer(plate.plateNumber, contact.trim());
      if (answer.ok) setStarted({ toContact: answer.transfer.toContact });
      else if (answer.fields?.toContact) setFieldError(answer.fields.toContact);
      else setMessage(answer.message);
    } finally {
      setBusy(false);
    }
  }

  async function cancelPending(id: string) {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await cancelTransfer(id);
      if (!answer.ok) setMessage(answer.message);
    } finally {
      setBusy(false);
    }
  }

  const formId = `transfer-${plate.plateNumber.replace(/\W+/g, '-')}`;
  const canStart = !started && !pending && !refusal;
  return (
    <AppDialog
      title={`Transfer plate ${plate.plateNumber}`}
      isOpen={isOpen}
      onClose={close}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {started ? 'Close' : 'Cancel'}
          </Button>
          {canStart && (
            <Button
              type="submit"
              form={formId}
              colorPalette="brand"
              loading={isBusy}
              loadingText="Starting transfer…"
              disabled={!isOnline}
            >
              {isOnline ? 'Start transfer' : 'Transferring needs a connection'}
            </Button>
          )}
        </>
      }
    >
      <Stack gap="4">
        {vehicle && (
          <Text>
            <Text as="span" fontFamily="mono" fontWeight="semibold">
              {plate.plateNumber}
            </Text>{' '}
            on the {vehicle}
          </Text>
        )}
        {!isOnline && !started && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>{TRANSFER_OFFLINE}</Alert.Description>
          </Alert.Root>
        )}
        {started ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Description>{invitationSent(started.toContact, plate.plateNumber)}</Alert.Description>
          </Alert.Root>
        ) : refusal ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>{refusal}</Alert.Description>
          </Alert.Root>
        ) : pending ? (
          <Stack gap="3">
            <Text>
              A transfer of this plate to {pending.toName ?? pending.toContact} is waiting for them to accept it. Cancel
              it to keep the plate or to transfer it to someone else.
            </Text>
            <Button
              alignSelf="flex-start"
              variant="outline"
              colorPalette="red"
              loading={isBusy}
              disabled={!isOnline}
              onClick={() => void cancelPending(pending.id)}
            >
              Cancel this transfer
            </Button>
          </Stack>
        ) : (
          <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
            <Stack gap="3">
              <Text>
                The new owner accepts the transfer in their Nambala dashboard, with their full name and NRC number as on
                their ID. The registration and QR code are then issued in their name, and the plate’s present QR code
                reads as replaced. You can cancel until they accept.
              </Text>
              <Field.Root invalid={Boolean(fieldError)} required>
                <Field.Label>
                  New owner’s email or phone number <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  name="toContact"
                  autoComplete="off"
                  placeholder="name@example.com or +260 97 123 4567"
                  value={contact}
                  onChange={(event) => {
                    setContact(event.currentTarget.value);
                    setFieldError(undefined);
                  }}
                />
                {fieldError ? (
                  <Field.ErrorText>{fieldError}</Field.ErrorText>
                ) : (
                  <Field.HelperText>They need a Nambala account that uses this email or phone number.</Field.HelperText>
                )}
              </Field.Root>
            </Stack>
          </form>
        )}
        <FormMessage message={message} />
      </Stack>
    </AppDialog>
  );
}
