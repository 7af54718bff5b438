/**
 * The application wizard's submit and the administrator's Plate Requests: the list with
 * applicant, vehicle, quantity, date, status, order information and payment, and
 * approve/reject for one or many requests through one route. Approving allocates the
 * plate numbers and gives the plate maker with the least work an order per plate (it
 * reaches their device through the change log); rejecting takes those back and tells
 * the applicant why. Each decision is audited. Decisions are plain online routes, not
 * pushed intents: see docs/decisions/010-purchases-and-reservations.md.
 */
import { randomInt } from 'node:crypto';
import {
  adminPlateRequestsAnswer,
  applicationAnswer,
  decisionsAnswer,
  myPlateRequestsAnswer,
  type AdminPlateRequest as RequestView,
} from '#domain/api/plate-requests';
import { applicationStep2Schema, step1Fields, withRegistrationRule } from '#domain/applications/application-form';
import { formatKwacha } from '#domain/money/money';
import { PAYMENT_METHOD_IDS, paymentMethodName } from '#domain/pricing/pricing';
import { formatPaymentReference } from '#domain/payments/reference';
import { isLuckyNumber, isStandardPlateNumber } from '#domain/plates/plate-number';
import { collectionDateAfter } from '#domain/plates/lifecycle';
import {
  decideMany,
  MAX_REJECTION_REASON_LENGTH,
  quantityLabel,
  requestSummary,
  REVIEW_MESSAGES,
  type ReviewDecision,
  type ReviewOutcome,
} from '#domain/requests/review';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Queryable } from '../db/database';
import { plateLifecycle } from '../lifecycle/plate-lifecycle';
import { agentRepository } from '../repositories/agent-repository';
import { auditRepository } from '../repositories/audit-repository';
import { notify } from '../notifications/notify';
import { paymentRepository, type StoredPayment } from '../repositories/payment-repository';
import {
  type AllocatedPlate,
  plateRequestRepository,
  type StoredPlateRequest,
} from '../repositories/plate-request-repository';
import type { User } from '../repositories/user-repository';
import { applicationCheckout } from '../payments/application-checkout';
import { type PaymentContext, type PaymentService, paymentService } from '../payments/payment-service';
import { answerOrRefuse } from '../payments/refusal-reply';
import { idempotencyKeySchema } from './purchase-routes';
import { errorResponse } from './schemas';

export const REQUEST_NOT_FOUND = 'This request no longer exists.';
export const REQUEST_NOT_PAID = 'This request has not been paid yet. Approve it once its payment has been received.';
export const NO_PLATE_MAKER = 'No plate-maker shop is active to make these plates. Approve an agent account first.';
export const NO_FREE_NUMBERS = 'No free plate numbers could be found just now. Please try again.';

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ'; // no I, O or Q: they read as 1 and 0 on a plate

/**
 * A random standard number, ZM-###-XXX. Lucky numbers (777, 000 ...) are never handed out
 * here: they are premium stock for the marketplace.
 */
export function randomPlateNumber(random: (max: number) => number = randomInt): string {
  for (;;) {
    const digits = String(100 + random(900));
    const letters = Array.from({ length: 3 }, () => LETTERS[random(LETTERS.length)]).join('');
    const candidate = `ZM-${digits}-${letters}`;
    if (isStandardPlateNumber(candidate) && !isLuckyNumber(candidate)) return candidate;
  }
}

/** Claims `count` numbers nobody has for the request; a number another transaction takes first is simply skipped. */
async function allocateNumbers(
  tx: Queryable,
  request: StoredPlateRequest,
  agentId: string,
  count: number,
  at: Date,
  newNumber: () => string,
): Promise<string[]> {
  const requests = plateRequestRepository(tx);
  const claimed: string[] = [];
  for (let round = 0; round < 20 && claimed.length < count; round += 1) {
    const wanted = count - claimed.length;
    const candidates = [...new Set(Array.from({ length: wanted * 2 + 4 }, newNumber))];
    for (const plateNumber of await requests.unusedNumbers(candidates)) {
      if (claimed.length === count) break;
      if (await requests.claimNumber({ plateNumber, requestId: request.id, agentId, at })) claimed.push(plateNumber);
    }
  }
  return claimed;
}

export type DecisionOutcome =
  | {
      requestId: string;
      ok: true;
      status: 'Approved' | 'Rejected';
      plates: string[];
      agent: { id: string; name: string } | null;
    }
  | { requestId: string; ok: false; reason: string; message: string };

export interface DecisionInput {
  adminId: string;
  ids: readonly string[];
  decision: ReviewDecision;
  reason?: string;
  ip: string;
  at: Date;
  newNumber?: () => string;
}

