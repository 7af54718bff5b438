import { describe, expect, it } from 'vitest';
import * as rules from '../../../../src/app/features/buy-process/wizard-rules';
import {
  applicationToSubmit,
  draftOf,
  EMPTY_FIELDS,
  initialWizardState,
  platesToPrice,
  type WizardAction,
  wizardReducer,
  type WizardState,
} from '../../../../src/app/features/buy-process/wizard-reducer';

const ID = '0190f5d2-0000-7000-8000-00000000abcd';

const filled = {
  fullName: 'Chanda Mulenga',
  nrcNumber: '123456/78/9',
  phoneNumber: '+260 97 1234567',
  email: 'chanda@example.zm',
  address: 'Plot 12, Cairo Road, Lusaka',
  numberOfPlates: '2',
  vehicleMake: 'Toyota',
  vehicleModel: 'Corolla',
  vehicleRegistration: 'BAK 1234',
  registrationNotYetKnown: '',
};

function run(state: WizardState, ...actions: WizardAction[]): WizardState {
  return actions.reduce(wizardReducer, state);
}

function typed(fields: Partial<typeof filled>): WizardAction[] {
  return Object.entries(fields).map(([field, value]) => ({
    type: 'fieldChanged',
    field: field as keyof typeof filled,
    value,
  }));
}

/** The application as it is sent: the phone in +260 form and the tick as a yes or no. */
const sent = { ...filled, phoneNumber: '+260971234567', registrationNotYetKnown: false, numberOfPlates: 2 };

const fresh = () => initialWizardState(null, ID);
const onStep2 = () => run(fresh(), ...typed(filled), { type: 'nextRequested', rules });

