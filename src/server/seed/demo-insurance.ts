/**
 * The demo insurance agent's book, made the way the agent makes it: customers saved as the
 * agent's device pushes them (saveCustomer) and policies issued and renewed through the same
 * code as the policy routes, so the numbers, the registry checks (a policy only for the
 * plate's registered owner, or with the owner's consent), the change log and the audit trail
 * all come from there. One policy covers ZM-123-ABC, issued to its registered owner, so an
 * officer checking the README's valid plate sees its cover; one ends within 30 days; the demo
 * buyer's longest-running plate is insured for the driver of that vehicle, with the buyer's
 * consent (asked by the agent and accepted by the buyer through the same functions as their
 * routes), and that policy ended and was renewed; the buyer's other plate has a consent
 * request for its driver waiting in the buyer's dashboard.
 * Claims in each state (Submitted, Under Assessment, Approved, Rejected, Paid) on the
 * ZM-123-ABC policy are pushed (saveClaim) and moved on through the step function the claim
 * routes call (src/server/claims/claim-steps.ts), without photos. Each part in one
 * transaction under the seeding lock, once per database.
 */
import { addDays, oneYearTermEnd, type PolicyType, policyInputSchema, premiumSchema } from '#domain/insurance/policy';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database';
import { MIGRATION_LOCK_KEY } from '../db/migrate';
import { answerRequest, askOwnerConsent } from '../insurance/owner-consent';
import { insuranceRepository } from '../repositories/insurance-repository';
import { metaRepository } from '../repositories/meta-repository';
import { userRepository } from '../repositories/user-repository';
import { issuePolicyIn, type PolicyChange, renewPolicyIn } from '../insurance/policies';
import { saveCustomer } from '../sync/insurance-intents';
import { saveClaim } from '../sync/claim-intents';
import { type ClaimChange, stepClaimIn } from '../claims/claim-steps';
import { claimInputSchema, type ClaimStepRequest } from '#domain/insurance/claim';
import type { IntentContext } from '../sync/intent';

export const DEMO_INSURANCE_SEED_VERSION = '1';

/** Fixed ids, so a customer is stored once however often the seed runs. */
const customerId = (n: number) => `0190f5d2-0013-7000-8000-${String(n).padStart(12, '0')}`;

/** A valid registration, not one of the README's four plates, with a year and more to run: a policy holder's car. */
async function anotherInsurablePlate(
  tx: Queryable,
  today: string,
): Promise<{ plateNumber: string; ownerName: string; ownerNrc: string } | undefined> {
  const [row] = await tx.query<{ plate_number: string; owner_name: string; owner_nrc: string }>(
    `SELECT plate_number, owner_name, owner_nrc FROM registered_plates
     WHERE standing = 'Valid' AND expiry_date > $1::date + 400 AND owner_id IS NULL AND owner_nrc <> ''
       AND plate_number NOT IN ('ZM-123-ABC', 'ZM-456-DEF', 'ZM-789-GHI', 'ZM-321-XYZ')
     ORDER BY plate_number LIMIT 1`,
    [today],
  );
  return row ? { plateNumber: row.plate_number, ownerName: row.owner_name, ownerNrc: row.owner_nrc } : undefined;
}

/** The demo buyer's valid registered plates with the fleet driver of each vehicle, the longest-running first. */
async function buyersDrivenPlates(
  tx: Queryable,
  buyerId: string,
  today: string,
): Promise<Array<{ plateNumber: string; driver: string; phone: string }>> {
  const rows = await tx.query<{ plate_number: string; name: string; phone: string }>(
    `SELECT r.plate_number, d.name, d.phone FROM registered_plates r
     JOIN vehicles v ON v.plate_number = r.plate_number AND v.owner_id = r.owner_id JOIN drivers d ON d.id = v.driver_id
     WHERE r.owner_id = $1 AND r.standing = 'Valid' AND r.expiry_date >= $2::date ORDER BY r.expiry_date DESC, r.plate_number`,
    [buyerId, today],
  );
  return rows.map((row) => ({ plateNumber: row.plate_number, driver: row.name, phone: row.phone }));
}

/** The NRCs the agent recorded for the demo fleet's drivers (a driver's NRC is not in the fleet). */
const DRIVER_NRCS: Readonly<Record<string, string>> = { 'Joseph Phiri': '302215/10/1', 'Grace Tembo': '411873/10/1' };

/** An email for a demo customer from their name: 'Chanda Mwale' → chanda.mwale@example.zm. */
const demoEmail = (name: string) =>
  `${name
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '')}@example.zm`;

