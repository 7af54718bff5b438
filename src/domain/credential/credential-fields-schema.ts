// The fields the server signs into a plate credential, as a zod schema: apart from
// credential.ts so that reading a credential (the roadside check, the QR code) needs no zod.
import { z } from 'zod';
import { plateNumberSchema } from '../plates/plate-number-schema';
import {
  CONTROL_OR_LONE_SURROGATE,
  CREDENTIAL_EXPIRY_BEFORE_REGISTRATION,
  CREDENTIAL_KEY_ID_INVALID,
  CREDENTIAL_TEXT_MAX_BYTES,
  type CredentialFields,
  type CredentialTextField,
  isValidKeyId,
  utf8ByteLength,
} from './credential';
import { CREDENTIAL_FIRST_DATE, CREDENTIAL_LAST_DATE, isCredentialDate, isIsoDate } from './credential-dates';

const TEXT_LABELS = { make: 'Make', model: 'Model', colour: 'Colour' } as const satisfies Record<
  CredentialTextField,
  string
>;

function textFieldSchema(field: CredentialTextField) {
  const label = TEXT_LABELS[field];
  const maxBytes = CREDENTIAL_TEXT_MAX_BYTES[field];
  const required = `Please enter the ${label.toLowerCase()}`;
  return z.string({ error: required }).transform((raw, ctx): string => {
    // NFC so that 'ë' typed as one code point or as e + combining diaeresis is signed as the same bytes.
    const value = raw.trim().normalize('NFC');
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    if (CONTROL_OR_LONE_SURROGATE.test(value)) {
      ctx.addIssue({ code: 'custom', message: `${label} must not contain control characters` });
      return z.NEVER;
    }
    if (utf8ByteLength(value) > maxBytes) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} is too long: at most ${maxBytes} bytes, and letters such as ë count as two`,
      });
      return z.NEVER;
    }
    return value;
  });
}

function dateFieldSchema(label: string) {
  return z
    .string({ error: `${label} is required` })
    .refine(isIsoDate, { message: `${label} must be a real date written YYYY-MM-DD`, abort: true })
    .refine(isCredentialDate, {
      message: `${label} must be between ${CREDENTIAL_FIRST_DATE} and ${CREDENTIAL_LAST_DATE}`,
    });
}

/**
 * The fields the server signs, as received: trims the texts, normalises the plate number,
 * and names the first problem per field. Its output always passes encodeUnsigned.
 */
export const credentialFieldsSchema = z
  .object({
    keyId: z.number({ error: CREDENTIAL_KEY_ID_INVALID }).refine(isValidKeyId, { message: CREDENTIAL_KEY_ID_INVALID }),
    plateNumber: plateNumberSchema,
    make: textFieldSchema('make'),
    model: textFieldSchema('model'),
    colour: textFieldSchema('colour'),
    registrationDate: dateFieldSchema('Registration date'),
    expiryDate: dateFieldSchema('Expiry date'),
  })
  // Compared only when both dates are good, so a bad registration date is not also
  // reported as an expiry problem.
  .refine(
    (f) =>
      !isCredentialDate(f.registrationDate) || !isCredentialDate(f.expiryDate) || f.expiryDate >= f.registrationDate,
    {
      message: CREDENTIAL_EXPIRY_BEFORE_REGISTRATION,
      path: ['expiryDate'],
    },
  ) satisfies z.ZodType<CredentialFields, unknown>;