/**
 * One decision for each listed request, in one transaction. The domain judges each
 * request on its own (decideMany), so one refusal does not stop the others; the server
 * adds what only it knows: the request exists, it is paid, and a plate maker is active.
 */
export async function decideRequests(db: Database, input: DecisionInput): Promise<DecisionOutcome[]> {
  return db.transaction((tx) => decideRequestsIn(tx, input));
}

/** The same, inside the caller's transaction (the demo data's approvals run in the seed's). */
export async function decideRequestsIn(tx: Queryable, input: DecisionInput): Promise<DecisionOutcome[]> {
  const newNumber = input.newNumber ?? (() => randomPlateNumber());
  const requests = plateRequestRepository(tx);
  const found = new Map((await requests.lockMany(input.ids)).map((request) => [request.id, request]));
  const present = [...found.values()];
  const started = await requests.manufacturingStarted(present.map((request) => request.id));
  const judged = new Map(
    decideMany(present, input.decision, { manufacturingStartedIds: started, reason: input.reason }).map((entry) => [
      entry.requestId,
      entry.outcome,
    ]),
  );
  const latestPayments = await paymentRepository(tx).latestForRequests(present.map((request) => request.id));
  const audit = auditRepository(tx);
  const outcomes: DecisionOutcome[] = [];

  for (const requestId of input.ids) {
    const request = found.get(requestId);
    const outcome: ReviewOutcome | undefined = judged.get(requestId);
    if (!request || !outcome) {
      outcomes.push({ requestId, ok: false, reason: 'not-found', message: REQUEST_NOT_FOUND });
      continue;
    }
    if (outcomes.some((earlier) => earlier.requestId === requestId)) continue; // listed twice: decided once
    let result: DecisionOutcome;
    if (!outcome.ok) result = { requestId, ok: false, reason: outcome.reason, message: outcome.message };
    else if (outcome.status === 'Approved')
      result = await approve(tx, request, latestPayments.get(requestId), input, newNumber);
    else result = await reject(tx, request, outcome.rejectionReason ?? '', latestPayments.get(requestId), input);
    await audit.record({
      actorId: input.adminId,
      action: `request.${input.decision}`,
      target: requestId,
      outcome: result.ok ? 'success' : 'failure',
      detail: result.ok
        ? {
            reference: request.reference,
            plates: result.plates,
            agentId: result.agent?.id ?? null,
            reason: input.decision === 'reject' ? input.reason?.trim() : undefined,
          }
        : { reference: request.reference, refusal: result.message },
      ip: input.ip,
    });
    outcomes.push(result);
  }
  return outcomes;
}

async function approve(
  tx: Queryable,
  request: StoredPlateRequest,
  payment: StoredPayment | undefined,
  input: DecisionInput,
  newNumber: () => string,
): Promise<DecisionOutcome> {
  if (payment?.status !== 'approved')
    return { requestId: request.id, ok: false, reason: 'not-paid', message: REQUEST_NOT_PAID };
  const requests = plateRequestRepository(tx);
  const agent = await requests.leastLoadedAgent();
  if (!agent) return { requestId: request.id, ok: false, reason: 'no-plate-maker', message: NO_PLATE_MAKER };
  const plates = await allocateNumbers(tx, request, agent.id, request.quantity, input.at, newNumber);
  // Not enough numbers: throwing rolls back the whole decision, including numbers claimed above.
  if (plates.length < request.quantity) throw new Error(NO_FREE_NUMBERS);
  const agents = agentRepository(tx);
  const collectionDate = collectionDateAfter(input.at);
  for (const plateNumber of plates) {
    const order = await agents.addOrder({
      agentId: agent.id,
      customerName: request.applicant,
      customerNrc: request.nrcNumber,
      customerPhone: request.orderInfo.phone,
      plateNumber,
      plateType: request.orderInfo.plateType,
      vehicle: request.vehicle,
      collectionDate,
      createdAt: input.at.toISOString(),
    });
    if (order) await requests.setOrder(plateNumber, order.id);
    await plateLifecycle(tx).hold(
      {
        plateNumber,
        ownerId: request.applicantId,
        ownerName: request.applicant,
        ownerNrc: request.nrcNumber,
        source: 'application',
        sourceRef: request.id,
        agentId: agent.id,
        orderId: order?.id ?? null,
        at: input.at,
      },
      { id: input.adminId, ip: input.ip },
    );
  }
  await requests.setDecision(request.id, {
    status: 'Approved',
    rejectionReason: null,
    agentId: agent.id,
    decidedBy: input.adminId,
    decidedAt: input.at,
  });
  const shop = agent.businessName ?? agent.name;
  await notifyApplicant(tx, request, {
    kind: 'request-approved',
    title: `Application ${request.reference} approved`,
    body: `Your application for ${quantityLabel(request.quantity)} was approved: ${plates.join(', ')}. ${shop} will make ${request.quantity === 1 ? 'it' : 'them'}; collect from ${collectionDate}.`,
  });
  return { requestId: request.id, ok: true, status: 'Approved', plates, agent: { id: agent.id, name: shop } };
}

