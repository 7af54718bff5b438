/**
 * The plate lifecycle's steps as the other actors take them, through the API: the buyer's
 * paid application, the administrator's approval, the shop's records. Journeys use these
 * for the parts another journey already walks through in the browser.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequest, type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { DEMO, signInAs } from './app-page';
import { payOnCardPageByRequest } from './card-page';

export const APPROVE_CARD = { number: '4242 4242 4242 4242' };

/**
 * Buys a listed number by card for Mwila Banda through the API, as the buyer's browser would,
 * and pays on the card provider's page: the sale is made and the payment approved.
 */
export async function buyListingByCard(buyer: APIRequestContext, listingId: string): Promise<void> {
  const bought = await buyer.post(`/api/listings/${listingId}/buy`, {
    data: { idempotencyKey: randomUUID(), method: 'card', ownerName: 'Mwila Banda', ownerNrc: '123456/78/9' },
  });
  expect(bought.status()).toBe(201);
  const { payment } = (await bought.json()) as { payment: { checkoutUrl: string } };
  expect((await payOnCardPageByRequest(buyer, payment.checkoutUrl, APPROVE_CARD.number)).status).toBe('approved');
}
export const today = () => new Date().toISOString().slice(0, 10);

export async function signedInPage(
  browser: Browser,
  account: keyof typeof DEMO,
  options: { viewport?: { width: number; height: number }; baseURL?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
  });
  const page = await context.newPage();
  await signInAs(page, account);
  return page;
}

/** A request context signed in as a demo account: another actor of a journey, through the API. */
export async function apiAs(
  request: APIRequest,
  baseURL: string | undefined,
  account: keyof typeof DEMO,
): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  const response = await context.post('/api/auth/login', { data: DEMO[account] });
  expect(response.status()).toBe(200);
  return context;
}

/**
 * A number given to the demo shop to make and sell, as a real one is: the demo buyer's paid
 * application, approved by the administrator (the shop gets its order). Sold to Mwila Banda,
 * NRC 123456/78/9, against the application's LP- reference.
 */
export async function numberForShop(
  request: APIRequest,
  baseURL: string | undefined,
): Promise<{ plate: string; reference: string }> {
  const buyer = await apiAs(request, baseURL, 'buyer');
  const admin = await apiAs(request, baseURL, 'admin');
  try {
    return await approvedPlate(buyer, admin);
  } finally {
    await buyer.dispose();
    await admin.dispose();
  }
}

/** A paid application by the signed-in buyer, approved by the administrator: the number allocated. */
export async function approvedPlate(
  buyer: APIRequestContext,
  admin: APIRequestContext,
  applicant = { name: 'Mwila Banda', nrc: '123456/78/9', email: 'buyer@nambala.zm' },
): Promise<{ plate: string; reference: string }> {
  const submitted = await buyer.post('/api/applications', {
    data: {
      id: randomUUID(),
      fullName: applicant.name,
      nrcNumber: applicant.nrc,
      phoneNumber: '+260 97 1234567',
      email: applicant.email,
      address: 'Plot 12, Kabulonga Road, Lusaka',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      registrationNotYetKnown: true,
      numberOfPlates: 1,
      paymentMethod: 'card',
    },
  });
  expect(submitted.status()).toBe(201);
  const { requestId, reference, payment } = (await submitted.json()) as {
    requestId: string;
    reference: string;
    payment: { checkoutUrl: string };
  };
  // Paid on the card provider's page, as the applicant's browser would.
  expect((await payOnCardPageByRequest(buyer, payment.checkoutUrl, APPROVE_CARD.number)).status).toBe('approved');
  const decided = await admin.post('/api/admin/requests/decide', { data: { ids: [requestId], decision: 'approve' } });
  const plate = ((await decided.json()) as { outcomes: Array<{ plates: string[] }> }).outcomes[0]?.plates[0];
  if (!plate) throw new Error('the approval allocated no number');
  return { plate, reference };
}

/** A change pushed from the shop's tablet, and its answer checked. */
export async function pushAsShop(agent: APIRequestContext, intent: string, payload: object): Promise<void> {
  const response = await agent.post('/api/sync/push', {
    data: { clientId: `e2e-shop-${randomUUID()}`, mutations: [{ id: randomUUID(), intent, payload }] },
  });
  const [result] = ((await response.json()) as { results: Array<{ outcome: string; message?: string }> }).results;
  expect(result, result?.message).toMatchObject({ outcome: 'applied' });
}

/**
 * The shop records a plate's manufacturing on the next two blanks of its deliveries (as the
 * Inventory page shows them). Journeys running side by side may reach for the same blanks: the
 * one refused for a blank another just used takes the next ones. Returns the serials used.
 */
