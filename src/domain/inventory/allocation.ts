// Inventory allocations: the rules (zod) of the administrator's allocation form and of the
// stock thresholds; what allocations are and how stock is counted is in inventory-stock.ts.
import { z } from 'zod';
import { INVENTORY_PLATE_TYPES } from '../statuses/statuses';
import { ALLOCATION_MAX_QUANTITY, STOCK_THRESHOLD_MAX } from './inventory-stock';
import {
  BLANK_SERIAL_FORMAT_HINT,
  blanksForPlates,
  formatBlankSerial,
  parseBlankSerial,
} from '../serials/blank-serial';

export * from './inventory-stock';

const boundedWholeNumber = (label: string, min: number, max: number) =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a whole number`),
    })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min.toLocaleString('en-US')}`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')}`);

const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    // A form sends text, a device's payload a number; blank is missing, and only digits count.
    (value) =>
      typeof value === 'string'
        ? value.trim() === ''
          ? undefined
          : /^-?\d+$/.test(value.trim())
            ? Number(value.trim())
            : Number.NaN
        : value,
    boundedWholeNumber(label, min, max),
  );

/** A serial on the allocation form: blank is none (an allocation saved before serials were kept). */
const optionalSerial = (label: string) =>
  z.preprocess(
    // A form sends text, a device's payload the number (1234 for ZB-0001234); blank is none.
    (value) =>
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
        ? null
        : typeof value === 'number'
          ? formatBlankSerial(value)
          : value,
    z
      .string({ error: `${label} must be ${BLANK_SERIAL_FORMAT_HINT}` })
      .transform((text, context) => {
        const parsed = parseBlankSerial(text, label);
        if (!parsed.ok) {
          context.addIssue({ code: 'custom', message: parsed.error });
          return z.NEVER;
        }
        return parsed.value;
      })
      .nullable(),
  );

export const SERIAL_RANGE_INCOMPLETE = 'Enter both the first and the last serial of the delivery, or neither';
export const SERIAL_RANGE_BACKWARDS = 'The last serial must come after the first';
/** The range must hold a front and a rear blank for each plate allocated. */
export const serialRangeWrongSize = (quantity: number, size: number) =>
  `The range holds ${size.toLocaleString('en-US')} blanks; ${quantity.toLocaleString('en-US')} plates need ${blanksForPlates(quantity).toLocaleString('en-US')} (a front and a rear each)`;
/** The range the form suggests for a first serial and a quantity. */
export const suggestedLastSerial = (first: number, quantity: number) =>
  formatBlankSerial(first + blanksForPlates(quantity) - 1);

/** What the administrator enters in 'Add New Inventory Allocation' and 'Edit Inventory Allocation'. */
export const allocationInputSchema = z
  .object({
    id: z.uuid({ error: 'id must be a UUID' }),
    shopId: z
      .string({ error: 'Please choose a plate maker' })
      .trim()
      .min(1, 'Please choose a plate maker')
      .max(40, 'Please choose a plate maker'),
    plateType: z.enum(INVENTORY_PLATE_TYPES, { error: 'Please choose a plate type' }),
    allocatedQuantity: wholeNumber('Allocated quantity', 1, ALLOCATION_MAX_QUANTITY),
    note: z
      .string({ error: 'Note must be text' })
      .trim()
      .max(500, 'Note must be at most 500 characters')
      .refine((value) => !value.includes('\u0000'), 'Note must not contain control characters')
      .optional()
      .default(''),
    // The serials of the blanks delivered (decision 042): first and last, inclusive.
    serialFirst: optionalSerial('First serial').optional().default(null),
    serialLast: optionalSerial('Last serial').optional().default(null),
  })
  .superRefine((value, context) => {
    const { serialFirst: first, serialLast: last } = value;
    if (first === null && last === null) return;
    if (first === null || last === null) {
      context.addIssue({
        code: 'custom',
        message: SERIAL_RANGE_INCOMPLETE,
        path: [first === null ? 'serialFirst' : 'serialLast'],
      });
      return;
    }
    if (last < first) {
      context.addIssue({ code: 'custom', message: SERIAL_RANGE_BACKWARDS, path: ['serialLast'] });
      return;
    }
    if (last - first + 1 !== blanksForPlates(value.allocatedQuantity))
      context.addIssue({
        code: 'custom',
        message: serialRangeWrongSize(value.allocatedQuantity, last - first + 1),
        path: ['serialLast'],
      });
  });
export type AllocationInput = z.input<typeof allocationInputSchema>;
export type AllocationValues = z.output<typeof allocationInputSchema>;

const thresholdsOf = (field: (label: string, min: number, max: number) => z.ZodType<number, unknown>) =>
  z
    .object({
      lowStock: field('Low stock threshold', 1, STOCK_THRESHOLD_MAX),
      critical: field('Critical threshold', 1, STOCK_THRESHOLD_MAX),
    })
    .refine((value) => value.critical < value.lowStock, {
      message: 'The critical threshold must be below the low stock threshold',
      path: ['critical'],
    });

/** The thresholds as the settings form reads them (typed text or numbers) and as they are stored. */
export const stockThresholdsSchema = thresholdsOf(wholeNumber);
/** As the API takes them (PUT /api/admin/settings/stock): JSON whole numbers only, as its document says. */
export const stockThresholdsBodySchema = thresholdsOf(boundedWholeNumber);
