/**
 * Administrator's Settings: prices and fees (plate price, processing fee, gateway fee per
 * payment method, reservation fee and length, plate validity, renewal fee), edited with
 * the domain's form schema and saved to the server, where they apply to every charge
 * from that moment; and the history of changes: when each took effect, who made it and
 * what it changed. Saving needs a connection; the prices last known stay readable offline.
 */
import { PAYMENT_METHODS } from '#domain/pricing/pricing';
import {
  PRICING_FORM_FIELDS,
  type PricingFormField,
  pricingChanges,
  type PricingFormValues,
  pricingFormValues,
} from '#domain/pricing/pricing-changes';
import { Alert, Input, InputGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { NOT_LOADED, onDemand } from '../../components/loaded-when-open';
import { formatDateTime } from '../../components/format-date-time';
import { PageHeader, Section } from '../../components/page-parts';
import { type Column, RecordsTable } from '../../components/records-table';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';
import { refreshPricingSettings, usePricingSettings } from '../../payments/pricing-settings';
import { SaveOrDiscard } from './save-or-discard';
import { StockThresholdsSection } from './stock-thresholds-section';
import { StalenessSection } from './staleness-section';
import { DeliverySection } from './delivery-section';
import { NumberRulesSection } from './number-rules-section';
import {
  fetchPricingHistory,
  type HistoryAnswer,
  type PricingHistoryEntry,
  savePricing,
  SETTINGS_NEED_CONNECTION,
} from './admin-settings-api';

type FieldErrors = Partial<Record<PricingFormField, string>>;

// The form's rules (zod) load once the page is idle (or with the first save), not with the page.
const formRules = onDemand(() => import('#domain/pricing/pricing-form').then((module) => module.pricingFormSchema));

const LABELS: Record<PricingFormField, string> = {
  platePrice: 'Plate price',
  processingFee: 'Processing fee',
  mtn: `Gateway fee, ${PAYMENT_METHODS[0].name}`,
  airtel: `Gateway fee, ${PAYMENT_METHODS[1].name}`,
  card: `Gateway fee, ${PAYMENT_METHODS[2].name}`,
  bank: `Gateway fee, ${PAYMENT_METHODS[3].name}`,
  reservationFee: 'Reservation fee',
  reservationDays: 'Reservation length',
  validityYears: 'Plate validity',
  renewalFee: 'Renewal fee',
};
const UNITS: Record<PricingFormField, { before?: string; after?: string }> = {
  platePrice: { before: 'K' },
  processingFee: { before: 'K' },
  mtn: { after: '%' },
  airtel: { after: '%' },
  card: { after: '%' },
  bank: { after: '%' },
  reservationFee: { before: 'K' },
  reservationDays: { after: 'days' },
  validityYears: { after: 'years' },
  renewalFee: { before: 'K' },
};
/** The server names the four gateway fees as one field; the form shows its message under each. */
const SERVER_FIELDS: Record<string, readonly PricingFormField[]> = {
  gatewayFeeBasisPoints: ['mtn', 'airtel', 'card', 'bank'],
};

function useHistory(generation: number, isOnline: boolean): HistoryAnswer | undefined {
  const [answer, setAnswer] = useState<{ generation: number; answer: HistoryAnswer } | undefined>(undefined);
  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetchPricingHistory().then((fetched) => {
      if (isCurrent) setAnswer({ generation, answer: fetched });
    });
    return () => {
      isCurrent = false;
    };
  }, [generation, isOnline]);
  return answer?.answer;
}

const HISTORY_COLUMNS: readonly Column<PricingHistoryEntry>[] = [
  {
    header: 'Effective from',
    cell: (entry) => <time dateTime={entry.changedAt}>{formatDateTime(entry.changedAt)}</time>,
    nowrap: true,
  },
  { header: 'Changed by', cell: (entry) => entry.changedBy?.name ?? 'A former administrator' },
  {
    header: 'Changes',
    cell: (entry) => {
      const changes = pricingChanges(entry.previous, entry.settings);
      if (changes.length === 0) return 'Saved without changes';
      return (
        <Stack as="ul" gap="0.5" listStyleType="none">
          {changes.map((change) => (
            <li key={change.label}>
              {change.label}: {change.from ? `${change.from} → ` : ''}
              {change.to}
            </li>
          ))}
        </Stack>
      );
    },
  },
];

