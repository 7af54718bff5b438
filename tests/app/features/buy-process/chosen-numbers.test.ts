// The wizard keeps exactly the numbers the buyer chose: through its steps, across a reload
// (the draft) and into the application it sends and the confirmation it shows.
import { describe, expect, it } from 'vitest';
import * as rules from '../../../../src/app/features/buy-process/wizard-rules';
import {
  applicationToSubmit,
  draftOf,
  initialWizardState,
  type WizardAction,
  wizardReducer,
  type WizardState,
} from '../../../../src/app/features/buy-process/wizard-reducer';
import { parseWizardDraft } from '../../../../src/app/features/buy-process/wizard-draft';
import { applyForNumberPath } from '../../../../src/app/plate-check/apply-for-number';

const ID = '0190f5d2-0000-7000-8000-00000000abce';
const filled = {
  fullName: 'Chanda Mulenga',
  nrcNumber: '123456/78/9',
  phoneNumber: '+260 97 1234567',
  email: 'chanda@example.zm',
  address: 'Plot 12, Cairo Road, Lusaka',
  numberOfPlates: '1',
  vehicleMake: 'Toyota',
  vehicleModel: 'Corolla',
  vehicleRegistration: 'BAK 1234',
  registrationNotYetKnown: '',
};

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
const typed = Object.entries(filled).map(([field, value]): WizardAction => ({
  type: 'fieldChanged',
  field: field as keyof typeof filled,
  value,
}));

describe('numbers chosen in the wizard', () => {
  it('opens from a free number’s check with that number in the address', () => {
    expect(applyForNumberPath('ZM-500-MWB')).toBe('/buy-process?number=ZM-500-MWB');
  });

  it('keeps the chosen number to the end and sends exactly it', () => {
    const state = run(
      initialWizardState(null, ID),
      ...typed,
      { type: 'numbersChosen', numbers: ['ZM-500-MWB'] },
      { type: 'nextRequested', rules },
      { type: 'paymentMethodChosen', method: 'card' },
    );
    expect(state.step).toBe(2);
    expect(applicationToSubmit(state, rules)).toMatchObject({ numberOfPlates: 1, plateNumbers: ['ZM-500-MWB'] });
    const submitted = run(
      state,
      { type: 'submitRequested', rules },
      { type: 'submitSucceeded', reference: 'LP-000123', payment: null },
    );
    expect(submitted.submitted).toMatchObject({ reference: 'LP-000123' });
    expect(submitted.chosenNumbers).toEqual(['ZM-500-MWB']);
  });

  it('keeps the chosen numbers across a reload', () => {
    const state = run(initialWizardState(null, ID), { type: 'numbersChosen', numbers: ['ZM-500-MWB'] });
    const draft = parseWizardDraft(JSON.stringify({ version: 1, ...draftOf(state) }));
    expect(draft?.chosenNumbers).toEqual(['ZM-500-MWB']);
    expect(initialWizardState(draft, 'other').chosenNumbers).toEqual(['ZM-500-MWB']);
  });

  it('asks for one plate per chosen number, and refuses fewer plates than numbers', () => {
    const two = run(initialWizardState(null, ID), ...typed, {
      type: 'numbersChosen',
      numbers: ['ZM-500-MWB', 'ZM-BWALYA'],
    });
    expect(two.chosenNumbers).toEqual(['ZM-500-MWB', 'ZM-BWALYA']);
    expect(two.fields.numberOfPlates).toBe('2');
    const fewer = run(
      two,
      { type: 'fieldChanged', field: 'numberOfPlates', value: '1' },
      { type: 'nextRequested', rules },
    );
    expect(fewer.step).toBe(1);
    expect(fewer.errors.plateNumbers).toBe('Choose at most one number for each plate');
  });

  it('lets the buyer remove a number and have it allocated instead', () => {
    const state = run(
      initialWizardState(null, ID),
      { type: 'numbersChosen', numbers: ['ZM-500-MWB'] },
      { type: 'numbersChosen', numbers: [] },
    );
    expect(state.chosenNumbers).toEqual([]);
    expect(draftOf(state)).not.toHaveProperty('chosenNumbers');
  });
});
