/**
 * An insurance agent's customers and policies, and the cover a roadside check reports.
 * Every write records the row's change for the agent's devices (scope user:<agent>) in the
 * same transaction. A customer's vehicles are read from the registry and travel with the
 * customer's row, refreshed whenever the customer or one of their policies is written: the
 * plates registered to their NRC and to no account, the plates of the account whose holder
 * accepted the link, and the plates whose owner consented to them. A plate of an account
 * is never shown to an agent its holder has not accepted.
 */
import type { CustomerInput, CustomerVehicle, InsuranceCustomer } from '#domain/insurance/customer';
import { type Cover, coverOn, type InsurancePolicy, type PolicyType, policyNumberFrom } from '#domain/insurance/policy';
import { ngwee } from '#domain/money/money';
import type { Queryable } from '../db/database';
import { changeLogRepository } from './change-log-repository';

/** The entity names devices know the rows by (CHANGE_LOG_TABLES in the app's store). */
export const INSURANCE_ENTITIES = { customer: 'insuranceCustomer', policy: 'insurancePolicy' } as const;

/** First key of the per-agent advisory lock (the second is a hash of the agent's id). */
const INSURANCE_LOCK_KEY = 8_132_026;

const iso = (value: Date | string) => new Date(value).toISOString();
const day = (value: Date | string) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

interface CustomerRow {
  id: string;
  agent_id: string;
  account_id: string | null;
  name: string;
  nrc: string;
  phone: string;
  email: string;
  created_at: Date | string;
  updated_at: Date | string;
}

