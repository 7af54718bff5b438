// The verdict drawn before the app has started (decision 034): a template rendered by the
// app's own VerdictPanel with a marker for each value, filled from the registry's answer.
// Filled, it must be exactly what the app's panel draws for the same answer, for every
// shape of answer the registry gives, and every answer the server gives must have one.
import { ChakraProvider } from '@chakra-ui/react';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillSlots,
  slotValues,
  verdictTemplateKey,
  type VerdictSlot,
} from '../../../../src/app/features/verification/early-verdict';
import { VerdictPanel } from '../../../../src/app/plate-check/verdict-panel';
import { templateAnswers } from '../../../../src/app/features/verification/verdict-templates';
import { formatDay } from '../../../../src/app/components/format-date-time';
import { resultFromRegistryAnswer } from '../../../../src/app/verdicts/registry-answer';
import type { OnlineVerdict } from '../../../../src/app/verdicts/verdict-request';
import { appSystem } from '../../../../src/app/theme/system';
import { buildTestAppWithDb } from '../../../server/test-app';

/** The panel's markup for an answer, as the app draws it (its styles, the same for both, left out). */
const panelHtml = (answer: OnlineVerdict) =>
  renderToString(
    <ChakraProvider value={appSystem()}>
      <VerdictPanel
        outcome={resultFromRegistryAnswer(answer, { id: '', checkedAt: '', clockSkewMs: null })}
        isChecking={false}
      />
    </ChakraProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

/** Text in markup, escaped as React escapes it: the entry script sets text, never markup. */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

/** The template for `answer`'s shape, filled as the entry script fills it (text only, so values are escaped as text). */
function filledTemplate(answer: OnlineVerdict): string | null {
  const template = templateAnswers().find((candidate) => verdictTemplateKey(candidate) === verdictTemplateKey(answer));
  if (!template) return null;
  const values = Object.fromEntries(
    Object.entries(slotValues(answer)).map(([slot, value]) => [slot, escapeHtml(value)]),
  );
  return fillSlots(panelHtml(template), values);
}

const text = fc.string({
  minLength: 1,
  maxLength: 24,
  unit: fc.constantFrom('a', 'Z', ' ', '<', '&', '"', "'", 'é', '7', '-'),
});
const day = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const plateNumber = fc.stringMatching(/^ZM-\d{3}-[A-Z]{3}$/);
const vehicle = fc.record({ make: text, model: text, colour: text, year: fc.integer({ min: 1950, max: 2030 }) });
const registered = fc.record({
  plateNumber,
  verdict: fc.constantFrom('Valid' as const, 'Expired' as const, 'Revoked' as const, 'Stolen' as const),
  vehicle,
  registrationDate: day,
  expiryDate: day,
});
const cover = fc.oneof(
  fc.constant('none' as const),
  fc.record({ insurer: text, policyNumber: fc.constant('POL-1'), until: day }),
);
/** Every shape GET /api/verification/:plateNumber gives (src/server/routes/registry-routes.ts). */
const registryAnswer: fc.Arbitrary<OnlineVerdict> = fc.oneof(
  registered,
  fc
    .record({ answer: registered, owner: text, insurance: cover })
    .map(({ answer, owner, insurance }) => ({ ...answer, owner: { name: owner }, insurance })),
  fc
    .record({ plateNumber, stage: fc.constantFrom('Allocated' as const, 'Made' as const) })
    .map(({ plateNumber, stage }) => ({
      plateNumber,
      verdict: 'Not yet issued' as const,
      stage,
      vehicle: null,
      registrationDate: null,
      expiryDate: null,
    })),
  plateNumber.map((number) => ({
    plateNumber: number,
    verdict: 'Unknown plate' as const,
    stage: null,
    vehicle: null,
    registrationDate: null,
    expiryDate: null,
  })),
);

describe('the verdict drawn before the app has started', () => {
  it('has one template for each shape of answer, none drawn twice', () => {
    const keys = templateAnswers().map(verdictTemplateKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(15);
  });

  it('is, filled from any answer the registry gives, the markup of the app’s own panel for it', () => {
    fc.assert(
      fc.property(registryAnswer, (answer) => {
        expect(filledTemplate(answer)).toBe(panelHtml(answer));
      }),
      { numRuns: 60 },
    );
    // Each run renders the panel twice with the design system: ~20 ms, far more on a loaded runner.
  }, 60_000);

  it('fills each slot as the panel writes it: days as formatDay writes them, and no year when there is none', () => {
    const values = slotValues({
      plateNumber: 'ZM-1-A',
      verdict: 'Valid',
      vehicle: { make: 'Toyota', model: 'Corolla', colour: 'Silver', year: 0 },
      registrationDate: '2024-03-15',
      expiryDate: '2029-09-01',
    });
    expect(values).toMatchObject({
      plate: 'ZM-1-A',
      registered: formatDay('2024-03-15'),
      expires: formatDay('2029-09-01'),
      year: '',
    } satisfies Partial<Record<VerdictSlot, string>>);
    // A year of 0 is a shape the panel draws without the year: no template, so the app draws it.
    expect(
      filledTemplate({
        plateNumber: 'ZM-1-A',
        verdict: 'Valid',
        vehicle: { make: 'T', model: 'C', colour: 'S', year: 0 },
        registrationDate: null,
        expiryDate: null,
      }),
    ).toBeNull();
  });

  describe('for every answer the server gives the public and an officer', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      ({ app } = await buildTestAppWithDb({ seedDemo: true }));
    }, 60_000);
    afterAll(() => app?.close());

    it('has a template, and draws what the app’s panel draws', async () => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'police@nambala.zm', password: 'Police#2026' },
      });
      const officer = String(login.headers['set-cookie']).split(';')[0] ?? '';
      // Valid and insured, expired, stolen, revoked, allocated to an owner, and unknown.
      const shapes = new Set<string>();
      for (const number of ['ZM-123-ABC', 'ZM-456-DEF', 'ZM-789-GHI', 'ZM-321-XYZ', 'ZM-101-ABC', 'ZM-999-ZZZ']) {
        for (const cookie of ['', officer]) {
          const answer = (
            await app.inject({ method: 'GET', url: `/api/verification/${number}`, headers: cookie ? { cookie } : {} })
          ).json() as OnlineVerdict;
          shapes.add(verdictTemplateKey(answer));
          expect(filledTemplate(answer), `${number} ${cookie ? 'officer' : 'public'}`).toBe(panelHtml(answer));
        }
      }
      // The demo covers both tiers of a registered plate and the numbers that are not.
      expect(shapes.size).toBeGreaterThanOrEqual(8);
    });
  });
});
