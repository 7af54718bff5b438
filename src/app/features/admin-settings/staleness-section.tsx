/**
 * Settings → Roadside Verdict Freshness: how old a device's revocation list and registry copy
 * may be before a Valid verdict made offline is shown with a caution ("Valid as of DATE"),
 * and past which the device will not confirm a plate offline. Read from the device's copy
 * (the change log brings the value in force to administrators' devices; every device gets it
 * with its revocation list); saving needs a connection. The history of changes below it.
 */
import {
  DEFAULT_STALENESS_SETTINGS,
  type StalenessSettings,
  stalenessSettingsFrom,
} from '#domain/police/staleness-settings';
import { hoursText, STALENESS_LABELS } from '#domain/police/staleness-settings-words';
import { Input, InputGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { formatDateTime } from '../../components/format-date-time';
import { Section } from '../../components/page-parts';
import type { Column } from '../../components/records-table';
import { useOnlineStatus } from '../../components/use-online-status';
import { useStoreQuery } from '../../store/use-store-query';
import { onDemand } from '../../components/loaded-when-open';
import { SaveOrDiscard } from './save-or-discard';
import type { SettingHistoryEntry } from './admin-settings-api';
import { SettingHistory, useWholeNumberSetting } from './whole-number-setting';

/** The id administrators' devices keep the setting under (settings-repository.ts's STALENESS_KEY). */
export const STALENESS_SETTING = 'verificationStaleness';

const FIELDS = ['cautionAfterHours', 'unconfirmedAfterHours'] as const;

const NEEDS_CONNECTION =
  'Changing the verdict freshness thresholds needs a connection. Nothing was changed; try again when you are back online.';
// The form's rules load once the page is idle (or with the first save), not with the page.
const rules = onDemand(() =>
  import('#domain/police/staleness-settings-schema').then((module) => module.stalenessFormSchema),
);

const HISTORY_COLUMNS: readonly Column<SettingHistoryEntry<StalenessSettings>>[] = [
  {
    header: 'Effective from',
    cell: (entry) => <time dateTime={entry.changedAt}>{formatDateTime(entry.changedAt)}</time>,
    nowrap: true,
  },
  { header: 'Changed by', cell: (entry) => entry.changedBy?.name ?? 'A former administrator' },
  {
    header: 'Changes',
    cell: (entry) => {
      const before = entry.previous ?? DEFAULT_STALENESS_SETTINGS;
      const lines = (['cautionAfterHours', 'unconfirmedAfterHours'] as const).flatMap((key) =>
        before[key] === entry.settings[key]
          ? []
          : [`${STALENESS_LABELS[key]}: ${hoursText(before[key])} → ${hoursText(entry.settings[key])}`],
      );
      return lines.length === 0 ? 'Saved without changes' : lines.join('; ');
    },
  },
];

export function StalenessSection() {
  const isOnline = useOnlineStatus();
  const setting = useStoreQuery((database) => database.settings.get(STALENESS_SETTING), []);
  const known = stalenessSettingsFrom(setting?.value) ?? DEFAULT_STALENESS_SETTINGS;
  const form = useWholeNumberSetting({
    path: 'staleness',
    storeId: STALENESS_SETTING,
    fields: FIELDS,
    known,
    parse: stalenessSettingsFrom,
    rules,
    isOnline,
    needsConnection: NEEDS_CONNECTION,
    saved: {
      title: 'Verdict freshness thresholds saved',
      description: 'Devices use them from their next refresh of the revocation list.',
    },
  });
  const { values, errors } = form;

  return (
    <Section
      title="Roadside Verdict Freshness"
      headingId="staleness-heading"
      aside={
        <Text fontSize="sm" color="fg.muted">
          {setting
            ? `In force since ${formatDateTime(setting.updatedAt)}`
            : 'The standard thresholds apply (never changed)'}
        </Text>
      }
    >
      <form aria-labelledby="staleness-heading" noValidate onSubmit={(event) => void form.submit(event)}>
        <Stack gap="5">
          <Text fontSize="sm" color="fg.muted">
            How old the revocation list and registry copy on an officer&rsquo;s device may be. Past the first, a Valid
            plate checked offline is shown as valid as of the list&rsquo;s date, with a caution; past the second, the
            device will not confirm a plate offline. At least 1 hour; the second longer than the first, at most 720
            hours (30 days).
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {FIELDS.map((field) => (
              <FormField
                key={field}
                label={STALENESS_LABELS[field]}
                error={errors[field]}
                helperText={`Now ${hoursText(known[field])}`}
                required
              >
                <InputGroup endElement="hours">
                  <Input
                    name={field}
                    inputMode="numeric"
                    value={values[field]}
                    onChange={(event) => form.change(field, event.currentTarget.value)}
                  />
                </InputGroup>
              </FormField>
            ))}
          </SimpleGrid>
          <FormMessage message={form.message} />
          <SaveOrDiscard
            saveLabel="Save Freshness Thresholds"
            isSaving={form.isSaving}
            isOnline={isOnline}
            isChanged={form.isChanged}
            onDiscard={form.discard}
          />
        </Stack>
      </form>
      <SettingHistory
        id="staleness-history-heading"
        isOnline={isOnline}
        history={form.history}
        columns={HISTORY_COLUMNS}
      />
    </Section>
  );
}
