/**
 * Add Customer and Edit Customer: full name, NRC (123456/78/9), a +260 phone and email.
 * Works offline through the one write path; the server links the customer to the Nambala
 * account with that email or phone, and brings their registered vehicles.
 */
import {
  type CustomerFormValues,
  customerNrcTakenMessage,
  EMPTY_CUSTOMER_FORM,
} from '#domain/insurance/customer-records';
import { Field, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { FormField } from '../../components/form-field';
import { onDemand } from '../../components/loaded-when-open';
import { RecordFormDialog, useRecordValues } from '../../components/record-form-dialog';
import { toastChange, useChangeForm } from '../../components/use-change-form';
import type { LocalInsuranceCustomer, OutboxEntry } from '../../store/database';
import { newId } from '../../store/new-id';
import { saveCustomerMutation } from './insurance-changes';

type FieldName = keyof CustomerFormValues | 'id' | 'form';

// The form's rules (zod) load once the page is idle (or with the first save), not with the page.
const customerRules = onDemand(() => import('#domain/insurance/customer'));

function formFromPayload(payload: unknown): CustomerFormValues {
  const source = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const text = (key: keyof CustomerFormValues) => (typeof source[key] === 'string' ? source[key] : '');
  return { name: text('name'), nrc: text('nrc'), phone: text('phone'), email: text('email') };
}

export interface CustomerDialogProps {
  /** null: Add Customer. */
  customer: LocalInsuranceCustomer | null;
  /** The agent's other customers, to say at once when an NRC is already in the list. */
  customers: readonly LocalInsuranceCustomer[];
  agentId: string;
  fixing?: OutboxEntry;
  onClose: () => void;
}

export function CustomerDialog({ customer, customers, agentId, fixing, onClose }: CustomerDialogProps) {
  const isAdding = customer === null && fixing === undefined;
  const [id] = useState(() => fixing?.rowId ?? customer?.id ?? newId());
  const { errors, clearError, formMessage, isSubmitting, formRef, submit } = useChangeForm<FieldName>();
  const { values, change, fixErrors, clearFixErrors } = useRecordValues<CustomerFormValues, FieldName>(
    () =>
      fixing
        ? formFromPayload(fixing.payload)
        : customer
          ? { name: customer.name, nrc: customer.nrc, phone: customer.phone, email: customer.email }
          : EMPTY_CUSTOMER_FORM,
    fixing,
    clearError,
  );
  const shownErrors = { ...fixErrors, ...errors };

  async function save() {
    clearFixErrors();
    const input = { ...values, id };
    const result = await submit(
      customerRules.load().then((module) => module.customerInputSchema),
      input,
      (value) => saveCustomerMutation(value, agentId, customer ?? undefined),
      {
        ...(fixing ? { replaces: fixing.id } : {}),
        refuse: (value) =>
          customers.some((other) => other.id !== id && other.nrc === value.nrc)
            ? { nrc: customerNrcTakenMessage(value.nrc) }
            : null,
      },
    );
    if (result === 'sent' || result === 'queued') {
      toastChange(result, isAdding ? `${values.name.trim()} was added to your customers` : 'Customer saved');
      onClose();
    }
  }

  const formId = 'customer-form';
  return (
    <RecordFormDialog
      title={isAdding ? 'Add Customer' : 'Edit Customer'}
      formId={formId}
      formRef={formRef}
      submitLabel={isAdding ? 'Add Customer' : 'Save Changes'}
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
      <FormField label="NRC Number" error={shownErrors.nrc} required>
        <Input
          value={values.nrc}
          maxLength={11}
          autoComplete="off"
          inputMode="numeric"
          placeholder="123456/78/9"
          fontFamily="mono"
          onChange={(event) => change('nrc', event.currentTarget.value)}
        />
        <Field.HelperText>Their vehicles are found in the registry by this number.</Field.HelperText>
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
      <FormField label="Email" error={shownErrors.email} required>
        <Input
          type="email"
          value={values.email}
          maxLength={254}
          autoComplete="off"
          onChange={(event) => change('email', event.currentTarget.value)}
        />
        <Field.HelperText>
          A customer with a Nambala account is linked to it by this email or phone number.
        </Field.HelperText>
      </FormField>
    </RecordFormDialog>
  );
}
