/**
 * A claim's money on the agent's screens: its amounts in the claim's details, the fields a
 * step asks for (the assessed amount, the approved amount, the payment), checked on the
 * device by the server's own rules before anything is sent, and the totals of a set of claims.
 */
import {
  approvalProblem,
  CLAIM_PAYMENT_METHODS,
  type ClaimAmounts,
  type ClaimPaymentMethod,
  claimTotals,
  kwachaInputText,
  MAX_PAYMENT_REFERENCE_LENGTH,
  parseKwachaText,
  paymentProblems,
} from '#domain/insurance/claim-amounts';
import type { ClaimStep, InsuranceClaim } from '#domain/insurance/claim-steps';
import type { ClaimStepRequest } from '#domain/insurance/claim';
import { formatKwacha, minMoney, type Ngwee } from '#domain/money/money';
import { Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import type { DetailRow } from '../../components/details-list';
import { FormField } from '../../components/form-field';
import { formatDay } from '../../components/format-date-time';
import { StatCard } from '../../components/stat-card';
import { useToday } from '../../components/use-today';

/** A claim row on the device: rows pulled before amounts existed lack them (read as not recorded). */
type ClaimOnDevice = Pick<InsuranceClaim, 'status' | 'decidedAt'> & Partial<ClaimAmounts>;

const NOT_RECORDED = 'Not recorded yet';

/** The claim's amounts as detail rows: claimed always, the others once their step is reached. */
export function claimAmountRows(claim: ClaimOnDevice): DetailRow[] {
  const rows: DetailRow[] = [
    ['Amount claimed', claim.claimedAmount != null ? formatKwacha(claim.claimedAmount) : NOT_RECORDED],
  ];
  if (claim.status !== 'Submitted' || claim.assessedAmount != null)
    rows.push(['Assessed amount', claim.assessedAmount != null ? formatKwacha(claim.assessedAmount) : NOT_RECORDED]);
  if (claim.approvedAmount != null) rows.push(['Approved amount', formatKwacha(claim.approvedAmount)]);
  if (claim.paidAmount != null)
    rows.push([
      'Amount paid',
      `${formatKwacha(claim.paidAmount)} by ${claim.paymentMethod ?? '—'} on ${claim.paidOn ? formatDay(claim.paidOn) : '—'} (reference ${claim.paymentReference ?? '—'})`,
    ]);
  return rows;
}

interface StepValues {
  assessedAmount: string;
  approvedAmount: string;
  paidAmount: string;
  paymentMethod: string;
  paymentReference: string;
  paidOn: string;
}
type StepErrors = Partial<Record<keyof StepValues, string>>;

export interface StepAmounts {
  values: StepValues;
  errors: StepErrors;
  setErrors: (errors: Record<string, string>) => void;
  change: (field: keyof StepValues, value: string) => void;
  today: string;
}

/**
 * The step form's values, offered from what the claim carries now (the approval offers the
 * largest amount allowed). A field the person has not typed in follows the claim: an approval
 * opened the moment after recording the assessment offers the assessed amount once it arrives
 * on the device, rather than keeping the empty field it was opened with.
 */
export function useStepAmounts(claim: ClaimOnDevice, step: ClaimStep): StepAmounts {
  const today = useToday();
  const [typed, setTyped] = useState<Partial<StepValues>>({});
  const ceiling =
    claim.assessedAmount != null && claim.claimedAmount != null
      ? minMoney(claim.assessedAmount, claim.claimedAmount)
      : null;
  const offered: StepValues = {
    assessedAmount: kwachaInputText(claim.assessedAmount ?? claim.claimedAmount ?? null),
    approvedAmount: kwachaInputText(claim.approvedAmount ?? ceiling),
    paidAmount: kwachaInputText(claim.approvedAmount ?? null),
    paymentMethod: '',
    paymentReference: '',
    paidOn: step === 'pay' ? today : '',
  };
  const [errors, setErrorState] = useState<StepErrors>({});
  return {
    values: { ...offered, ...typed },
    errors,
    today,
    setErrors: (next) => setErrorState(next),
    change: (field, value) => {
      setTyped((current) => ({ ...current, [field]: value }));
      setErrorState((current) => ({ ...current, [field]: undefined }));
    },
  };
}

/** The step's request from the form, or the fields at fault (the rules of claim-amounts.ts, as the server applies them). */
export function stepRequestOf(
  claim: ClaimOnDevice,
  step: Exclude<ClaimStep, 'assess' | 'reject'>,
  values: StepValues,
  today: string,
): { ok: true; request: ClaimStepRequest } | { ok: false; errors: StepErrors } {
  if (step === 'assessment') {
    const amount = parseKwachaText(values.assessedAmount, 'assessed');
    return amount.ok
      ? { ok: true, request: { step, assessedAmount: amount.value } }
      : { ok: false, errors: { assessedAmount: amount.error } };
  }
  if (step === 'approve') {
    const amount = parseKwachaText(values.approvedAmount, 'approved');
    if (!amount.ok) return { ok: false, errors: { approvedAmount: amount.error } };
    const problem = approvalProblem(amount.value, {
      claimedAmount: claim.claimedAmount ?? null,
      assessedAmount: claim.assessedAmount ?? null,
    });
    return problem
      ? { ok: false, errors: { approvedAmount: problem } }
      : { ok: true, request: { step, approvedAmount: amount.value } };
  }
  const amount = parseKwachaText(values.paidAmount, 'paid');
  const problems: StepErrors = {
    ...paymentProblems(
      {
        paidAmount: amount.ok ? amount.value : Number.NaN,
        paymentMethod: values.paymentMethod,
        paymentReference: values.paymentReference,
        paidOn: values.paidOn,
      },
      { approvedAmount: claim.approvedAmount ?? null, decidedAt: claim.decidedAt },
      today,
    ),
    ...(amount.ok ? {} : { paidAmount: amount.error }),
  };
  if (!amount.ok || Object.keys(problems).length > 0) return { ok: false, errors: problems };
  return {
    ok: true,
    request: {
      step,
      paidAmount: amount.value,
      // paymentProblems found it among the methods.
      paymentMethod: values.paymentMethod as ClaimPaymentMethod,
      paymentReference: values.paymentReference.trim(),
      paidOn: values.paidOn,
    },
  };
}

/** The fields a step asks for: the assessed amount, the approved amount, or the payment. */
export function StepAmountFields({
  claim,
  step,
  amounts,
}: {
  claim: ClaimOnDevice;
  step: ClaimStep;
  amounts: StepAmounts;
}) {
  const { values, errors, change } = amounts;
  if (step === 'assessment')
    return (
      <FormField
        label="Assessed Amount (K)"
        error={errors.assessedAmount}
        required
        helperText={`Amount claimed: ${claim.claimedAmount != null ? formatKwacha(claim.claimedAmount) : NOT_RECORDED}. K0.00 when the damage is not covered.`}
      >
        <Input
          value={values.assessedAmount}
          inputMode="decimal"
          maxLength={16}
          autoComplete="off"
          onChange={(event) => change('assessedAmount', event.currentTarget.value)}
        />
      </FormField>
    );
  if (step === 'approve')
    return (
      <FormField
        label="Approved Amount (K)"
        error={errors.approvedAmount}
        required
        helperText={`Amount claimed: ${claim.claimedAmount != null ? formatKwacha(claim.claimedAmount) : NOT_RECORDED}; assessed: ${claim.assessedAmount != null ? formatKwacha(claim.assessedAmount) : NOT_RECORDED}.`}
      >
        <Input
          value={values.approvedAmount}
          inputMode="decimal"
          maxLength={16}
          autoComplete="off"
          onChange={(event) => change('approvedAmount', event.currentTarget.value)}
        />
      </FormField>
    );
  if (step !== 'pay') return null;
  return (
    <>
      <FormField
        label="Amount Paid (K)"
        error={errors.paidAmount}
        required
        helperText={`The approved amount${claim.approvedAmount != null ? `, ${formatKwacha(claim.approvedAmount)}` : ''}: a claim is paid once, in full.`}
      >
        <Input
          value={values.paidAmount}
          inputMode="decimal"
          maxLength={16}
          autoComplete="off"
          onChange={(event) => change('paidAmount', event.currentTarget.value)}
        />
      </FormField>
      <FormField label="Payment Method" error={errors.paymentMethod} required>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={values.paymentMethod}
            onChange={(event) => change('paymentMethod', event.currentTarget.value)}
          >
            <option value="">Choose how it was paid</option>
            {CLAIM_PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField
        label="Payment Reference"
        error={errors.paymentReference}
        required
        helperText="The bank's, mobile money's or cheque's own reference."
      >
        <Input
          value={values.paymentReference}
          maxLength={MAX_PAYMENT_REFERENCE_LENGTH}
          autoComplete="off"
          onChange={(event) => change('paymentReference', event.currentTarget.value)}
        />
      </FormField>
      <FormField label="Payment Date" error={errors.paidOn} required>
        <Input
          type="date"
          value={values.paidOn}
          max={amounts.today}
          onChange={(event) => change('paidOn', event.currentTarget.value)}
        />
      </FormField>
    </>
  );
}

/** The totals of a set of claims: claimed, approved, paid, and approved but not yet paid. */
export function ClaimTotalsCards({
  claims,
  label,
}: {
  claims: readonly (Pick<InsuranceClaim, 'status'> & Partial<ClaimAmounts>)[] | undefined;
  /** What the claims are, for the group's name ("Claim totals", "Totals of the claims shown"). */
  label: string;
}) {
  const totals = claims
    ? claimTotals(
        claims.map((claim) => ({
          status: claim.status,
          claimedAmount: claim.claimedAmount ?? null,
          approvedAmount: claim.approvedAmount ?? null,
          paidAmount: claim.paidAmount ?? null,
        })),
      )
    : undefined;
  const money = (amount: Ngwee | undefined) => (amount === undefined ? undefined : formatKwacha(amount));
  return (
    <SimpleGrid as="section" aria-label={label} columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
      <StatCard label="Total Claimed" value={money(totals?.claimed)} help="Asked for, on every claim" />
      <StatCard label="Total Approved" value={money(totals?.approved)} help="On approved and paid claims" />
      <StatCard label="Total Paid" value={money(totals?.paid)} help="On paid claims" />
      <StatCard label="Approved, Not Yet Paid" value={money(totals?.outstanding)} help="Waiting to be paid" />
    </SimpleGrid>
  );
}
