import { describe, expect, it } from 'vitest';
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
};

function run(state: WizardState, ...actions: WizardAction[]): WizardState {
  return actions.reduce(wizardReducer, state);
}

function typed(fields: Partial<typeof filled>): WizardAction[] {
  return Object.entries(fields).map(([field, value]) => ({ type: 'fieldChanged', field: field as keyof typeof filled, value }));
}

const fresh = () => initialWizardState(null, ID);
const onStep2 = () => run(fresh(), ...typed(filled), { type: 'nextRequested' });

describe('wizard reducer', () => {
  it('starts on step 1 with empty fields and one plate', () => {
    const state = fresh();
    expect(state.step).toBe(1);
    expect(state.fields).toEqual(EMPTY_FIELDS);
    expect(state.fields.numberOfPlates).toBe('1');
    expect(state.applicationId).toBe(ID);
  });

  it('stays on step 1 with every required message when Next is pressed on an empty form', () => {
    const state = run(fresh(), { type: 'fieldChanged', field: 'numberOfPlates', value: '0' }, { type: 'nextRequested' });
    expect(state.step).toBe(1);
    expect(state.errors).toEqual({
      fullName: 'Full name is required',
      nrcNumber: 'NRC number is required',
      phoneNumber: 'Phone number is required',
      email: 'Email is required',
      address: 'Address is required',
      numberOfPlates: 'Number of plates must be at least 1',
    });
    expect(state.failedAttempts).toBe(1);
  });

  it('says the email format is invalid when an address is given', () => {
    const state = run(fresh(), ...typed({ ...filled, email: 'chanda@example' }), { type: 'nextRequested' });
    expect(state.step).toBe(1);
    expect(state.errors).toEqual({ email: 'Invalid email format' });
  });

  it('clears a field’s message when that field changes, and only that one', () => {
    const refused = run(fresh(), { type: 'nextRequested' });
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
    const state = run(fresh(), { type: 'fieldChanged', field: 'numberOfPlates', value: '' }, { type: 'numberOfPlatesCommitted' });
    expect(state.fields.numberOfPlates).toBe('1');
    expect(platesToPrice(run(fresh(), { type: 'fieldChanged', field: 'numberOfPlates', value: 'abc' }).fields)).toBe(1);
  });

  it('Previous goes back one step and never below step 1', () => {
    expect(run(onStep2(), { type: 'previousRequested' }).step).toBe(1);
    expect(run(fresh(), { type: 'previousRequested' }).step).toBe(1);
  });

  it('asks for a payment method when submitting without one', () => {
    const state = run(onStep2(), { type: 'submitRequested' });
    expect(state.step).toBe(2);
    expect(state.isSubmitting).toBe(false);
    expect(state.errors).toEqual({ paymentMethod: 'Please select a payment method' });
    expect(applicationToSubmit(state)).toBeNull();
  });

  it('clears the payment message once a method is chosen', () => {
    const state = run(onStep2(), { type: 'submitRequested' }, { type: 'paymentMethodChosen', method: 'mtn' });
    expect(state.errors.paymentMethod).toBeUndefined();
    expect(state.paymentMethod).toBe('mtn');
  });

  it('starts a submit with a chosen method, and the application is ready to send', () => {
    const chosen = run(onStep2(), { type: 'paymentMethodChosen', method: 'card' });
    expect(applicationToSubmit(chosen)).toEqual({ ...filled, numberOfPlates: 2, paymentMethod: 'card' });
    const state = run(chosen, { type: 'submitRequested' });
    expect(state.isSubmitting).toBe(true);
    expect(state.step).toBe(2);
  });

  it('shows step 3 with the server’s reference once the submit succeeds, and is final there', () => {
    const submitted = run(onStep2(), { type: 'paymentMethodChosen', method: 'bank' }, { type: 'submitRequested' }, { type: 'submitSucceeded', reference: 'LP-123456' });
    expect(submitted.step).toBe(3);
    expect(submitted.submitted).toEqual({ reference: 'LP-123456', numberOfPlates: 2 });
    expect(run(submitted, { type: 'previousRequested' })).toBe(submitted);
    expect(run(submitted, { type: 'fieldChanged', field: 'fullName', value: 'x' })).toBe(submitted);
    expect(draftOf(submitted)).toBeNull();
  });

  it('stays on step 2 with the notice when the submit does not go through', () => {
    const state = run(
      onStep2(),
      { type: 'paymentMethodChosen', method: 'airtel' },
      { type: 'submitRequested' },
      { type: 'submitFailed', message: 'Submitting applications opens soon — your application is saved on this device.' },
    );
    expect(state.step).toBe(2);
    expect(state.isSubmitting).toBe(false);
    expect(state.notice).toBe('Submitting applications opens soon — your application is saved on this device.');
    expect(state.paymentMethod).toBe('airtel');
  });

  it('goes back to step 1 when the server refuses a personal detail', () => {
    const state = run(
      onStep2(),
      { type: 'paymentMethodChosen', method: 'mtn' },
      { type: 'submitRequested' },
      { type: 'submitFailed', message: null, errors: { nrcNumber: 'NRC number must look like 123456/78/9' } },
    );
    expect(state.step).toBe(1);
    expect(state.errors).toEqual({ nrcNumber: 'NRC number must look like 123456/78/9' });
    expect(state.failedAttempts).toBe(1);
  });

  it('ignores a second submit while one is running', () => {
    const running = run(onStep2(), { type: 'paymentMethodChosen', method: 'mtn' }, { type: 'submitRequested' });
    expect(run(running, { type: 'submitRequested' })).toBe(running);
    expect(run(running, { type: 'previousRequested' })).toBe(running);
  });

  it('ignores a late answer when no submit is running', () => {
    const state = onStep2();
    expect(run(state, { type: 'submitSucceeded', reference: 'LP-000001' })).toBe(state);
  });
});

describe('initialWizardState from a draft', () => {
  it('resumes on the saved step with the saved answers and id', () => {
    const state = initialWizardState({ applicationId: 'saved-id', step: 2, fields: filled, paymentMethod: 'mtn' }, ID);
    expect(state).toMatchObject({ applicationId: 'saved-id', step: 2, fields: filled, paymentMethod: 'mtn' });
  });

  it('reopens on step 1 when the saved details no longer pass', () => {
    const state = initialWizardState({ applicationId: 'saved-id', step: 2, fields: { ...filled, fullName: '' }, paymentMethod: null }, ID);
    expect(state.step).toBe(1);
  });

  it('keeps the draft’s step, answers and id, nothing derived', () => {
    const state = run(onStep2(), { type: 'submitRequested' });
    expect(draftOf(state)).toEqual({ applicationId: ID, step: 2, fields: filled, paymentMethod: null });
  });
});
