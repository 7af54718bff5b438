/**
 * The administrator's Refunds: every refund with its payment and where it stands with the
 * payment provider, and the retry of a failed one. Starting a refund belongs to what makes it
 * due (a rejection, a cancellation, a failed allocation, a late approval).
 */
import { type AdminRefund, adminRefundAnswer, adminRefundsAnswer } from '#domain/api/payments';
import { formatPaymentReference } from '#domain/payments/reference';
import { REFUND_STATUSES } from '#domain/payments/refund';
import { paymentMethodName, type PaymentMethodId } from '#domain/pricing/pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ListedRefund, refundRepository } from '../repositories/refund-repository';
import type { User } from '../repositories/user-repository';
import type { PaymentContext } from '../payments/payment-service';
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
};
