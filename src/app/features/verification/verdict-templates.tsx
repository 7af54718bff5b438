/**
 * The verdict panel for every shape of answer the registry gives a typed number, rendered
 * at build time into /verification's HTML as `<template>`s, outside the app's root: the
 * entry script fills one and shows it when an answer arrives before the app has started
 * (early-verdict.ts, decision 034). Rendered by the app's own VerdictPanel, with the same
 * outcome the app makes of an answer, so the two draw the same markup; their styles go into
 * the page's sheet with the page's.
 */
import type { UnissuedStanding } from '#domain/plates/lifecycle';
import type { VerificationVerdict } from '#domain/statuses/statuses';
import { resultFromRegistryAnswer } from '../../verdicts/registry-answer';
import type { OnlineVerdict } from '../../verdicts/verdict-request';
import { slotMarker, verdictTemplateKey } from './early-verdict';
import { VERDICT_TEMPLATE } from '../../plate-check/early-verdict-slot';
import { VerdictPanel } from '../../plate-check/verdict-panel';

/** The verdicts of a registered plate (GET /api/verification/:plateNumber), and of the others. */
const REGISTERED: VerificationVerdict[] = ['Valid', 'Expired', 'Revoked', 'Stolen'];
const UNISSUED: UnissuedStanding[] = ['Allocated', 'Made'];

/**
 * An answer of each shape, a marker in place of each value: a registered plate as the public
 * and an officer see it (with the owner, insured or not), a number held but not yet issued,
 * and an unknown one.
 */
export function templateAnswers(): OnlineVerdict[] {
  const plateNumber = slotMarker('plate');
  // The year is a number in an answer; its marker is text the panel writes where the year goes.
  const year = slotMarker('year') as unknown as number;
  const registered = (verdict: VerificationVerdict): OnlineVerdict => ({
    plateNumber,
    verdict,
    vehicle: { make: slotMarker('make'), model: slotMarker('model'), colour: slotMarker('colour'), year },
    registrationDate: slotMarker('registered'),
    expiryDate: slotMarker('expires'),
  });
  const owner = { name: slotMarker('owner') };
  const cover = { insurer: slotMarker('insurer'), policyNumber: '', until: slotMarker('insuredUntil') };
  const none = { vehicle: null, registrationDate: null, expiryDate: null };
  return [
    ...REGISTERED.flatMap((verdict) => [
      registered(verdict),
      { ...registered(verdict), owner, insurance: 'none' as const },
      { ...registered(verdict), owner, insurance: cover },
    ]),
    ...UNISSUED.map((stage): OnlineVerdict => ({ plateNumber, verdict: 'Not yet issued', stage, ...none })),
    { plateNumber, verdict: 'Unknown plate', stage: null, ...none },
  ];
}

export function VerdictTemplates() {
  return templateAnswers().map((answer) => {
    const key = verdictTemplateKey(answer);
    return (
      <template key={key} {...{ [VERDICT_TEMPLATE]: key }}>
        <VerdictPanel
          outcome={resultFromRegistryAnswer(answer, { id: '', checkedAt: '', clockSkewMs: null })}
          isChecking={false}
        />
      </template>
    );
  });
}
