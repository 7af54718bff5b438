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
import { SaveOrDiscard } from './save-or-discard';
import { fetchSettingHistory, type HistoryAnswer, saveSetting, type SettingHistoryEntry } from './admin-settings-api';

/** The id administrators' devices keep the setting under (settings-repository.ts's STALENESS_KEY). */
export const STALENESS_SETTING = 'verificationStaleness';

type Field = keyof StalenessSettings;
type Values = Record<Field, string>;

const NEEDS_CONNECTION =
  'Changing the verdict freshness thresholds needs a connection. Nothing was changed; try again when you are back online.';
// The form's rules load once the page is idle (or with the first save), not with the page.
const rules = onDemand(() =>
  import('#domain/police/staleness-settings-schema').then((module) => module.stalenessFormSchema),
);
const asValues = (settings: StalenessSettings): Values => ({
  cautionAfterHours: String(settings.cautionAfterHours),
  unconfirmedAfterHours: String(settings.unconfirmedAfterHours),
});

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
  const [edited, setEdited] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [history, setHistory] = useState<HistoryAnswer<StalenessSettings> | undefined>(undefined);
  const values = edited ?? asValues(known);
  const isChanged =
    edited !== null &&
    (edited.cautionAfterHours.trim() !== String(known.cautionAfterHours) ||
      edited.unconfirmedAfterHours.trim() !== String(known.unconfirmedAfterHours));

  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetchSettingHistory('staleness', stalenessSettingsFrom).then((answer) => {
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
    const answer = await saveSetting('staleness', checked.value, stalenessSettingsFrom, NEEDS_CONNECTION);
    setSaving(false);
    if (!answer.ok) {
      setErrors((answer.fields ?? {}) as Partial<Record<Field, string>>);
      setMessage(answer.message);
      return;
    }
    // The server's value, in force now; the next pull brings the same.
    await db.settings.put({
      id: STALENESS_SETTING,
      value: answer.settings,
      updatedAt: answer.updatedAt ?? new Date().toISOString(),
    });
    setEdited(null);
    setErrors({});
    setGeneration((value) => value + 1);
    showToast({
      type: 'success',
      title: 'Verdict freshness thresholds saved',
      description: 'Devices use them from their next refresh of the revocation list.',
    });
  };

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
      <form aria-labelledby="staleness-heading" noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="5">
          <Text fontSize="sm" color="fg.muted">
            How old the revocation list and registry copy on an officer&rsquo;s device may be. Past the first, a Valid
            plate checked offline is shown as valid as of the list&rsquo;s date, with a caution; past the second, the
            device will not confirm a plate offline. At least 1 hour; the second longer than the first, at most 720
            hours (30 days).
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField
              label={STALENESS_LABELS.cautionAfterHours}
              error={errors.cautionAfterHours}
              helperText={`Now ${hoursText(known.cautionAfterHours)}`}
              required
            >
              <InputGroup endElement="hours">
                <Input
                  name="cautionAfterHours"
                  inputMode="numeric"
                  value={values.cautionAfterHours}
                  onChange={(event) => change('cautionAfterHours', event.currentTarget.value)}
                />
              </InputGroup>
            </FormField>
            <FormField
              label={STALENESS_LABELS.unconfirmedAfterHours}
              error={errors.unconfirmedAfterHours}
              helperText={`Now ${hoursText(known.unconfirmedAfterHours)}`}
              required
            >
              <InputGroup endElement="hours">
                <Input
                  name="unconfirmedAfterHours"
                  inputMode="numeric"
                  value={values.unconfirmedAfterHours}
                  onChange={(event) => change('unconfirmedAfterHours', event.currentTarget.value)}
                />
              </InputGroup>
            </FormField>
          </SimpleGrid>
          <FormMessage message={message} />
          <SaveOrDiscard
            saveLabel="Save Freshness Thresholds"
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
        <Heading as="h3" size="sm" id="staleness-history-heading">
          History of changes
        </Heading>
        {!isOnline ? (
          <Text color="fg.muted">The history of changes is shown when this device is online.</Text>
        ) : history && !history.ok ? (
          <FormMessage message={history.message} />
        ) : (
          <RecordsTable
            labelledBy="staleness-history-heading"
            rows={history?.ok ? history.history : undefined}
            columns={HISTORY_COLUMNS}
            empty={{ title: 'No changes yet', hint: 'The standard thresholds have applied since the start.' }}
          />
        )}
      </Stack>
    </Section>
  );
}
