/** Step 1 asks for the vehicle: make, model, and the registration or an explicit "not yet known". */
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PersonalInfoStep } from '../../../../src/app/features/buy-process/personal-info-step';
import { EMPTY_FIELDS } from '../../../../src/app/features/buy-process/wizard-reducer';
import { appSystem } from '../../../../src/app/theme/system';

const render = (fields = EMPTY_FIELDS, errors = {}) =>
  renderToString(
    <ChakraProvider value={appSystem()}>
      <PersonalInfoStep
        fields={fields}
        errors={errors}
        onChange={() => undefined}
        onNumberOfPlatesBlur={() => undefined}
      />
    </ChakraProvider>,
  );

/** The registration box's tag, attributes in whatever order they are written. */
const registrationInput = (html: string) => /<input[^>]*name="vehicleRegistration"[^>]*>/.exec(html)?.[0] ?? '';

describe('PersonalInfoStep', () => {
  it('asks for the vehicle’s make, model and registration, with the not-yet-known choice', () => {
    const html = render();
    for (const label of ['Vehicle Make', 'Vehicle Model', 'Registration Number', 'Registration not yet known'])
      expect(html).toContain(label);
    expect(registrationInput(html)).not.toContain('disabled');
  });

  it('turns the registration box off when the registration is not yet known', () => {
    const html = render({ ...EMPTY_FIELDS, vehicleRegistration: 'ZZZ 987', registrationNotYetKnown: 'true' });
    expect(registrationInput(html)).toContain('disabled');
    expect(html).not.toContain('ZZZ 987');
    expect(html).toMatch(/type="checkbox"[^>]*checked/);
  });

  it('shows the message under the field it belongs to', () => {
    expect(render(EMPTY_FIELDS, { vehicleMake: 'Vehicle make is required' })).toContain('Vehicle make is required');
  });
});