export async function seedDemoInsurance(
  db: Database,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const meta = metaRepository(tx);
    if ((await meta.get('demo_insurance')) === DEMO_INSURANCE_SEED_VERSION) return false;
    const users = userRepository(tx);
    const insurer = (await users.findCredentials('insurer@nambala.zm'))?.user;
    const buyer = (await users.findCredentials('buyer@nambala.zm'))?.user;
    if (!insurer) return false;
    const today = now.toISOString().slice(0, 10);
    const device: IntentContext = { tx, user: insurer, ip: '127.0.0.1', log, signer: null, now: () => now };
    const office: PolicyChange = { agent: insurer, at: now, ip: '127.0.0.1' };

    // The README's valid plate is registered to Mwila Banda (NRC 204518/10/1), who has no Nambala account.
    await saveCustomer.apply(device, {
      id: customerId(1),
      name: 'Mwila Banda',
      nrc: '204518/10/1',
      phone: '+260971000101',
      email: 'mwila.banda@example.zm',
    });
    // The owner of the README's expired plate: a customer whose car cannot be insured until it is renewed.
    await saveCustomer.apply(device, {
      id: customerId(2),
      name: 'Chipo Mumba',
      nrc: '118822/61/1',
      phone: '+260966112233',
      email: 'chipo.mumba@example.zm',
    });
    const other = await anotherInsurablePlate(tx, today);
    if (other)
      await saveCustomer.apply(device, {
        id: customerId(3),
        name: other.ownerName,
        nrc: other.ownerNrc,
        phone: '+260955123456',
        email: demoEmail(other.ownerName),
      });

    const issue = (
      customer: number,
      plateNumber: string,
      type: PolicyType,
      startDaysAgo: number,
      premium: string,
      endDate?: string,
    ) => {
      const startDate = addDays(today, -startDaysAgo);
      return issuePolicyIn(
        tx,
        office,
        policyInputSchema.parse({
          customerId: customerId(customer),
          plateNumber,
          type,
          startDate,
          endDate: endDate ?? oneYearTermEnd(startDate),
          premium,
        }),
      );
    };
    // A server started with a smaller demo registry (DEMO_REGISTRY_PLATES) may not have the README's plate.
    if (await insuranceRepository(tx).insurablePlate('ZM-123-ABC'))
      await issue(1, 'ZM-123-ABC', 'Comprehensive', 120, '4850');

    // The demo buyer's vehicles are driven by their fleet's drivers: the agent insures a driver
    // on the buyer's plate only with the buyer's consent.
    const driven = buyer ? await buyersDrivenPlates(tx, buyer.id, today) : [];
    for (const [index, plate] of driven.slice(0, 2).entries()) {
      if (!buyer) break;
      const n = 4 + index;
      const nrc = DRIVER_NRCS[plate.driver] ?? `30${String(2215 + index).padStart(4, '0')}/10/1`;
      await saveCustomer.apply(device, {
        id: customerId(n),
        name: plate.driver,
        nrc,
        phone: plate.phone,
        email: demoEmail(plate.driver),
      });
      const driver = await insuranceRepository(tx).findCustomer(customerId(n));
      if (!driver) continue;
      // The longest-running plate's owner accepted long ago; the other's question waits in the buyer's dashboard.
      const askedAt = index === 0 ? new Date(`${addDays(today, -195)}T09:00:00Z`) : now;
      const asked = await askOwnerConsent(tx, insurer, driver, plate.plateNumber, askedAt, '127.0.0.1');
      if (index > 0) continue;
      await answerRequest(tx, buyer, asked.id, 'Accepted', new Date(askedAt.getTime() + 24 * 3600_000), '127.0.0.1');
      // 170 days from 190 days ago, so it ended last month; renewed today: the list shows both terms.
      const first = await issue(n, plate.plateNumber, 'Third Party', 190, '1150', addDays(today, -20));
      await renewPolicyIn(tx, office, first.id, premiumSchema.parse('1200'));
    }
    // Ends within 30 days: counted under Expiring in 30 Days.
    if (other) await issue(3, other.plateNumber, 'Third Party', 345, '950');
    await meta.set('demo_insurance', DEMO_INSURANCE_SEED_VERSION);
    return true;
  });
  if (seeded) log.info('demo insurance book seeded');
  const claimsSeeded = await seedDemoClaims(db, log, now);
  return seeded || claimsSeeded;
}

export const DEMO_CLAIMS_SEED_VERSION = '1';

