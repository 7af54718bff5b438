import 'fake-indexeddb/auto';
import { customerInputSchema } from '#domain/insurance/customer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveCustomerMutation } from '../../../../src/app/features/insurance/insurance-changes';
import { PAGE_SIZE, pageOf, readInsurance } from '../../../../src/app/features/insurance/insurance-query';
import { NambalaDatabase } from '../../../../src/app/store/database';
import { mutate } from '../../../../src/app/store/mutate';

describe('insurance customers on the device', () => {
  let database: NambalaDatabase;
  beforeEach(() => {
    database = new NambalaDatabase(`test-${crypto.randomUUID()}`);
  });
  afterEach(() => database.delete());

  it('saves a customer offline with its outbox entry, keeping the vehicles last pulled on an edit', async () => {
    const input = customerInputSchema.parse({
      id: crypto.randomUUID(),
      name: 'Chanda Mwale',
      nrc: '234567/10/1',
      phone: '0977123456',
      email: 'chanda@example.zm',
    });
    await mutate(database, saveCustomerMutation(input, 'agent-1', undefined));
    const [entry] = await database.outbox.toArray();
    expect(entry).toMatchObject({
      intent: 'saveCustomer',
      table: 'insuranceCustomers',
      rowId: input.id,
      status: 'pending',
      payload: input,
    });
    const vehicles = [
      {
        plateNumber: 'ZM-123-ABC',
        make: 'Toyota',
        model: 'Corolla',
        colour: 'Silver',
        year: 2019,
        expiryDate: '2029-03-15',
        standing: 'Valid' as const,
      },
    ];
    await database.insuranceCustomers.update(input.id, { vehicles, syncState: 'synced' });
    const before = await database.insuranceCustomers.get(input.id);
    await mutate(database, saveCustomerMutation({ ...input, name: 'Chanda Mwale Banda' }, 'agent-1', before));
    const data = await readInsurance(database);
    expect(data.customers).toHaveLength(1);
    expect(data.customers[0]).toMatchObject({
      name: 'Chanda Mwale Banda',
      vehicles,
      syncState: 'pending',
      createdAt: before?.createdAt,
    });
  });

  it('pages a list and keeps the page in range', () => {
    const items = Array.from({ length: PAGE_SIZE * 2 + 3 }, (_, index) => index);
    expect(pageOf(items, 3)).toEqual({ items: [40, 41, 42], page: 3, pages: 3 });
    expect(pageOf(items, 9).page).toBe(3);
    expect(pageOf([], 1)).toEqual({ items: [], page: 1, pages: 1 });
  });
});
