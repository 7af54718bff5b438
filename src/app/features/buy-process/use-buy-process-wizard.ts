/**
 * Wires the wizard reducer to the device and the server: the draft is read once on mount
 * and written on every change, and Submit Application calls the server. Submitting needs a
 * connection and a signed-in account: offline the draft waits and the page says so; a
 * visitor is sent to sign in and comes back to step 2 with the draft as they left it.
 * A signed-in applicant's name, email and phone come from their account into the empty fields.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PaymentMethodId } from '#domain/pricing/pricing';
import type { CollectionChoice } from '#domain/collection/collection';
import { NOT_LOADED, onDemand } from '../../components/loaded-when-open';
import { whenReadyAndIdle } from '../../components/when-idle';
import { paths } from '../../config/paths';
import { getSession } from '../../session/session-store';
import { useDeviceSession } from '../../session/use-session';
import { newId } from '../../store/new-id';
import { SUBMIT_SIGN_IN } from '../../applications/application-messages';
import { clearWizardDraft, readWizardDraft, writeWizardDraft } from './wizard-draft';
import {
  type ApplicationField,
  applicationToSubmit,
  draftOf,
  initialWizardState,
  wizardReducer,
} from './wizard-reducer';

export const SUBMIT_BROKE =
  'Something went wrong while submitting. Your application is saved on this device; please try again.';

/** Where a visitor signs in before submitting, and comes back to afterwards. */
export const SIGN_IN_TO_SUBMIT = `${paths.auth}?redirect=${encodeURIComponent(paths.buyProcess)}`;

/** The application's rules (zod) and the payment details' check: loaded once the page is idle, or with the first Next. */
const wizardRules = onDemand(() => import('./wizard-rules'));
// Sending is loaded when the person submits, not with the wizard's first paint.
const applicationApi = onDemand(() => import('../../applications/application-api'));

export function useBuyProcessWizard() {
  const navigate = useNavigate();
  // The device's idea of who is signed in: enough to fill in their details, offline too.
  const session = useDeviceSession();
  const [state, dispatch] = useReducer(wizardReducer, undefined, () => {
    const draft = readWizardDraft();
    const applicationId = draft?.applicationId ?? newId();
    return initialWizardState(draft, applicationId);
  });
  const stateRef = useRef(state);

  // A draft reopened on step 2 is checked against the rules once the page is idle (not with its first load).
  const isReopenedOnStep2 = useRef(state.step === 2);
  useEffect(() => {
    if (!isReopenedOnStep2.current) return;
    let isCurrent = true;
    whenReadyAndIdle(() => {
      wizardRules.load().then(
        (rules) => {
          if (isCurrent) dispatch({ type: 'rulesLoaded', rules });
        },
        () => undefined,
      );
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  const isSubmitInFlight = useRef(false);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  const { applicationId, step, fields, paymentMethod, payerPhone, chosenNumbers } = state;
  useEffect(() => {
    const draft = draftOf({ applicationId, step, fields, paymentMethod, payerPhone, chosenNumbers });
    // Once submitted, the server holds the application; its personal details leave the device.
    if (draft) writeWizardDraft(draft);
    else clearWizardDraft();
  }, [applicationId, step, fields, paymentMethod, payerPhone, chosenNumbers]);

  const profile = session.status === 'signed-in' ? session.user : null;
  const profileName = profile?.name ?? '';
  const profileEmail = profile?.email ?? '';
  const profilePhone = profile?.phone ?? '';
  useEffect(() => {
    if (profileName || profileEmail || profilePhone)
      dispatch({ type: 'profileKnown', profile: { name: profileName, email: profileEmail, phone: profilePhone } });
  }, [profileName, profileEmail, profilePhone]);

  const changeField = useCallback(
    (field: ApplicationField, value: string) => dispatch({ type: 'fieldChanged', field, value }),
    [],
  );
  const commitNumberOfPlates = useCallback(() => dispatch({ type: 'numberOfPlatesCommitted' }), []);
  const choosePaymentMethod = useCallback(
    (method: PaymentMethodId) => dispatch({ type: 'paymentMethodChosen', method }),
    [],
  );
  const changePayerPhone = useCallback((value: string) => dispatch({ type: 'payerPhoneChanged', value }), []);
  const chooseNumbers = useCallback((numbers: string[]) => dispatch({ type: 'numbersChosen', numbers }), []);
  const goNext = useCallback(async () => {
    const rules = await wizardRules.load().catch(() => null);
    dispatch(rules ? { type: 'nextRequested', rules } : { type: 'rulesUnavailable', message: NOT_LOADED });
  }, []);
  const goPrevious = useCallback(() => dispatch({ type: 'previousRequested' }), []);
  const startNewApplication = useCallback(() => dispatch({ type: 'restarted', applicationId: newId() }), []);

  /** `extra`: what the page adds to the application (the plate shop and delivery chosen). */
  const submit = useCallback(
    async (extra: Partial<CollectionChoice> = {}) => {
      const current = stateRef.current;
      // A second click can arrive before React has re-rendered with isSubmitting set.
      if (current.isSubmitting || isSubmitInFlight.current) return;
      const rules = wizardRules.loaded() ?? (await wizardRules.load().catch(() => null));
      if (!rules) {
        dispatch({ type: 'rulesUnavailable', message: NOT_LOADED });
        return;
      }
      // The reducer makes the same check; this tells us whether it will start a submit.
      const application = applicationToSubmit(current, rules);
      dispatch({ type: 'submitRequested', rules });
      if (!application || current.step !== 2) return;
      // The page already says so while offline; the draft simply waits.
      if (!navigator.onLine) {
        dispatch({ type: 'submitFailed', message: null });
        return;
      }
      if (getSession().status === 'signed-out') {
        dispatch({ type: 'submitFailed', message: SUBMIT_SIGN_IN });
        void navigate(SIGN_IN_TO_SUBMIT);
        return;
      }
      isSubmitInFlight.current = true;
      try {
        const { submitApplication } = await applicationApi.load();
        const result = await submitApplication(current.applicationId, { ...application, ...extra });
        if (result.ok) {
          dispatch({ type: 'submitSucceeded', reference: result.reference, payment: result.payment });
          return;
        }
        dispatch({
          type: 'submitFailed',
          message: result.message,
          errors: result.errors,
          isConflict: result.failure === 'conflict',
        });
        // The device thought it was signed in, but the session had ended.
        if (result.failure === 'sign-in') void navigate(SIGN_IN_TO_SUBMIT);
      } catch {
        dispatch({ type: 'submitFailed', message: SUBMIT_BROKE });
      } finally {
        isSubmitInFlight.current = false;
      }
    },
    [navigate],
  );

  return {
    state,
    changeField,
    commitNumberOfPlates,
    choosePaymentMethod,
    changePayerPhone,
    chooseNumbers,
    goNext,
    goPrevious,
    submit,
    startNewApplication,
  };
}
