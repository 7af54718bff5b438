/**
 * What renewal reminders read and write: registrations of owners' plates coming up to
 * their expiry date, and the reminders already sent for each (table renewal_reminders,
 * one row per plate, expiry date and threshold).
 */
import type { Queryable } from '../db/database';

export interface ExpiringPlate {
  plateNumber: string;
  ownerId: string;
  expiryDate: string;
  /** Thresholds (days) already reminded of for this expiry date. */
  sentDays: number[];
}

export function renewalRepository(db: Queryable) {
  return {
    /** Owned plates in good standing whose registration ends between `from` and `to` (YYYY-MM-DD, inclusive). */
    async expiringBetween(from: string, to: string): Promise<ExpiringPlate[]> {
      const rows = await db.query<{
        plate_number: string;
        owner_id: string;
        expiry_date: string;
        sent_days: number[] | null;
      }>(
        `SELECT r.plate_number, r.owner_id, to_char(r.expiry_date, 'YYYY-MM-DD') AS expiry_date,
           (SELECT array_agg(m.days::int) FROM renewal_reminders m WHERE m.plate_number = r.plate_number AND m.expiry_date = r.expiry_date) AS sent_days
         FROM registered_plates r
         WHERE r.owner_id IS NOT NULL AND r.standing = 'Valid' AND r.expiry_date BETWEEN $1::date AND $2::date
         ORDER BY r.expiry_date, r.plate_number`,
        [from, to],
      );
      return rows.map((row) => ({
        plateNumber: row.plate_number,
        ownerId: row.owner_id,
        expiryDate: row.expiry_date,
        sentDays: row.sent_days ?? [],
      }));
    },

    /** Records reminders as sent; returns the thresholds this call recorded (none: another server did it first). */
    async recordSent(plateNumber: string, expiryDate: string, days: readonly number[], at: Date): Promise<number[]> {
      if (days.length === 0) return [];
      const rows = await db.query<{ days: number }>(
        `INSERT INTO renewal_reminders (plate_number, expiry_date, days, sent_at)
         SELECT $1, $2::date, d, $4 FROM unnest($3::smallint[]) AS d
         ON CONFLICT DO NOTHING RETURNING days`,
        [plateNumber, expiryDate, days, at],
      );
      return rows.map((row) => Number(row.days));
    },
  };
}
