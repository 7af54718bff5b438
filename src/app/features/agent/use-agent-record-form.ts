/**
 * What the whitebook, manufacturing and inventory forms share: the typed values,
 * validation with the domain schema for today's date, the record written through
 * the one write path (row + outbox entry) and pushed, the success toast (saying so
 * when it waits on this device), and a cleared form ready for the next record.
 *
 * A form can start a new record with values of the day (the sale date is today).
 *
 * With `?fix=<outbox entry id>` (Edit and resubmit, from Needs attention) the form
 * starts from what was sent, shows the server's reasons, and the corrected record
 * replaces the refused one under the same row id.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ZodType } from 'zod';
import { onDemand } from '../../components/loaded-when-open';
import { toastChange, useChangeForm } from '../../components/use-change-form';
import type { ChangeLogTable, OutboxEntry } from '../../store/database';
import { type Mutation } from '../../store/mutate';
import { newId } from '../../store/new-id';
import { useRejectedEntry } from '../../sync/use-rejected-entry';
import { useToday } from '../../components/use-today';

/** The shop records' rules (zod): loaded once the page is idle, or with the first save. */
export const agentRecordRules = onDemand(() => import('#domain/agent/workspace'));

type AgentRecordRules = Awaited<ReturnType<typeof agentRecordRules.load>>;

/** Every field as the form holds it: text, as typed. */
export type FormValues = Record<string, string>;

export interface AgentRecordFormOptions<Values extends FormValues, Output extends { id: string }> {
  /** The server intent, e.g. 'recordWhitebookEntry'. */
  intent: string;
  table: Exclude<ChangeLogTable, 'agentOrders'>;
  /** The domain schema for a given day (YYYY-MM-DD, local), from the records' rules: dates after it are refused. */
  schemaFor: (rules: AgentRecordRules, today: string) => ZodType<Output>;
  empty: Values;
  /** The success message, e.g. WHITEBOOK_SUBMITTED. */
  submitted: string;
  /** Values a new record starts with on a given day (YYYY-MM-DD, local), e.g. today's date for a sale. */
  defaults?: (today: string) => Partial<Values>;
  /** What the device refuses before the server does, from its synced orders: field messages, or null. */
  refuse?: (value: Output) => Promise<Partial<Record<string, string>> | null>;
}

/** The form's values from a refused change's payload: each known field, as text. */
export function valuesFromPayload<Values extends FormValues>(payload: unknown, empty: Values): Values {
  const source = typeof payload === 'object' && payload !== null ? (payload as Partial<Record<string, unknown>>) : {};
  const values: Record<string, string> = { ...empty };
  for (const key of Object.keys(empty)) {
    const value = source[key];
    if (typeof value === 'string' || typeof value === 'number') values[key] = String(value);
  }
  return values as Values;
}

/** The record as written on this device and the intent pushed for it. */
export function recordMutation<Output extends { id: string }>(
  intent: string,
  table: ChangeLogTable,
  value: Output,
): Mutation<Output & { createdAt: string }> {
  return { intent, table, row: { ...value, createdAt: new Date().toISOString() }, payload: value };
}

export function useAgentRecordForm<Values extends FormValues, Output extends { id: string }>({
  intent,
  table,
  schemaFor,
  empty,
  submitted,
  defaults,
  refuse,
}: AgentRecordFormOptions<Values, Output>) {
  type Field = Extract<keyof Values, string> | 'id' | 'form';
  const today = useToday();
  const { errors, setErrors, clearError, formMessage, setFormMessage, isSubmitting, formRef, submit, reset } =
    useChangeForm<Field>();
  const startingValues = (day: string): Values => ({ ...empty, ...defaults?.(day) });
  const [values, setValues] = useState<Values>(() => startingValues(today));
  // Made once per record, so a correction or a retry keeps the row it belongs to.
  const [id, setId] = useState(newId);
  const [fixing, setFixing] = useState<OutboxEntry | null>(null);
  const [loadedFixId, setLoadedFixId] = useState<string | null>(null);
  const [, setSearchParams] = useSearchParams();
  const rejected = useRejectedEntry(intent);

  // Edit and resubmit: load the refused change once, when it arrives from the store.
  if (rejected && rejected.id !== loadedFixId) {
    setLoadedFixId(rejected.id);
    setFixing(rejected);
    setValues(valuesFromPayload(rejected.payload, empty));
    setId(rejected.rowId);
    setErrors((rejected.rejectionFields ?? {}) as Partial<Record<Field, string>>);
    setFormMessage(null);
  }

  function change(field: Extract<keyof Values, string>, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  }

  function leaveFixMode() {
    setFixing(null);
    setSearchParams(
      (params) => {
        params.delete('fix');
        return params;
      },
      { replace: true },
    );
  }

  /** 'New Entry': an empty form, no messages, a new record. A refused change being corrected stays in Needs attention. */
  function clear() {
    setValues(startingValues(today));
    setId(newId());
    reset();
    if (fixing) leaveFixMode();
  }

  /**
   * Writes the record; `recordId` names an existing row this one brings up to date (a plate's
   * one manufacturing record) instead of the form's new id.
   */
  async function save(recordId?: string) {
    const rules = agentRecordRules.load().then((loaded) => schemaFor(loaded, today));
    const result = await submit(
      rules,
      { ...values, id: recordId ?? id },
      (value) => recordMutation(intent, table, value),
      {
        ...(fixing ? { replaces: fixing.id } : {}),
        ...(refuse
          ? { refuse: (value: Output) => refuse(value) as Promise<Partial<Record<Field, string>> | null> }
          : {}),
      },
    );
    if (result === 'sent' || result === 'queued') {
      toastChange(result, submitted);
      clear();
    } else if (result === 'rejected' && fixing) {
      // The refused change was replaced and the new one refused too: the form now holds the only copy.
      leaveFixMode();
    }
  }

  /** Several fields at once (an order picked fills the number, the owner and the reference). */
  function fill(filled: Partial<Values>) {
    setValues((current) => ({ ...current, ...filled }));
    for (const field of Object.keys(filled)) clearError(field as Extract<keyof Values, string>);
  }

  return { values, change, fill, errors, formMessage, fixing, isSubmitting, formRef, today, save, clear };
}
