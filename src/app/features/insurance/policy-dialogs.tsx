/**
 * Issue Policy, Renew Policy and Cancel Policy. Each needs a connection (the server numbers
 * the policy and checks the plate and its owner in the registry): the dialog says so when the
 * device is offline, and the server's refusal is shown under the field it concerns. A plate
 * that is not the customer's is insured only with its owner's consent: the refusal offers to
 * ask for it.
 */
import { customerMatches } from '#domain/insurance/customer-records';
import type { PolicyFormValues } from '#domain/insurance/policy';
import { oneYearTermEnd, POLICY_NEEDS_CONNECTION, POLICY_TYPES, renewalTerm } from '#domain/insurance/policy-terms';
import { formatKwacha } from '#domain/money/money';
import { Alert, Button, Field, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { AppDialog } from '../../components/app-dialog';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { NOT_LOADED, onDemand } from '../../components/loaded-when-open';
import { checkWithRules } from '../../components/form-rules';
import { RecordFormDialog } from '../../components/record-form-dialog';
import { formatDay } from '../../components/format-date-time';
import { showToast } from '../../components/toast';
import { focusFirstInvalid } from '../../components/use-focus-first-invalid';
import { useOnlineStatus } from '../../components/use-online-status';
import type { LocalInsuranceCustomer, LocalInsurancePolicy } from '../../store/database';
import { askOwnerConsent, cancelPolicy, issuePolicy, type PolicyAnswer, renewPolicy } from './insurance-api';
import { vehicleText } from './insurance-parts';

function NeedsConnection() {
  const isOnline = useOnlineStatus();
  if (isOnline) return null;
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Title>{POLICY_NEEDS_CONNECTION}</Alert.Title>
    </Alert.Root>
  );
}

/**
 * Shown when the plate is not the customer's: asks its owner, in their dashboard, to consent
 * to the customer being insured on it; once asked, says so.
 */
