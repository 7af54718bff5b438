/**
 * Chooses the payment provider by configuration: PAYMENT_PROVIDER names it, and the
 * sandbox is the default (and, for now, the only one). A real provider is one more
 * entry here plus its own settings from the environment (docs/payments.md).
 */
import type { Queryable } from '../db/database';
import type { PaymentProvider } from './provider';
import { sandboxProvider } from './sandbox-provider';

/** What every provider is made with: its settings, the database and the server's clock. */
interface ProviderContext {
  env: NodeJS.ProcessEnv;
  db: Queryable;
  now: () => Date;
}

const PROVIDERS: Readonly<Record<string, (context: ProviderContext) => PaymentProvider>> = {
  sandbox: ({ db, now }) => sandboxProvider(db, now),
};

export function paymentProviderFromEnv(
  db: Queryable,
  env: NodeJS.ProcessEnv = process.env,
  now: () => Date = () => new Date(),
): PaymentProvider {
  const name = env.PAYMENT_PROVIDER?.trim() || 'sandbox';
  const make = Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name] : undefined;
  if (!make)
    throw new Error(`PAYMENT_PROVIDER '${name}' is not known; the providers are: ${Object.keys(PROVIDERS).join(', ')}`);
  return make({ env, db, now });
}
