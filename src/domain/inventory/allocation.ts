// Inventory allocations: the rules (zod) of the administrator's allocation form and of the
// stock thresholds; what allocations are and how stock is counted is in inventory-stock.ts.
import { z } from 'zod';
import { INVENTORY_PLATE_TYPES } from '../statuses/statuses';
import { ALLOCATION_MAX_QUANTITY, STOCK_THRESHOLD_MAX } from './inventory-stock';

export * from './inventory-stock';

const boundedWholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a whole number`) })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min.toLocaleString('en-US')}`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')}`);

const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    // A form sends text, a device's payload a number; blank is missing, and only digits count.
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN) : value),
    boundedWholeNumber(label, min, max),
  );

/** What the administrator enters in 'Add New Inventory Allocation' and 'Edit Inventory Allocation'. */
export const allocationInputSchema = z.object({
  id: z.uuid({ error: 'id must be a UUID' }),
  shopId: z.string({ error: 'Please choose a plate maker' }).trim().min(1, 'Please choose a plate maker').max(40, 'Please choose a plate maker'),
  plateType: z.enum(INVENTORY_PLATE_TYPES, { error: 'Please choose a plate type' }),
  allocatedQuantity: wholeNumber('Allocated quantity', 1, ALLOCATION_MAX_QUANTITY),
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .max(500, 'Note must be at most 500 characters')
    .refine((value) => !value.includes('\u0000'), 'Note must not contain control characters')
    .optional()
    .default(''),
});
export type AllocationInput = z.input<typeof allocationInputSchema>;
export type AllocationValues = z.output<typeof allocationInputSchema>;

const thresholdsOf = (field: (label: string, min: number, max: number) => z.ZodType<number, unknown>) =>
  z
    .object({
      lowStock: field('Low stock threshold', 1, STOCK_THRESHOLD_MAX),
      critical: field('Critical threshold', 1, STOCK_THRESHOLD_MAX),
    })
    .refine((value) => value.critical < value.lowStock, { message: 'The critical threshold must be below the low stock threshold', path: ['critical'] });

/** The thresholds as the settings form reads them (typed text or numbers) and as they are stored. */
export const stockThresholdsSchema = thresholdsOf(wholeNumber);
/** As the API takes them (PUT /api/admin/settings/stock): JSON whole numbers only, as its document says. */
export const stockThresholdsBodySchema = thresholdsOf(boundedWholeNumber);
