/**
 * The Sign Up form. Which business fields show depends on the account type (domain rules);
 * hidden fields are not sent, so a licence number typed before switching away from
 * 'Agent' does not travel with an individual's account. Once sent, the form gives way to
 * "check your email": the account is made when the link sent there is opened.
 */
import { FormField } from '../../components/form-field';
import { Button, chakra, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { EMPTY_SIGNUP, MIN_PASSWORD_LENGTH, showsBusinessName, showsLicenseNumber, signupSchema } from '#domain/accounts/signup';
import { ACCOUNT_CREATED } from '#domain/accounts/signup-confirmation';
import { ACCOUNT_TYPES, type AccountTypeId, isOneOf, ACCOUNT_TYPE_IDS } from '#domain/statuses/statuses';
import { useUnsavedWork } from '../../pwa/unsaved-work';
import { type SignupSent, signup } from './auth-api';
import { CheckEmail } from './check-email';
import { FormMessage } from '../../components/form-message';
import { PasswordInput } from './password-input';
import { useAuthForm } from './use-auth-form';

type SignupField = 'name' | 'email' | 'userType' | 'businessName' | 'licenseNumber' | 'password' | 'confirmPassword';
type TextField = Exclude<SignupField, 'userType'>;
type Values = Record<TextField, string> & { userType: AccountTypeId };

const EMPTY: Values = {
  name: '',
  email: '',
  userType: EMPTY_SIGNUP.userType,
  businessName: '',
  licenseNumber: '',
  password: '',
  confirmPassword: '',
};

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
  useUnsavedWork([values.name, values.email, values.businessName, values.licenseNumber].some((value) => value.trim() !== ''));

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
    const answer = await send(signupSchema, input, signup, ACCOUNT_CREATED);
    if (answer) {
      setValues(EMPTY);
      setSent(answer.sent);
    }
  }

  if (sent) return <CheckEmail sent={sent} onStartAgain={() => setSent(null)} />;

  return (
    <chakra.form ref={formRef} onSubmit={submit} noValidate aria-label="Sign Up">
      <Stack gap="4">
        <FormField label="Full Name" error={errors.name} required>
          <Input name="name" autoComplete="name" value={values.name} onChange={(event) => change('name', event.target.value)} />
        </FormField>
        <FormField label="Email" error={errors.email} required>
          <Input name="email" type="email" autoComplete="email" inputMode="email" value={values.email} onChange={(event) => change('email', event.target.value)} />
        </FormField>
        <Field.Root invalid={Boolean(errors.userType)} required>
          <Field.Label>
            Account Type <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
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
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.userType}</Field.ErrorText>
        </Field.Root>
        {hasBusinessName && (
          <FormField label="Business/Company Name" error={errors.businessName} required>
            <Input name="businessName" autoComplete="organization" value={values.businessName} onChange={(event) => change('businessName', event.target.value)} />
          </FormField>
        )}
        {hasLicenseNumber && (
          <FormField label="License Number" error={errors.licenseNumber} required>
            <Input name="licenseNumber" autoComplete="off" value={values.licenseNumber} onChange={(event) => change('licenseNumber', event.target.value)} />
          </FormField>
        )}
        <Field.Root invalid={Boolean(errors.password)} required>
          <Field.Label>
            Password <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput name="password" autoComplete="new-password" value={values.password} onChange={(event) => change('password', event.target.value)} />
          {errors.password ? <Field.ErrorText>{errors.password}</Field.ErrorText> : <Field.HelperText>At least {MIN_PASSWORD_LENGTH} characters.</Field.HelperText>}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.confirmPassword)} required>
          <Field.Label>
            Confirm Password <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(event) => change('confirmPassword', event.target.value)}
          />
          <Field.ErrorText>{errors.confirmPassword}</Field.ErrorText>
        </Field.Root>
        <FormMessage message={formMessage} />
        <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Creating account…" width="full">
          Create Account
        </Button>
        <Text fontSize="sm" textAlign="center" color="fg.muted">
          Already have an account?{' '}
          <Button variant="plain" size="sm" color="brand.fg" px="0" height="auto" textDecoration="underline" onClick={onSwitchToLogin}>
            Login
          </Button>
        </Text>
      </Stack>
    </chakra.form>
  );
}
