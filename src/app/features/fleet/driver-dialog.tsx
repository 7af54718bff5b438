/** Add Driver and Edit Driver: name, licence number and a +260 phone number. Works offline through the one write path. */
import { type DriverFormValues, EMPTY_DRIVER_FORM, licenceTakenMessage } from '#domain/fleet/fleet-facts';
import { fleetRules } from './fleet-changes';
import { Field, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { FormField } from '../../components/form-field';
import { RecordFormDialog, useRecordValues } from '../../components/record-form-dialog';
import { toastChange, useChangeForm } from '../../components/use-change-form';
import type { LocalDriver, OutboxEntry } from '../../store/database';
import { newId } from '../../store/new-id';
import { saveDriverMutation } from './fleet-changes';

type Field = keyof DriverFormValues | 'id' | 'form';

function formFromPayload(payload: unknown): DriverFormValues {
  const source = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const text = (key: keyof DriverFormValues) => (typeof source[key] === 'string' ? source[key] : '');
  return { name: text('name'), licenceNumber: text('licenceNumber'), phone: text('phone') };
}

export interface DriverDialogProps {
  /** null: Add Driver. */
  driver: LocalDriver | null;
  /** The owner's other drivers, to say at once when a licence number is already in the list. */
  drivers: readonly LocalDriver[];
  ownerId: string;
  fixing?: OutboxEntry;
  onClose: () => void;
}

export function DriverDialog({ driver, drivers, ownerId, fixing, onClose }: DriverDialogProps) {
  const isAdding = driver === null && fixing === undefined;
  const [id] = useState(() => fixing?.rowId ?? driver?.id ?? newId());
  const { errors, clearError, formMessage, isSubmitting, formRef, submit } = useChangeForm<Field>();
  const { values, change, fixErrors, clearFixErrors } = useRecordValues<DriverFormValues, Field>(
    () =>
      fixing
        ? formFromPayload(fixing.payload)
        : driver
          ? { name: driver.name, licenceNumber: driver.licenceNumber, phone: driver.phone }
          : EMPTY_DRIVER_FORM,
    fixing,
    clearError,
  );
  const shownErrors = { ...fixErrors, ...errors };

  async function save() {
    clearFixErrors();
    const input = { ...values, id };
    const result = await submit(
      fleetRules.load().then((module) => module.driverInputSchema),
      input,
      (value) => saveDriverMutation(value, ownerId, driver ?? undefined),
      {
        ...(fixing ? { replaces: fixing.id } : {}),
        refuse: (value) =>
          drivers.some((other) => other.id !== id && other.licenceNumber === value.licenceNumber)
            ? { licenceNumber: licenceTakenMessage(value.licenceNumber) }
            : null,
      },
    );
    if (result === 'sent' || result === 'queued') {
      toastChange(result, isAdding ? `${values.name.trim()} was added to your drivers` : 'Driver saved');
      onClose();
    }
  }

  const formId = 'driver-form';
  return (
    <RecordFormDialog
      title={isAdding ? 'Add Driver' : 'Edit Driver'}
      formId={formId}
      formRef={formRef}
      submitLabel={isAdding ? 'Add Driver' : 'Save Changes'}
      isSubmitting={isSubmitting}
      fixing={fixing}
      formMessage={formMessage}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <FormField label="Full Name" error={shownErrors.name} required>
        <Input
          value={values.name}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => change('name', event.currentTarget.value)}
        />
      </FormField>
      <FormField label="Licence Number" error={shownErrors.licenceNumber} required>
        <Input
          value={values.licenceNumber}
          maxLength={24}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          fontFamily="mono"
          onChange={(event) => change('licenceNumber', event.currentTarget.value)}
        />
        <Field.HelperText>As on the driving licence: 5 to 20 letters and digits.</Field.HelperText>
      </FormField>
      <FormField label="Phone Number" error={shownErrors.phone} required>
        <Input
          type="tel"
          value={values.phone}
          maxLength={20}
          autoComplete="off"
          placeholder="+260 97 123 4567"
          onChange={(event) => change('phone', event.currentTarget.value)}
        />
      </FormField>
    </RecordFormDialog>
  );
}
