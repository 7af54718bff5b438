// What an administrator decides on the integrity queue: an alert marked reviewed with a note,
// a shop's right to record suspended (with the reason the shop is told) or restored, and a
// registration made in error revoked.
import { z } from 'zod';
import { REVIEW_NOTE_REQUIRED, SUSPENSION_REASON_REQUIRED } from './integrity-alert';

export const alertReviewSchema = z.object({
  alertId: z
    .string({ error: 'alertId is required' })
    .min(1, 'alertId is required')
    .max(64, 'alertId is not one this server gave'),
  note: z
    .string({ error: REVIEW_NOTE_REQUIRED })
    .trim()
    .min(1, REVIEW_NOTE_REQUIRED)
    .max(1000, 'A note is at most 1000 characters'),
});
export type AlertReview = z.output<typeof alertReviewSchema>;

export const REVOCATION_REASON_REQUIRED = 'Please write the reason the owner is told';

/** A registration the alert shows was made in error, revoked; the note is kept with the alert and told to the owner. */
export const registrationRevocationSchema = alertReviewSchema.extend({
  note: z
    .string({ error: REVOCATION_REASON_REQUIRED })
    .trim()
    .min(1, REVOCATION_REASON_REQUIRED)
    .max(1000, 'A reason is at most 1000 characters'),
});
export type RegistrationRevocation = z.output<typeof registrationRevocationSchema>;

export const ALERT_NAMES_NO_PLATE = 'This alert names no plate: there is no registration to revoke.';
/** The plate has no registration in good standing to revoke (never registered, or already revoked or stolen). */
export const nothingToRevoke = (plateNumber: string) =>
  `${plateNumber} has no registration in good standing to revoke.`;

export const shopRecordingSchema = z.discriminatedUnion('suspended', [
  z.object({
    shopId: z.string().min(1).max(64),
    suspended: z.literal(true),
    reason: z
      .string({ error: SUSPENSION_REASON_REQUIRED })
      .trim()
      .min(1, SUSPENSION_REASON_REQUIRED)
      .max(300, 'A reason is at most 300 characters'),
  }),
  z.object({ shopId: z.string().min(1).max(64), suspended: z.literal(false) }),
]);
export type ShopRecording = z.output<typeof shopRecordingSchema>;

export const REPORT_NOTE_REQUIRED = 'Please say what is wrong with this registration';
export const NOT_YOUR_PLATE = 'Only the plate’s owner can report its registration.';
export const REGISTRATION_REPORTED = 'Thank you: the registry will look into this registration and contact you.';

/** An owner reporting a registration they do not recognise ("Not you? Report it"). */
export const registrationReportSchema = z.object({
  id: z.uuid({ error: 'id must be a UUID' }),
  plateNumber: z.string().trim().min(1, 'plateNumber is required').max(12, 'plateNumber is too long'),
  note: z
    .string({ error: REPORT_NOTE_REQUIRED })
    .trim()
    .min(1, REPORT_NOTE_REQUIRED)
    .max(1000, 'A note is at most 1000 characters'),
});
export type RegistrationReport = z.output<typeof registrationReportSchema>;
