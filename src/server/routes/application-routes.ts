/**
 * The application wizard's submit and the administrator's Plate Requests: the list with
 * applicant, vehicle, quantity, date, status, order information and payment, and
 * approve/reject for one or many requests through one route. The decision itself (numbers,
 * plate maker's orders, the applicant told, the audit) is src/server/applications/.
 * Decisions are plain online routes, not pushed intents: see
 * docs/decisions/010-purchases-and-reservations.md.
 */
import { formatOrderReferences } from '#domain/orders/order-references';
import {
  adminApplicationsAnswer,
  applicationAnswer,
  decisionsAnswer,
  myApplicationsAnswer,
  undoAnswer,
  type AdminApplication as RequestView,
} from '#domain/api/applications';
import { applicationStep2Schema, step1Fields, withRegistrationRule } from '#domain/applications/application-form';
import { collectionChoiceFields } from '#domain/collection/collection-schemas';
import { PAYMENT_METHOD_IDS, paymentMethodName } from '#domain/pricing/pricing';
import {
  MAX_REJECTION_REASON_LENGTH,
  quantityLabel,
  requestSummary,
  REVIEW_MESSAGES,
} from '#domain/applications/review';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../db/database';
import { paymentRepository, type StoredPayment } from '../repositories/payment-repository';
import { applicationRepository, type StoredApplication } from '../repositories/application-repository';
import { numberRepository } from '../repositories/number-repository';
import type { User } from '../repositories/user-repository';
import { applicationCheckout } from '../payments/application-checkout';
import { type PaymentContext, type PaymentService, paymentService } from '../payments/payment-service';
import { answerOrRefuse } from '../payments/refusal-reply';
import { refundService } from '../payments/refunds';
import { decideApplications } from '../applications/application-decisions';
import { undoDecisions } from '../applications/decision-undo';
import { idempotencyKeySchema } from './purchase-routes';
import { errorResponse, noCardNumber } from './schemas';
import { chosenNumbersSchema } from '#domain/plates/chosen-numbers-schema';

// ---------------------------------------------------------------------------------------------
// Shapes

async function requestViews(
  db: Queryable,
  payments: PaymentService,
  requests: readonly StoredApplication[],
  at: Date,
): Promise<RequestView[]> {
  const ids = requests.map((request) => request.id);
  const repository = applicationRepository(db);
  const [plates, started, latest, chosen] = await Promise.all([
    repository.platesOf(ids),
    repository.manufacturingStarted(ids),
    paymentRepository(db).latestForRequests(ids),
    numberRepository(db).requestedOf(ids),
  ]);
  const agents = await repository.agentNames([
    ...new Set(
      requests.flatMap((request) => [request.agentId, request.chosenShopId].filter((id): id is string => !!id)),
    ),
  ]);
  const shopName = (id: string | null) => {
    const shop = id ? agents.get(id) : undefined;
    return id && shop ? { id, name: shop.businessName ?? shop.name } : null;
  };
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
      requestedNumbers: chosen.get(request.id)?.numbers ?? [],
      allocationFailure: chosen.get(request.id)?.allocationFailure ?? null,
      agent: request.agentId && agent ? { id: request.agentId, name: agent.businessName ?? agent.name } : null,
      chosenShop: shopName(request.chosenShopId),
      deliverTo: request.deliveryDestination,
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

const applicationBody = withRegistrationRule(
  z.object({
    ...step1Fields,
    // The app sends the wizard's tick as a boolean; text ('true', '') is the form's own state, not the API's.
    registrationNotYetKnown: z
      .boolean({ error: 'registrationNotYetKnown must be true or false' })
      .optional()
      .default(false),
    ...applicationStep2Schema.shape,
    // The plate shop chosen (or left to the administrator) and collection or delivery.
    ...collectionChoiceFields,
    id: idempotencyKeySchema.describe(
      "The device's id for this application (lowercase UUID): a repeated submit is recognised",
    ),
    payerPhone: z
      .string()
      .max(30, 'Phone number must be at most 30 characters')
      .optional()
      .describe('Mobile money number when not the phone number of step 1'),
    card: noCardNumber,
    plateNumbers: chosenNumbersSchema.optional().default([]),
  }),
);

export const applicationRoutes: FastifyPluginAsyncZod<
  Omit<PaymentContext, 'log'> & { newPlateNumber?: () => string; undoWindowMs?: number }
> = async (app, { db, provider, now, newPlateNumber, undoWindowMs }) => {
  const payments = paymentService({ db, provider, now, log: app.log });
  const refunds = refundService({ db, provider, now, log: app.log });
  const applications = applicationCheckout({ db, provider, now, log: app.log }, payments);
  const answer = (result: { request: StoredApplication; payment: StoredPayment | undefined }) => ({
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
            `application ${formatOrderReferences({ reference: result.request.reference, requestId: result.request.id })} submitted`,
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
          card: noCardNumber,
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
        response: { 200: myApplicationsAnswer },
      },
    },
    async (request) => ({
      requests: await requestViews(
        db,
        payments,
        await applicationRepository(db).listForApplicant((request.user as User).id),
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
          200: adminApplicationsAnswer,
        },
      },
    },
    async () => {
      const requests = await applicationRepository(db).list();
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
      const outcomes = await decideApplications(db, {
        adminId: (request.user as User).id,
        ids: request.body.ids,
        decision: request.body.decision,
        reason: request.body.reason,
        ip: request.ip,
        at,
        newNumber: newPlateNumber,
        undoWindowMs,
      });
      // A refund started at once (an approval whose chosen number had gone, a final rejection of an approved
      // request) goes to the payment provider now that the decisions are committed; an undoable rejection's
      // waits for its window (jobs/held-decisions.ts).
      if (
        outcomes.some((outcome) =>
          outcome.ok ? outcome.status === 'Rejected' && !outcome.decisionId : outcome.reason === 'allocation-failed',
        )
      )
        await refunds.sweep();
      const repository = applicationRepository(db);
      const decided = (await Promise.all([...new Set(request.body.ids)].map((id) => repository.find(id)))).filter(
        (found): found is StoredApplication => found !== undefined,
      );
      return { outcomes, requests: await requestViews(db, payments, decided, at), serverNow: at.toISOString() };
    },
  );

  app.post(
    '/api/admin/requests/undo',
    {
      config: { access: 'requests:review' },
      schema: {
        tags: ['applications'],
        summary:
          'Undoes approve or reject decisions while their window lasts (all or none): each request back as it was, the applicant never told',
        body: z.object({
          decisionIds: z
            .array(z.string().max(64), { error: 'decisionIds must be a list of decision ids' })
            .min(1, 'Name at least one decision to undo')
            .max(500, 'At most 500 decisions at a time'),
        }),
        response: { 200: undoAnswer, 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) =>
      answerOrRefuse(reply, async () => {
        const at = now();
        const undone = await undoDecisions(db, {
          adminId: (request.user as User).id,
          decisionIds: request.body.decisionIds,
          ip: request.ip,
          at,
        });
        const repository = applicationRepository(db);
        const restored = (await Promise.all(undone.map((entry) => repository.find(entry.requestId)))).filter(
          (found): found is StoredApplication => found !== undefined,
        );
        return { undone, requests: await requestViews(db, payments, restored, at) };
      }),
  );
};
