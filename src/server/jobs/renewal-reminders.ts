/**
 * Renewal reminders: each owner is told when their plate's registration expires in 90,
 * 30 and 7 days or less, once per threshold per expiry date (src/domain/plates/renewal.ts).
 * The job runs when the server starts and every hour after; a reminder is recorded and
 * its notification made in one transaction, and the record's key lets only one of several
 * servers send it. A renewal gives a new expiry date, so the reminders start again.
 */
import type { FastifyInstance } from 'fastify';
import { dateFromDays, daysSinceEpoch, isoDateOf } from '#domain/credential/credential-dates';
import { REMINDER_DAYS, reminderDue, reminderMessage } from '#domain/plates/renewal';
import type { Database } from '../db/database';
import { notify } from '../notifications/notify';
import { renewalRepository } from '../repositories/renewal-repository';

const HOUR_MS = 3_600_000;

/** Sends the reminders due at `now`; returns how many owners were told. */
export async function sendRenewalReminders(db: Database, now: Date): Promise<number> {
  const today = isoDateOf(now.getTime());
  const horizon = dateFromDays(daysSinceEpoch(today) + Math.max(...REMINDER_DAYS));
  let sent = 0;
  for (const plate of await renewalRepository(db).expiringBetween(today, horizon)) {
    const due = reminderDue(plate.expiryDate, today, plate.sentDays);
    if (!due) continue;
    const told = await db.transaction(async (tx) => {
      const recorded = await renewalRepository(tx).recordSent(plate.plateNumber, plate.expiryDate, due.thresholds, now);
      if (recorded.length === 0) return false;
      await notify(tx, plate.ownerId, {
        kind: 'renewal-reminder',
        ...reminderMessage(plate.plateNumber, plate.expiryDate, due.daysLeft),
        link: '/dashboard/user/plates',
      });
      return true;
    });
    if (told) sent += 1;
  }
  return sent;
}

/** Runs the reminders once the app is ready and every hour after, until it closes. */
export function registerRenewalReminders(app: FastifyInstance, db: Database, now: () => Date): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;
  const run = (): Promise<unknown> => {
    running ??= sendRenewalReminders(db, now())
      .then((sent) => {
        if (sent > 0) app.log.info({ sent }, 'renewal reminders sent');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'sending renewal reminders failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), HOUR_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
