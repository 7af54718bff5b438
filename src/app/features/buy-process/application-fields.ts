/**
 * The buy-process application's fields as typed, and the messages under them: apart from
 * the wizard's reducer (which checks them with the domain's zod rules) so that paying
 * again for an application needs no zod.
 */
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
export type WizardErrorKey = ApplicationField | 'paymentMethod' | 'payerPhone' | 'card';
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
