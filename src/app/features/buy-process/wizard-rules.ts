/**
 * The rules the wizard checks its steps with, loaded together on demand (once the page is
 * idle, or with the first Next), not with the wizard's first paint: the application's rules
 * (zod) and the check of step 2's payment details.
 */
export {
  applicationSchema,
  applicationStep1Schema,
  applicationStep2Schema,
  chosenNumbersProblem,
} from '#domain/applications/application-form';
export { checkPaymentDetails } from '../../applications/payment-details';
