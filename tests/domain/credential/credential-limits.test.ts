import { describe, expect, it } from 'vitest';
import { whitebookEntrySchema } from '#domain/agent/workspace';
import { vehicleDetailsSchema } from '#domain/fleet/fleet-input';
import { step1Fields } from '#domain/applications/application-form';
import { encodeUnsigned } from '#domain/credential/credential';
import { credentialTextTooLong } from '#domain/credential/credential-limits';

const sale = {
  id: '0190f5d2-0001-7000-8000-000000000009',
  plateNumber: 'ZM-101-ABC',
  vehicleMake: 'Toyota',
  vehicleModel: 'Corolla',
  vehicleColour: 'White',
  vehicleYear: 2019,
  chassisNumber: 'JTDBR32E720123456',
  ownerName: 'Mwila Banda',
  ownerNrc: '123456/78/9',
  saleDate: '2026-11-20',
  registrationNumber: 'BAK 1234',
  entitlementReference: 'ORD-001',
};

describe('vehicle texts held to the credential’s limits', () => {
  const schema = whitebookEntrySchema('2026-12-06');

  it('refuses a 20-character colour in the whitebook with a message, where the credential holds 16 bytes', () => {
    const result = schema.safeParse({ ...sale, vehicleColour: 'Metallic Silver Grey' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['vehicleColour'],
      message: credentialTextTooLong('Vehicle colour', 'colour'),
    });
  });

  it('counts a letter such as ë as two, as the credential does', () => {
    expect(schema.safeParse({ ...sale, vehicleColour: 'ëëëëëëëë' }).success).toBe(true);
    expect(schema.safeParse({ ...sale, vehicleColour: 'ëëëëëëëëx' }).success).toBe(false);
  });

  it('signs whatever the whitebook accepts at the longest', () => {
    const parsed = schema.parse({
      ...sale,
      vehicleMake: 'M'.repeat(24),
      vehicleModel: 'm'.repeat(24),
      vehicleColour: 'c'.repeat(16),
    });
    expect(() =>
      encodeUnsigned({
        keyId: 1,
        plateNumber: parsed.plateNumber,
        make: parsed.vehicleMake,
        model: parsed.vehicleModel,
        colour: parsed.vehicleColour,
        registrationDate: '2026-11-20',
        expiryDate: '2031-11-20',
      }),
    ).not.toThrow();
    expect(schema.safeParse({ ...sale, vehicleMake: 'M'.repeat(25) }).success).toBe(false);
  });

  it('holds the fleet’s vehicle and the application’s vehicle to the same limits', () => {
    expect(step1Fields.vehicleMake.safeParse('M'.repeat(25)).success).toBe(false);
    expect(step1Fields.vehicleModel.safeParse('Land Cruiser Prado').success).toBe(true);
    const fleet = vehicleDetailsSchema('2026-12-06').safeParse({
      make: 'Toyota',
      model: 'Hilux',
      year: '2020',
      colour: 'Metallic Silver Grey',
      chassisNumber: '',
    });
    expect(fleet.error?.issues.find((issue) => issue.path[0] === 'colour')?.message).toBe(
      credentialTextTooLong('Colour', 'colour'),
    );
  });
});
