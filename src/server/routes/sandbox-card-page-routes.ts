/**
 * The sandbox card provider's own page (a hosted checkout), served only when the payment
 * provider is the sandbox: the payer enters a test card there, never in Nambala's app or
 * API. The page records what the payer did in the sandbox and sends them back (303) to the
 * address Nambala gave it; Nambala then asks the provider how it went (docs/payments.md).
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { PaymentProvider } from '../payments/provider';
import { type CardPageAnswer, SANDBOX_CARD_PAGE_PATH, sandboxCardPage } from '../payments/sandbox-provider';

const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
const pageForm = z.object({
  action: z.string().max(10).optional(),
  number: z.string().max(40).optional(),
  expiry: z.string().max(10).optional(),
  cvc: z.string().max(10).optional(),
});

function answer(reply: FastifyReply, page: CardPageAnswer) {
  reply.header('Cache-Control', 'no-store');
  if (page.kind === 'redirect') return reply.code(303).header('Location', page.location).send();
  return reply.code(page.status).type('text/html; charset=utf-8').send(page.html);
}

export const sandboxCardPageRoutes: FastifyPluginAsync<{ provider: PaymentProvider }> = async (app, { provider }) => {
  const page = sandboxCardPage(provider);
  if (!page) return;
  // The page's form posts as a browser form does; only this plugin's routes read that type.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_r, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')))),
  );

  app.get<{ Params: { token: string } }>(
    `${SANDBOX_CARD_PAGE_PATH}/:token`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const token = tokenParams.safeParse(request.params);
      return answer(reply, token.success ? await page.show(token.data.token) : await page.show(''));
    },
  );

  app.post<{ Params: { token: string } }>(
    `${SANDBOX_CARD_PAGE_PATH}/:token`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const token = tokenParams.safeParse(request.params);
      const form = pageForm.safeParse(request.body ?? {});
      if (!token.success) return answer(reply, await page.show(''));
      // An overlong field is nobody's card: the page asks again, as for any number that cannot be a card.
      return answer(reply, await page.submit(token.data.token, form.success ? form.data : {}));
    },
  );
};
