/**
 * What a decision did, in words: the server judges each request on its own, so a bulk
 * approval may go through for some requests and be refused for others (already approved,
 * not paid yet, manufacturing started). The report names every request and what became of
 * it, so a refusal is never lost behind the successes, and the toast says what went through.
 */
import type { ReviewDecision } from '#domain/applications/review';
import { formatOrderReferences } from '#domain/orders/order-references';
import type { AdminApplication, DecisionOutcome } from './applications-api';

export interface DecisionLine {
  readonly requestId: string;
  readonly ok: boolean;
  readonly text: string;
}

export interface DecisionReport {
  /** 'All went through', 'some refused' or 'none went through': the colour of the panel. */
  readonly status: 'success' | 'warning' | 'error';
  readonly title: string;
  readonly lines: readonly DecisionLine[];
  /** The toast for what went through; null when nothing did. */
  readonly toast: { readonly title: string; readonly description: string } | null;
}

const PAST: Record<ReviewDecision, string> = { approve: 'approved', reject: 'rejected' };

const requestsCount = (n: number) => (n === 1 ? '1 request' : `${n} requests`);

type Named = Pick<AdminApplication, 'applicant'> & Partial<Pick<AdminApplication, 'reference'>>;

/** 'LP-000009 / REQ-009 (Mutale Zulu)': both references, so the words match what the applicant was told. */
function who(requestId: string, byId: ReadonlyMap<string, Named>): string {
  const request = byId.get(requestId);
  const name = formatOrderReferences({ reference: request?.reference ?? '', requestId });
  return request?.applicant ? `${name} (${request.applicant})` : name;
}

function successText(outcome: Extract<DecisionOutcome, { ok: true }>, decision: ReviewDecision, name: string): string {
  if (decision === 'reject')
    return outcome.decisionId
      ? `${name} rejected; the applicant is told why once it can no longer be undone.`
      : `${name} rejected; the applicant has been told why.`;
  const plates = outcome.plates ?? [];
  const numbers = plates.length > 0 ? `: ${plates.join(', ')}` : '';
  const shop = outcome.agent ? `, sent to ${outcome.agent.name} to make` : '';
  return `${name} approved${numbers}${shop}.`;
}

export function decisionReport(
  outcomes: readonly DecisionOutcome[],
  decision: ReviewDecision,
  byId: ReadonlyMap<string, Named>,
): DecisionReport {
  const lines: DecisionLine[] = outcomes.map((outcome) => {
    const name = who(outcome.requestId, byId);
    if (outcome.ok) return { requestId: outcome.requestId, ok: true, text: successText(outcome, decision, name) };
    const why = outcome.message ?? 'The server refused it without saying why.';
    return { requestId: outcome.requestId, ok: false, text: `${name} was not ${PAST[decision]}: ${why}` };
  });
  const done = lines.filter((line) => line.ok);
  const refused = lines.length - done.length;
  const past = PAST[decision];
  let title: string;
  if (refused === 0) title = `${requestsCount(done.length)} ${past}`;
  else if (done.length === 0)
    title = refused === 1 ? `The request was not ${past}` : `None of the ${refused} requests was ${past}`;
  else title = `${done.length} of ${requestsCount(lines.length)} ${past}; ${refused} refused`;
  return {
    status: refused === 0 ? 'success' : done.length === 0 ? 'error' : 'warning',
    title,
    lines,
    toast:
      done.length === 0
        ? null
        : { title: `${requestsCount(done.length)} ${past}`, description: done.map((line) => line.text).join(' ') },
  };
}

/** The list with the server's fresh copies of the decided requests put in their places. */
export function replaceRequests<R extends { id: string }>(list: readonly R[], fresh: readonly R[]): R[] {
  const byId = new Map(fresh.map((request) => [request.id, request]));
  return list.map((request) => byId.get(request.id) ?? request);
}
