/**
 * A dialog holding one record's form (a vehicle, a driver, a customer), the one way the
 * app lays it out: the server's reasons when a refused change is being corrected, the
 * form's message, the required-fields note, the fields, and Cancel beside the submit
 * button. `useRecordValues` keeps the typed values and the server's reasons for a refused
 * change, each until the person edits that field or saves again.
 */
import { Button } from '@chakra-ui/react';
import { type ReactNode, type RefObject, useState } from 'react';
import type { OutboxEntry } from '../store/database';
import { AppDialog } from './app-dialog';
import { RecordForm } from './page-parts';

interface RecordFormDialogProps {
  title: string;
  formId: string;
  formRef: RefObject<HTMLFormElement | null>;
  submitLabel: string;
  isSubmitting: boolean;
  /** The refused change being corrected, if any. */
  fixing: OutboxEntry | undefined;
  formMessage: string | null;
  onSubmit: () => void;
  onClose: () => void;
  /** Said above everything else (for example that saving needs a connection). */
  notice?: ReactNode;
  children: ReactNode;
}

export function RecordFormDialog({
  title,
  formId,
  formRef,
  submitLabel,
  isSubmitting,
  fixing,
  formMessage,
  onSubmit,
  onClose,
  notice,
  children,
}: RecordFormDialogProps) {
  return (
    <AppDialog
      title={title}
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} colorPalette="brand" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <RecordForm
        id={formId}
        formRef={formRef}
        fixing={fixing}
        formMessage={formMessage}
        busy={isSubmitting}
        notice={notice}
        onSubmit={onSubmit}
      >
        {children}
      </RecordForm>
    </AppDialog>
  );
}

/** The form's values as typed, and the server's reasons for the refused change being corrected. */
export function useRecordValues<Values extends Record<keyof Values, string>, Field extends string>(
  initial: () => Values,
  fixing: OutboxEntry | undefined,
  clearError: (field: Field) => void,
) {
  const [values, setValues] = useState<Values>(initial);
  const [fixErrors, setFixErrors] = useState(() => (fixing?.rejectionFields ?? {}) as Partial<Record<Field, string>>);

  function change(field: keyof Values & Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
    setFixErrors((current) => ({ ...current, [field]: undefined }));
  }

  return { values, change, fixErrors, clearFixErrors: () => setFixErrors({}) };
}
