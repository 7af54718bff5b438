import { describe, expect, it } from 'vitest';
import { certificateNumber } from '#domain/certificates/certificate-number';
import { certificateRows, expiryNote } from '../../../../src/app/features/certificates/certificate-rows';
import { COROLLA } from '../../../domain/credential/credential-test-kit';
import { heldPlate, registeredPlate } from './owned-plate-fixture';

const corolla = registeredPlate();
const hilux = registeredPlate({
  ...COROLLA,
  plateNumber: 'ZM-100-AAA',
  make: 'Toyota',
  model: 'Hilux',
  expiryDate: '2027-01-10',
});
const older = { ...heldPlate('ZM-900-ZZZ'), heldAt: '2026-10-01T08:00:00.000Z' };
const newer = {
  ...heldPlate('ZM-200-BBB'),
  stage: 'Made' as const,
  manufacturingStatus: 'Ready for Collection' as const,
  heldAt: '2026-11-01T08:00:00.000Z',
};
const NONE = new Map<string, 'Revoked' | 'Stolen'>();

describe('certificateRows', () => {
  it('gives each registered plate a card in plate-number order, with its certificate number', () => {
    const { cards } = certificateRows([corolla, older, hilux], NONE, '2026-11-22');
    expect(cards.map((card) => card.plate.plateNumber)).toEqual(['ZM-100-AAA', 'ZM-123-ABC']);
    expect(cards[1]?.certificateNumber).toBe(certificateNumber(corolla, corolla.registration));
  });

  it('lists plates not registered yet apart, oldest first, with their progress', () => {
    const { pending } = certificateRows([newer, corolla, older], NONE, '2026-11-22');
    expect(pending.map((item) => [item.plate.plateNumber, item.progress])).toEqual([
      ['ZM-900-ZZZ', 'Being made'],
      ['ZM-200-BBB', 'Ready for collection'],
    ]);
  });

  it('judges each card’s standing against today', () => {
    const { cards } = certificateRows([corolla, hilux], NONE, '2026-11-22');
    expect(cards.map((card) => [card.standing, card.daysLeft])).toEqual([
      ['Expires soon', 49],
      ['Valid', 844],
    ]);
  });

  it('shows a plate on the device revocation list as Revoked or Stolen', () => {
    const { cards } = certificateRows([corolla], new Map([['ZM-123-ABC', 'Stolen' as const]]), '2026-11-22');
    expect(cards[0]?.standing).toBe('Stolen');
  });

  it('has nothing to list for an owner with no plates', () => {
    expect(certificateRows([], NONE, '2026-11-22')).toEqual({ cards: [], pending: [] });
  });
});

describe('expiryNote', () => {
  it('counts the days left while a registration expires soon', () => {
    expect(expiryNote({ standing: 'Expires soon', daysLeft: 49 })).toBe('Expires in 49 days');
    expect(expiryNote({ standing: 'Expires soon', daysLeft: 1 })).toBe('Expires in 1 day');
    expect(expiryNote({ standing: 'Expires soon', daysLeft: 0 })).toBe('Expires today');
  });

  it('says how long ago an expired registration ended', () => {
    expect(expiryNote({ standing: 'Expired', daysLeft: -1 })).toBe('Expired 1 day ago');
    expect(expiryNote({ standing: 'Expired', daysLeft: -30 })).toBe('Expired 30 days ago');
  });

  it('says nothing more for Valid, Revoked or Stolen', () => {
    expect(expiryNote({ standing: 'Valid', daysLeft: 400 })).toBeNull();
    expect(expiryNote({ standing: 'Stolen', daysLeft: 10 })).toBeNull();
  });
});
