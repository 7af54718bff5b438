/**
 * The buy-process application's fields as typed, the messages under them, and the
 * application as it is sent: apart from the wizard's reducer (which checks them with the
 * domain's zod rules) so that paying again for an application needs no zod.
 */
import type { Application } from '#domain/applications/application-form';
import type { PaymentDetailsToSend } from './payment-details';

export const APPLICATION_FIELDS = [
  'fullName',
  'nrcNumber',
  'phoneNumber',
  'email',
  'address',
  'numberOfPlates',
  'vehicleMake',
  'vehicleModel',
  'vehicleRegistration',
  'registrationNotYetKnown',
] as const;
export type ApplicationField = (typeof APPLICATION_FIELDS)[number];
/**
 * As typed: the number of plates stays text until it is checked, so clearing the box to retype
 * works; "registration not yet known" is 'true' when ticked and '' when not.
 */
export type ApplicationFields = Record<ApplicationField, string>;
export type WizardErrorKey = ApplicationField | 'paymentMethod' | 'payerPhone' | 'card' | 'plateNumbers';
export type WizardErrors = Partial<Record<WizardErrorKey, string>>;

export const EMPTY_FIELDS: ApplicationFields = {
  fullName: '',
  nrcNumber: '',
  phoneNumber: '',
  email: '',
  address: '',
  numberOfPlates: '1',
  vehicleMake: '',
  vehicleModel: '',
  vehicleRegistration: '',
  registrationNotYetKnown: '',
};

/** The application as it is sent: step 1, the method, the payment details the method needs, and the numbers chosen. */
export type ApplicationToSend = Application & PaymentDetailsToSend & { plateNumbers?: string[] };
