/** Response shapes several routes share (they also document the API). */
import { z } from 'zod';

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  accountType: z.string(),
  userType: z.string(),
  status: z.string(),
  requestedRole: z.string().nullable(),
  businessName: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  /** A plate shop whose right to record the registry suspended: the reason. */
  recordingSuspended: z.string().nullable().optional(),
  roles: z.array(z.string()),
  lastActiveAt: z.string().nullable(),
  createdAt: z.string(),
});

export const userResponse = z.object({ user: userSchema });

export const errorResponse = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/**
 * A route's serializer that writes its answer with plain JSON.stringify instead of
 * checking it against the response schema (which stays, for the API document). For
 * routes that build their answer field by field and are worth the time saved.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);
