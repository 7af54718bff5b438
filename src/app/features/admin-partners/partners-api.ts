/**
 * The administrator's partner organisations as the server holds them (GET /api/admin/partners,
 * an organisation's usage) and the writes to them: registering an organisation, issuing,
 * rotating and revoking keys. Online-only commands: a key is made by the server and shown once.
 */
import type {
  FollowedPlatesAnswer,
  IssuedKeyAnswer,
  PartnerOrganisationsAnswer,
  ReplayAnswer,
  PartnerOrganisationAnswer,
  PartnerOrganisationView,
  PartnerUsageAnswer,
  WebhookCreatedAnswer,
  WebhooksAnswer,
} from '#domain/api/partners';
import type { WebhookEvent } from '#domain/partners/webhooks';
import type { PartnerKind, PartnerScope } from '#domain/partners/partner-api';
import { apiRequest, NetworkError } from '../../api/api-client';
import { type Refused, runCommand } from '../../api/command';

export type { IssuedKeyAnswer, PartnerOrganisationView, PartnerUsageAnswer };

export const PARTNERS_OFFLINE = 'Partner organisations are read from the server, and this device is offline.';
const NEEDS_CONNECTION = 'This needs a connection. Nothing was changed; try again when you are back online.';

export type Answer<T> = { ok: true; value: T } | { ok: false; message: string; fields?: Record<string, string> };

function refusal(status: number, message: string | null | undefined): string {
  if (message) return message;
  if (status === 401) return 'Your session has ended. Sign in again.';
  if (status === 403) return 'Only an administrator can manage partner organisations.';
  return `The server could not answer just now (error ${status}). Please try again in a moment.`;
}

async function read<T>(path: string, isAnswer: (body: unknown) => body is T): Promise<Answer<T>> {
  try {
    const result = await apiRequest<unknown>('GET', path);
    if (result.ok && isAnswer(result.body)) return { ok: true, value: result.body };
    return { ok: false, message: refusal(result.status, (result.body as { message?: string } | undefined)?.message) };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: PARTNERS_OFFLINE };
    throw error;
  }
}

const hasKey =
  <T>(key: string) =>
  (body: unknown): body is T =>
    typeof body === 'object' && body !== null && key in body;

export const fetchPartners = () => read<PartnerOrganisationsAnswer>('/api/admin/partners', hasKey('organisations'));

export const fetchUsage = (id: string) =>
  read<PartnerUsageAnswer>(`/api/admin/partners/${encodeURIComponent(id)}/usage`, hasKey('calls'));

async function command<T>(method: 'POST', path: string, body: unknown, key: string): Promise<Answer<T>> {
  const outcome = await runCommand({
    method,
    path,
    body,
    accept: (answer: unknown) => (hasKey<T>(key)(answer) ? answer : null),
  });
  if (outcome.status === 'applied') return { ok: true, value: outcome.value };
  if (outcome.status === 'needs-connection') return { ok: false, message: NEEDS_CONNECTION };
  const refused = outcome as Refused;
  return { ok: false, message: refusal(refused.httpStatus, refused.reason), fields: refused.fields };
}

export const registerPartner = (input: {
  name: string;
  kind: PartnerKind;
  insurerName: string | null;
  contactEmail: string;
}) => command<PartnerOrganisationAnswer>('POST', '/api/admin/partners', input, 'organisation');

export const issuePartnerKey = (
  organisationId: string,
  terms: { scopes: PartnerScope[]; perMinute: number; dailyQuota: number; lifetimeDays: number },
) => command<IssuedKeyAnswer>('POST', `/api/admin/partners/${encodeURIComponent(organisationId)}/keys`, terms, 'key');

export const rotatePartnerKey = (keyId: string, overlapHours: number) =>
  command<IssuedKeyAnswer>(
    'POST',
    `/api/admin/partner-keys/${encodeURIComponent(keyId)}/rotate`,
    { overlapHours },
    'key',
  );

export const revokePartnerKey = (keyId: string) =>
  command<PartnerOrganisationAnswer>(
    'POST',
    `/api/admin/partner-keys/${encodeURIComponent(keyId)}/revoke`,
    undefined,
    'organisation',
  );

export type { WebhooksAnswer, WebhookCreatedAnswer };

export const fetchWebhooks = (organisationId: string) =>
  read<WebhooksAnswer>(`/api/admin/partners/${encodeURIComponent(organisationId)}/webhooks`, hasKey('deliveries'));

export const subscribeWebhook = (organisationId: string, input: { url: string; events: WebhookEvent[] }) =>
  command<WebhookCreatedAnswer>(
    'POST',
    `/api/admin/partners/${encodeURIComponent(organisationId)}/webhooks`,
    input,
    'secret',
  );

export const followPlates = (organisationId: string, plates: string[]) =>
  command<FollowedPlatesAnswer>(
    'POST',
    `/api/admin/partners/${encodeURIComponent(organisationId)}/followed-plates`,
    { plates },
    'plates',
  );

export const replayDelivery = (organisationId: string, deliveryId: string) =>
  command<ReplayAnswer>(
    'POST',
    `/api/admin/partners/${encodeURIComponent(organisationId)}/deliveries/${encodeURIComponent(deliveryId)}/replay`,
    undefined,
    'replayed',
  );