export function AdminSettingsPage() {
  const isOnline = useOnlineStatus();
  const known = usePricingSettings();
  const [edited, setEdited] = useState<PricingFormValues | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [generation, setGeneration] = useState(0);
  const history = useHistory(generation, isOnline);
  // Until the administrator types, the form follows the prices as they become known (device copy, then server).
  const values = edited ?? pricingFormValues(known.settings);

  const change = (field: PricingFormField, value: string) => {
    setEdited({ ...values, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const showErrors = (found: FieldErrors, message: string) => {
    setErrors(found);
    setFormMessage(message);
    const first = PRICING_FORM_FIELDS.find((field) => found[field]);
    if (first)
      document
        .querySelector<HTMLInputElement>(`form[aria-labelledby="prices-heading"] input[name="${first}"]`)
        ?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormMessage(null);
    const schema = await formRules.load().catch(() => null);
    if (!schema) return setFormMessage(NOT_LOADED);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = PRICING_FORM_FIELDS.find((name) => name === issue.path[0]);
        if (field) found[field] ??= issue.message;
      }
      showErrors(found, 'Some values need correcting before they can be saved.');
      return;
    }
    if (!isOnline) {
      setFormMessage(SETTINGS_NEED_CONNECTION);
      return;
    }
    setIsSaving(true);
    const answer = await savePricing(parsed.data);
    setIsSaving(false);
    if (!answer.ok) {
      const found: FieldErrors = {};
      for (const [name, message] of Object.entries(answer.fields ?? {})) {
        for (const field of SERVER_FIELDS[name] ?? PRICING_FORM_FIELDS.filter((candidate) => candidate === name))
          found[field] ??= message;
      }
      showErrors(found, answer.message);
      return;
    }
    setEdited(null);
    setErrors({});
    await refreshPricingSettings();
    setGeneration((value) => value + 1);
    showToast({
      type: 'success',
      title: 'Prices and fees saved',
      description: `They apply to every charge from ${formatDateTime(answer.updatedAt ?? new Date().toISOString())}.`,
    });
  };

  const isChanged =
    edited !== null &&
    PRICING_FORM_FIELDS.some((field) => edited[field].trim() !== pricingFormValues(known.settings)[field]);

  return (
    <Stack gap="6">
      <PageHeader
        title="Settings"
        summary="Prices, fees, delivery, stock thresholds and plate number rules, with their history."
      />
      {!isOnline && (
        <Alert.Root status="info" data-testid="offline-as-of">
          <Alert.Indicator />
          <Alert.Description>
            This device is offline: the prices shown are the ones it last received from the server. Changing them needs
            a connection.
          </Alert.Description>
        </Alert.Root>
      )}
      <Section
        title="Prices and Fees"
        headingId="prices-heading"
        aside={
          <Text fontSize="sm" color="fg.muted">
            {known.updatedAt
              ? `In force since ${formatDateTime(known.updatedAt)}`
              : 'The standard prices apply (never changed)'}
          </Text>
        }
      >
        <form aria-labelledby="prices-heading" noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="5">
            <Text fontSize="sm" color="fg.muted">
              A change applies to every charge from the moment it is saved; payments already made keep the prices they
              were made at. Gateway fees are a percentage of the plates subtotal.
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {PRICING_FORM_FIELDS.map((field) => (
                <FormField key={field} label={LABELS[field]} error={errors[field]} required>
                  <InputGroup startElement={UNITS[field].before} endElement={UNITS[field].after}>
                    <Input
                      name={field}
                      inputMode={field === 'reservationDays' || field === 'validityYears' ? 'numeric' : 'decimal'}
                      value={values[field]}
                      onChange={(event) => change(field, event.currentTarget.value)}
                    />
                  </InputGroup>
                </FormField>
              ))}
            </SimpleGrid>
            <FormMessage message={formMessage} />
            <SaveOrDiscard
              saveLabel="Save Changes"
              isSaving={isSaving}
              isOnline={isOnline}
              isChanged={isChanged}
              onDiscard={() => {
                setEdited(null);
                setErrors({});
                setFormMessage(null);
              }}
            />
          </Stack>
        </form>
      </Section>
      <Section title="History of Changes" headingId="pricing-history-heading">
        {!isOnline ? (
          <Text color="fg.muted">The history of changes is shown when this device is online.</Text>
        ) : history && !history.ok ? (
          <FormMessage message={history.message} />
        ) : (
          <RecordsTable
            labelledBy="pricing-history-heading"
            rows={history?.ok ? history.history : undefined}
            columns={HISTORY_COLUMNS}
            empty={{ title: 'No changes yet', hint: 'The standard prices have applied since the start.' }}
          />
        )}
      </Section>
      <DeliverySection />
      <StockThresholdsSection />
      <StalenessSection />
      <NumberRulesSection />
    </Stack>
  );
}
