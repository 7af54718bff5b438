/**
 * Settings → Stock Thresholds: how many plates left of an allocation make it Low Stock and
 * Critical on Inventory Management. Read from the device's copy (the change log brings the
 * value in force to every administrator's device); saving needs a connection, since the
 * statuses every administrator sees change with it. The history of changes below it.
 */
import { DEFAULT_STOCK_THRESHOLDS, isStockThresholds, type StockThresholds } from '#domain/inventory/inventory-stock';
import { Input, InputGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { formatDateTime } from '../../components/format-date-time';
import { Section } from '../../components/page-parts';
import type { Column } from '../../components/records-table';
import { useOnlineStatus } from '../../components/use-online-status';
import { useStoreQuery } from '../../store/use-store-query';
import { onDemand } from '../../components/loaded-when-open';
import { STOCK_THRESHOLDS_SETTING, thresholdsFrom } from '../../inventory/inventory-data';
import { SaveOrDiscard } from './save-or-discard';
import type { SettingHistoryEntry } from './admin-settings-api';
import { SettingHistory, useWholeNumberSetting } from './whole-number-setting';

const FIELDS = ['lowStock', 'critical'] as const;

const NEEDS_CONNECTION =
  'Changing the stock thresholds needs a connection. Nothing was changed; try again when you are back online.';
const parseThresholds = (value: unknown): StockThresholds | null =>
  isStockThresholds(value) ? { lowStock: value.lowStock, critical: value.critical } : null;
// The form's rules load once the page is idle (or with the first save), not with the page.
const rules = onDemand(() => import('#domain/inventory/allocation').then((module) => module.stockThresholdsSchema));

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
  const form = useWholeNumberSetting({
    path: 'stock',
    storeId: STOCK_THRESHOLDS_SETTING,
    fields: FIELDS,
    known: thresholdsFrom(setting),
    parse: parseThresholds,
    rules,
    isOnline,
    needsConnection: NEEDS_CONNECTION,
    saved: { title: 'Stock thresholds saved', description: 'Inventory statuses are computed with them from now on.' },
  });
  const { values, errors } = form;

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
      <form aria-labelledby="stock-heading" noValidate onSubmit={(event) => void form.submit(event)}>
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
                  onChange={(event) => form.change('lowStock', event.currentTarget.value)}
                />
              </InputGroup>
            </FormField>
            <FormField label="Critical at" error={errors.critical} required>
              <InputGroup endElement="plates">
                <Input
                  name="critical"
                  inputMode="numeric"
                  value={values.critical}
                  onChange={(event) => form.change('critical', event.currentTarget.value)}
                />
              </InputGroup>
            </FormField>
          </SimpleGrid>
          <FormMessage message={form.message} />
          <SaveOrDiscard
            saveLabel="Save Thresholds"
            isSaving={form.isSaving}
            isOnline={isOnline}
            isChanged={form.isChanged}
            onDiscard={form.discard}
          />
        </Stack>
      </form>
      <SettingHistory id="stock-history-heading" isOnline={isOnline} history={form.history} columns={HISTORY_COLUMNS} />
    </Section>
  );
}
