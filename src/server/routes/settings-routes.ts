/**
 * Prices and fees: read by anyone (the pricing page and the wizard show them), changed
 * by an administrator, each change audited and kept in the history. Every price the
 * server charges is computed from these settings at the time of the charge.
 */
import {
  pricingAnswer,
  pricingHistoryAnswer,
  stalenessSettingsAnswer,
  stalenessSettingsHistoryAnswer,
  stockThresholdsAnswer,
  stockThresholdsHistoryAnswer,
} from '#domain/api/settings';
import { stockThresholdsBodySchema } from '#domain/inventory/allocation';
import { gatewayFeeLabel, PAYMENT_METHODS } from '#domain/pricing/pricing';
import { pricingSettingsSchema } from '#domain/pricing/pricing-settings-schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/database';
import { settingsRepository } from '../repositories/settings-repository';
import type { User } from '../repositories/user-repository';
import { stalenessSettingsSchema } from '#domain/police/staleness-settings-schema';
import { changeNumberRules, changePricing, changeStaleness, changeStockThresholds } from '../settings/setting-changes';
import { numberRulesAnswer } from '#domain/api/numbers';
import { numberRulesSchema } from '#domain/plates/number-rules-schema';
import { errorResponse } from './schemas';

export const settingsRoutes: FastifyPluginAsyncZod<{ db: Database; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  const settings = settingsRepository(db);
  const withMethods = (stored: Awaited<ReturnType<typeof settings.pricing>>) => ({
    settings: stored.settings,
    paymentMethods: PAYMENT_METHODS.map((method) => ({
      id: method.id,
      name: method.name,
      feeLabel: gatewayFeeLabel(method.id, stored.settings),
    })),
    updatedAt: stored.updatedAt,
  });

  app.get(
    '/api/settings/pricing',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Current prices, fees and durations (amounts in ngwee)',
        response: { 200: pricingAnswer },
      },
    },
    async () => withMethods(await settings.pricing()),
  );

  app.put(
    '/api/admin/settings/pricing',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: 'Changes prices and fees; the change is audited and kept in the history',
        body: pricingSettingsSchema,
        response: { 200: pricingAnswer, 400: errorResponse },
      },
    },
    async (request) => {
      const admin = request.user as User;
      const stored = await changePricing(db, request.body, { adminId: admin.id, at: now(), ip: request.ip });
      return withMethods(stored);
    },
  );

  app.get(
    '/api/admin/settings/pricing/history',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: 'Every change to prices and fees, newest first: who, when, from what to what',
        response: {
          200: pricingHistoryAnswer,
        },
      },
    },
    async () => ({ history: await settings.pricingHistory() }),
  );

  app.get(
    '/api/admin/settings/stock',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: 'The stock thresholds inventory statuses are computed with',
        response: { 200: stockThresholdsAnswer },
      },
    },
    async () => {
      const stored = await settings.stockThresholds();
      return { settings: stored.settings, updatedAt: stored.updatedAt };
    },
  );

  app.put(
    '/api/admin/settings/stock',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary:
          'Changes the stock thresholds; the change is audited, kept in the history and sent to administrators’ devices',
        body: stockThresholdsBodySchema,
        response: { 200: stockThresholdsAnswer, 400: errorResponse },
      },
    },
    async (request) => {
      const admin = request.user as User;
      const stored = await changeStockThresholds(db, request.body, { adminId: admin.id, at: now(), ip: request.ip });
      return { settings: stored.settings, updatedAt: stored.updatedAt };
    },
  );

  app.get(
    '/api/admin/settings/stock/history',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: 'Every change to the stock thresholds, newest first',
        response: {
          200: stockThresholdsHistoryAnswer,
        },
      },
    },
    async () => ({ history: await settings.stockThresholdsHistory() }),
  );

  app.get(
    '/api/admin/settings/staleness',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary:
          'How old the data on a device may be before a roadside verdict is weakened, then not confirmed offline',
        response: { 200: stalenessSettingsAnswer },
      },
    },
    async () => {
      const stored = await settings.staleness();
      return { settings: stored.settings, updatedAt: stored.updatedAt };
    },
  );

  app.put(
    '/api/admin/settings/staleness',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary:
          'Changes the verdict’s staleness thresholds (caution at least 1 hour; cannot-confirm longer than caution, at most 30 days); audited, kept in the history and sent to every device with the revocation list',
        body: stalenessSettingsSchema,
        response: { 200: stalenessSettingsAnswer, 400: errorResponse },
      },
    },
    async (request) => {
      const admin = request.user as User;
      const stored = await changeStaleness(db, request.body, { adminId: admin.id, at: now(), ip: request.ip });
      return { settings: stored.settings, updatedAt: stored.updatedAt };
    },
  );

  app.get(
    '/api/admin/settings/staleness/history',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: 'Every change to the verdict’s staleness thresholds, newest first',
        response: { 200: stalenessSettingsHistoryAnswer },
      },
    },
    async () => ({ history: await settings.stalenessHistory() }),
  );

  app.get(
    '/api/admin/settings/numbers',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: 'The words a chosen plate number may not spell (docs/plate-numbers.md)',
        response: { 200: numberRulesAnswer },
      },
    },
    async () => {
      const stored = await settings.numberRules();
      return { settings: stored.settings, updatedAt: stored.updatedAt };
    },
  );

  app.put(
    '/api/admin/settings/numbers',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: 'Changes the words a chosen plate number may not spell; audited and kept in the history',
        body: numberRulesSchema,
        response: { 200: numberRulesAnswer, 400: errorResponse },
      },
    },
    async (request) => {
      const admin = request.user as User;
      const stored = await changeNumberRules(db, request.body, { adminId: admin.id, at: now(), ip: request.ip });
      return { settings: stored.settings, updatedAt: stored.updatedAt };
    },
  );
};
