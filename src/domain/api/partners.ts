/**
 * The partner API's answers (docs/partner-api.md) and the administrator's partner screens:
 * the schemas the server answers with, and the types the app reads them as.
 */
import { z } from 'zod';
import { VERIFICATION_VERDICTS } from '../statuses/statuses';
import { PARTNER_KINDS, PARTNER_SCOPES } from '../partners/partner-api';
import { WEBHOOK_EVENTS } from '../partners/webhooks';

// -------------------------------------------------------------------------------- for partners

export const partnerVerdict = z.object({
  plateNumber: z.string(),
  verdict: z.enum(VERIFICATION_VERDICTS),
  /** public: no personal data; owner: the owner's name and cover as well. */
  tier: z.enum(['public', 'owner']),
  vehicle: z.object({ make: z.string(), model: z.string(), colour: z.string(), year: z.number() }).nullable(),
  registrationDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  /** For 'Not yet issued': Allocated (not made yet) or Made (not handed over). */
  stage: z.enum(['Allocated', 'Made']).nullable(),
  owner: z.object({ name: z.string() }).optional(),
  insurance: z
    .union([z.object({ insurer: z.string(), policyNumber: z.string(), until: z.string() }), z.literal('none')])
    .optional(),
  checkedAt: z.string(),
});
export type PartnerVerdict = z.infer<typeof partnerVerdict>;

export const bulkCheckItem = z.discriminatedUnion('ok', [
  z.object({ input: z.string(), ok: z.literal(true), result: partnerVerdict }),
  z.object({ input: z.string(), ok: z.literal(false), error: z.string() }),
]);
export const bulkCheckAnswer = z.object({ results: z.array(bulkCheckItem) });
export type BulkCheckAnswer = z.infer<typeof bulkCheckAnswer>;

export const partnerCredentialAnswer = z.object({
  plateNumber: z.string(),
  keyId: z.number(),
  /** The credential's bytes (docs/credential.md) in base64url. */
  credential: z.string(),
  /** The address a QR code of the plate carries. */
  credentialUrl: z.string(),
  /** Where the registry's public keys are published. */
  keysUrl: z.string(),
});
export type PartnerCredentialAnswer = z.infer<typeof partnerCredentialAnswer>;

// -------------------------------------------------------------------------------- for administrators

export const partnerKeyView = z.object({
  id: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(PARTNER_SCOPES)),
  perMinute: z.number(),
  dailyQuota: z.number(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  replacedBy: z.string().nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
});
export type PartnerKeyView = z.infer<typeof partnerKeyView>;

export const partnerOrganisationView = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PARTNER_KINDS),
  insurerName: z.string().nullable(),
  contactEmail: z.string(),
  createdAt: z.string(),
  keys: z.array(partnerKeyView),
  callsToday: z.number(),
});
export type PartnerOrganisationView = z.infer<typeof partnerOrganisationView>;

export const partnerOrganisationsAnswer = z.object({ organisations: z.array(partnerOrganisationView) });
export type PartnerOrganisationsAnswer = z.infer<typeof partnerOrganisationsAnswer>;
export const partnerOrganisationAnswer = z.object({ organisation: partnerOrganisationView });
export type PartnerOrganisationAnswer = z.infer<typeof partnerOrganisationAnswer>;

/** A key just issued: the only answer that ever carries the key itself. */
export const issuedKeyAnswer = z.object({
  key: z.string(),
  issued: partnerKeyView,
  organisation: partnerOrganisationView,
});
export type IssuedKeyAnswer = z.infer<typeof issuedKeyAnswer>;

export const partnerCallView = z.object({
  id: z.string(),
  at: z.string(),
  keyPrefix: z.string(),
  route: z.string(),
  plates: z.number(),
  status: z.number(),
});
export const partnerUsageAnswer = z.object({
  organisation: z.object({ id: z.string(), name: z.string() }),
  /** Calls and plate checks per Lusaka day, newest first. */
  days: z.array(z.object({ day: z.string(), calls: z.number(), plates: z.number(), refused: z.number() })),
  calls: z.array(partnerCallView),
});
export type PartnerUsageAnswer = z.infer<typeof partnerUsageAnswer>;

// -------------------------------------------------------------------------------- webhooks

export const webhookView = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export type WebhookView = z.infer<typeof webhookView>;

/** A subscription just made: the only answer that carries its signing secret. */
export const webhookCreatedAnswer = z.object({ webhook: z.object({ id: z.string() }), secret: z.string() });
export type WebhookCreatedAnswer = z.infer<typeof webhookCreatedAnswer>;

export const deliveryView = z.object({
  id: z.string(),
  webhookId: z.string(),
  url: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  plateNumber: z.string(),
  occurredAt: z.string(),
  attempts: z.number(),
  nextAttemptAt: z.string(),
  deliveredAt: z.string().nullable(),
  gaveUpAt: z.string().nullable(),
  lastAttempt: z
    .object({ attempt: z.number(), at: z.string(), status: z.number().nullable(), response: z.string() })
    .nullable(),
});
export type DeliveryView = z.infer<typeof deliveryView>;

export const webhooksAnswer = z.object({
  webhooks: z.array(webhookView),
  followedPlates: z.array(z.string()),
  deliveries: z.array(deliveryView),
});
export type WebhooksAnswer = z.infer<typeof webhooksAnswer>;

export const followedPlatesAnswer = z.object({ plates: z.array(z.string()) });
export type FollowedPlatesAnswer = z.infer<typeof followedPlatesAnswer>;
export const replayAnswer = z.object({ replayed: z.literal(true) });
export type ReplayAnswer = z.infer<typeof replayAnswer>;
