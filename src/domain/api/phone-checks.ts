// The answers of the plate checks from a plain phone (src/server/routes/phone-check-routes.ts):
// a USSD step as the simulator reads it (a gateway gets the same text as text/plain), and what
// became of a text sent to the service's number.
import { z } from 'zod';

export const ussdStepAnswer = z.object({
  answer: z.string().describe('The screen: "CON " (the caller answers) or "END " (the session ends), then the text'),
});
export type UssdStepAnswer = z.infer<typeof ussdStepAnswer>;

export const INBOUND_OUTCOMES = ['answered', 'repeated', 'over-limit'] as const;

export const inboundSmsAnswer = z.object({
  outcome: z
    .enum(INBOUND_OUTCOMES)
    .describe('answered: the reply is queued; repeated: delivered before, answered then; over-limit: not answered'),
});
export type InboundSmsAnswer = z.infer<typeof inboundSmsAnswer>;
