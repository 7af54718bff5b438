// The plate-maker agent's records (spec sections 2 and 3; issue: agent workspace):
// whitebook entries, manufacturing details, inventory items and the orders assigned
// to the shop, with the messages shown for each mistake and the overview figures.
import { z } from 'zod';
import { isCalendarDate } from '../validation/calendar-date';
import { plateNumberSchema } from '../plates/plate-number-schema';
import { NRC_PATTERN, nrcSchema } from '../validation/identity';
import {
  AGENT_INVENTORY_ITEM_TYPES,
  DEFAULT_MANUFACTURING_STATUS,
  MANUFACTURING_STATUSES,
  type ManufacturingStatus,
} from '../statuses/statuses';

import { DATE_IN_FUTURE, EARLIEST_RECORD_DATE } from './agent-records';
import { credentialTextMax, credentialTextTooLong, fitsCredential } from '../credential/credential-limits';
import type { CredentialTextField } from '../credential/credential';
import { plateSerialsShape, SAME_SERIAL_TWICE } from '../serials/serial-schemas';

export * from './agent-records';
// The spoiled-blank form's rule, loaded with the shop's other records' rules.
export { spoiledBlankSchema } from '../serials/serial-schemas';
// The one NRC rule, kept importable from here for the modules that always took it from here.
export { NRC_PATTERN, nrcSchema };

const requiredText = (label: string, max = 100) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A calendar date written YYYY-MM-DD, from EARLIEST_RECORD_DATE and not after `today` (also YYYY-MM-DD, from the caller's clock). */
const pastDate = (label: string, today: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine(isCalendarDate, `${label} must be a date`)
    .refine(
      (value) => value >= EARLIEST_RECORD_DATE,
      `${label} must be in ${EARLIEST_RECORD_DATE.slice(0, 4)} or later`,
    )
    .refine((value) => value <= today, DATE_IN_FUTURE);

const rowId = z.uuid({ error: 'id must be a UUID' });

/** A vehicle text the plate's credential will carry: no longer than its place there. */
const vehicleText = (label: string, field: CredentialTextField) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(credentialTextMax(field), credentialTextTooLong(label, field))
    .refine(fitsCredential(field), credentialTextTooLong(label, field));

/** A vehicle's year: from the first cars on Zambian roads to next year's models. */
export const vehicleYearSchema = (today: string) => {
  const latest = Number(today.slice(0, 4)) + 1;
  return z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value.trim() === ''
          ? undefined
          : /^\d+$/.test(value.trim())
            ? Number(value.trim())
            : Number.NaN
        : value,
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? 'Vehicle year is required' : 'Vehicle year must be a year such as 2019',
      })
      .int('Vehicle year must be a year such as 2019')
      .min(1950, 'Vehicle year must be 1950 or later')
      .max(latest, `Vehicle year must be ${latest} or earlier`),
  );
};

/**
 * A chassis number: a 17-character VIN where the vehicle has one (letters and digits,
 * never I, O or Q), otherwise the maker's frame number (older and Japanese-market cars).
 */
export const chassisNumberSchema = z
  .string({ error: 'Chassis number is required' })
  .trim()
  .toUpperCase()
  .min(1, 'Chassis number is required')
  .max(17, 'Chassis number must be at most 17 characters')
  .regex(/^[A-Z0-9-]+$/, 'Chassis number may only contain letters, digits and hyphens')
  .refine(
    (value) => value.length !== 17 || /^[A-HJ-NPR-Z0-9]{17}$/.test(value),
    'A 17-character chassis number (VIN) never contains I, O or Q',
  )
  .refine(
    (value) => value.length === 17 || (value.length >= 5 && value.length <= 14),
    'Chassis number must be a 17-character VIN, or a frame number of 5 to 14 characters',
  );

export function whitebookEntrySchema(today: string) {
  return z.object({
    id: rowId,
    plateNumber: plateNumberSchema,
    vehicleMake: vehicleText('Vehicle make', 'make'),
    vehicleModel: vehicleText('Vehicle model', 'model'),
    vehicleColour: vehicleText('Vehicle colour', 'colour'),
    vehicleYear: vehicleYearSchema(today),
    chassisNumber: chassisNumberSchema,
    ownerName: requiredText('Owner name'),
    // The owner's identity document the shop checked at the sale.
    ownerNrc: nrcSchema('Owner NRC number'),
    saleDate: pastDate('Sale date', today),
    registrationNumber: requiredText('Registration number', 40),
    // The entitlement document (e.g. the approved request or allocation letter) the sale was checked against.
    entitlementReference: requiredText('Entitlement document reference', 60),
  });
}
export type WhitebookEntryInput = z.input<ReturnType<typeof whitebookEntrySchema>>;
export type WhitebookEntry = z.output<ReturnType<typeof whitebookEntrySchema>>;

export function manufacturingRecordSchema(today: string) {
  return z
    .object({
      id: rowId,
      plateNumber: plateNumberSchema,
      status: z.enum(MANUFACTURING_STATUSES, { error: 'Please choose a status' }).default(DEFAULT_MANUFACTURING_STATUS),
      batchNumber: requiredText('Batch number', 40),
      productionDate: pastDate('Production date', today),
      notes: z
        .string({ error: 'Notes must be text' })
        .trim()
        .max(1000, 'Notes must be at most 1000 characters')
        .optional()
        .default(''),
      // The blanks the plate is made on (Road Traffic Act: a serial on every plate; decision 042).
      ...plateSerialsShape,
    })
    .refine((record) => record.frontSerial !== record.rearSerial, { message: SAME_SERIAL_TWICE, path: ['rearSerial'] });
}
export type ManufacturingRecordInput = z.input<ReturnType<typeof manufacturingRecordSchema>>;
export type ManufacturingRecord = z.output<ReturnType<typeof manufacturingRecordSchema>>;

export function inventoryItemSchema(today: string) {
  return z
    .object({
      id: rowId,
      itemType: z.enum(AGENT_INVENTORY_ITEM_TYPES, { error: 'Please choose an item type' }),
      // A form sends text, a device's payload a number; blank is missing, and only digits count.
      quantity: z.preprocess(
        // A minus sign is read as a number, so that -5 is told it must be at least 1.
        (value) =>
          typeof value === 'string'
            ? value.trim() === ''
              ? undefined
              : /^-?\d+$/.test(value.trim())
                ? Number(value.trim())
                : Number.NaN
            : value,
        z
          .number({
            error: (issue) => (issue.input === undefined ? 'Quantity is required' : 'Quantity must be a whole number'),
          })
          .int('Quantity must be a whole number')
          .min(1, 'Quantity must be at least 1')
          .max(1_000_000, 'Quantity must be at most 1,000,000'),
      ),
      batchNumber: requiredText('Batch number', 40),
      receivedDate: pastDate('Received date', today),
      // The administrator's allocation these blanks were delivered against; none for stock from elsewhere.
      // A form's empty choice and an older device's missing field both mean none.
      allocationId: z.preprocess(
        (value) => (value === '' || value === undefined ? null : value),
        z.uuid({ error: 'Please choose an allocation from the list' }).nullable(),
      ),
    })
    .refine((item) => item.allocationId === null || item.itemType === 'Plate Blanks', {
      message: 'Only plate blanks are received against an allocation',
      path: ['allocationId'],
    });
}
export type InventoryItemInput = z.input<ReturnType<typeof inventoryItemSchema>>;
export type InventoryItem = z.output<ReturnType<typeof inventoryItemSchema>>;

export type { ManufacturingStatus };
