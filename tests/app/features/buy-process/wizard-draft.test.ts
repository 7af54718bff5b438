import { describe, expect, it } from 'vitest';
import {
  clearWizardDraft,
  type DraftStorage,
  parseWizardDraft,
  readWizardDraft,
  WIZARD_DRAFT_KEY,
  writeWizardDraft,
} from '../../../../src/app/features/buy-process/wizard-draft';
import type { WizardDraft } from '../../../../src/app/features/buy-process/wizard-reducer';

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const draft: WizardDraft = {
  applicationId: '0190f5d2-0000-7000-8000-00000000abcd',
  step: 2,
  fields: {
    fullName: 'Chanda Mulenga',
    nrcNumber: '123456/78/9',
    phoneNumber: '+260 97 1234567',
    email: 'c@example.zm',
    address: 'Lusaka',
    numberOfPlates: '3',
    vehicleMake: 'Toyota',
    vehicleModel: 'Corolla',
    vehicleRegistration: '',
    registrationNotYetKnown: 'true',
  },
  paymentMethod: 'airtel',
  payerPhone: '0771234567',
};

describe('wizard draft on the device', () => {
  it('reads a draft kept before the vehicle was asked for, with the vehicle blank', () => {
    const {
      vehicleMake: _make,
      vehicleModel: _model,
      vehicleRegistration: _registration,
      registrationNotYetKnown: _unknown,
      ...older
    } = draft.fields;
    const text = JSON.stringify({ version: 1, ...draft, fields: older });
    expect(parseWizardDraft(text)?.fields).toEqual({
      ...older,
      vehicleMake: '',
      vehicleModel: '',
      vehicleRegistration: '',
      registrationNotYetKnown: '',
    });
  });

  it('reads back what was written, under one key', () => {
    const storage = memoryStorage();
    writeWizardDraft(draft, storage);
    expect([...storage.data.keys()]).toEqual([WIZARD_DRAFT_KEY]);
    expect(readWizardDraft(storage)).toEqual(draft);
  });

  it('is gone once cleared', () => {
    const storage = memoryStorage();
    writeWizardDraft(draft, storage);
    clearWizardDraft(storage);
    expect(readWizardDraft(storage)).toBeNull();
  });

  it('reads nothing when there is no draft or no storage', () => {
    expect(readWizardDraft(memoryStorage())).toBeNull();
    expect(readWizardDraft(undefined)).toBeNull();
  });

  it('ignores drafts it cannot trust', () => {
    expect(parseWizardDraft('not json')).toBeNull();
    expect(parseWizardDraft(JSON.stringify({ ...draft }))).toBeNull(); // no version
    expect(parseWizardDraft(JSON.stringify({ version: 1, ...draft, step: 3 }))).toBeNull();
    expect(
      parseWizardDraft(JSON.stringify({ version: 1, ...draft, fields: { ...draft.fields, email: 5 } })),
    ).toBeNull();
    expect(parseWizardDraft(JSON.stringify({ version: 1, ...draft, applicationId: '' }))).toBeNull();
  });

  it('drops an unknown payment method but keeps the rest', () => {
    expect(parseWizardDraft(JSON.stringify({ version: 1, ...draft, paymentMethod: 'cheque' }))).toEqual({
      ...draft,
      paymentMethod: null,
    });
  });

  it('reads an older draft without a wallet number as using step 1’s phone', () => {
    const { payerPhone: _omitted, ...older } = draft;
    expect(parseWizardDraft(JSON.stringify({ version: 1, ...older }))).toEqual({ ...draft, payerPhone: null });
  });

  it('never holds a card number', () => {
    const storage = memoryStorage();
    writeWizardDraft({ ...draft, cardNumber: '4242 4242 4242 4242' } as WizardDraft, storage);
    expect(storage.data.get(WIZARD_DRAFT_KEY)).not.toContain('4242');
    expect(readWizardDraft(storage)).toEqual(draft);
  });

  it('keeps working when storage refuses to write or read', () => {
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => writeWizardDraft(draft, broken)).not.toThrow();
    expect(() => clearWizardDraft(broken)).not.toThrow();
    expect(readWizardDraft(broken)).toBeNull();
  });
});
