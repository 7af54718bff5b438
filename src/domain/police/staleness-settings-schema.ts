// The rules of the verdict's staleness thresholds as the settings form reads them (typed text)
// and as PUT /api/admin/settings/staleness takes them (JSON whole numbers): caution at least 1
// hour, cannot-confirm longer than caution and at most 30 days.
import { z } from 'zod';
import { STALENESS_MAX_HOURS, STALENESS_MIN_HOURS } from './staleness-settings';
import { STALENESS_LABELS, STALENESS_ORDER_MESSAGE } from './staleness-settings-words';

const hours = (label: string, min: number) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be a whole number of hours`,
    })
    .int(`${label} must be a whole number of hours`)
    .min(min, `${label} must be at least ${min} ${min === 1 ? 'hour' : 'hours'}`)
    .max(STALENESS_MAX_HOURS, `${label} must be at most ${STALENESS_MAX_HOURS} hours (30 days)`);

/** Typed text as a number: blank is missing, anything but digits is not a number. */
const fromText = (value: unknown) =>
  typeof value === 'string'
    ? value.trim() === ''
      ? undefined
      : /^-?\d+$/.test(value.trim())
        ? Number(value.trim())
        : Number.NaN
    : value;

const settingsOf = (field: (label: string, min: number) => z.ZodType<number, unknown>) =>
  z
    .object({
      cautionAfterHours: field(STALENESS_LABELS.cautionAfterHours, STALENESS_MIN_HOURS),
      unconfirmedAfterHours: field(STALENESS_LABELS.unconfirmedAfterHours, STALENESS_MIN_HOURS + 1),
    })
    .refine((value) => value.unconfirmedAfterHours > value.cautionAfterHours, {
      message: STALENESS_ORDER_MESSAGE,
      path: ['unconfirmedAfterHours'],
    });

/** As the API takes them (PUT /api/admin/settings/staleness) and as they are stored: JSON whole numbers. */
export const stalenessSettingsSchema = settingsOf(hours);
/** As the settings form reads them: typed text. */
export const stalenessFormSchema = settingsOf((label, min) => z.preprocess(fromText, hours(label, min)));
