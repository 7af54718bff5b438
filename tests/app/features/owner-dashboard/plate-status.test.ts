import { describe, expect, it } from 'vitest';
import type { OwnedPlate } from '#domain/plates/owned-plate';
import type { OwnerOrder } from '#domain/plates/owner-order';
import {
  inProgress,
  isPaymentDue,
  orderStatus,
  plateCover,
  plateStatus,
} from '../../../../src/app/features/owner-dashboard/plate-status';
import { statementCsv } from '../../../../src/app/features/owner-dashboard/owner-statement';

const TODAY = '2026-11-24';

const held: OwnedPlate = {
  id: 'ZM-101-ABC',
  plateNumber: 'ZM-101-ABC',
  ownerId: 'USR-002',
  stage: 'Held',
  source: 'application',
  sourceRef: 'REQ-002',
  requestReference: 'LP-000002',
  orderId: 'ORD-001',
  shopName: 'Cairo Road Plates',
  collectionDate: '2026-11-27',
  manufacturingStatus: null,
  heldAt: '2026-11-16T10:00:00.000Z',
  madeAt: null,
  registeredAt: null,
  registration: null,
};

const registered: OwnedPlate = {
  ...held,
  stage: 'Registered',
  registration: {
    make: 'Toyota',
    model: 'Hilux',
    colour: 'White',
    year: 2022,
    chassisNumber: 'AHTFR22G807712345',
    ownerName: 'Mwila Banda',
    ownerNrc: '123456/78/9',
    registrationDate: '2026-05-08',
    expiryDate: '2031-05-08',
    standing: 'Valid',
    standingChangedAt: null,
    keyId: 1,
    credentialDigits: '123',
  },
};

describe('plateStatus', () => {
  it('says where a plate not yet registered is, naming the shop and the day', () => {
    expect(plateStatus(held, TODAY)).toEqual({
      label: 'Paid',
      palette: 'blue',
      detail: 'Paid; Cairo Road Plates will make it for collection from 27 Nov 2026.',
    });
    expect(plateStatus({ ...held, manufacturingStatus: 'In Production' }, TODAY).label).toBe('Being made');
    expect(plateStatus({ ...held, stage: 'Made', manufacturingStatus: 'Ready for Collection' }, TODAY)).toMatchObject({
      label: 'Ready for collection',
      detail: expect.stringContaining('Ready at Cairo Road Plates from 27 Nov 2026'),
    });
    expect(plateStatus({ ...held, shopName: null }, TODAY).detail).toBe(
      'Paid; waiting for a plate shop to be assigned.',
    );
  });

  it('reads a registration as registered, due for renewal, expired, revoked or stolen', () => {
    const withRegistration = (changes: Partial<NonNullable<OwnedPlate['registration']>>) => ({
      ...registered,
      registration: { ...(registered.registration as NonNullable<OwnedPlate['registration']>), ...changes },
    });
    expect(plateStatus(registered, TODAY)).toMatchObject({
      label: 'Registered',
      palette: 'green',
      detail: 'Registered until 8 May 2031.',
    });
    expect(plateStatus(withRegistration({ expiryDate: '2027-01-08' }), TODAY)).toMatchObject({
      label: 'Renewal due',
      detail: expect.stringContaining('(45 days)'),
    });
    expect(plateStatus(withRegistration({ expiryDate: '2026-11-23' }), TODAY)).toMatchObject({
      label: 'Expired',
      palette: 'red',
    });
    expect(
      plateStatus(withRegistration({ standing: 'Stolen', standingChangedAt: '2026-11-01T00:00:00.000Z' }), TODAY),
    ).toMatchObject({ label: 'Reported stolen', detail: 'Reported stolen on 1 Nov 2026.' });
    expect(plateStatus(withRegistration({ standing: 'Revoked' }), TODAY).label).toBe('Revoked');
  });
});

describe('orders', () => {
  const order: OwnerOrder = {
    id: 'REQ-009',
    kind: 'application',
    reference: 'LP-000009',
    status: 'Payment declined',
    plates: [],
    quantity: 1,
    vehicle: '',
    rejectionReason: null,
    reservedUntil: null,
    fee: null,
    listingId: null,
    applicationId: 'a',
    payment: null,
    createdAt: '2026-11-20T10:00:00.000Z',
  };

  it('asks for a payment only when one is due', () => {
    expect(isPaymentDue(order)).toBe(true);
    expect(isPaymentDue({ ...order, status: 'Awaiting payment' })).toBe(true);
    expect(isPaymentDue({ ...order, status: 'Paid' })).toBe(false);
  });

  it('gives a rejection’s reason and keeps an approved application only until its plates arrive', () => {
    expect(orderStatus({ ...order, status: 'Rejected', rejectionReason: 'The NRC does not match.' }).detail).toBe(
      'Reason: The NRC does not match.',
    );
    const approved = { ...order, status: 'Approved' as const, plates: ['ZM-101-ABC'] };
    expect(inProgress(approved, new Set())).toBe(true);
    expect(inProgress(approved, new Set(['ZM-101-ABC']))).toBe(false);
    expect(inProgress(order, new Set(['ZM-101-ABC']))).toBe(true);
  });
});

describe('statementCsv', () => {
  it('lists the plates and the payments in one spreadsheet file', () => {
    const csv = statementCsv(
      [registered, held],
      [
        {
          id: 'p1',
          reference: 'PAY-000001',
          createdAt: '2026-11-16T10:00:00.000Z',
          description: 'Application LP-000002, 1 plate',
          methodName: 'MTN Mobile Money',
          amount: 31_000,
          status: 'approved',
        },
      ],
      TODAY,
    );
    const lines = csv.replace('\uFEFF', '').split('\r\n');
    expect(lines).toContain('ZM-101-ABC,Registered,White Toyota Hilux,2026-05-08,2031-05-08,LP-000002,2026-11-16');
    expect(lines).toContain('ZM-101-ABC,Paid,,,,LP-000002,2026-11-16');
    expect(lines).toContain('PAY-000001,2026-11-16,"Application LP-000002, 1 plate",MTN Mobile Money,310.00,approved');
  });
});

describe('plateCover', () => {
  const term = {
    policyNumber: 'POL-000002',
    type: 'Comprehensive' as const,
    insurer: 'Madison General Insurance',
    startDate: '2026-07-27',
    endDate: '2027-07-26',
  };

  it('says until when, by whom and which kind of policy insures a registered plate', () => {
    expect(plateCover({ ...registered, cover: [term] }, TODAY)).toEqual({
      text: 'Insured until 26 Jul 2027 (Madison General Insurance, Comprehensive)',
      isInsured: true,
    });
  });

  it('says No valid insurance once the term has ended on this device’s day, or when there is none', () => {
    expect(plateCover({ ...registered, cover: [term] }, '2027-07-27')).toEqual({
      text: 'No valid insurance',
      isInsured: false,
    });
    expect(plateCover({ ...registered, cover: [] }, TODAY)).toEqual({ text: 'No valid insurance', isInsured: false });
    expect(plateCover(registered, TODAY)).toEqual({ text: 'No valid insurance', isInsured: false });
  });

  it('says nothing of insurance before the plate is registered', () => {
    expect(plateCover(held, TODAY)).toBeNull();
  });
});
