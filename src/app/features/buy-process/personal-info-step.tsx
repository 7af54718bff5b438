/** Step 1, Personal Info: who is applying, how many plates, and the vehicle they are for. */
import { Box, SimpleGrid } from '@chakra-ui/react';
import { PlainField, PlainFieldset, TextArea, TextInput } from '../../components/plain-field';
import { CheckboxField } from '../../components/checkbox-field';
import { MAX_PLATES_PER_APPLICATION, MIN_PLATES_PER_APPLICATION } from '#domain/applications/plate-count';
import { NRC_PLACEHOLDER, PHONE_PLACEHOLDER } from '#domain/validation/identity-placeholders';
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
      <PlainField label="Full Name" error={errors.fullName} required>
        {(control) => (
          <TextInput
            {...control}
            name="fullName"
            autoComplete="name"
            value={fields.fullName}
            onChange={(event) => onChange('fullName', event.target.value)}
          />
        )}
      </PlainField>
      <PlainField label="NRC Number" error={errors.nrcNumber} required>
        {(control) => (
          <TextInput
            {...control}
            name="nrcNumber"
            autoComplete="off"
            placeholder={NRC_PLACEHOLDER}
            value={fields.nrcNumber}
            onChange={(event) => onChange('nrcNumber', event.target.value)}
          />
        )}
      </PlainField>
      <PlainField label="Phone Number" error={errors.phoneNumber} required>
        {(control) => (
          <TextInput
            {...control}
            name="phoneNumber"
            type="tel"
            autoComplete="tel"
            placeholder={PHONE_PLACEHOLDER}
            value={fields.phoneNumber}
            onChange={(event) => onChange('phoneNumber', event.target.value)}
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
            value={fields.email}
            onChange={(event) => onChange('email', event.target.value)}
          />
        )}
      </PlainField>
      <Box gridColumn={{ md: 'span 2' }}>
        <PlainField label="Address" error={errors.address} required>
          {(control) => (
            <TextArea
              {...control}
              name="address"
              autoComplete="street-address"
              rows={3}
              value={fields.address}
              onChange={(event) => onChange('address', event.target.value)}
            />
          )}
        </PlainField>
      </Box>
      <PlainField label="Number of Plates" error={errors.numberOfPlates} required>
        {(control) => (
          <TextInput
            {...control}
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
        )}
      </PlainField>
      <PlainFieldset
        gridColumn={{ md: 'span 2' }}
        legend="Vehicle"
        helper="The vehicle the plates are for. If it is not registered yet, say so below."
      >
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <PlainField label="Vehicle Make" error={errors.vehicleMake} required>
            {(control) => (
              <TextInput
                {...control}
                name="vehicleMake"
                autoComplete="off"
                placeholder="Toyota"
                maxLength={60}
                value={fields.vehicleMake}
                onChange={(event) => onChange('vehicleMake', event.target.value)}
              />
            )}
          </PlainField>
          <PlainField label="Vehicle Model" error={errors.vehicleModel} required>
            {(control) => (
              <TextInput
                {...control}
                name="vehicleModel"
                autoComplete="off"
                placeholder="Corolla"
                maxLength={60}
                value={fields.vehicleModel}
                onChange={(event) => onChange('vehicleModel', event.target.value)}
              />
            )}
          </PlainField>
          <PlainField label="Registration Number" error={errors.vehicleRegistration} required={!notYetKnown}>
            {(control) => (
              <TextInput
                {...control}
                name="vehicleRegistration"
                autoComplete="off"
                placeholder="BAK 1234"
                maxLength={20}
                disabled={notYetKnown}
                value={notYetKnown ? '' : fields.vehicleRegistration}
                onChange={(event) => onChange('vehicleRegistration', event.target.value)}
              />
            )}
          </PlainField>
          <Box alignSelf={{ md: 'end' }} pb={{ md: '2' }}>
            <CheckboxField
              checked={notYetKnown}
              onChange={(checked) => onChange('registrationNotYetKnown', checked ? 'true' : '')}
            >
              Registration not yet known
            </CheckboxField>
          </Box>
        </SimpleGrid>
      </PlainFieldset>
    </SimpleGrid>
  );
}
