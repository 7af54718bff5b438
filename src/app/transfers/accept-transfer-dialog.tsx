/**
 * Accepting a plate offered to you: the registration is issued in your name, so it asks
 * for your full name and NRC number exactly as on your ID. Online only.
 */
import type { PlateTransfer } from '#domain/plates/transfer';
import { NOT_LOADED } from '../components/loaded-when-open';
import { checkWithRules } from '../components/form-rules';
import { transferRules } from './transfer-api';
import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { AppDialog } from '../components/app-dialog';
import { FormField } from '../components/form-field';
import { FormMessage } from '../components/form-message';
import { showToast } from '../components/toast';
import { useOnlineStatus } from '../components/use-online-status';
import { acceptTransfer } from './transfer-api';

type Errors = Partial<Record<'ownerName' | 'ownerNrc', string>>;

export function AcceptTransferDialog({
  transfer,
  defaultName,
  onClose,
}: {
  transfer: PlateTransfer;
  defaultName: string;
  onClose: () => void;
}) {
  const isOnline = useOnlineStatus();
  const [ownerName, setOwnerName] = useState(defaultName);
  const [ownerNrc, setOwnerNrc] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const formId = `accept-${transfer.id}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    setMessage(null);
    const checked = await checkWithRules(
      transferRules.load().then((rules) => rules.transferAcceptanceSchema),
      { ownerName, ownerNrc },
    );
    if (!checked) return setMessage(NOT_LOADED);
    if (!checked.ok) {
      setErrors({ ownerName: checked.errors.ownerName, ownerNrc: checked.errors.ownerNrc });
      return;
    }
    setBusy(true);
    try {
      const answer = await acceptTransfer(transfer.id, checked.value);
      if (answer.ok) {
        showToast({
          type: 'success',
          title: `Plate ${transfer.plateNumber} is now yours`,
          description: 'Its new certificate and QR code reach this device with the next sync.',
        });
        onClose();
        return;
      }
      if (answer.fields?.ownerName || answer.fields?.ownerNrc)
        setErrors({ ownerName: answer.fields.ownerName, ownerNrc: answer.fields.ownerNrc });
      else setMessage(answer.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppDialog
      title={`Accept plate ${transfer.plateNumber}`}
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            colorPalette="brand"
            loading={isBusy}
            loadingText="Accepting…"
            disabled={!isOnline}
          >
            {isOnline ? 'Accept transfer' : 'Accepting needs a connection'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="4">
          <Text>
            {transfer.fromName} is transferring plate {transfer.plateNumber} to you. The registration will be issued in
            your name: enter your full name and NRC number exactly as on your ID.
          </Text>
          <FormField label="Full name (as on your ID)" error={errors.ownerName} required>
            <Input
              name="ownerName"
              autoComplete="name"
              value={ownerName}
              onChange={(event) => {
                setOwnerName(event.currentTarget.value);
                setErrors((current) => ({ ...current, ownerName: undefined }));
              }}
            />
          </FormField>
          <FormField label="NRC number" error={errors.ownerNrc} required>
            <Input
              name="ownerNrc"
              placeholder="123456/78/9"
              value={ownerNrc}
              onChange={(event) => {
                setOwnerNrc(event.currentTarget.value);
                setErrors((current) => ({ ...current, ownerNrc: undefined }));
              }}
            />
          </FormField>
          {!isOnline && <Text color="fg.muted">Accepting a transfer needs a connection.</Text>}
          <FormMessage message={message} />
        </Stack>
      </form>
    </AppDialog>
  );
}
