/**
 * Chooses the payment provider by configuration: PAYMENT_PROVIDER names it, and the
 * sandbox is the default (and, for now, the only one). A real provider is one more
 * entry here plus its own settings from the environment (docs/payments.md).
 */
import type { PaymentProvider } from './provider';
import { sandboxProvider } from './sandbox-provider';

const PROVIDERS: Readonly<Record<string, (env: NodeJS.ProcessEnv) => PaymentProvider>> = {
  sandbox: () => sandboxProvider(),
};

export function paymentProviderFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentProvider {
  const name = env.PAYMENT_PROVIDER?.trim() || 'sandbox';
  const make = Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name] : undefined;
  if (!make)
    throw new Error(`PAYMENT_PROVIDER '${name}' is not known; the providers are: ${Object.keys(PROVIDERS).join(', ')}`);
  return make(env);
}