export async function manufactureOnNextBlanks(
  agent: APIRequestContext,
  record: { plateNumber: string; status: string; batchNumber: string },
): Promise<{ frontSerial: string; rearSerial: string }> {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const stock = (await (await agent.get('/api/shop/blank-serials')).json()) as {
      deliveries: Array<{ inStock: number; nextInStock: string | null }>;
    };
    const next = stock.deliveries.find(
      (delivery) => delivery.inStock >= 2 && delivery.nextInStock !== null,
    )?.nextInStock;
    if (!next) throw new Error('the shop has no blanks left');
    const serial = Number(next.slice(3));
    const blanks = { frontSerial: next, rearSerial: `ZB-${String(serial + 1).padStart(7, '0')}` };
    const response = await agent.post('/api/sync/push', {
      data: {
        clientId: `e2e-shop-${randomUUID()}`,
        mutations: [
          {
            id: randomUUID(),
            intent: 'recordManufacturing',
            payload: { id: randomUUID(), ...record, productionDate: today(), notes: '', ...blanks },
          },
        ],
      },
    });
    const [result] = (
      (await response.json()) as { results: Array<{ outcome: string; status?: number; message?: string }> }
    ).results;
    if (result?.outcome === 'applied') return blanks;
    if (result?.status !== 409) expect(result, result?.message).toMatchObject({ outcome: 'applied' });
  }
  throw new Error('no free blanks after several tries');
}

/**
 * A delivery of blanks for this journey alone: the administrator gives the demo shop an
 * allocation whose serials no other delivery has, so a journey filling the shop's forms never
 * reaches for a blank another journey is using. Returns its serials, first to last.
 */
export async function deliveryForShop(request: APIRequest, baseURL: string | undefined, plates = 2): Promise<string[]> {
  const admin = await apiAs(request, baseURL, 'admin');
  try {
    const users = (
      (await (await admin.get('/api/admin/users')).json()) as { users: Array<{ id: string; email: string }> }
    ).users;
    const shopId = users.find((user) => user.email === 'agent@nambala.zm')?.id;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const first = 5_000_000 + Math.floor(Math.random() * 4_000_000);
      const serials = Array.from({ length: plates * 2 }, (_, index) => `ZB-${String(first + index).padStart(7, '0')}`);
      const payload = {
        id: randomUUID(),
        shopId,
        plateType: 'Standard',
        allocatedQuantity: plates,
        note: 'Blanks for a test journey',
        serialFirst: serials[0],
        serialLast: serials.at(-1),
      };
      const response = await admin.post('/api/sync/push', {
        data: {
          clientId: `e2e-admin-${randomUUID()}`,
          mutations: [{ id: randomUUID(), intent: 'saveAllocation', payload }],
        },
      });
      const [result] = (
        (await response.json()) as { results: Array<{ outcome: string; status?: number; message?: string }> }
      ).results;
      if (result?.outcome === 'applied') return serials;
      if (result?.status !== 409) expect(result, result?.message).toMatchObject({ outcome: 'applied' });
    }
    throw new Error('no free serial range after several tries');
  } finally {
    await admin.dispose();
  }
}

/** The shop makes the plate and sells it with the vehicle: the registration is issued. */
export async function madeAndSold(
  agent: APIRequestContext,
  plate: string,
  reference: string,
  owner = { name: 'Mwila Banda', nrc: '123456/78/9' },
): Promise<void> {
  await manufactureOnNextBlanks(agent, { plateNumber: plate, status: 'Collected', batchNumber: 'B-E2E-02' });
  await pushAsShop(agent, 'recordWhitebookEntry', {
    id: randomUUID(),
    plateNumber: plate,
    vehicleMake: 'Mazda',
    vehicleModel: 'CX-5',
    vehicleColour: 'Red',
    vehicleYear: 2020,
    chassisNumber: `JM3KF${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`,
    ownerName: owner.name,
    ownerNrc: owner.nrc,
    saleDate: today(),
    registrationNumber: 'BAK 2027',
    entitlementReference: reference,
  });
}

/** The credential digits of one of the signed-in owner's registered plates. */
export async function credentialDigitsOf(owner: APIRequestContext, plate: string): Promise<string> {
  const plates = (
    (await (await owner.get('/api/me/plates')).json()) as {
      plates: Array<{ plateNumber: string; registration: { credentialDigits: string } | null }>;
    }
  ).plates;
  const digits = plates.find((candidate) => candidate.plateNumber === plate)?.registration?.credentialDigits;
  if (!digits) throw new Error(`${plate} is not registered to this owner`);
  return digits;
}
