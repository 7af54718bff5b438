/**
 * Where plates are made and how they reach the buyer: the plate shops a buyer may choose (with
 * their address, hours and coordinates; the distance is worked out on the buyer's device), the
 * delivery setting as buyers read it, and an administrator's change of it, audited.
 */
import { deliverySettingAnswer, plateShopsAnswer } from '#domain/api/collection';
import { deliverySettingsSchema } from '#domain/collection/collection-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/database';
import { settingsRepository } from '../repositories/settings-repository';
import { shopRepository } from '../repositories/shop-repository';
import type { User } from '../repositories/user-repository';
import { changeDelivery } from '../settings/setting-changes';
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
};
