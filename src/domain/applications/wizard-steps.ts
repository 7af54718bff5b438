// The buy-process wizard's three steps and the moves between them, apart from the
// application's rules (zod, application-form.ts) so the wizard is drawn without them.
export const WIZARD_STEPS = ['Personal Info', 'Payment', 'Confirmation'] as const;
export type WizardStep = 1 | 2 | 3;
export const FIRST_WIZARD_STEP: WizardStep = 1;
export const FINAL_WIZARD_STEP: WizardStep = 3;

/** One step forward; the confirmation step is final. Validation gates the call, not this function. */
export function nextStep(step: WizardStep): WizardStep {
  return step >= FINAL_WIZARD_STEP ? FINAL_WIZARD_STEP : ((step + 1) as WizardStep);
}

/** One step back, never below step 1; there is no way back from the final step. */
export function previousStep(step: WizardStep): WizardStep {
  if (step >= FINAL_WIZARD_STEP) return FINAL_WIZARD_STEP;
  return step <= FIRST_WIZARD_STEP ? FIRST_WIZARD_STEP : ((step - 1) as WizardStep);
}
