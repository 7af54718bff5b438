/** Flag a plate as suspected fake or stolen, with a note: it goes to the registry administrators' review queue. */
import { FLAG_SUBMITTED, PLATE_SUSPICIONS, type PlateSuspicion } from '#domain/police/flags';
import { Button, Field, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { FormMessage } from '../../components/form-message';
import { onDemand } from '../../components/loaded-when-open';
import { toastChange, useChangeForm } from '../../components/use-change-form';
import { newId } from '../../store/new-id';

type FlagField = 'suspicion' | 'note' | 'plateNumber';

// The form's rules (zod) load once the page is idle (or with the first send), not with the page.
const rules = onDemand(() => import('#domain/police/police'));

export function FlagPlateDialog({
  plateNumber,
  isOpen,
  onClose,
}: {
  plateNumber: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const [suspicion, setSuspicion] = useState<PlateSuspicion>('Suspected fake');
  const [note, setNote] = useState('');
  const { submit, formRef, isSubmitting, formMessage, errors, clearError } = useChangeForm<FlagField>();

  const send = async () => {
    const result = await submit(
      rules.load().then((module) => module.plateFlagSchema),
      { id: newId(), plateNumber, suspicion, note },
      (flag) => ({
        intent: 'flagPlate',
        table: 'plateFlags',
        row: { ...flag, status: 'Open' as const, createdAt: new Date().toISOString() },
        payload: flag,
      }),
    );
    if (result === 'sent' || result === 'queued') {
      toastChange(result, FLAG_SUBMITTED);
      setNote('');
      onClose();
    }
  };

  return (
    <AppDialog
      title={`Flag ${plateNumber}`}
      isOpen={isOpen}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="red" loading={isSubmitting} onClick={() => void send()}>
            Send Flag
          </Button>
        </>
      }
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Stack gap="4">
          <Text color="fg.muted">
            An administrator reviews every flag and may revoke the plate or record it as stolen. You will be notified of
            the decision.
          </Text>
          <FormMessage message={formMessage} />
          <Field.Root invalid={Boolean(errors.suspicion)}>
            <Field.Label>What do you suspect?</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={suspicion}
                onChange={(event) => setSuspicion(event.currentTarget.value as PlateSuspicion)}
              >
                {PLATE_SUSPICIONS.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.suspicion}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={Boolean(errors.note)}>
            <Field.Label>
              What did you see? <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              value={note}
              maxLength={500}
              rows={4}
              placeholder="e.g. Sticker on a white Hilux; the registry says a silver Corolla."
              onChange={(event) => {
                setNote(event.currentTarget.value);
                clearError('note');
              }}
            />
            <Field.ErrorText>{errors.note}</Field.ErrorText>
          </Field.Root>
        </Stack>
      </form>
    </AppDialog>
  );
}
