import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeNrcCheck } from '#domain/agent/nrc-check';
import { manufacturingNotGiven, saleNrcMismatch, saleWrongNumber } from '#domain/integrity/integrity-alert';
import {
  manufacturingRefusedOnDevice,
  saleRefusedOnDevice,
} from '../../../../src/app/features/agent/shop-order-checks';
import type { LocalAgentOrder } from '../../../../src/app/store/database';

const subtle = webcrypto.subtle as SubtleCrypto;

async function order(): Promise<LocalAgentOrder> {
  return {
    id: 'ORD-001',
    agentId: 'USR-003',
    customerName: 'Mwila Banda',
    nrcCheck: await makeNrcCheck(subtle, '123456/78/9', new Uint8Array(16).fill(3), 1000),
    customerPhone: '+260971234567',
    plateNumber: 'ZM-101-ABC',
    plateType: 'Private',
    vehicle: 'Toyota Corolla (white)',
    status: 'Pending',
    collectionDate: '2026-12-09',
    createdAt: '2026-12-04T08:00:00.000Z',
  };
}

describe('the shop’s device, checking a record against its synced orders', () => {
  it('refuses a sale to an NRC that is not the order’s, without holding the NRC', async () => {
    const orders = [await order()];
    expect(JSON.stringify(orders)).not.toMatch(/123456\/78\/9|123456789/);
    expect(
      await saleRefusedOnDevice(
        orders,
        { plateNumber: 'ZM-101-ABC', ownerNrc: '999999/99/9', entitlementReference: 'ord-001' },
        subtle,
      ),
    ).toEqual({ ownerNrc: saleNrcMismatch('ord-001') });
    expect(
      await saleRefusedOnDevice(
        orders,
        { plateNumber: 'ZM-101-ABC', ownerNrc: '123456/78/9', entitlementReference: 'ORD-001' },
        subtle,
      ),
    ).toBeNull();
  });

  it('refuses the order for another number, and leaves references it does not hold to the server', async () => {
    const orders = [await order()];
    expect(
      await saleRefusedOnDevice(
        orders,
        { plateNumber: 'ZM-222-MAX', ownerNrc: '123456/78/9', entitlementReference: 'ORD-001' },
        subtle,
      ),
    ).toEqual({ plateNumber: saleWrongNumber('ORD-001', 'ZM-222-MAX', ['ZM-101-ABC']) });
    expect(
      await saleRefusedOnDevice(
        orders,
        { plateNumber: 'ZM-222-MAX', ownerNrc: '123456/78/9', entitlementReference: 'LP-000009' },
        subtle,
      ),
    ).toBeNull();
  });

  it('refuses manufacturing of a number no order is for, once the device holds the shop’s orders', async () => {
    const orders = [await order()];
    expect(manufacturingRefusedOnDevice(orders, 'ZM-999-XXX')).toEqual({
      plateNumber: manufacturingNotGiven('ZM-999-XXX'),
    });
    expect(manufacturingRefusedOnDevice(orders, 'ZM-101-ABC')).toBeNull();
    expect(manufacturingRefusedOnDevice([], 'ZM-999-XXX')).toBeNull();
  });
});
