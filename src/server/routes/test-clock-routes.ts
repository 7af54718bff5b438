/**
 * Browser tests only: PUT /api/test/clock moves the server's clock by whole days (an
 * administrator, with TEST_CLOCK=true; without the flag the route is never registered).
 * Moving it runs the renewal reminders at once, as the hourly job would.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerClock } from '../clock';
import type { Database } from '../db/database';
import { sendRenewalReminders } from '../jobs/renewal-reminders';
import { auditRepository } from '../repositories/audit-repository';
import type { User } from '../repositories/user-repository';
import { errorResponse } from './schemas';

const OFFSET_MESSAGE = 'offsetDays must be a whole number of days between -36500 and 36500';

export const testClockRoutes: FastifyPluginAsyncZod<{ db: Database; clock: ServerClock }> = async (
  app,
  { db, clock },
) => {
  app.put(
    '/api/test/clock',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['test'],
        summary: "Sets how many days the server's clock runs ahead of (or behind) real time; only with TEST_CLOCK=true",
        body: z.object({
          offsetDays: z
            .number({ error: OFFSET_MESSAGE })
            .int(OFFSET_MESSAGE)
            .min(-36_500, OFFSET_MESSAGE)
            .max(36_500, OFFSET_MESSAGE),
        }),
        response: {
          200: z.object({ offsetDays: z.number(), now: z.string(), remindersSent: z.number() }),
          400: errorResponse,
        },
      },
    },
    async (request) => {
      clock.setOffsetDays(request.body.offsetDays);
      await auditRepository(db).record({
        actorId: (request.user as User).id,
        action: 'test.clock',
        target: 'clock',
        detail: { offsetDays: request.body.offsetDays },
        ip: request.ip,
      });
      const remindersSent = await sendRenewalReminders(db, clock.now());
      return { offsetDays: clock.offsetDays(), now: clock.now().toISOString(), remindersSent };
    },
  );
};
