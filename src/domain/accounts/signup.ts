// Sign-up and login forms: the fields, the account-type rules for business details, and
// the messages shown for each mistake (spec sections 5, 6 and 8).
import { z } from 'zod';
import { optionalPhoneField } from '../validation/identity';
import { ACCOUNT_TYPE_IDS, DEFAULT_ACCOUNT_TYPE } from '../statuses/statuses';
import { MIN_PASSWORD_LENGTH } from './account-links';
import { showsBusinessName, showsLicenseNumber } from './business-details';

export { MIN_PASSWORD_LENGTH, showsBusinessName, showsLicenseNumber };

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const AGENT_DETAILS_REQUIRED = 'Agents must provide Business Name and License Number';
export const CORPORATE_NAME_REQUIRED = 'Corporate accounts must provide Business/Company Name';

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Please enter a valid email address'));

// Passwords are not trimmed: spaces are characters the user chose. 200 at most, as a new
// password in Settings: a longer one is no one's password, only work for the server.
export const passwordField = z
  .string({ error: 'Password is required' })
  .max(200, 'Password must be at most 200 characters');

const optionalText = z.string().trim().max(200, 'Must be at most 200 characters').optional();

export const signupSchema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(100, 'Name must be at most 100 characters'),
    email: emailField,
    // Optional: where notifications may also go by SMS.
    phone: optionalPhoneField,
    password: passwordField.min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
    confirmPassword: z.string({ error: PASSWORDS_DO_NOT_MATCH }),
    userType: z.enum(ACCOUNT_TYPE_IDS, { error: 'Please choose an account type' }),
    businessName: optionalText,
    licenseNumber: optionalText,
  })
  .superRefine(
    (form, ctx) => {
      // Runs even when other fields have failed, so every mistake is shown at once; the
      // fields may therefore be malformed here and are read defensively.
      const raw: Partial<Record<keyof typeof form, unknown>> = form;
      if (typeof raw.password === 'string' && raw.password !== raw.confirmPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH });
      }
      const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';
      if (raw.userType === 'agent' && (isBlank(raw.businessName) || isBlank(raw.licenseNumber))) {
        ctx.addIssue({ code: 'custom', path: ['businessName'], message: AGENT_DETAILS_REQUIRED });
      }
      if (raw.userType === 'corporate' && isBlank(raw.businessName)) {
        ctx.addIssue({ code: 'custom', path: ['businessName'], message: CORPORATE_NAME_REQUIRED });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

export type SignupInput = z.input<typeof signupSchema>;
export type Signup = z.output<typeof signupSchema>;

export const EMPTY_SIGNUP: SignupInput = {
  name: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  userType: DEFAULT_ACCOUNT_TYPE,
  businessName: '',
  licenseNumber: '',
};

export const loginSchema = z.object({
  email: emailField,
  password: passwordField.min(1, 'Password is required'),
});

export type Login = z.output<typeof loginSchema>;
