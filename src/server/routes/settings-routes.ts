/**
 * Prices and fees: read by anyone (the pricing page and the wizard show them), changed
 * by an administrator, each change audited and kept in the history. Every price the
 * server charges is computed from these settings at the time of the charge.
 */
import { stockThresholdsBodySchema } from '#domain/inventory/allocation';
import { gatewayFeeLabel, PAYMENT_METHODS } from '#domain/pricing/pricing';
import { pricingSettingsSchema } from '#domain/pricing/pricing-settings-schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { settingsRepository } from '../repositories/settings-repository';
import type { User } from '../repositories/user-repository';
import { changePricing, changeStockThresholds } from '../settings/setting-changes';
import { errorResponse } from './schemas';

const money = z.number().int().describe('Ngwee');
const settingsSchema = z.object({
  platePrice: money,
  processingFee: money,
  gatewayFeeBasisPoints: z
    .object({ mtn: z.number(), airtel: z.number(), card: z.number(), bank: z.number() })
    .describe('Basis points of the plates subtotal (200 = 2%)'),
  reservationFee: money,
  reservationDays: z.number().int(),
  validityYears: z.number().int(),
  renewalFee: money,
});

const pricingResponse = z.object({
  settings: settingsSchema,
  paymentMethods: z
    .array(z.object({ id: z.string(), name: z.string(), feeLabel: z.string() }))
    .describe("The wizard's four methods with their fee as configured"),
  updatedAt: z.string().nullable().describe('Null while the defaults apply'),
});

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
        response: { 200: pricingResponse },
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
        response: { 200: pricingResponse, 400: errorResponse },
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
          200: z.object({
            history: z.array(
              z.object({
                id: z.string(),
                settings: settingsSchema,
                previous: settingsSchema.nullable(),
                changedBy: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
                changedAt: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async () => ({ history: await settings.pricingHistory() }),
  );

  const thresholdsSchema = z
    .object({ lowStock: z.number().int(), critical: z.number().int() })
    .describe('Plates left of an allocation: at or below lowStock is Low Stock, at or below critical is Critical');
  const thresholdsResponse = z.object({
    settings: thresholdsSchema,
    updatedAt: z.string().nullable().describe('Null while the defaults apply'),
  });

  app.get(
    '/api/admin/settings/stock',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: 'The stock thresholds inventory statuses are computed with',
        response: { 200: thresholdsResponse },
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
        response: { 200: thresholdsResponse, 400: errorResponse },
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
          200: z.object({
            history: z.array(
              z.object({
                id: z.string(),
                settings: thresholdsSchema,
                previous: thresholdsSchema.nullable(),
                changedBy: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
                changedAt: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async () => ({ history: await settings.stockThresholdsHistory() }),
  );
};