interface PolicyRow {
  id: string;
  policy_number: string;
  agent_id: string;
  customer_id: string;
  plate_number: string;
  type: PolicyType;
  start_date: Date | string;
  end_date: Date | string;
  premium_ngwee: string | number;
  insurer: string;
  cancelled_at: Date | string | null;
  cancel_reason: string | null;
  renewed_from: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

interface VehicleRow {
  plate_number: string;
  make: string;
  model: string;
  colour: string;
  year: number;
  expiry_date: Date | string;
  standing: CustomerVehicle['standing'];
}

const toPolicy = (row: PolicyRow): InsurancePolicy => ({
  id: row.id,
  policyNumber: row.policy_number,
  agentId: row.agent_id,
  customerId: row.customer_id,
  plateNumber: row.plate_number,
  type: row.type,
  startDate: day(row.start_date),
  endDate: day(row.end_date),
  premium: ngwee(Number(row.premium_ngwee)),
  insurer: row.insurer,
  cancelledAt: row.cancelled_at === null ? null : iso(row.cancelled_at),
  cancelReason: row.cancel_reason,
  renewedFrom: row.renewed_from,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** A customer as the policy checks need them. */
export interface CustomerRecord {
  id: string;
  agentId: string;
  /** The account whose holder accepted the link; null until then. */
  accountId: string | null;
  name: string;
  nrc: string;
  email: string;
  phone: string;
}

/** The registry's owner of a plate. */
export interface PlateOwner {
  name: string;
  nrc: string;
  accountId: string | null;
}

/** A registered plate as a policy needs it. */
export interface InsurablePlate {
  plateNumber: string;
  standing: CustomerVehicle['standing'];
  expiryDate: string;
}

/** A policy as the agent issues it: the server numbers it, and it is not cancelled yet. */
export type NewPolicy = Omit<
  InsurancePolicy,
  'policyNumber' | 'premium' | 'cancelledAt' | 'cancelReason' | 'createdAt' | 'updatedAt'
> & { premium: number };

export function insuranceRepository(db: Queryable) {
  const log = changeLogRepository(db);
  const scopesOf = (agentId: string) => [`user:${agentId}`];

  async function vehiclesOf(customerId: string, nrc: string, accountId: string | null): Promise<CustomerVehicle[]> {
    const rows = await db.query<VehicleRow>(
      `SELECT plate_number, make, model, colour, year, expiry_date, standing FROM registered_plates r
       WHERE (owner_nrc = $1 AND owner_id IS NULL) OR ($2::text IS NOT NULL AND owner_id = $2)
          OR EXISTS (SELECT 1 FROM insurance_requests q WHERE q.kind = 'consent' AND q.status = 'Accepted' AND q.customer_id = $3 AND q.plate_number = r.plate_number AND q.account_id = r.owner_id)
       ORDER BY plate_number`,
      [nrc, accountId, customerId],
    );
    return rows.map((row) => ({
      plateNumber: row.plate_number,
      make: row.make,
      model: row.model,
      colour: row.colour,
      year: row.year,
      expiryDate: day(row.expiry_date),
      standing: row.standing,
    }));
  }

  async function toCustomer(row: CustomerRow): Promise<InsuranceCustomer> {
    return {
      id: row.id,
      agentId: row.agent_id,
      accountId: row.account_id,
      name: row.name,
      nrc: row.nrc,
      phone: row.phone,
      email: row.email,
      vehicles: await vehiclesOf(row.id, row.nrc, row.account_id),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
  }

  async function publishCustomer(row: CustomerRow): Promise<InsuranceCustomer> {
    const customer = await toCustomer(row);
    await log.record(scopesOf(customer.agentId), INSURANCE_ENTITIES.customer, customer.id, 'put', { ...customer });
    return customer;
  }

  async function publishPolicy(row: PolicyRow): Promise<InsurancePolicy> {
    const policy = toPolicy(row);
    await log.record(scopesOf(policy.agentId), INSURANCE_ENTITIES.policy, policy.id, 'put', { ...policy });
    return policy;
  }

  return {
    /** Serialises one agent's changes until the transaction ends, so two pushes cannot both pass the same check. */
    async lockAgent(agentId: string): Promise<void> {
      await db.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [INSURANCE_LOCK_KEY, agentId]);
    },

    async findCustomer(id: string): Promise<CustomerRecord | undefined> {
      const [row] = await db.query<CustomerRow>('SELECT * FROM insurance_customers WHERE id = $1', [id]);
      return row
        ? {
            id: row.id,
            agentId: row.agent_id,
            accountId: row.account_id,
            name: row.name,
            nrc: row.nrc,
            email: row.email,
            phone: row.phone,
          }
        : undefined;
    },

    async customerWithNrc(agentId: string, nrc: string): Promise<string | undefined> {
      const [row] = await db.query<{ id: string }>(
        'SELECT id FROM insurance_customers WHERE agent_id = $1 AND nrc = $2',
        [agentId, nrc],
      );
      return row?.id;
    },

    /**
     * Saves the customer as the agent typed them, never linked to an account here: a link is
     * made only when the account's holder accepts (linkCustomer). A link already accepted
     * stays while the NRC stays; a new NRC is another person, and drops it.
     */
    async saveCustomer(agentId: string, input: CustomerInput, at: Date): Promise<InsuranceCustomer> {
      const [row] = await db.query<CustomerRow>(
        `INSERT INTO insurance_customers (id, agent_id, account_id, name, nrc, phone, email, created_at, updated_at)
         VALUES ($1, $2, NULL, $3, $4, $5, $6, $7, $7)
         ON CONFLICT (id) DO UPDATE SET account_id = CASE WHEN insurance_customers.nrc = EXCLUDED.nrc THEN insurance_customers.account_id END,
           name = EXCLUDED.name, nrc = EXCLUDED.nrc, phone = EXCLUDED.phone, email = EXCLUDED.email, updated_at = EXCLUDED.updated_at
         RETURNING *`,
        [input.id, agentId, input.name, input.nrc, input.phone, input.email, at],
      );
      if (!row) throw new Error('customer not saved');
      return publishCustomer(row);
    },

    /** The account's holder accepted: the customer is them, and the agent's devices get the account's vehicles. */
    async linkCustomer(customerId: string, accountId: string, at: Date): Promise<void> {
      const [row] = await db.query<CustomerRow>(
        'UPDATE insurance_customers SET account_id = $2, updated_at = $3 WHERE id = $1 RETURNING *',
        [customerId, accountId, at],
      );
      if (row) await publishCustomer(row);
    },

    /** Sends a customer's row again with their vehicles as the registry has them now. */
    async refreshCustomer(customerId: string): Promise<void> {
      const [row] = await db.query<CustomerRow>('SELECT * FROM insurance_customers WHERE id = $1', [customerId]);
      if (row) await publishCustomer(row);
    },

    async listCustomers(agentId: string): Promise<InsuranceCustomer[]> {
      const rows = await db.query<CustomerRow>(
        'SELECT * FROM insurance_customers WHERE agent_id = $1 ORDER BY name, id',
        [agentId],
      );
      return Promise.all(rows.map(toCustomer));
    },

    async findPolicy(id: string): Promise<InsurancePolicy | undefined> {
      const [row] = await db.query<PolicyRow>('SELECT * FROM insurance_policies WHERE id = $1', [id]);
      return row ? toPolicy(row) : undefined;
    },

    async listPolicies(agentId: string): Promise<InsurancePolicy[]> {
      return (
        await db.query<PolicyRow>('SELECT * FROM insurance_policies WHERE agent_id = $1 ORDER BY created_at DESC, id', [
          agentId,
        ])
      ).map(toPolicy);
    },

    /** Who the registry says owns the plate: name, NRC (or company number) and account, if any. */
    async plateOwner(plateNumber: string): Promise<PlateOwner | undefined> {
      const [row] = await db.query<{ owner_name: string; owner_nrc: string; owner_id: string | null }>(
        'SELECT owner_name, owner_nrc, owner_id FROM registered_plates WHERE plate_number = $1',
        [plateNumber],
      );
      return row ? { name: row.owner_name, nrc: row.owner_nrc, accountId: row.owner_id } : undefined;
    },

    /** The distinct plates the agent was refused on as someone else's (audited) since `since`. */
    async refusedPlatesSince(agentId: string, since: Date): Promise<string[]> {
      const rows = await db.query<{ target: string }>(
        "SELECT DISTINCT target FROM audit_log WHERE at >= $2 AND actor_id = $1 AND action = 'insurance.policy.refused' AND target IS NOT NULL",
        [agentId, since.toISOString()],
      );
      return rows.map((row) => row.target);
    },

    /** The plate's row in the registry, or undefined when it is not registered. */
    async insurablePlate(plateNumber: string): Promise<InsurablePlate | undefined> {
      const [row] = await db.query<{
        plate_number: string;
        standing: CustomerVehicle['standing'];
        expiry_date: Date | string;
      }>('SELECT plate_number, standing, expiry_date FROM registered_plates WHERE plate_number = $1', [plateNumber]);
      return row
        ? { plateNumber: row.plate_number, standing: row.standing, expiryDate: day(row.expiry_date) }
        : undefined;
    },

    /** The agent's policies on the plate that are not cancelled, for the overlap check. */
    async livePoliciesOnPlate(agentId: string, plateNumber: string): Promise<InsurancePolicy[]> {
      return (
        await db.query<PolicyRow>(
          'SELECT * FROM insurance_policies WHERE agent_id = $1 AND plate_number = $2 AND cancelled_at IS NULL',
          [agentId, plateNumber],
        )
      ).map(toPolicy);
    },

    /** Numbers (POL- from the sequence) and stores a new policy. */
    async issuePolicy(policy: NewPolicy, at: Date): Promise<InsurancePolicy> {
      const [next] = await db.query<{ n: string }>("SELECT nextval('insurance_policy_number_seq')::text AS n");
      const [row] = await db.query<PolicyRow>(
        `INSERT INTO insurance_policies (id, policy_number, agent_id, customer_id, plate_number, type, start_date, end_date, premium_ngwee, insurer, renewed_from, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
         RETURNING *`,
        [
          policy.id,
          policyNumberFrom(Number(next?.n)),
          policy.agentId,
          policy.customerId,
          policy.plateNumber,
          policy.type,
          policy.startDate,
          policy.endDate,
          policy.premium,
          policy.insurer,
          policy.renewedFrom,
          at,
        ],
      );
      if (!row) throw new Error('policy not issued');
      return publishPolicy(row);
    },

    /** A policy by number, with its holder and the plate's registered owner account, for the owner's dispute. */
    async policyForOwner(policyNumber: string): Promise<
      | (InsurancePolicy & {
          holderName: string;
          holderNrc: string;
          ownerId: string | null;
          ownerName: string;
          ownerNrc: string;
          disputedAt: string | null;
        })
      | undefined
    > {
      const [row] = await db.query<
        PolicyRow & {
          holder_name: string;
          holder_nrc: string;
          owner_id: string | null;
          owner_name: string;
          owner_nrc: string;
          disputed_at: Date | string | null;
        }
      >(
        `SELECT p.*, c.name AS holder_name, c.nrc AS holder_nrc, r.owner_id, r.owner_name, r.owner_nrc FROM insurance_policies p
         JOIN insurance_customers c ON c.id = p.customer_id JOIN registered_plates r ON r.plate_number = p.plate_number
         WHERE p.policy_number = $1 FOR UPDATE OF p`,
        [policyNumber],
      );
      if (!row) return undefined;
      return {
        ...toPolicy(row),
        holderName: row.holder_name,
        holderNrc: row.holder_nrc,
        ownerId: row.owner_id,
        ownerName: row.owner_name,
        ownerNrc: row.owner_nrc,
        disputedAt: row.disputed_at === null ? null : iso(row.disputed_at),
      };
    },

    async disputePolicy(id: string, ownerId: string, note: string, at: Date): Promise<void> {
      await db.query(
        'UPDATE insurance_policies SET disputed_at = $2, disputed_by = $3, dispute_note = $4 WHERE id = $1 AND disputed_at IS NULL',
        [id, at, ownerId, note],
      );
    },

    async cancelPolicy(id: string, reason: string, at: Date): Promise<InsurancePolicy | undefined> {
      const [row] = await db.query<PolicyRow>(
        'UPDATE insurance_policies SET cancelled_at = $2, cancel_reason = $3, updated_at = $2 WHERE id = $1 AND cancelled_at IS NULL RETURNING *',
        [id, at, reason],
      );
      return row ? publishPolicy(row) : undefined;
    },

    /** The plate's cover on `today` from every insurer's policies, or null. */
    /** The cover of many plates today, by number (plates with none are left out). */
    async coversFor(plateNumbers: readonly string[], today: string): Promise<Map<string, Cover>> {
      if (plateNumbers.length === 0) return new Map();
      const rows = await db.query<PolicyRow>(
        'SELECT * FROM insurance_policies WHERE plate_number = ANY($1::text[]) AND cancelled_at IS NULL AND start_date <= $2 AND end_date >= $2',
        [plateNumbers, today],
      );
      const byPlate = new Map<string, ReturnType<typeof toPolicy>[]>();
      for (const policy of rows.map(toPolicy))
        byPlate.set(policy.plateNumber, [...(byPlate.get(policy.plateNumber) ?? []), policy]);
      const covers = new Map<string, Cover>();
      for (const [plate, policies] of byPlate) {
        const cover = coverOn(policies, today);
        if (cover) covers.set(plate, cover);
      }
      return covers;
    },

    async coverFor(plateNumber: string, today: string): Promise<Cover | null> {
      const rows = await db.query<PolicyRow>(
        'SELECT * FROM insurance_policies WHERE plate_number = $1 AND cancelled_at IS NULL AND start_date <= $2 AND end_date >= $2',
        [plateNumber, today],
      );
      return coverOn(rows.map(toPolicy), today);
    },
  };
}
