// The insurance routes' answers the app reads: a policy issued, renewed or cancelled, a consent
// asked, a claim's step, a photo's upload, and the owner's questions from insurers. Each is
// the domain's record as devices keep it (the schemas are checked against those types).
import { z } from 'zod';
import type { Ngwee } from '../money/money';
import { CLAIM_STATUSES, type InsuranceClaim } from '../insurance/claim-steps';
import { CLAIM_PAYMENT_METHODS } from '../insurance/claim-amounts';
import { INSURANCE_REQUEST_KINDS, INSURANCE_REQUEST_STATUSES, type InsuranceRequest } from '../insurance/owner-consent';
import { POLICY_TYPES } from '../insurance/policy-terms';

/** An amount in ngwee: a number on the wire, the domain's Ngwee once read. */
const ngwee = z.number() as unknown as z.ZodType<Ngwee>;

export const policySchema = z.object({
  id: z.string(),
  policyNumber: z.string(),
  agentId: z.string(),
  customerId: z.string(),
  plateNumber: z.string(),
  type: z.enum(POLICY_TYPES),
  startDate: z.string(),
  endDate: z.string(),
  premium: ngwee,
  insurer: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  renewedFrom: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** POST /api/insurance/policies, .../renew and .../cancel. */
export const policyAnswer = z.object({ policy: policySchema });
export type PolicyAnswer = z.infer<typeof policyAnswer>;

/** POST /api/insurance/consents: the question put to the plate's owner. */
export const consentAnswer = z.object({
  request: z.object({
    id: z.string(),
    kind: z.enum(INSURANCE_REQUEST_KINDS),
    status: z.enum(INSURANCE_REQUEST_STATUSES),
    customerId: z.string(),
    plateNumber: z.string().nullable(),
    createdAt: z.string(),
  }),
});
export type ConsentAnswer = z.infer<typeof consentAnswer>;

export const claimSchema = z.object({
  id: z.string(),
  claimNumber: z.string(),
  agentId: z.string(),
  policyId: z.string(),
  customerId: z.string(),
  plateNumber: z.string(),
  incidentDate: z.string(),
  incidentPlace: z.string(),
  description: z.string(),
  otherPartyPlate: z.string().nullable(),
  status: z.enum(CLAIM_STATUSES),
  rejectReason: z.string().nullable(),
  photos: z.array(
    z.object({
      sha256: z.string(),
      size: z.number(),
      width: z.number(),
      height: z.number(),
      isComplete: z.boolean(),
    }),
  ),
  assessedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  claimedAmount: ngwee.nullable(),
  assessedAmount: ngwee.nullable(),
  approvedAmount: ngwee.nullable(),
  paidAmount: ngwee.nullable(),
  paymentMethod: z.enum(CLAIM_PAYMENT_METHODS).nullable(),
  paymentReference: z.string().nullable(),
  paidOn: z.string().nullable(),
}) satisfies z.ZodType<InsuranceClaim>;

/** POST /api/insurance/claims/:id/steps: the claim after the step. */
export const claimAnswer = z.object({ claim: claimSchema });
export type ClaimAnswer = z.infer<typeof claimAnswer>;

/** A claim photo's upload: how many of its bytes the server has, and whether they are all there and match. */
export const uploadAnswer = z.object({ size: z.number(), received: z.number(), isComplete: z.boolean() });
export type UploadProgress = z.infer<typeof uploadAnswer>;

export const insuranceRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(INSURANCE_REQUEST_KINDS),
  insurer: z.string(),
  customerName: z.string(),
  customerNrc: z.string(),
  plateNumber: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<InsuranceRequest>;

/** GET /api/me/insurance-requests: the questions waiting for the signed-in account holder. */
export const insuranceRequestsAnswer = z.object({ requests: z.array(insuranceRequestSchema) });
export type InsuranceRequestsAnswer = z.infer<typeof insuranceRequestsAnswer>;

/** POST /api/me/insurance-requests/:id/accept or /decline: the question, answered. */
export const answeredInsuranceRequestAnswer = z.object({
  request: insuranceRequestSchema.extend({ status: z.string() }),
});
