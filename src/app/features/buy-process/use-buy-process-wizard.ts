/**
 * Wires the wizard reducer to the device and the server: the draft is read once on mount
 * and written on every change, and Submit Application calls the server.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { PaymentMethodId } from '#domain/pricing/pricing';
import { newId } from '../../store/mutate';
import { submitApplication } from './application-api';
import { clearWizardDraft, readWizardDraft, writeWizardDraft } from './wizard-draft';
import { type ApplicationField, applicationToSubmit, draftOf, initialWizardState, wizardReducer } from './wizard-reducer';

export function useBuyProcessWizard() {
  const [state, dispatch] = useReducer(wizardReducer, undefined, () => initialWizardState(readWizardDraft(), newId()));
  const stateRef = useRef(state);
  const isSubmitInFlight = useRef(false);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  const { applicationId, step, fields, paymentMethod } = state;
  useEffect(() => {
    const draft = draftOf({ applicationId, step, fields, paymentMethod });
    // Once submitted, the server holds the application; its personal details leave the device.
    if (draft) writeWizardDraft(draft);
    else clearWizardDraft();
  }, [applicationId, step, fields, paymentMethod]);

  const changeField = useCallback((field: ApplicationField, value: string) => dispatch({ type: 'fieldChanged', field, value }), []);
  const commitNumberOfPlates = useCallback(() => dispatch({ type: 'numberOfPlatesCommitted' }), []);
  const choosePaymentMethod = useCallback((method: PaymentMethodId) => dispatch({ type: 'paymentMethodChosen', method }), []);
  const goNext = useCallback(() => dispatch({ type: 'nextRequested' }), []);
  const goPrevious = useCallback(() => dispatch({ type: 'previousRequested' }), []);

  const submit = useCallback(async () => {
    const current = stateRef.current;
    // A second click can arrive before React has re-rendered with isSubmitting set.
    if (current.isSubmitting || isSubmitInFlight.current) return;
    // The reducer makes the same check; this tells us whether it will start a submit.
    const application = applicationToSubmit(current);
    dispatch({ type: 'submitRequested' });
    if (!application || current.step !== 2) return;
    isSubmitInFlight.current = true;
    try {
      const result = await submitApplication(current.applicationId, application);
      dispatch(result.ok ? { type: 'submitSucceeded', reference: result.reference } : { type: 'submitFailed', message: result.message, errors: result.errors });
    } catch {
      dispatch({ type: 'submitFailed', message: 'Something went wrong while submitting. Your application is saved on this device; please try again.' });
    } finally {
      isSubmitInFlight.current = false;
    }
  }, []);

  return { state, changeField, commitNumberOfPlates, choosePaymentMethod, goNext, goPrevious, submit };
}
