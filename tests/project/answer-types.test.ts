// Every answer of the server the app reads is declared once, as a zod schema in src/domain/api/
// (the server's response schema), and the app's calls import its inferred type. A type the app's
// API files declare themselves is one of the app's own (what a call gives its caller, a request it
// sends, a field's name) and is listed below; an answer written out again in the app fails here.
// See docs/decisions/051-one-type-per-answer.md.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The app's source files, from the repository's root. */
function appFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name)) found.push(relative);
    }
  };
  walk('src/app');
  return found;
}

/** The app's calls to the server: every `*-api.ts`, and the one look-up named otherwise. */
function apiFiles(): string[] {
  const found = appFiles().filter((file) => file.endsWith('-api.ts'));
  return [...found, 'src/app/features/qr-system/registry-lookup.ts'].sort();
}

/** The app's own types in those files, by file and name: none of them is an answer of the server. */
const APP_TYPES: Record<string, readonly string[]> = {
  // What a call gives its caller, and the names of a form's fields.
  'src/app/account/account-api.ts': [
    'Refused',
    'AuthResult',
    'SignupResult',
    'PasswordField',
    'FormResult',
    'ResetField',
    'ContactField',
  ],
  'src/app/features/admin-dashboard/admin-dashboard-api.ts': ['DashboardAnswer'],
  'src/app/features/admin-reports/admin-reports-api.ts': ['ReportAnswer'],
  // PricingHistoryEntry names the shared history entry for pricing; SettingPath is part of an address.
  'src/app/features/admin-settings/admin-settings-api.ts': [
    'PricingHistoryEntry',
    'SaveAnswer',
    'HistoryAnswer',
    'SettingPath',
  ],
  // PaymentRetry is what the app sends.
  'src/app/applications/application-api.ts': [
    'SubmitFailure',
    'SubmitApplicationResult',
    'PaymentRetry',
    'PaymentRetryResult',
  ],
  'src/app/features/fleet/fleet-api.ts': ['ImportAnswer'],
  'src/app/features/insurance/claim-api.ts': ['ClaimAnswer', 'UploadAnswer'],
  'src/app/features/insurance/insurance-api.ts': ['PolicyAnswer', 'ConsentAnswer'],
  // CheckoutRequest is what the app sends.
  'src/app/features/marketplace/checkout-api.ts': ['QuoteAnswer', 'CheckoutRequest', 'CheckoutAnswer'],
  'src/app/features/messages/sent-messages-api.ts': ['SentMessagesAnswer'],
  'src/app/features/owner-dashboard/insurance-api.ts': ['OwnerAnswer'],
  'src/app/features/owner-dashboard/owner-api.ts': ['CancelAnswer'],
  'src/app/features/application-review/applications-api.ts': ['Answer'],
  'src/app/features/admin-refunds/refunds-api.ts': ['Answer'],
  'src/app/features/admin-partners/partners-api.ts': ['Answer'],
  'src/app/transfers/transfer-api.ts': ['TransferAnswer'],
  // AccessLogQuery is the filter the app sends.
  'src/app/features/qr-system/access-log-api.ts': ['AccessLogQuery', 'Answer'],
  'src/app/features/qr-system/registry-lookup.ts': ['LookupOutcome'],
  // RenewalRequest is what the app sends.
  'src/app/renewals/renewal-api.ts': ['QuoteAnswer', 'RenewalRequest', 'RenewalAnswer'],
  'src/app/payments/payment-api.ts': ['PaymentAnswer'],
  'src/app/features/ussd-simulator/ussd-simulator-api.ts': [],
};

/** Names of the types a file declares (`interface X`, `type X =`), not those it re-exports. */
function declaredTypes(source: string): string[] {
  return [...source.matchAll(/^(?:export\s+)?(?:interface|type)\s+([A-Za-z_$][\w$]*)/gm)].map((match) => match[1]!);
}

/** The type arguments given to the calls that read an answer (`apiRequest<…>`, `shaped<…>`…), whole. */
function answerTypeArguments(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\b(?:apiRequest|shaped|read|post)</g)) {
    let depth = 0;
    let index = match.index + match[0].length - 1;
    const start = index + 1;
    for (; index < source.length; index += 1) {
      const char = source[index];
      if (char === '<') depth += 1;
      else if (char === '>' && source[index - 1] !== '=') depth -= 1;
      if (depth === 0) break;
    }
    found.push(source.slice(start, index));
  }
  return found;
}

describe("the app's API files", () => {
  const files = apiFiles();

  it('are the files the list speaks of', () => {
    expect(files).toEqual(Object.keys(APP_TYPES).sort());
  });

  it.each(files)('%s declares no answer of the server', (file) => {
    const source = readFileSync(path.join(root, file), 'utf8');
    const own = APP_TYPES[file] ?? [];
    expect(declaredTypes(source).filter((name) => !own.includes(name))).toEqual([]);
  });

  it.each(files)('%s reads answers by their shared types, never an inline shape', (file) => {
    const source = readFileSync(path.join(root, file), 'utf8');
    expect(answerTypeArguments(source).filter((argument) => argument.includes('{'))).toEqual([]);
  });
});

describe('the shared answer schemas in the app', () => {
  it('are imported as types only, so no schema is loaded into a screen', () => {
    const valueImports = appFiles().flatMap((file) =>
      [
        ...readFileSync(path.join(root, file), 'utf8').matchAll(
          /^import\s+(?!type\b)[^;]*?from '#domain\/api\/[^']+';/gm,
        ),
      ].map((match) => `${file}: ${match[0]}`),
    );
    expect(valueImports).toEqual([]);
  });
});
