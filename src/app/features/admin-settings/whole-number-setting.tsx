/**
 * A setting made of whole numbers, as Settings edits it (Stock Thresholds, Roadside Verdict
 * Freshness): the values in force read from the device's copy, the typed values checked with
 * the form's rules (loaded once the page is idle, or with the first save), saved online only,
 * the server's answer put in the device's copy, and the history of changes below the form.
 */
import { Heading, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import type { ZodType } from 'zod';
import { checkWithRules } from '../../components/form-rules';
import { FormMessage } from '../../components/form-message';
import { NOT_LOADED, type OnDemand } from '../../components/loaded-when-open';
import { type Column, RecordsTable } from '../../components/records-table';
import { showToast } from '../../components/toast';
import { db } from '../../store/database';
import {
  fetchSettingHistory,
  HISTORY_NEEDS_CONNECTION,
  type HistoryAnswer,
  saveSetting,
  type SettingHistoryEntry,
  type SettingPath,
} from './admin-settings-api';

export interface WholeNumberSettingForm<Field extends string, Settings> {
  values: Record<Field, string>;
  errors: Partial<Record<Field, string>>;
  message: string | null;
  isSaving: boolean;
  /** A typed value differs from the one in force. */
  isChanged: boolean;
  history: HistoryAnswer<Settings> | undefined;
  change: (field: Field, value: string) => void;
  submit: (event: FormEvent) => Promise<void>;
  discard: () => void;
}

export function useWholeNumberSetting<Field extends string, Settings extends Record<Field, number>>(options: {
  path: SettingPath;
  /** The id the device keeps the setting under. */
  storeId: string;
  fields: readonly Field[];
  /** The values in force: the device's copy, or the standard ones. */
  known: Settings;
  parse: (raw: unknown) => Settings | null;
  rules: OnDemand<ZodType<Settings>>;
  isOnline: boolean;
  needsConnection: string;
  saved: { title: string; description: string };
}): WholeNumberSettingForm<Field, Settings> {
  const { path, storeId, fields, known, parse, rules, isOnline, needsConnection, saved } = options;
  const [edited, setEdited] = useState<Record<Field, string> | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [history, setHistory] = useState<HistoryAnswer<Settings> | undefined>(undefined);
  const values =
    edited ?? (Object.fromEntries(fields.map((field) => [field, String(known[field])])) as Record<Field, string>);
  const isChanged = edited !== null && fields.some((field) => edited[field].trim() !== String(known[field]));

  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetchSettingHistory(path, parse).then((answer) => {
      if (isCurrent) setHistory(answer);
    });
    return () => {
      isCurrent = false;
    };
  }, [generation, isOnline, path, parse]);

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
      setMessage(needsConnection);
      return;
    }
    setSaving(true);
    const answer = await saveSetting(path, checked.value, parse, needsConnection);
    setSaving(false);
    if (!answer.ok) {
      setErrors((answer.fields ?? {}) as Partial<Record<Field, string>>);
      setMessage(answer.message);
      return;
    }
    // The server's value, in force now; the next pull brings the same.
    await db.settings.put({
      id: storeId,
      value: answer.settings,
      updatedAt: answer.updatedAt ?? new Date().toISOString(),
    });
    setEdited(null);
    setErrors({});
    setGeneration((value) => value + 1);
    showToast({ type: 'success', ...saved });
  };

  const discard = () => {
    setEdited(null);
    setErrors({});
    setMessage(null);
  };

  return { values, errors, message, isSaving, isChanged, history, change, submit, discard };
}

/** The history of a setting's changes, or why it is not shown. */
export function SettingHistory<Settings>({
  id,
  isOnline,
  history,
  columns,
}: {
  id: string;
  isOnline: boolean;
  history: HistoryAnswer<Settings> | undefined;
  columns: readonly Column<SettingHistoryEntry<Settings>>[];
}) {
  return (
    <Stack gap="3" mt="6">
      <Heading as="h3" size="sm" id={id}>
        History of changes
      </Heading>
      {!isOnline ? (
        <Text color="fg.muted">{HISTORY_NEEDS_CONNECTION}</Text>
      ) : history && !history.ok ? (
        <FormMessage message={history.message} />
      ) : (
        <RecordsTable
          labelledBy={id}
          rows={history?.ok ? history.history : undefined}
          columns={columns}
          empty={{ title: 'No changes yet', hint: 'The standard thresholds have applied since the start.' }}
        />
      )}
    </Stack>
  );
}
