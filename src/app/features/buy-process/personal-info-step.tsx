/** Step 1, Personal Info: who is applying and how many plates. */
import { FormField } from '../../components/form-field';
import { Field, Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { MAX_PLATES_PER_APPLICATION, MIN_PLATES_PER_APPLICATION, NRC_PLACEHOLDER, PHONE_PLACEHOLDER } from '#domain/applications/application-form';
import type { ApplicationField, ApplicationFields, WizardErrors } from './wizard-reducer';

interface PersonalInfoStepProps {
  fields: ApplicationFields;
  errors: WizardErrors;
  onChange: (field: ApplicationField, value: string) => void;
  onNumberOfPlatesBlur: () => void;
}

export function PersonalInfoStep({ fields, errors, onChange, onNumberOfPlatesBlur }: PersonalInfoStepProps) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormField label="Full Name" error={errors.fullName} required>
        <Input name="fullName" autoComplete="name" value={fields.fullName} onChange={(event) => onChange('fullName', event.target.value)} />
      </FormField>
      <FormField label="NRC Number" error={errors.nrcNumber} required>
        <Input name="nrcNumber" autoComplete="off" placeholder={NRC_PLACEHOLDER} value={fields.nrcNumber} onChange={(event) => onChange('nrcNumber', event.target.value)} />
      </FormField>
      <Field.Root invalid={Boolean(errors.phoneNumber)} required>
        <Field.Label>
          Phone Number <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          placeholder={PHONE_PLACEHOLDER}
          value={fields.phoneNumber}
          onChange={(event) => onChange('phoneNumber', event.target.value)}
        />
        <Field.ErrorText>{errors.phoneNumber}</Field.ErrorText>
      </Field.Root>
      <FormField label="Email" error={errors.email} required>
        <Input name="email" type="email" autoComplete="email" inputMode="email" value={fields.email} onChange={(event) => onChange('email', event.target.value)} />
      </FormField>
      <Field.Root invalid={Boolean(errors.address)} required gridColumn={{ md: 'span 2' }}>
        <Field.Label>
          Address <Field.RequiredIndicator />
        </Field.Label>
        <Textarea name="address" autoComplete="street-address" rows={3} value={fields.address} onChange={(event) => onChange('address', event.target.value)} />
        <Field.ErrorText>{errors.address}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.numberOfPlates)} required>
        <Field.Label>
          Number of Plates <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="numberOfPlates"
          type="number"
          inputMode="numeric"
          min={MIN_PLATES_PER_APPLICATION}
          max={MAX_PLATES_PER_APPLICATION}
          step={1}
          value={fields.numberOfPlates}
          onChange={(event) => onChange('numberOfPlates', event.target.value)}
          onBlur={onNumberOfPlatesBlur}
        />
        <Field.ErrorText>{errors.numberOfPlates}</Field.ErrorText>
      </Field.Root>
    </SimpleGrid>
  );
}
