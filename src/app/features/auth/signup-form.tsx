/**
 * The Sign Up form. Which business fields show depends on the account type (domain rules);
 * hidden fields are not sent, so a licence number typed before switching away from
 * 'Agent' does not travel with an individual's account. Once sent, the form gives way to
 * "check your email": the account is made when the link sent there is opened.
 */
import { Button, chakra, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { ACCOUNT_CREATED, MIN_PASSWORD_LENGTH } from '#domain/accounts/account-links';
import { showsBusinessName, showsLicenseNumber } from '#domain/accounts/business-details';
import {
  ACCOUNT_TYPES,
  type AccountTypeId,
  isOneOf,
  ACCOUNT_TYPE_IDS,
  DEFAULT_ACCOUNT_TYPE,
} from '#domain/statuses/statuses';
import { onDemand } from '../../components/loaded-when-open';
import { PlainField, SelectControl, SelectIndicator, SelectRoot, TextInput } from '../../components/plain-field';
import { useUnsavedWork } from '../../pwa/unsaved-work';
import { type SignupSent, signup } from '../../account/account-api';
import { CheckEmail } from './check-email';
import { FormMessage } from '../../components/form-message';
import { PasswordInput } from '../../account/password-input';
import { useAuthForm } from './use-auth-form';

type SignupField =
  'name' | 'email' | 'phone' | 'userType' | 'businessName' | 'licenseNumber' | 'password' | 'confirmPassword';
type TextField = Exclude<SignupField, 'userType'>;
type Values = Record<TextField, string> & { userType: AccountTypeId };

const EMPTY: Values = {
  name: '',
  email: '',
  phone: '',
  userType: DEFAULT_ACCOUNT_TYPE,
  businessName: '',
  licenseNumber: '',
  password: '',
  confirmPassword: '',
};

// The form's rules load once the page is idle (or with the first send), not with the page.
const rules = onDemand(() => import('#domain/accounts/signup').then((module) => module.signupSchema));

// Some messages are about two fields; changing either clears them.
const ALSO_CLEARS: Partial<Record<SignupField, readonly SignupField[]>> = {
  password: ['confirmPassword'],
  licenseNumber: ['businessName'],
  userType: ['businessName', 'licenseNumber'],
};

export function SignupForm({ onSwitchToLogin }: { onSwitchToLogin: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [sent, setSent] = useState<SignupSent | null>(null);
  const { errors, setErrors, formMessage, isSubmitting, formRef, submit: send } = useAuthForm<SignupField>();
  useUnsavedWork(
    [values.name, values.email, values.businessName, values.licenseNumber].some((value) => value.trim() !== ''),
  );

  const hasBusinessName = showsBusinessName(values.userType);
  const hasLicenseNumber = showsLicenseNumber(values.userType);

  function change<F extends SignupField>(field: F, value: Values[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const next = { ...current, [field]: undefined };
      for (const other of ALSO_CLEARS[field] ?? []) next[other] = undefined;
      return next;
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { businessName, licenseNumber, ...rest } = values;
    const input = {
      ...rest,
      ...(hasBusinessName ? { businessName } : {}),
      ...(hasLicenseNumber ? { licenseNumber } : {}),
    };
    const answer = await send(rules.load(), input, signup, ACCOUNT_CREATED);
    if (answer) {
      setValues(EMPTY);
      setSent(answer.sent);
    }
  }

  if (sent) return <CheckEmail sent={sent} onStartAgain={() => setSent(null)} />;

  return (
    <chakra.form ref={formRef} onSubmit={submit} noValidate aria-label="Sign Up">
      <Stack gap="4">
        <PlainField label="Full Name" error={errors.name} required>
          {(control) => (
            <TextInput
              {...control}
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={(event) => change('name', event.target.value)}
            />
          )}
        </PlainField>
        <PlainField label="Email" error={errors.email} required>
          {(control) => (
            <TextInput
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={values.email}
              onChange={(event) => change('email', event.target.value)}
            />
          )}
        </PlainField>
        <PlainField
          label="Phone Number (optional)"
          error={errors.phone}
          helper="A Zambian number like +260 97 123 4567, for notifications by SMS"
        >
          {(control) => (
            <TextInput
              {...control}
              name="phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              value={values.phone}
              onChange={(event) => change('phone', event.target.value)}
            />
          )}
        </PlainField>
        <PlainField label="Account Type" error={errors.userType} required>
          {(control) => (
            <SelectRoot>
              <SelectControl
                {...control}
                name="userType"
                value={values.userType}
                onChange={(event) => {
                  const type = event.target.value;
                  if (isOneOf(ACCOUNT_TYPE_IDS, type)) change('userType', type);
                }}
              >
                {ACCOUNT_TYPES.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.label}
                  </option>
                ))}
              </SelectControl>
              <SelectIndicator />
            </SelectRoot>
          )}
        </PlainField>
        {hasBusinessName && (
          <PlainField label="Business/Company Name" error={errors.businessName} required>
            {(control) => (
              <TextInput
                {...control}
                name="businessName"
                autoComplete="organization"
                value={values.businessName}
                onChange={(event) => change('businessName', event.target.value)}
              />
            )}
          </PlainField>
        )}
        {hasLicenseNumber && (
          <PlainField label="License Number" error={errors.licenseNumber} required>
            {(control) => (
              <TextInput
                {...control}
                name="licenseNumber"
                autoComplete="off"
                value={values.licenseNumber}
                onChange={(event) => change('licenseNumber', event.target.value)}
              />
            )}
          </PlainField>
        )}
        <PlainField
          label="Password"
          error={errors.password}
          helper={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          required
        >
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(event) => change('password', event.target.value)}
            />
          )}
        </PlainField>
        <PlainField label="Confirm Password" error={errors.confirmPassword} required>
          {(control) => (
            <PasswordInput
              {...control}
              name="confirmPassword"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(event) => change('confirmPassword', event.target.value)}
            />
          )}
        </PlainField>
        <FormMessage message={formMessage} />
        <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Creating account…" width="full">
          Create Account
        </Button>
        <Text fontSize="sm" textAlign="center" color="fg.muted">
          Already have an account?{' '}
          <Button
            variant="plain"
            size="sm"
            color="brand.fg"
            px="0"
            height="auto"
            textDecoration="underline"
            onClick={onSwitchToLogin}
          >
            Login
          </Button>
        </Text>
      </Stack>
    </chakra.form>
  );
}
