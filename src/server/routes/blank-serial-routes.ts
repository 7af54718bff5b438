/**
 * Blank serials reconciled (decision 042): for the signed-in shop its own deliveries, and for
 * administrators every shop's, each delivery as delivered = used + spoiled + in stock +
 * unaccounted, with serials recorded twice or outside the shop's deliveries. The rule is the
 * domain's (shopReconciliation); the rows are the repository's.
 */
import { shopReconciliation } from '#domain/serials/blank-serial';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { blankSerialRepository } from '../repositories/blank-serial-repository';

const reconciliationSchema = z.object({
  deliveries: z.array(
    z.object({
      allocation: z.number().nullable(),
      serials: z.string(),
      delivered: z.number(),
      used: z.number(),
      spoiled: z.number(),
      inStock: z.number(),
      unaccounted: z.number(),
      unaccountedSerials: z.string(),
      nextInStock: z.string().nullable(),
    }),
  ),
  duplicates: z.array(z.object({ serial: z.string(), uses: z.array(z.string()) })),
  notDelivered: z.array(z.object({ serial: z.string(), use: z.string() })),
  isReconciled: z.boolean(),
});

export const blankSerialRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const serials = blankSerialRepository(db);
  const reconcile = async (shopId: string) =>
    shopReconciliation(await serials.ranges(shopId), await serials.uses(shopId));

  app.get(
    '/api/shop/blank-serials',
    {
      config: { access: 'workspace:record' },
      schema: {
        tags: ['inventory'],
        summary: "The signed-in shop's blanks reconciled by serial, delivery by delivery.",
        response: { 200: reconciliationSchema },
      },
    },
    async (request) => reconcile(request.user?.id ?? ''),
  );

  app.get(
    '/api/admin/blank-serials',
    {
      config: { access: 'inventory:manage' },
      schema: {
        tags: ['inventory'],
        summary:
          "Every shop's blanks reconciled by serial: the shops with deliveries carrying serials, or that recorded blanks.",
        response: {
          200: z.object({ shops: z.array(reconciliationSchema.extend({ shopId: z.string(), shopName: z.string() })) }),
        },
      },
    },
    async () => {
      const shops = await serials.shopsWithSerials();
      return {
        shops: await Promise.all(
          shops.map(async (shop) => ({ shopId: shop.id, shopName: shop.name, ...(await reconcile(shop.id)) })),
        ),
      };
    },
  );
};
