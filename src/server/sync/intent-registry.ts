/** Every intent a device may push, by the name it travels under. */
import { contactMessageSchema } from '#domain/contact/contact-message';
import { z } from 'zod';
import { CONTROL_TEXT_MESSAGE, containsControlText } from '../plugins/json-body';
import { contactRepository } from '../repositories/contact-repository';
import { defineIntent, type Intent } from './intent';
import { recordInventoryItem, recordManufacturing, recordSpoiledBlank, recordWhitebookEntry } from './agent-intents';
import { saveCustomer } from './insurance-intents';
import { saveClaim } from './claim-intents';
import { deleteAllocation, saveAllocation } from './inventory-intents';
import { decidePlateFlag, flagPlate, recordPoliceCheck } from './police-intents';
import { reportRegistration, reviewIntegrityAlert, revokeRegistration, setShopRecording } from './integrity-intents';
import { removeDriver, removeVehicle, saveDriver, saveVehicle } from './fleet-intents';
import { addUser, deleteUser, editUser, markNotificationsRead, setFavourite, updateProfile } from './user-intents';

const sendContactMessage = defineIntent({
  access: 'public',
  payload: contactMessageSchema.extend({ id: z.uuid({ message: 'id must be a UUID' }) }),
  async apply({ tx, log }, { id, ...message }) {
    const { created } = await contactRepository(tx).save(id, message);
    log.info({ contactId: id, created }, 'contact message received');
    return undefined;
  },
});

/**
 * Text in a pushed change must not hold control characters (tabs and line breaks aside).
 * The JSON parser leaves a push's body to this check, so such a change is refused alone
 * and the changes sent with it still apply.
 */
function refusingControlText(intent: Intent): Intent {
  return {
    ...intent,
    payload: z
      .unknown()
      .refine((payload) => !containsControlText(payload), CONTROL_TEXT_MESSAGE)
      .pipe(intent.payload),
  };
}

const DECLARED: Readonly<Record<string, Intent>> = {
  sendContactMessage,
  addUser,
  editUser,
  deleteUser,
  updateProfile,
  markNotificationsRead,
  setFavourite,
  recordWhitebookEntry,
  recordManufacturing,
  recordInventoryItem,
  recordSpoiledBlank,
  recordPoliceCheck,
  flagPlate,
  decidePlateFlag,
  reviewIntegrityAlert,
  revokeRegistration,
  setShopRecording,
  reportRegistration,
  saveVehicle,
  removeVehicle,
  saveDriver,
  removeDriver,
  saveCustomer,
  saveClaim,
  saveAllocation,
  deleteAllocation,
};

export const INTENTS: Readonly<Record<string, Intent>> = Object.fromEntries(
  Object.entries(DECLARED).map(([name, intent]) => [name, refusingControlText(intent)]),
);

export function intentNamed(name: string): Intent | undefined {
  return Object.hasOwn(INTENTS, name) ? INTENTS[name] : undefined;
}