describe('wizard reducer', () => {
  it('starts on step 1 with empty fields and one plate', () => {
    const state = fresh();
    expect(state.step).toBe(1);
    expect(state.fields).toEqual(EMPTY_FIELDS);
    expect(state.fields.numberOfPlates).toBe('1');
    expect(state.applicationId).toBe(ID);
  });

  it('stays on step 1 with every required message when Next is pressed on an empty form', () => {
    const state = run(
      fresh(),
      { type: 'fieldChanged', field: 'numberOfPlates', value: '0' },
      { type: 'nextRequested', rules },
    );
    expect(state.step).toBe(1);
    expect(state.errors).toEqual({
      fullName: 'Full name is required',
      nrcNumber: 'NRC number is required',
      phoneNumber: 'Phone number is required',
      email: 'Email is required',
      address: 'Address is required',
      numberOfPlates: 'Number of plates must be at least 1',
      vehicleMake: 'Vehicle make is required',
      vehicleModel: 'Vehicle model is required',
      vehicleRegistration: 'Enter the vehicle’s registration number, or tick “Registration not yet known”',
    });
    expect(state.failedAttempts).toBe(1);
  });

  it('says the email format is invalid when an address is given', () => {
    const state = run(fresh(), ...typed({ ...filled, email: 'chanda@example' }), { type: 'nextRequested', rules });
    expect(state.step).toBe(1);
    expect(state.errors).toEqual({ email: 'Invalid email format' });
  });

  it('clears a field’s message when that field changes, and only that one', () => {
    const refused = run(fresh(), { type: 'nextRequested', rules });
    const state = run(refused, { type: 'fieldChanged', field: 'fullName', value: 'C' });
    expect(state.errors.fullName).toBeUndefined();
    expect(state.errors.nrcNumber).toBe('NRC number is required');
  });

  it('moves to step 2 only when step 1 passes', () => {
    const state = onStep2();
    expect(state.step).toBe(2);
    expect(state.errors).toEqual({});
    expect(state.failedAttempts).toBe(0);
  });

  it('turns a non-numeric number of plates into 1 when the box is left', () => {
    const state = run(
      fresh(),
      { type: 'fieldChanged', field: 'numberOfPlates', value: '' },
      { type: 'numberOfPlatesCommitted' },
    );
    expect(state.fields.numberOfPlates).toBe('1');
    expect(platesToPrice(run(fresh(), { type: 'fieldChanged', field: 'numberOfPlates', value: 'abc' }).fields)).toBe(1);
  });

  it('Previous goes back one step and never below step 1', () => {
    expect(run(onStep2(), { type: 'previousRequested' }).step).toBe(1);
    expect(run(fresh(), { type: 'previousRequested' }).step).toBe(1);
  });

  it('asks for a payment method when submitting without one', () => {
    const state = run(onStep2(), { type: 'submitRequested', rules });
    expect(state.step).toBe(2);
    expect(state.isSubmitting).toBe(false);
    expect(state.errors).toEqual({ paymentMethod: 'Please select a payment method' });
    expect(applicationToSubmit(state, rules)).toBeNull();
  });

  it('clears the payment message once a method is chosen', () => {
    const state = run(onStep2(), { type: 'submitRequested', rules }, { type: 'paymentMethodChosen', method: 'mtn' });
    expect(state.errors.paymentMethod).toBeUndefined();
    expect(state.paymentMethod).toBe('mtn');
  });

  it('starts a submit with a chosen method, and the application is ready to send', () => {
    const chosen = run(onStep2(), { type: 'paymentMethodChosen', method: 'bank' });
    expect(applicationToSubmit(chosen, rules)).toEqual({ ...sent, paymentMethod: 'bank' });
    const state = run(chosen, { type: 'submitRequested', rules });
    expect(state.isSubmitting).toBe(true);
    expect(state.step).toBe(2);
  });

  it("submits a card payment with no card: the card is entered on the card provider's page", () => {
    const card = run(onStep2(), { type: 'paymentMethodChosen', method: 'card' });
    expect(applicationToSubmit(card, rules)).toEqual({ ...sent, paymentMethod: 'card' });
    const submitting = run(card, { type: 'submitRequested', rules });
    expect(submitting.errors).toEqual({});
    expect(submitting.isSubmitting).toBe(true);
  });

  it('sends mobile money to step 1’s phone until the payer types another number', () => {
    const airtel = run(onStep2(), { type: 'paymentMethodChosen', method: 'airtel' });
    expect(applicationToSubmit(airtel, rules)).toMatchObject({
      paymentMethod: 'airtel',
      payerPhone: '+260 97 1234567',
    });
    const mtn = run(airtel, { type: 'paymentMethodChosen', method: 'mtn' }, { type: 'submitRequested', rules });
    expect(mtn.errors.payerPhone).toBe('This number is not on MTN Mobile Money. MTN numbers start with 096 or 076.');
    const otherPhone = run(mtn, { type: 'payerPhoneChanged', value: '0961234567' });
    expect(otherPhone.errors.payerPhone).toBeUndefined();
    expect(otherPhone.fields.phoneNumber).toBe('+260 97 1234567');
    expect(applicationToSubmit(otherPhone, rules)).toMatchObject({ paymentMethod: 'mtn', payerPhone: '0961234567' });
    expect(
      run(otherPhone, { type: 'payerPhoneChanged', value: '' }, { type: 'submitRequested', rules }).errors,
    ).toEqual({
      payerPhone: 'Enter the mobile money number to send the payment request to',
    });
  });

  it('clears a payment detail’s message when another method is chosen', () => {
    const refused = run(onStep2(), { type: 'paymentMethodChosen', method: 'card' }, { type: 'submitRequested', rules });
    expect(run(refused, { type: 'paymentMethodChosen', method: 'bank' }).errors).toEqual({});
  });

  it('shows step 3 with the server’s reference once the submit succeeds, and is final there', () => {
    const submitted = run(
      onStep2(),
      { type: 'paymentMethodChosen', method: 'card' },
      { type: 'submitRequested', rules },
      { type: 'submitSucceeded', reference: 'LP-123456', payment: null },
    );
    expect(submitted.step).toBe(3);
    expect(submitted.submitted).toEqual({ reference: 'LP-123456', numberOfPlates: 2, payment: null });
    expect(run(submitted, { type: 'previousRequested' })).toBe(submitted);
    expect(run(submitted, { type: 'fieldChanged', field: 'fullName', value: 'x' })).toBe(submitted);
    expect(draftOf(submitted)).toBeNull();
  });

  it('stays on step 2 with the notice when the submit does not go through', () => {
    const state = run(
      onStep2(),
      { type: 'paymentMethodChosen', method: 'airtel' },
      { type: 'submitRequested', rules },
      {
        type: 'submitFailed',
        message: 'Submitting applications opens soon — your application is saved on this device.',
      },
    );
    expect(state.step).toBe(2);
    expect(state.isSubmitting).toBe(false);
    expect(state.notice).toBe('Submitting applications opens soon — your application is saved on this device.');
    expect(state.paymentMethod).toBe('airtel');
  });

  it('stays on step 2 with the server’s message under the payment detail it refused', () => {
    const state = run(
      onStep2(),
      { type: 'paymentMethodChosen', method: 'card' },
      { type: 'submitRequested', rules },
      { type: 'submitFailed', message: null, errors: { card: 'Card number is not valid' } },
    );
    expect(state.step).toBe(2);
    expect(state.errors).toEqual({ card: 'Card number is not valid' });
    expect(state.failedAttempts).toBe(1);
  });

  it('offers a new application id after the server refuses a changed resubmit, keeping the answers', () => {
    const refused = run(
      onStep2(),
      { type: 'paymentMethodChosen', method: 'bank' },
      { type: 'submitRequested', rules },
      { type: 'submitFailed', message: 'This application was already submitted with other details.', isConflict: true },
    );
    expect(refused.isConflict).toBe(true);
    const restarted = run(refused, { type: 'restarted', applicationId: 'new-id' });
    expect(restarted).toMatchObject({
      applicationId: 'new-id',
      isConflict: false,
      notice: null,
      step: 2,
      fields: filled,
      paymentMethod: 'bank',
    });
  });

  it('goes back to step 1 when the server refuses a personal detail', () => {
    const state = run(
      onStep2(),
      { type: 'paymentMethodChosen', method: 'airtel' },
      { type: 'submitRequested', rules },
      { type: 'submitFailed', message: null, errors: { nrcNumber: 'NRC number must look like 123456/78/9' } },
    );
    expect(state.step).toBe(1);
    expect(state.errors).toEqual({ nrcNumber: 'NRC number must look like 123456/78/9' });
    expect(state.failedAttempts).toBe(1);
  });

  it('ignores a second submit while one is running', () => {
    const running = run(
      onStep2(),
      { type: 'paymentMethodChosen', method: 'airtel' },
      { type: 'submitRequested', rules },
    );
    expect(run(running, { type: 'submitRequested', rules })).toBe(running);
    expect(run(running, { type: 'previousRequested' })).toBe(running);
  });

  it('ignores a late answer when no submit is running', () => {
    const state = onStep2();
    expect(run(state, { type: 'submitSucceeded', reference: 'LP-000001', payment: null })).toBe(state);
  });
});

