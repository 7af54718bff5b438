/**
 * The administrator's Refunds: every refund with its payment and where it stands with the
 * payment provider, and the retry of a failed one; and the cancellation of a marketplace order
 * before manufacturing, which refunds it. Other refunds start where they become due (a
 * rejection, a failed allocation, a late approval).
 */
import { type AdminRefund, adminRefundAnswer, adminRefundsAnswer, cancelOrderAnswer } from '#domain/api/payments';
import { formatPaymentReference } from '#domain/payments/reference';
import { REFUND_STATUSES } from '#domain/payments/refund';
import { paymentMethodName, type PaymentMethodId } from '#domain/pricing/pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ListedRefund, refundRepository } from '../repositories/refund-repository';
import type { User } from '../repositories/user-repository';
import type { PaymentContext } from '../payments/payment-service';
import { cancelPurchaseOrder } from '../payments/order-cancellation';
import { answerOrRefuse } from '../payments/refusal-reply';
import { REFUND_NOT_FOUND, refundService, refundSummary } from '../payments/refunds';
import { errorBody } from '../plugins/error-handler';
import { errorResponse } from './schemas';

const idParams = z.object({ id: z.string().max(64) });

function adminView(refund: ListedRefund): AdminRefund {
  const summary = refundSummary(refund);
  if (!summary) throw new Error('a listed refund has a summary');
  const method = refund.paymentMethod as PaymentMethodId;
  return {
    ...summary,
    paymentId: refund.paymentId,
    paymentReference: formatPaymentReference(refund.paymentNumber),
    paymentAmount: refund.paymentAmount,
    method,
    methodName: paymentMethodName(method),
    description: refund.description,
    payerId: refund.payerId,
    payerName: refund.payerName,
    attempts: refund.attempts,
    attemptedAt: refund.attemptedAt,
    failureReason: refund.failureReason,
  };
}

export const refundRoutes: FastifyPluginAsyncZod<Omit<PaymentContext, 'log' | 'signer'>> = async (
  app,
  { db, provider, now },
) => {
  const service = refundService({ db, provider, now, log: app.log });
  const refunds = refundRepository(db);

  app.get(
    '/api/admin/refunds',
    {
      config: { access: 'payments:confirm' },
      schema: {
        tags: ['payments'],
        summary:
          'Every refund, newest first, with its payment and status (pending ones are asked of the provider first)',
        querystring: z.object({
          status: z.enum(REFUND_STATUSES, { error: "status must be 'pending', 'refunded' or 'failed'" }).optional(),
        }),
        response: { 200: adminRefundsAnswer, 400: errorResponse },
      },
    },
    async (request) => {
      await service.sweep();
      return { refunds: (await refunds.list({ status: request.query.status })).map(adminView) };
    },
  );

  app.post(
    '/api/admin/refunds/:id/retry',
    {
      config: { access: 'payments:confirm' },
      schema: {
        tags: ['payments'],
        summary: 'Asks the payment provider again for a failed refund (pending again, one more attempt)',
        params: idParams,
        response: { 200: adminRefundAnswer, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) =>
      answerOrRefuse(reply, async () => {
        await service.retry(request.params.id, (request.user as User).id, request.ip);
        const listed = await refunds.findListed(request.params.id);
        if (!listed) return reply.code(404).send(errorBody(404, REFUND_NOT_FOUND));
        return { refund: adminView(listed) };
      }),
  );

  app.post(
    '/api/admin/orders/:id/cancel',
    {
      config: { access: 'payments:confirm' },
      schema: {
        tags: ['payments'],
        summary:
          'Cancels a marketplace order (PO-) before manufacturing: the shop’s order withdrawn, the plate back on sale, the purchase refunded',
        params: idParams,
        body: z.object({
          reason: z
            .string({ error: 'Give a reason for the cancellation' })
            .trim()
            .min(1, 'Give a reason for the cancellation')
            .max(500, 'The reason is at most 500 characters'),
        }),
        response: {
          200: cancelOrderAnswer,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) =>
      answerOrRefuse(reply, async () => {
        const { order, refund } = await cancelPurchaseOrder(db, {
          orderId: request.params.id,
          adminId: (request.user as User).id,
          reason: request.body.reason,
          ip: request.ip,
          at: now(),
        });
        // The refund goes to the payment provider now that the cancellation is committed.
        if (refund) await service.process(refund);
        const listed = refund ? await refunds.findListed(refund.id) : undefined;
        return {
          order: { id: order.id, plateNumber: order.plateNumber, status: order.status },
          refund: listed ? adminView(listed) : null,
        };
      }),
  );
};