async function reject(
  tx: Queryable,
  request: StoredPlateRequest,
  reason: string,
  payment: StoredPayment | undefined,
  input: DecisionInput,
): Promise<DecisionOutcome> {
  const requests = plateRequestRepository(tx);
  const released: AllocatedPlate[] = await requests.releasePlates(request.id, input.at);
  await requests.withdrawAgentOrders(
    released.flatMap((plate) => (plate.orderId ? [{ orderId: plate.orderId, agentId: plate.agentId }] : [])),
  );
  await plateLifecycle(tx).release(
    released.map((plate) => plate.plateNumber),
    { id: input.adminId, ip: input.ip },
  );
  await requests.setDecision(request.id, {
    status: 'Rejected',
    rejectionReason: reason,
    agentId: null,
    decidedBy: input.adminId,
    decidedAt: input.at,
  });
  const refund =
    payment?.status === 'approved'
      ? ` Your payment ${formatPaymentReference(payment.number)} of ${formatKwacha(payment.amount)} will be refunded.`
      : '';
  await notifyApplicant(tx, request, {
    kind: 'request-rejected',
    title: `Application ${request.reference} rejected`,
    body: `Your application for ${quantityLabel(request.quantity)} was rejected. Reason: ${reason}${/[.!?]$/.test(reason) ? '' : '.'}${refund}`,
  });
  return { requestId: request.id, ok: true, status: 'Rejected', plates: [], agent: null };
}

async function notifyApplicant(
  tx: Queryable,
  request: StoredPlateRequest,
  notification: { kind: string; title: string; body: string },
): Promise<void> {
  await notify(tx, request.applicantId, { ...notification, link: '/dashboard/user' });
}

// ---------------------------------------------------------------------------------------------
// Shapes

async function requestViews(
  db: Queryable,
  payments: PaymentService,
  requests: readonly StoredPlateRequest[],
  at: Date,
): Promise<RequestView[]> {
  const ids = requests.map((request) => request.id);
  const repository = plateRequestRepository(db);
  const [plates, started, latest] = await Promise.all([
    repository.platesOf(ids),
    repository.manufacturingStarted(ids),
    paymentRepository(db).latestForRequests(ids),
  ]);
  const agents = await repository.agentNames([
    ...new Set(requests.flatMap((request) => (request.agentId ? [request.agentId] : []))),
  ]);
  return requests.map((request) => {
    const payment = latest.get(request.id);
    const agent = request.agentId ? agents.get(request.agentId) : undefined;
    const receipt = payment && payments.receipt(payment, at);
    return {
      id: request.id,
      reference: request.reference,
      applicant: request.applicant,
      applicantId: request.applicantId,
      nrcNumber: request.nrcNumber,
      vehicle: request.vehicle,
      quantity: request.quantity,
      quantityLabel: quantityLabel(request.quantity),
      date: request.date,
      status: request.status,
      orderInfo: request.orderInfo,
      rejectionReason: request.rejectionReason,
      decidedAt: request.decidedAt,
      createdAt: request.createdAt,
      plates: (plates.get(request.id) ?? []).map((plate) => plate.plateNumber),
      agent: request.agentId && agent ? { id: request.agentId, name: agent.businessName ?? agent.name } : null,
      manufacturingStarted: started.has(request.id),
      payment: receipt
        ? {
            id: receipt.id,
            reference: receipt.reference,
            status: receipt.status,
            method: receipt.method,
            methodName: paymentMethodName(receipt.method),
            amount: receipt.amount,
          }
        : null,
    };
  });
}

const cardSchema = z.object(
  { number: z.string({ error: 'Enter the card number' }).max(40, 'Card number is not valid') },
  { error: 'Enter the card number' },
);

const applicationBody = withRegistrationRule(
  z.object({
    ...step1Fields,
    // The app sends the wizard's tick as a boolean; text ('true', '') is the form's own state, not the API's.
    registrationNotYetKnown: z
      .boolean({ error: 'registrationNotYetKnown must be true or false' })
      .optional()
      .default(false),
    ...applicationStep2Schema.shape,
    id: idempotencyKeySchema.describe(
      "The device's id for this application (lowercase UUID): a repeated submit is recognised",
    ),
    payerPhone: z
      .string()
      .max(30, 'Phone number must be at most 30 characters')
      .optional()
      .describe('Mobile money number when not the phone number of step 1'),
    card: cardSchema
      .optional()
      .describe('Card to charge at once; without it a card payment waits for POST /api/payments/:id/card'),
  }),
);

