// The answers of the application and Plate Requests routes the app reads: a submitted
// application, the administrator's list of requests, and the outcome of each decision.
import { z } from 'zod';
import { PAYMENT_STATUSES } from '../payments/payment';
import { REQUEST_STATUSES } from '../statuses/statuses';
import { receiptSchema } from './payments';

/** POST /api/applications and /api/applications/:id/payments: the LP- reference and the payment started. */
export const applicationAnswer = z.object({
  reference: z.string(),
  requestId: z.string(),
  status: z.enum(REQUEST_STATUSES),
  payment: receiptSchema.nullable(),
});
export type ApplicationAnswer = z.infer<typeof applicationAnswer>;

const orderInfoSchema = z.object({
  plateType: z.string(),
  color: z.string(),
  specialRequests: z.string(),
  deliveryAddress: z.string(),
  phone: z.string(),
  email: z.string(),
});

/** A plate request as the administrator's list shows it. */
export const adminApplicationSchema = z.object({
  id: z.string().describe('REQ-001'),
  reference: z.string().describe("The applicant's LP- reference"),
  applicant: z.string(),
  applicantId: z.string(),
  nrcNumber: z.string(),
  vehicle: z.string().describe("'' for an application without a vehicle"),
  quantity: z.number().int(),
  quantityLabel: z.string(),
  date: z.string().describe('YYYY-MM-DD'),
  status: z.enum(REQUEST_STATUSES),
  orderInfo: orderInfoSchema,
  rejectionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  plates: z.array(z.string()),
  requestedNumbers: z
    .array(z.string())
    .describe('Numbers the buyer chose; approval allocates exactly these (the other plates get numbers then)'),
  allocationFailure: z
    .object({ at: z.string(), message: z.string() })
    .nullable()
    .describe(
      'Set when approval found a chosen number gone (allocation_failed): the application is to be rejected and refunded',
    ),
  agent: z.object({ id: z.string(), name: z.string() }).nullable(),
  chosenShop: z
    .object({ id: z.string(), name: z.string() })
    .nullable()
    .describe('The plate shop the buyer chose; null: left to the administrator, assigned on approval'),
  deliverTo: z.string().nullable().describe('Where the buyer asked for the plates to be delivered; null: collected'),
  manufacturingStarted: z.boolean(),
  payment: z
    .object({
      id: z.string(),
      reference: z.string(),
      status: z.enum(PAYMENT_STATUSES),
      method: z.string(),
      methodName: z.string(),
      amount: z.number().int(),
    })
    .nullable(),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;

/** GET /api/requests: the signed-in user's own requests. */
export const myApplicationsAnswer = z.object({ requests: z.array(adminApplicationSchema) });

/** GET /api/admin/requests: every request, newest first, and the summary strip. */
export const adminApplicationsAnswer = z.object({
  requests: z.array(adminApplicationSchema),
  summary: z.object({
    total: z.number(),
    pending: z.number(),
    approved: z.number(),
    underReview: z.number(),
    rejected: z.number(),
  }),
});
export type AdminApplicationsAnswer = z.infer<typeof adminApplicationsAnswer>;

/** One request's decision: approved or rejected (with the numbers and plate maker an approval gave), or refused and why. */
export const decisionOutcomeSchema = z.union([
  z.object({
    requestId: z.string(),
    ok: z.literal(true),
    status: z.enum(['Approved', 'Rejected']),
    plates: z.array(z.string()).optional(),
    agent: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
    decisionId: z.string().optional().describe('Names the decision to POST /api/admin/requests/undo'),
    undoUntil: z.string().optional().describe('When the decision can no longer be undone (ISO instant)'),
  }),
  z.object({
    requestId: z.string(),
    ok: z.literal(false),
    reason: z.string().optional(),
    message: z.string().optional(),
  }),
]);
export type DecisionOutcome = z.infer<typeof decisionOutcomeSchema>;

/** POST /api/admin/requests/decide: the outcomes in the order given, and the decided requests as they now stand. */
export const decisionsAnswer = z.object({
  outcomes: z.array(decisionOutcomeSchema),
  requests: z.array(adminApplicationSchema),
  serverNow: z.string().describe("The server's time of the answer: how long each undoUntil leaves is counted from it"),
});
export type DecisionsAnswer = z.infer<typeof decisionsAnswer>;

/** POST /api/admin/requests/undo: the requests as they stand again. */
export const undoAnswer = z.object({
  undone: z.array(z.object({ decisionId: z.string(), requestId: z.string(), status: z.enum(REQUEST_STATUSES) })),
  requests: z.array(adminApplicationSchema),
});
export type UndoAnswer = z.infer<typeof undoAnswer>;
