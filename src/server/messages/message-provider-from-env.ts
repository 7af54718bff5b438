/**
 * Chooses the SMS and email provider by configuration: MESSAGE_PROVIDER names it, and the
 * sandbox is the default (and, for now, the only one). A real provider is one more entry
 * here plus its own settings from the environment (docs/notifications.md).
 */
import type { Queryable } from '../db/database';
import type { MessageProvider } from './message-provider';
import { sandboxMessageProvider } from './sandbox-message-provider';

const PROVIDERS: Readonly<Record<string, (db: Queryable, env: NodeJS.ProcessEnv) => MessageProvider>> = {
  sandbox: (db) => sandboxMessageProvider(db),
};

export function messageProviderFromEnv(db: Queryable, env: NodeJS.ProcessEnv = process.env): MessageProvider {
  const name = env.MESSAGE_PROVIDER?.trim() || 'sandbox';
  const make = Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name] : undefined;
  if (!make)
    throw new Error(`MESSAGE_PROVIDER '${name}' is not known; the providers are: ${Object.keys(PROVIDERS).join(', ')}`);
  return make(db, env);
}