describe('initialWizardState from a draft', () => {
  it('resumes on the saved step with the saved answers and id', () => {
    const state = initialWizardState(
      { applicationId: 'saved-id', step: 2, fields: filled, paymentMethod: 'mtn', payerPhone: '0961234567' },
      ID,
    );
    expect(state).toMatchObject({
      applicationId: 'saved-id',
      step: 2,
      fields: filled,
      paymentMethod: 'mtn',
      payerPhone: '0961234567',
    });
  });

  it('goes back to step 1 once the rules load, when the saved details no longer pass', () => {
    const state = initialWizardState(
      {
        applicationId: 'saved-id',
        step: 2,
        fields: { ...filled, fullName: '' },
        paymentMethod: null,
        payerPhone: null,
      },
      ID,
    );
    expect(run(state, { type: 'rulesLoaded', rules }).step).toBe(1);
    const passing = initialWizardState(
      { applicationId: 'saved-id', step: 2, fields: filled, paymentMethod: null, payerPhone: null },
      ID,
    );
    expect(run(passing, { type: 'rulesLoaded', rules })).toBe(passing);
  });

  it('says so, and stays where it is, when the rules cannot be fetched', () => {
    const state = run(fresh(), ...typed(filled), {
      type: 'rulesUnavailable',
      message: 'This could not be loaded. Check your connection and try again.',
    });
    expect(state).toMatchObject({ step: 1, notice: 'This could not be loaded. Check your connection and try again.' });
  });

  it('keeps the draft’s step, answers and id, nothing derived', () => {
    const state = run(onStep2(), { type: 'submitRequested', rules });
    const withCard = run(state, { type: 'paymentMethodChosen', method: 'card' });
    expect(draftOf(state)).toEqual({
      applicationId: ID,
      step: 2,
      fields: filled,
      paymentMethod: null,
      payerPhone: null,
    });
    expect(draftOf(withCard)).not.toHaveProperty('cardNumber');
  });
});

describe('step 1 carries real data', () => {
  it('refuses NRC "abc", phone "12" and name "X" with messages that say what will do', () => {
    const state = run(fresh(), ...typed({ ...filled, fullName: 'X', nrcNumber: 'abc', phoneNumber: '12' }), {
      type: 'nextRequested',
      rules,
    });
    expect(state.step).toBe(1);
    expect(state.errors).toEqual({
      fullName: 'Full name must be at least 2 characters',
      nrcNumber: 'NRC number must look like 123456/78/9',
      phoneNumber: 'Enter a Zambian phone number like +260 97 123 4567',
    });
  });

  it('asks for the registration, or an explicit "not yet known", and ticking clears the message', () => {
    const refused = run(fresh(), ...typed({ ...filled, vehicleRegistration: '' }), { type: 'nextRequested', rules });
    expect(refused.errors).toEqual({
      vehicleRegistration: 'Enter the vehicle’s registration number, or tick “Registration not yet known”',
    });
    const ticked = run(refused, { type: 'fieldChanged', field: 'registrationNotYetKnown', value: 'true' });
    expect(ticked.errors.vehicleRegistration).toBeUndefined();
    expect(run(ticked, { type: 'nextRequested', rules }).step).toBe(2);
  });

  it('fills a signed-in applicant’s name, email and phone into the empty fields only', () => {
    const profile = { name: 'Mwila Banda', email: 'buyer@nambala.zm', phone: '+260971234567' };
    expect(run(fresh(), { type: 'profileKnown', profile }).fields).toMatchObject({
      fullName: 'Mwila Banda',
      email: 'buyer@nambala.zm',
      phoneNumber: '+260971234567',
    });
    const typedFirst = run(fresh(), ...typed({ fullName: 'Chanda Mulenga' }), {
      type: 'profileKnown',
      profile: { ...profile, phone: null },
    });
    expect(typedFirst.fields).toMatchObject({ fullName: 'Chanda Mulenga', email: 'buyer@nambala.zm', phoneNumber: '' });
    const unchanged = fresh();
    expect(run(unchanged, { type: 'profileKnown', profile: { name: '', email: '', phone: null } })).toBe(unchanged);
  });
});
