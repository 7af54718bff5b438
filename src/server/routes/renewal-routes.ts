/**
 * Renewing a registration (online only: it is paid). The owner starts the renewal
 * payment here; the payment panel follows it through the payment routes, and its
 * approval re-issues the registration with the new expiry (src/server/lifecycle/reissue.ts).
 */
import { paymentAnswer } from '#domain/api/payments';
import { renewalQuoteAnswer } from '#domain/api/renewals';
import { parsePlateNumber } from '#domain/plates/plate-number';
import { PAYMENT_METHOD_IDS } from '#domain/pricing/pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NO_SIGNING_KEY } from '../lifecycle/plate-lifecycle';
import { type PaymentContext, paymentService } from '../payments/payment-service';
import { answerOrRefuse } from '../payments/refusal-reply';
import { renewalCheckout } from '../payments/renewal-checkout';
import { errorBody } from '../plugins/error-handler';
import type { User } from '../repositories/user-repository';
import { idempotencyKeySchema } from './purchase-routes';
import { errorResponse, noCardNumber } from './schemas';

const plateParams = z.object({ plateNumber: z.string().max(40, 'Plate number must be at most 10 characters') });

const renewalBody = z.object({
  idempotencyKey: idempotencyKeySchema,
  method: z.enum(PAYMENT_METHOD_IDS, { error: 'Please select a payment method' }),
  phone: z.string().max(30, 'Phone number must be at most 30 characters').optional(),
  card: noCardNumber,
});

export const renewalRoutes: FastifyPluginAsyncZod<Omit<PaymentContext, 'log'>> = async (app, context) => {
  const payments = paymentService({ ...context, log: app.log });
  const checkout = renewalCheckout({ ...context, log: app.log }, payments);

  app.get(
    '/api/plates/:plateNumber/renewal',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['owner'],
        summary:
          "What renewing the caller's plate today costs and gives, by the server's clock and prices, or why it cannot be renewed yet",
        params: plateParams,
        response: { 200: renewalQuoteAnswer, 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) =>
      answerOrRefuse(reply, async () => {
        const plate = parsePlateNumber(request.params.plateNumber);
        if (!plate.ok) return reply.code(400).send(errorBody(400, plate.error, { plateNumber: plate.error }));
        return { quote: await checkout.quote((request.user as User).id, plate.value) };
      }),
  );

  app.post(
    '/api/plates/:plateNumber/renewals',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['owner'],
        summary:
          "Renews the caller's registered plate: pays the renewal fee; once the payment is approved the registration is re-issued with the new expiry (the current one plus the validity, or today plus the validity once expired)",
        params: plateParams,
        body: renewalBody,
        response: {
          200: paymentAnswer,
          201: paymentAnswer,
          400: errorResponse,
          403: errorResponse,
          409: errorResponse,
          503: errorResponse,
        },
      },
    },
    async (request, reply) =>
      answerOrRefuse(reply, async () => {
        const plate = parsePlateNumber(request.params.plateNumber);
        if (!plate.ok) return reply.code(400).send(errorBody(400, plate.error, { plateNumber: plate.error }));
        // Refused before anything is charged: an approved renewal here could not be issued.
        if (!context.signer) return reply.code(503).send(errorBody(503, NO_SIGNING_KEY));
        const result = await checkout.start((request.user as User).id, plate.value, request.body);
        if (!result.replayed)
          request.log.info(
            { paymentId: result.payment.id, plateNumber: plate.value, status: result.payment.status },
            'renewal payment started',
          );
        return reply.code(result.replayed ? 200 : 201).send({ payment: payments.receipt(result.payment) });
      }),
  );
};
