/**
 * The sandbox card provider's record of its pages (hosted checkouts), as a real provider keeps
 * them on its own servers. Only the sandbox provider (payments/sandbox-provider.ts) uses it;
 * Nambala's own record of a payment is the payments table.
 */
import type { PaymentEvent } from '#domain/payments/payment';
import type { Queryable } from '../db/database';

/** What the payer did on the page (or that it expired), and what may be kept of the card. */
export interface CheckoutOutcome {
  event: PaymentEvent;
  card: { brand: string; last4: string } | null;
}

export interface SandboxCheckout {
  token: string;
  providerRef: string;
  reference: string;
  /** Ngwee. */
  amount: number;
  description: string;
  returnUrl: string;
  createdAt: Date;
  outcome: CheckoutOutcome | null;
}

interface CheckoutRow {
  token: string;
  provider_ref: string;
  reference: string;
  amount: string | number;
  description: string;
  return_url: string;
  created_at: Date | string;
  outcome: CheckoutOutcome | null;
}

const toCheckout = (row: CheckoutRow): SandboxCheckout => ({
  token: row.token,
  providerRef: row.provider_ref,
  reference: row.reference,
  amount: Number(row.amount),
  description: row.description,
  returnUrl: row.return_url,
  createdAt: new Date(row.created_at),
  outcome: row.outcome,
});

export function sandboxCheckoutRepository(db: Queryable) {
  return {
    async create(checkout: Omit<SandboxCheckout, 'outcome'>): Promise<void> {
      await db.query(
        `INSERT INTO sandbox_card_checkouts (token, provider_ref, reference, amount, description, return_url, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          checkout.token,
          checkout.providerRef,
          checkout.reference,
          checkout.amount,
          checkout.description,
          checkout.returnUrl,
          checkout.createdAt,
        ],
      );
    },

    async byToken(token: string): Promise<SandboxCheckout | undefined> {
      const [row] = await db.query<CheckoutRow>('SELECT * FROM sandbox_card_checkouts WHERE token = $1', [token]);
      return row ? toCheckout(row) : undefined;
    },

    async byProviderRef(providerRef: string): Promise<SandboxCheckout | undefined> {
      const [row] = await db.query<CheckoutRow>('SELECT * FROM sandbox_card_checkouts WHERE provider_ref = $1', [
        providerRef,
      ]);
      return row ? toCheckout(row) : undefined;
    },

    /**
     * Records what happened on an open page, once: undefined when the page already has an
     * outcome (a second tab, a double submit, another instance got there first).
     */
    async finish(token: string, outcome: CheckoutOutcome): Promise<SandboxCheckout | undefined> {
      const [row] = await db.query<CheckoutRow>(
        'UPDATE sandbox_card_checkouts SET outcome = $2 WHERE token = $1 AND outcome IS NULL RETURNING *',
        [token, JSON.stringify(outcome)],
      );
      return row ? toCheckout(row) : undefined;
    },
  };
}
