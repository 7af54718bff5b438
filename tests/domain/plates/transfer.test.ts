/** Transfers: who may act in which state, which plates may be handed on, and the forms' checks. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGE,
  checkTransferAction,
  decideTransfer,
  NOT_YOUR_PLATE,
  ONLY_RECIPIENT_DECIDES,
  ONLY_SENDER_CANCELS,
  type PlateTransfer,
  parseTransferContact,
  TRANSFER_ACTIONS,
  TRANSFER_STATUSES,
  type TransferablePlate,
  transferAcceptanceSchema,
  transferActionsFor,
  transferRefusal,
  transferStartSchema,
} from '#domain/plates/transfer';

const pending: PlateTransfer = {
  id: 't1',
  plateNumber: 'ZM-123-ABC',
  fromUserId: 'owner',
  fromName: 'Mwila Banda',
  toUserId: 'buyer',
  toContact: 'chanda@example.zm',
  toName: 'Chanda Mulenga',
  status: 'Pending',
  createdAt: '2026-11-20T08:00:00.000Z',
  decidedAt: null,
};

describe('who may act on a transfer', () => {
  it('lets the sender cancel and the recipient accept or decline while it is Pending', () => {
    expect(transferActionsFor(pending, 'owner')).toEqual(['cancel']);
    expect(transferActionsFor(pending, 'buyer')).toEqual(['accept', 'decline']);
    expect(transferActionsFor(pending, 'stranger')).toEqual([]);
    expect(checkTransferAction(pending, 'owner', 'cancel')).toBeUndefined();
    expect(checkTransferAction(pending, 'buyer', 'accept')).toBeUndefined();
    expect(checkTransferAction(pending, 'buyer', 'decline')).toBeUndefined();
  });

  it('refuses the sender accepting or declining their own offer, and the recipient cancelling it', () => {
    expect(checkTransferAction(pending, 'owner', 'accept')).toEqual({
      reason: 'wrong-party',
      message: ONLY_RECIPIENT_DECIDES,
    });
    expect(checkTransferAction(pending, 'owner', 'decline')).toEqual({
      reason: 'wrong-party',
      message: ONLY_RECIPIENT_DECIDES,
    });
    expect(checkTransferAction(pending, 'buyer', 'cancel')).toEqual({
      reason: 'wrong-party',
      message: ONLY_SENDER_CANCELS,
    });
  });

  it('tells someone who is neither party nothing about the transfer', () => {
    for (const action of TRANSFER_ACTIONS)
      expect(checkTransferAction(pending, 'stranger', action)).toEqual({ reason: 'not-found' });
  });

  it('lets nobody act once a transfer is accepted, declined or cancelled, saying what became of it', () => {
    expect(checkTransferAction({ ...pending, status: 'Accepted' }, 'owner', 'cancel')).toEqual({
      reason: 'decided',
      message: 'This transfer of plate ZM-123-ABC was already accepted.',
    });
    expect(checkTransferAction({ ...pending, status: 'Cancelled' }, 'buyer', 'accept')).toEqual({
      reason: 'decided',
      message: 'This transfer of plate ZM-123-ABC was cancelled.',
    });
    expect(checkTransferAction({ ...pending, status: 'Declined' }, 'buyer', 'accept')).toEqual({
      reason: 'decided',
      message: 'This transfer of plate ZM-123-ABC was declined.',
    });
  });

  it('allows exactly the actions it lists, for any state, caller and action', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TRANSFER_STATUSES),
        fc.constantFrom('owner', 'buyer', 'stranger'),
        fc.constantFrom(...TRANSFER_ACTIONS),
        fc.boolean(),
        (status, caller, action, hasRecipient) => {
          const transfer = { ...pending, status, toUserId: hasRecipient ? 'buyer' : null };
          expect(checkTransferAction(transfer, caller, action) === undefined).toBe(
            transferActionsFor(transfer, caller).includes(action),
          );
        },
      ),
    );
  });

  it('records the decision and when it was made', () => {
    const at = new Date('2026-11-21T10:00:00.000Z');
    expect(decideTransfer(pending, 'accept', at)).toEqual({
      ...pending,
      status: 'Accepted',
      decidedAt: '2026-11-21T10:00:00.000Z',
    });
    expect(decideTransfer(pending, 'decline', at).status).toBe('Declined');
    expect(decideTransfer(pending, 'cancel', at).status).toBe('Cancelled');
  });
});

describe('which plates may be transferred', () => {
  const plate: TransferablePlate = {
    plateNumber: 'ZM-123-ABC',
    ownerId: 'owner',
    stage: 'Registered',
    registration: { standing: 'Valid', expiryDate: '2029-03-15' },
  };
  const clear = { hasOpenFlag: false, hasPendingTransfer: false };
  const today = '2026-11-22';

  it('allows the owner of a registered, valid, unexpired, unflagged plate with no transfer waiting', () => {
    expect(transferRefusal(plate, 'owner', today, clear)).toBeUndefined();
  });

  it('allows it on the expiry day itself, not the day after', () => {
    expect(transferRefusal(plate, 'owner', '2029-03-15', clear)).toBeUndefined();
    expect(transferRefusal(plate, 'owner', '2029-03-16', clear)).toBe(
      "Plate ZM-123-ABC's registration expired on 15 Mar 2029. Renew it before transferring it.",
    );
  });

  it('refuses anyone but the owner', () => {
    expect(transferRefusal(plate, 'buyer', today, clear)).toBe(NOT_YOUR_PLATE);
  });

  it('refuses a plate not yet registered, a revoked one and a stolen one, each with its reason', () => {
    expect(transferRefusal({ ...plate, stage: 'Made', registration: null }, 'owner', today, clear)).toBe(
      'Plate ZM-123-ABC is not registered yet: a plate can be transferred once a shop has registered it to a vehicle.',
    );
    expect(
      transferRefusal(
        { ...plate, registration: { standing: 'Revoked', expiryDate: '2029-03-15' } },
        'owner',
        today,
        clear,
      ),
    ).toBe('Plate ZM-123-ABC has been revoked, so it cannot be transferred.');
    expect(
      transferRefusal(
        { ...plate, registration: { standing: 'Stolen', expiryDate: '2029-03-15' } },
        'owner',
        today,
        clear,
      ),
    ).toBe('Plate ZM-123-ABC is reported stolen, so it cannot be transferred.');
  });

  it('refuses a plate flagged by the police, and one already being transferred', () => {
    expect(transferRefusal(plate, 'owner', today, { ...clear, hasOpenFlag: true })).toBe(
      'Plate ZM-123-ABC has been flagged by the police and cannot be transferred until the registry has decided the flag.',
    );
    expect(transferRefusal(plate, 'owner', today, { ...clear, hasPendingTransfer: true })).toBe(
      'A transfer of plate ZM-123-ABC is already waiting to be accepted. Cancel it first to start another.',
    );
  });
});

describe('the transfer forms', () => {
  it('takes an email (lower-cased) or a Zambian phone number (in +260 form)', () => {
    expect(parseTransferContact(' Chanda@Example.ZM ')).toEqual({ kind: 'email', value: 'chanda@example.zm' });
    expect(parseTransferContact('0971234567')).toEqual({ kind: 'phone', value: '+260971234567' });
    expect(parseTransferContact('+260 97 123 4567')).toEqual({ kind: 'phone', value: '+260971234567' });
    expect(parseTransferContact('not an address')).toBeNull();
    expect(parseTransferContact('chanda@')).toBeNull();
    expect(parseTransferContact('+44 20 7946 0958')).toBeNull();
  });

  it('says what to enter when the contact will not do', () => {
    for (const toContact of ['', '12345', 'chanda@']) {
      const result = transferStartSchema.safeParse({ toContact });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CONTACT_MESSAGE);
    }
    expect(transferStartSchema.safeParse({}).error?.issues[0]?.message).toBe(CONTACT_MESSAGE);
  });

  it('asks the new owner for their full name and an NRC number like 123456/78/9', () => {
    expect(transferAcceptanceSchema.parse({ ownerName: ' Chanda Mulenga ', ownerNrc: '123456/78/9' })).toEqual({
      ownerName: 'Chanda Mulenga',
      ownerNrc: '123456/78/9',
    });
    const refused = transferAcceptanceSchema.safeParse({ ownerName: '', ownerNrc: '12345' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'Full name is required',
      'NRC number must look like 123456/78/9',
    ]);
  });
});
