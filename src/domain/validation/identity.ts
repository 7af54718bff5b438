// Who a person is, as forms take it: the NRC number, a Zambian phone number and a person's
// name. One rule each, used by the buy-process wizard, the shop's whitebook, the insurance
// agent's customers and the server routes behind them, so every screen says the same thing.
import { z } from 'zod';
import {
  checkPhone,
  normalisePhone,
  NAME_PATTERN,
  nameMessages,
  NRC_PATTERN,
  nrcFormatMessage,
  MAX_NAME_LENGTH,
  MIN_NAME_LENGTH,
  PHONE_MESSAGE,
} from './identity-checks';

export * from './identity-checks';

/** A required NRC number; `label` names the field in the messages ('Owner NRC number'). */
export const nrcSchema = (label = 'NRC number') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(NRC_PATTERN, nrcFormatMessage(label));

/** A required Zambian phone number, given back in +260 form. */
export const phoneNumberSchema = (label = 'Phone number') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(30, PHONE_MESSAGE)
    .transform((value, ctx) => {
      const check = checkPhone(value);
      if (check.ok) return check.phone;
      ctx.addIssue({ code: 'custom', message: check.message });
      return z.NEVER;
    });

/** An optional Zambian phone number, given back in +260 form; blank or missing is none (null). */
export const optionalPhoneField = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .max(30, PHONE_MESSAGE)
  .optional()
  .default('')
  .transform((value, ctx) => {
    if (value === '') return null;
    const phone = normalisePhone(value);
    if (phone === null) ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
    return phone;
  });

/** A person's name as on their documents: at least two characters, starting with a letter; runs of spaces become one. */
export const personNameSchema = (label = 'Full name') => {
  const messages = nameMessages(label);
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .transform((value) => value.replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(MIN_NAME_LENGTH, messages.tooShort)
        .max(MAX_NAME_LENGTH, messages.tooLong)
        .regex(NAME_PATTERN, messages.characters),
    );
};
