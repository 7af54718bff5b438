/** Step 1, Personal Info: who is applying, how many plates, and the vehicle they are for. */
import { FormField } from '../../components/form-field';
import { Box, Field, Fieldset, Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { CheckboxField } from '../../components/checkbox-field';
import { MAX_PLATES_PER_APPLICATION, MIN_PLATES_PER_APPLICATION, NRC_PLACEHOLDER, PHONE_PLACEHOLDER } from '#domain/applications/application-form';
import type { ApplicationField, ApplicationFields, WizardErrors } from './wizard-reducer';

interface PersonalInfoStepProps {
  fields: ApplicationFields;
  errors: WizardErrors;
  onChange: (field: ApplicationField, value: string) => void;
  onNumberOfPlatesBlur: () => void;
}

export function PersonalInfoStep({ fields, errors, onChange, onNumberOfPlatesBlur }: PersonalInfoStepProps) {
  const notYetKnown = fields.registrationNotYetKnown === 'true';
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
      <Fieldset.Root gridColumn={{ md: 'span 2' }}>
        <Fieldset.Legend fontWeight="semibold">Vehicle</Fieldset.Legend>
        <Fieldset.HelperText>The vehicle the plates are for. If it is not registered yet, say so below.</Fieldset.HelperText>
        <Fieldset.Content>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label="Vehicle Make" error={errors.vehicleMake} required>
              <Input name="vehicleMake" autoComplete="off" placeholder="Toyota" maxLength={60} value={fields.vehicleMake} onChange={(event) => onChange('vehicleMake', event.target.value)} />
            </FormField>
            <FormField label="Vehicle Model" error={errors.vehicleModel} required>
              <Input name="vehicleModel" autoComplete="off" placeholder="Corolla" maxLength={60} value={fields.vehicleModel} onChange={(event) => onChange('vehicleModel', event.target.value)} />
            </FormField>
            <FormField label="Registration Number" error={errors.vehicleRegistration} required={!notYetKnown}>
              <Input
                name="vehicleRegistration"
                autoComplete="off"
                placeholder="BAK 1234"
                maxLength={20}
                disabled={notYetKnown}
                value={notYetKnown ? '' : fields.vehicleRegistration}
                onChange={(event) => onChange('vehicleRegistration', event.target.value)}
              />
            </FormField>
            <Box alignSelf={{ md: 'end' }} pb={{ md: '2' }}>
              <CheckboxField checked={notYetKnown} onChange={(checked) => onChange('registrationNotYetKnown', checked ? 'true' : '')}>
                Registration not yet known
              </CheckboxField>
            </Box>
          </SimpleGrid>
        </Fieldset.Content>
      </Fieldset.Root>
    </SimpleGrid>
  );
}