/** Fixed ids, so a claim is stored once however often the seed runs. */
const claimId = (n: number) => `0190f5d2-0015-7000-8000-${String(n).padStart(12, '0')}`;

/** The demo agent's claims, one in each state, on the policy covering ZM-123-ABC (kept apart, so a database seeded before claims existed gets them too). */
export async function seedDemoClaims(db: Database, log: FastifyBaseLogger, now: Date = new Date()): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const meta = metaRepository(tx);
    if ((await meta.get('demo_insurance_claims')) === DEMO_CLAIMS_SEED_VERSION) return false;
    const insurer = (await userRepository(tx).findCredentials('insurer@nambala.zm'))?.user;
    if (!insurer) return false;
    const [policy] = await tx.query<{ id: string; start_date: Date | string }>(
      "SELECT id, start_date FROM insurance_policies WHERE agent_id = $1 AND plate_number = 'ZM-123-ABC' AND cancelled_at IS NULL ORDER BY created_at LIMIT 1",
      [insurer.id],
    );
    if (!policy) return false;
    const today = now.toISOString().slice(0, 10);
    const start =
      typeof policy.start_date === 'string'
        ? policy.start_date.slice(0, 10)
        : policy.start_date.toISOString().slice(0, 10);
    const device: IntentContext = { tx, user: insurer, ip: '127.0.0.1', log, signer: null, now: () => now };
    const office: ClaimChange = { agent: insurer, at: now, ip: '127.0.0.1' };
    const claims: Array<{
      daysAgo: number;
      place: string;
      description: string;
      otherPartyPlate: string;
      /** In ngwee. */
      claimedAmount: number;
      steps: ClaimStepRequest[];
    }> = [
      {
        daysAgo: 2,
        place: 'Great East Road near Arcades, Lusaka',
        description: 'Rear-ended while waiting at the traffic lights; rear bumper and boot lid dented.',
        otherPartyPlate: 'ZM-456-DEF',
        claimedAmount: 850_000,
        steps: [],
      },
      {
        daysAgo: 9,
        place: 'Cairo Road, Lusaka',
        description: 'Side mirror and driver’s door scraped by a minibus pulling out.',
        otherPartyPlate: '',
        claimedAmount: 320_000,
        steps: [{ step: 'assess' }, { step: 'assessment', assessedAmount: 295_000 }],
      },
      {
        daysAgo: 21,
        place: 'Kafue Road toll plaza',
        description: 'Windscreen cracked by a stone thrown up by a truck.',
        otherPartyPlate: '',
        claimedAmount: 480_000,
        steps: [
          { step: 'assess' },
          { step: 'assessment', assessedAmount: 480_000 },
          { step: 'approve', approvedAmount: 450_000 },
        ],
      },
      {
        daysAgo: 35,
        place: 'Parking at Manda Hill, Lusaka',
        description: 'Front bumper damaged; no witnesses.',
        otherPartyPlate: '',
        claimedAmount: 600_000,
        steps: [
          { step: 'assess' },
          { step: 'assessment', assessedAmount: 0 },
          { step: 'reject', reason: 'The damage shown is older than the incident reported.' },
        ],
      },
      {
        daysAgo: 50,
        place: 'Independence Avenue roundabout, Lusaka',
        description: 'Collision at the roundabout; left front wing and headlight replaced.',
        otherPartyPlate: 'ZM-123-ABC',
        claimedAmount: 1_875_000,
        steps: [
          { step: 'assess' },
          { step: 'assessment', assessedAmount: 1_790_000 },
          { step: 'approve', approvedAmount: 1_790_000 },
          {
            step: 'pay',
            paidAmount: 1_790_000,
            paymentMethod: 'Bank transfer',
            paymentReference: 'MGI-PAY-0417',
            paidOn: today,
          },
        ],
      },
    ];
    for (const [index, claim] of claims.entries()) {
      const incidentDate = addDays(today, -claim.daysAgo);
      if (incidentDate < start) continue;
      const id = claimId(index + 1);
      await saveClaim.apply(
        device,
        claimInputSchema.parse({
          id,
          policyId: policy.id,
          incidentDate,
          incidentPlace: claim.place,
          description: claim.description,
          otherPartyPlate: claim.otherPartyPlate,
          photos: [],
          claimedAmount: claim.claimedAmount,
        }),
      );
      for (const step of claim.steps) await stepClaimIn(tx, office, id, step);
    }
    await meta.set('demo_insurance_claims', DEMO_CLAIMS_SEED_VERSION);
    return true;
  });
  if (seeded) log.info('demo insurance claims seeded');
  return seeded;
}
