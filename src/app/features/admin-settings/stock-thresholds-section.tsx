/**
 * Settings → Stock Thresholds: how many plates left of an allocation make it Low Stock and
 * Critical on Inventory Management. Read from the device's copy (the change log brings the
 * value in force to every administrator's device); saving needs a connection, since the
 * statuses every administrator sees change with it. The history of changes below it.
 */
import { DEFAULT_STOCK_THRESHOLDS, isStockThresholds, type StockThresholds } from '#domain/inventory/inventory-stock';
import { Heading, Input, InputGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { formatDateTime } from '../../components/format-date-time';
import { Section } from '../../components/page-parts';
import { type Column, RecordsTable } from '../../components/records-table';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';
import { db } from '../../store/database';
import { useStoreQuery } from '../../store/use-store-query';
import { NOT_LOADED, onDemand } from '../../components/loaded-when-open';
import { checkWithRules } from '../../components/form-rules';
import { STOCK_THRESHOLDS_SETTING, thresholdsFrom } from '../../inventory/inventory-data';
import { SaveOrDiscard } from './save-or-discard';
import { fetchSettingHistory, type HistoryAnswer, saveSetting, type SettingHistoryEntry } from './admin-settings-api';

type Field = keyof StockThresholds;
type Values = Record<Field, string>;

const NEEDS_CONNECTION =
  'Changing the stock thresholds needs a connection. Nothing was changed; try again when you are back online.';
const parseThresholds = (value: unknown): StockThresholds | null =>
  isStockThresholds(value) ? { lowStock: value.lowStock, critical: value.critical } : null;
// The form's rules load once the page is idle (or with the first save), not with the page.
const rules = onDemand(() => import('#domain/inventory/allocation').then((module) => module.stockThresholdsSchema));
const asValues = (thresholds: StockThresholds): Values => ({
  lowStock: String(thresholds.lowStock),
  critical: String(thresholds.critical),
});

const HISTORY_COLUMNS: readonly Column<SettingHistoryEntry<StockThresholds>>[] = [
  {
    header: 'Effective from',
    cell: (entry) => <time dateTime={entry.changedAt}>{formatDateTime(entry.changedAt)}</time>,
    nowrap: true,
  },
  { header: 'Changed by', cell: (entry) => entry.changedBy?.name ?? 'A former administrator' },
  {
    header: 'Changes',
    cell: (entry) => {
      const before = entry.previous ?? DEFAULT_STOCK_THRESHOLDS;
      const lines = (
        [
          ['Low stock at', 'lowStock'],
          ['Critical at', 'critical'],
        ] as const
      ).flatMap(([label, key]) =>
        before[key] === entry.settings[key] ? [] : [`${label}: ${before[key]} → ${entry.settings[key]} plates`],
      );
      return lines.length === 0 ? 'Saved without changes' : lines.join('; ');
    },
  },
];

export function StockThresholdsSection() {
  const isOnline = useOnlineStatus();
  const setting = useStoreQuery((database) => database.settings.get(STOCK_THRESHOLDS_SETTING), []);
  const known = thresholdsFrom(setting);
  const [edited, setEdited] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [history, setHistory] = useState<HistoryAnswer<StockThresholds> | undefined>(undefined);
  const values = edited ?? asValues(known);
  const isChanged =
    edited !== null &&
    (edited.lowStock.trim() !== String(known.lowStock) || edited.critical.trim() !== String(known.critical));

  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetchSettingHistory('stock', parseThresholds).then((answer) => {
      if (isCurrent) setHistory(answer);
    });
    return () => {
      isCurrent = false;
    };
  }, [generation, isOnline]);

  const change = (field: Field, value: string) => {
    setEdited({ ...values, [field]: value });
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const checked = await checkWithRules(rules.load(), values);
    if (!checked) return setMessage(NOT_LOADED);
    if (!checked.ok) {
      setErrors(checked.errors as Partial<Record<Field, string>>);
      setMessage('Some values need correcting before they can be saved.');
      return;
    }
    if (!isOnline) {
      setMessage(NEEDS_CONNECTION);
      return;
    }
    setSaving(true);
    const answer = await saveSetting('stock', checked.value, parseThresholds, NEEDS_CONNECTION);
    setSaving(false);
    if (!answer.ok) {
      setErrors((answer.fields ?? {}) as Partial<Record<Field, string>>);
      setMessage(answer.message);
      return;
    }
    // The server's value, in force now; the next pull brings the same.
    await db.settings.put({
      id: STOCK_THRESHOLDS_SETTING,
      value: answer.settings,
      updatedAt: answer.updatedAt ?? new Date().toISOString(),
    });
    setEdited(null);
    setErrors({});
    setGeneration((value) => value + 1);
    showToast({
      type: 'success',
      title: 'Stock thresholds saved',
      description: 'Inventory statuses are computed with them from now on.',
    });
  };

  return (
    <Section
      title="Stock Thresholds"
      headingId="stock-heading"
      aside={
        <Text fontSize="sm" color="fg.muted">
          {setting
            ? `In force since ${formatDateTime(setting.updatedAt)}`
            : 'The standard thresholds apply (never changed)'}
        </Text>
      }
    >
      <form aria-labelledby="stock-heading" noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="5">
          <Text fontSize="sm" color="fg.muted">
            Plates left of an allocation after what its shop has made. None left is Out of Stock; at or below the
            critical threshold, Critical; at or below the low stock threshold, Low Stock.
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label="Low stock at" error={errors.lowStock} required>
              <InputGroup endElement="plates">
                <Input
                  name="lowStock"
                  inputMode="numeric"
                  value={values.lowStock}
                  onChange={(event) => change('lowStock', event.currentTarget.value)}
                />
              </InputGroup>
            </FormField>
            <FormField label="Critical at" error={errors.critical} required>
              <InputGroup endElement="plates">
                <Input
                  name="critical"
                  inputMode="numeric"
                  value={values.critical}
                  onChange={(event) => change('critical', event.currentTarget.value)}
                />
              </InputGroup>
            </FormField>
          </SimpleGrid>
          <FormMessage message={message} />
          <SaveOrDiscard
            saveLabel="Save Thresholds"
            isSaving={isSaving}
            isOnline={isOnline}
            isChanged={isChanged}
            onDiscard={() => {
              setEdited(null);
              setErrors({});
              setMessage(null);
            }}
          />
        </Stack>
      </form>
      <Stack gap="3" mt="6">
        <Heading as="h3" size="sm" id="stock-history-heading">
          History of changes
        </Heading>
        {!isOnline ? (
          <Text color="fg.muted">The history of changes is shown when this device is online.</Text>
        ) : history && !history.ok ? (
          <FormMessage message={history.message} />
        ) : (
          <RecordsTable
            labelledBy="stock-history-heading"
            rows={history?.ok ? history.history : undefined}
            columns={HISTORY_COLUMNS}
            empty={{ title: 'No changes yet', hint: 'The standard thresholds have applied since the start.' }}
          />
        )}
      </Stack>
    </Section>
  );
}