function AskOwnerConsent({
  customerId,
  customerName,
  plateNumber,
}: {
  customerId: string;
  customerName: string;
  plateNumber: string;
}) {
  const isOnline = useOnlineStatus();
  const [isBusy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  async function ask() {
    setBusy(true);
    try {
      setAnswer(await askOwnerConsent(customerId, customerName, plateNumber));
    } finally {
      setBusy(false);
    }
  }
  if (answer?.ok) {
    return (
      <Alert.Root status="success" data-testid="consent-asked">
        <Alert.Indicator />
        <Alert.Description>{answer.message}</Alert.Description>
      </Alert.Root>
    );
  }
  return (
    <Alert.Root status="info" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Description>
          If {customerName} drives a vehicle that is not theirs, its owner can consent to the policy in their Nambala
          dashboard.
          {answer ? ` ${answer.message}` : ''}
        </Alert.Description>
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          loading={isBusy}
          disabled={!isOnline}
          onClick={() => void ask()}
        >
          Ask the owner’s consent
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Runs a server change and keeps its refusal for the form: a message, and messages by field. */
// The forms' rules (zod) load once the page is idle (or with the first save), not with the page.
const policyRules = onDemand(() => import('#domain/insurance/policy'));
type PolicyRules = Awaited<ReturnType<typeof policyRules.load>>;

function useServerChange<FieldName extends string>() {
  const [errors, setErrorsNow] = useState<Partial<Record<FieldName, string>>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  /** The last refusal was a plate that is not the customer's: their owner's consent may be asked. */
  const [needsConsent, setNeedsConsent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  /** Shows the messages and, when there are any, takes the keyboard to the first field concerned. */
  function setErrors(next: Partial<Record<FieldName, string>>) {
    setErrorsNow(next);
    if (Object.values(next).some(Boolean)) setTimeout(() => focusFirstInvalid(formRef.current));
  }
  /** Clears a field's message as the person corrects it (the focus stays where they type). */
  function clearError(field: FieldName) {
    setErrorsNow((current) => ({ ...current, [field]: undefined }));
  }
  /** Checks the input with the form's rules: true when it may be sent; otherwise the messages are shown. */
  async function check(schemaOf: (rules: PolicyRules) => ZodType, input: unknown): Promise<boolean> {
    setFormMessage(null);
    const checked = await checkWithRules(policyRules.load().then(schemaOf), input);
    if (!checked) {
      setFormMessage(NOT_LOADED);
      return false;
    }
    if (!checked.ok) setErrors(checked.errors as Partial<Record<FieldName, string>>);
    return checked.ok;
  }
  async function run(call: () => Promise<PolicyAnswer>, done: (answer: Extract<PolicyAnswer, { ok: true }>) => void) {
    setSubmitting(true);
    setFormMessage(null);
    setNeedsConsent(false);
    try {
      const answer = await call();
      if (answer.ok) done(answer);
      else {
        setFormMessage(answer.message);
        setErrors(answer.fields as Partial<Record<FieldName, string>>);
        setNeedsConsent(answer.status === 403);
      }
    } finally {
      setSubmitting(false);
    }
  }
  return { errors, clearError, formMessage, isSubmitting, formRef, check, run, needsConsent, setNeedsConsent };
}

export interface IssuePolicyDialogProps {
  customers: readonly LocalInsuranceCustomer[];
  today: string;
  onClose: () => void;
}

type IssueField = keyof PolicyFormValues | 'form';

export function IssuePolicyDialog({ customers, today, onClose }: IssuePolicyDialogProps) {
  const [values, setValues] = useState<PolicyFormValues>({
    customerId: '',
    plateNumber: '',
    type: 'Third Party',
    startDate: today,
    endDate: oneYearTermEnd(today),
    premium: '',
  });
  const [customerSearch, setCustomerSearch] = useState('');
  const { errors, clearError, formMessage, isSubmitting, formRef, check, run, needsConsent, setNeedsConsent } =
    useServerChange<IssueField>();
  const customer = customers.find((candidate) => candidate.id === values.customerId);
  const choices = customers
    .filter((candidate) => candidate.id === values.customerId || customerMatches(candidate, customerSearch))
    .slice(0, 100);

  function change(field: keyof PolicyFormValues, value: string) {
    setValues((current) => ({
      ...current,
      [field]: value,
      ...(field === 'startDate' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? { endDate: oneYearTermEnd(value) } : {}),
    }));
    clearError(field);
    if (field === 'customerId' || field === 'plateNumber') setNeedsConsent(false);
  }

  async function save() {
    if (!(await check((rules) => rules.policyInputSchema, values))) return;
    await run(
      () => issuePolicy(values),
      ({ policy }) => {
        showToast({
          type: 'success',
          title: `Policy ${policy.policyNumber} issued`,
          description: `${policy.type} cover for ${policy.plateNumber} until ${formatDay(policy.endDate)}.`,
        });
        onClose();
      },
    );
  }

  const formId = 'issue-policy-form';
  return (
    <RecordFormDialog
      title="Issue Policy"
      formId={formId}
      formRef={formRef}
      submitLabel="Issue Policy"
      isSubmitting={isSubmitting}
      fixing={undefined}
      formMessage={formMessage}
      notice={<NeedsConnection />}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <FormField label="Find customer" error={undefined}>
        <Input
          type="search"
          value={customerSearch}
          maxLength={100}
          placeholder="Name, NRC, phone or plate"
          onChange={(event) => setCustomerSearch(event.currentTarget.value)}
        />
      </FormField>
      <FormField label="Customer" error={errors.customerId} required>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={values.customerId}
            onChange={(event) => change('customerId', event.currentTarget.value)}
          >
            <option value="">Choose a customer</option>
            {choices.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name} — NRC {candidate.nrc}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label="Plate Number" error={errors.plateNumber} required>
        <Input
          value={values.plateNumber}
          maxLength={12}
          autoComplete="off"
          autoCapitalize="characters"
          fontFamily="mono"
          placeholder="ZM-123-ABC"
          list="customer-plates"
          onChange={(event) => change('plateNumber', event.currentTarget.value)}
        />
        <datalist id="customer-plates">
          {customer?.vehicles.map((vehicle) => (
            <option key={vehicle.plateNumber} value={vehicle.plateNumber}>
              {vehicleText(vehicle)}
            </option>
          ))}
        </datalist>
        <Field.HelperText>
          {customer && customer.vehicles.length > 0
            ? `${customer.name}'s vehicles: ${customer.vehicles.map((vehicle) => vehicle.plateNumber).join(', ')}.`
            : 'The plate must be registered, valid and not expired, and registered to the customer (or its owner must consent).'}
        </Field.HelperText>
      </FormField>
      {needsConsent && customer && (
        <AskOwnerConsent
          customerId={customer.id}
          customerName={customer.name}
          plateNumber={values.plateNumber.trim().toUpperCase()}
        />
      )}
      <FormField label="Cover" error={errors.type} required>
        <NativeSelect.Root>
          <NativeSelect.Field value={values.type} onChange={(event) => change('type', event.currentTarget.value)}>
            {POLICY_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label="Start Date" error={errors.startDate} required>
        <Input
          type="date"
          value={values.startDate}
          onChange={(event) => change('startDate', event.currentTarget.value)}
        />
      </FormField>
      <FormField label="End Date" error={errors.endDate} required>
        <Input type="date" value={values.endDate} onChange={(event) => change('endDate', event.currentTarget.value)} />
        <Field.HelperText>At most one year; the cover includes the end date.</Field.HelperText>
      </FormField>
      <FormField label="Premium (K)" error={errors.premium} required>
        <Input
          value={values.premium}
          inputMode="decimal"
          maxLength={14}
          placeholder="1500.00"
          onChange={(event) => change('premium', event.currentTarget.value)}
        />
      </FormField>
    </RecordFormDialog>
  );
}

export function RenewPolicyDialog({
  policy,
  holder,
  today,
  onClose,
}: {
  policy: LocalInsurancePolicy;
  holder: LocalInsuranceCustomer | undefined;
  today: string;
  onClose: () => void;
}) {
  const [premium, setPremium] = useState(() => (policy.premium / 100).toFixed(2));
  const { errors, clearError, formMessage, isSubmitting, formRef, check, run, needsConsent } = useServerChange<
    'premium' | 'form'
  >();
  const term = renewalTerm(policy, today);

  async function save() {
    if (!(await check((rules) => rules.renewPolicySchema, { premium }))) return;
    await run(
      () => renewPolicy(policy.id, premium),
      ({ policy: renewed }) => {
        showToast({
          type: 'success',
          title: `Policy ${renewed.policyNumber} issued`,
          description: `${policy.policyNumber} renewed until ${formatDay(renewed.endDate)}.`,
        });
        onClose();
      },
    );
  }

  const formId = 'renew-policy-form';
  return (
    <RecordFormDialog
      title={`Renew ${policy.policyNumber}`}
      formId={formId}
      formRef={formRef}
      submitLabel="Renew Policy"
      isSubmitting={isSubmitting}
      fixing={undefined}
      formMessage={formMessage}
      notice={<NeedsConnection />}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <Text>
        {policy.type} cover for <strong>{policy.plateNumber}</strong> from {formatDay(term.startDate)} to{' '}
        {formatDay(term.endDate)}, under a new policy number. Last term&apos;s premium: {formatKwacha(policy.premium)}.
      </Text>
      {needsConsent && holder && (
        <AskOwnerConsent customerId={holder.id} customerName={holder.name} plateNumber={policy.plateNumber} />
      )}
      <FormField label="Premium (K)" error={errors.premium} required>
        <Input
          value={premium}
          inputMode="decimal"
          maxLength={14}
          onChange={(event) => {
            setPremium(event.currentTarget.value);
            clearError('premium');
          }}
        />
      </FormField>
    </RecordFormDialog>
  );
}

export function CancelPolicyDialog({ policy, onClose }: { policy: LocalInsurancePolicy; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const { errors, clearError, formMessage, isSubmitting, formRef, check, run } = useServerChange<'reason' | 'form'>();

  async function save() {
    if (!(await check((rules) => rules.cancelPolicySchema, { reason }))) return;
    await run(
      () => cancelPolicy(policy.id, reason),
      () => {
        showToast({ type: 'success', title: `Policy ${policy.policyNumber} cancelled` });
        onClose();
      },
    );
  }

  const formId = 'cancel-policy-form';
  return (
    <AppDialog
      title={`Cancel ${policy.policyNumber}`}
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep Policy
          </Button>
          <Button type="submit" form={formId} colorPalette="red" loading={isSubmitting}>
            Cancel Policy
          </Button>
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="4">
          <NeedsConnection />
          <FormMessage message={formMessage} />
          <Text>
            {policy.plateNumber} will no longer be covered: a roadside check will show no valid insurance unless another
            policy covers it. This cannot be undone.
          </Text>
          <FormField label="Reason" error={errors.reason} required>
            <Textarea
              value={reason}
              maxLength={200}
              rows={3}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                clearError('reason');
              }}
            />
          </FormField>
        </Stack>
      </form>
    </AppDialog>
  );
}
