/**
 * Where plates are made and how they reach the buyer: the plate shops a buyer may choose (with
 * their address, hours and coordinates; the distance is worked out on the buyer's device), the
 * delivery setting as buyers read it, and an administrator's change of it, audited; a plate
 * shop's own address, opening hours and location, which only that shop changes.
 */
import { deliverySettingAnswer, plateShopsAnswer, shopPlaceAnswer } from '#domain/api/collection';
import { deliverySettingsSchema, shopPlaceSchema } from '#domain/collection/collection-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/database';
import { settingsRepository } from '../repositories/settings-repository';
import { shopRepository } from '../repositories/shop-repository';
import type { User } from '../repositories/user-repository';
import { changeDelivery } from '../settings/setting-changes';
import { changeShopPlace } from '../shops/shop-place';
import { errorResponse } from './schemas';

export const collectionRoutes: FastifyPluginAsyncZod<{ db: Database; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  app.get(
    '/api/plate-shops',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary:
          'The approved, active plate shops a buyer may choose to make their plates, and whether delivery is offered and its fee',
        response: { 200: plateShopsAnswer },
      },
    },
    async () => {
      const [shops, delivery] = await Promise.all([
        shopRepository(db).activeShops(),
        settingsRepository(db).delivery(),
      ]);
      return { shops, delivery: delivery.settings };
    },
  );

  app.get(
    '/api/admin/settings/delivery',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: 'Whether delivery is offered, and its fee',
        response: { 200: deliverySettingAnswer },
      },
    },
    async () => {
      const stored = await settingsRepository(db).delivery();
      return { settings: stored.settings, updatedAt: stored.updatedAt };
    },
  );

  app.put(
    '/api/admin/settings/delivery',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: 'Offers delivery or not, and sets its fee; charges from now on use it; the change is audited',
        body: deliverySettingsSchema,
        response: { 200: deliverySettingAnswer, 400: errorResponse },
      },
    },
    async (request) => {
      const admin = request.user as User;
      const stored = await changeDelivery(db, request.body, { adminId: admin.id, at: now(), ip: request.ip });
      return { settings: stored.settings, updatedAt: stored.updatedAt };
    },
  );

  app.get(
    '/api/shop/place',
    {
      config: { access: 'workspace:record' },
      schema: {
        tags: ['plate-shop'],
        summary: 'Where the signed-in plate shop says buyers collect, and when it is open',
        response: { 200: shopPlaceAnswer },
      },
    },
    async (request) => {
      const shop = await shopRepository(db).shopNamed((request.user as User).id);
      return {
        place: {
          address: shop?.address ?? null,
          hours: shop?.hours ?? null,
          lat: shop?.lat ?? null,
          lng: shop?.lng ?? null,
        },
      };
    },
  );

  app.put(
    '/api/shop/place',
    {
      config: { access: 'workspace:record' },
      schema: {
        tags: ['plate-shop'],
        summary:
          "Sets the signed-in plate shop's address and opening hours, and optionally its location in Zambia (both coordinates or neither); buyers see them when they choose a shop; audited",
        body: shopPlaceSchema,
        response: { 200: shopPlaceAnswer, 400: errorResponse },
      },
    },
    async (request) => ({
      place: await changeShopPlace(db, (request.user as User).id, request.body, { ip: request.ip }),
    }),
  );
};
