// The body of every refusal the server answers (4xx, 5xx): the app shows its message, and a
// field's words under that field.
import { z } from 'zod';

export const errorResponse = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorAnswer = z.infer<typeof errorResponse>;