export const plateRequestRoutes: FastifyPluginAsyncZod<
  Omit<PaymentContext, 'log'> & { newPlateNumber?: () => string }
> = async (app, { db, provider, now, newPlateNumber }) => {
  const payments = paymentService({ db, provider, now, log: app.log });
  const applications = applicationCheckout({ db, provider, now, log: app.log }, payments);
  const answer = (result: { request: StoredPlateRequest; payment: StoredPayment | undefined }) => ({
    reference: result.request.reference,
    requestId: result.request.id,
    status: result.request.status,
    payment: result.payment ? payments.receipt(result.payment) : null,
  });

  app.post(
    '/api/applications',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['applications'],
        summary:
          "Submits the wizard's application: a plate request with a unique LP- reference, and its payment started with the chosen method",
        body: applicationBody,
        response: { 200: applicationAnswer, 201: applicationAnswer, 400: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) =>
      answerOrRefuse(reply, async () => {
        const result = await applications.submit((request.user as User).id, request.body);
        if (!result.replayed)
          request.log.info(
            { requestId: result.request.id, reference: result.request.reference },
            'application submitted',
          );
        return reply.code(result.replayed ? 200 : 201).send(answer(result));
      }),
  );

  app.post(
    '/api/applications/:id/payments',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['applications'],
        summary: 'Pays an application again after its payment was declined or timed out',
        params: z.object({ id: z.string().max(64) }),
        body: z.object({
          idempotencyKey: idempotencyKeySchema,
          method: z.enum(PAYMENT_METHOD_IDS, { error: 'Please select a payment method' }),
          phone: z.string().max(30, 'Phone number must be at most 30 characters').optional(),
          card: cardSchema.optional(),
        }),
        response: {
          200: applicationAnswer,
          201: applicationAnswer,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) =>
      answerOrRefuse(reply, async () => {
        const result = await applications.pay(request.params.id, (request.user as User).id, request.body);
        return reply.code(result.replayed ? 200 : 201).send(answer(result));
      }),
  );

  app.get(
    '/api/requests',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['applications'],
        summary: "The signed-in user's own plate requests, newest first",
        response: { 200: myPlateRequestsAnswer },
      },
    },
    async (request) => ({
      requests: await requestViews(
        db,
        payments,
        await plateRequestRepository(db).listForApplicant((request.user as User).id),
        now(),
      ),
    }),
  );

  app.get(
    '/api/admin/requests',
    {
      config: { access: 'requests:review' },
      schema: {
        tags: ['applications'],
        summary:
          'Every plate request, newest first, with its payment, allocated numbers and plate maker; and the summary strip',
        response: {
          200: adminPlateRequestsAnswer,
        },
      },
    },
    async () => {
      const requests = await plateRequestRepository(db).list();
      return { requests: await requestViews(db, payments, requests, now()), summary: requestSummary(requests) };
    },
  );

  app.post(
    '/api/admin/requests/decide',
    {
      config: { access: 'requests:review' },
      schema: {
        tags: ['applications'],
        summary:
          'Approve or reject one or many requests (one refusal does not stop the others); outcomes in the order given',
        body: z.object({
          ids: z
            .array(z.string().max(64), { error: 'ids must be a list of request ids' })
            .min(1, 'Select at least one request')
            .max(500, 'At most 500 requests at a time'),
          decision: z.enum(['approve', 'reject'], { error: "decision must be 'approve' or 'reject'" }),
          // The domain counts the reason's characters as a person sees them; this only stops essays early.
          reason: z
            .string()
            .max(MAX_REJECTION_REASON_LENGTH * 4, REVIEW_MESSAGES.reasonTooLong)
            .optional(),
        }),
        response: {
          200: decisionsAnswer,
          400: errorResponse,
        },
      },
    },
    async (request) => {
      const at = now();
      const outcomes = await decideRequests(db, {
        adminId: (request.user as User).id,
        ids: request.body.ids,
        decision: request.body.decision,
        reason: request.body.reason,
        ip: request.ip,
        at,
        newNumber: newPlateNumber,
      });
      const repository = plateRequestRepository(db);
      const decided = (await Promise.all([...new Set(request.body.ids)].map((id) => repository.find(id)))).filter(
        (found): found is StoredPlateRequest => found !== undefined,
      );
      return { outcomes, requests: await requestViews(db, payments, decided, at) };
    },
  );
};
