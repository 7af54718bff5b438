/**
 * A payer's payments and receipts (reading one asks the provider for news: how the
 * payer did on the card provider's page), the sandbox's simulated handset prompt, and the administrator's confirmation that a bank transfer
 * arrived. Starting a payment belongs to what is paid for (marketplace, applications).
 */
import { can } from '#domain/accounts/permissions';
import { paymentAnswer, paymentsAnswer, pendingPaymentsAnswer } from '#domain/api/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../plugins/error-handler';
import { paymentRepository } from '../repositories/payment-repository';
import type { User } from '../repositories/user-repository';
import { PAYMENT_NOT_FOUND, type PaymentContext, paymentService } from '../payments/payment-service';
import { answerOrRefuse } from '../payments/refusal-reply';
import { refundService } from '../payments/refunds';
import { refundRepository } from '../repositories/refund-repository';
import { sandboxPromptEvent } from '../payments/sandbox-provider';
import { errorResponse } from './schemas';

export const NO_SANDBOX = 'Simulated prompts exist only with the sandbox payment provider.';

const idParams = z.object({ id: z.string().max(64) });

export const paymentRoutes: FastifyPluginAsyncZod<Omit<PaymentContext, 'log'>> = async (
  app,
  { db, provider, now, signer },
) => {
  // With the signer: a renewal approved here (handset prompt, card page's outcome, bank transfer received) re-issues the registration.
  const service = paymentService({ db, provider, now, signer, log: app.log });
  const payments = paymentRepository(db);
  const refunds = refundService({ db, provider, now, log: app.log });

  // Lets the app say, once and clearly, that payments are test payments: only with the sandbox.
  app.get(
    '/api/payments/provider',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Whether payments on this server are test payments (the sandbox provider)',
        response: { 200: z.object({ testPayments: z.boolean() }) },
      },
    },
    async () => ({ testPayments: provider.isSandbox }),
  );

  app.get(
    '/api/payments',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: "The signed-in user's payments, newest first",
        response: { 200: paymentsAnswer },
      },
    },
    async (request) => {
      const at = now();
      const mine = await payments.listForPayer((request.user as User).id);
      const refunds = await refundRepository(db).forPayments(mine.map((payment) => payment.id));
      return {
        payments: mine.map((payment) => service.receipt(payment, at, refunds.get(payment.id) ?? null)),
      };
    },
  );

  app.get(
    '/api/payments/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'One payment as a receipt (its payer or an administrator)',
        params: idParams,
        response: { 200: paymentAnswer, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const me = request.user as User;
      const found = await payments.find(request.params.id);
      // Someone else's payment is answered as missing, so ids cannot be probed.
      if (!found || (found.payerId !== me.id && !can(me.roles, 'payments:confirm')))
        return reply.code(404).send(errorBody(404, PAYMENT_NOT_FOUND));
      const refund = await refunds.forPayment(found.id);
      return { payment: service.receipt(await service.refresh(found), now(), refund ?? null) };
    },
  );

  app.post(
    '/api/payments/:id/sandbox-prompt',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: "Sandbox only: the payer's answer on the simulated handset prompt of a pending MTN or Airtel payment",
        params: idParams,
        body: z.object({ answer: z.enum(['approve', 'decline'], { error: "answer must be 'approve' or 'decline'" }) }),
        response: { 200: paymentAnswer, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) =>
      answerOrRefuse(reply, async () => {
        const found = await payments.find(request.params.id);
        if (!found || found.payerId !== (request.user as User).id)
          return reply.code(404).send(errorBody(404, PAYMENT_NOT_FOUND));
        if (!provider.isSandbox || found.provider !== provider.name)
          return reply.code(404).send(errorBody(404, NO_SANDBOX));
        if (found.method !== 'mtn' && found.method !== 'airtel')
          return reply.code(409).send(errorBody(409, 'Only a mobile money payment has a handset prompt.'));
        const result = await service.settle(found.id, sandboxPromptEvent(request.body.answer));
        if (!result.ok) return reply.code(409).send(errorBody(409, result.message));
        return { payment: service.receipt(result.payment) };
      }),
  );

  app.get(
    '/api/admin/payments',
    {
      config: { access: 'payments:confirm' },
      schema: {
        tags: ['payments'],
        summary: 'Payments still pending, oldest first (bank transfers waiting to be marked received)',
        response: { 200: pendingPaymentsAnswer },
      },
    },
    async () => {
      const at = now();
      const pending = (await payments.listPending()).map((payment) => ({
        ...service.receipt(payment, at),
        payerId: payment.payerId,
      }));
      return { payments: pending.filter((payment) => payment.status === 'pending') };
    },
  );

  app.post(
    '/api/admin/payments/:id/received',
    {
      config: { access: 'payments:confirm' },
      schema: {
        tags: ['payments'],
        summary: 'Marks a pending bank transfer received: the payment is approved and what it paid for takes effect',
        params: idParams,
        response: { 200: paymentAnswer, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) =>
      answerOrRefuse(reply, async () => {
        const result = await service.markReceived(request.params.id, (request.user as User).id, request.ip);
        if (!result.ok) return reply.code(409).send(errorBody(409, result.message));
        return { payment: service.receipt(result.payment) };
      }),
  );
};
