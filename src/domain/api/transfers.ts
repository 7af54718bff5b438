// The transfer routes' answers the app reads: a transfer started, claimed, cancelled, declined or
// accepted, as both people's devices keep it (src/domain/plates/transfer-steps.ts).
import { z } from 'zod';
import { type PlateTransfer, TRANSFER_STATUSES } from '../plates/transfer-steps';

export const transferSchema = z.object({
  id: z.string(),
  plateNumber: z.string(),
  fromUserId: z.string(),
  fromName: z.string(),
  toUserId: z.string().nullable(),
  toContact: z.string(),
  toName: z.string().nullable(),
  status: z.enum(TRANSFER_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
}) satisfies z.ZodType<PlateTransfer>;

/** The transfer after the step. */
export const transferAnswer = z.object({ transfer: transferSchema });
export type TransferAnswer = z.infer<typeof transferAnswer>;

/** GET /api/me/transfers: the caller's transfers, either side. */
export const transfersAnswer = z.object({ transfers: z.array(transferSchema) });
