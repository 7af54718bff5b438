// The administrator's rules for chosen numbers as a zod schema (the settings route and the
// stored value), kept apart from number-choice.ts so the home page's check loads no zod.
import { z } from 'zod';
import { MAX_OFFENSIVE_WORDS, normaliseWord, type NumberRules } from './number-choice';

export const numberRulesSchema = z.object({
  offensiveWords: z
    .array(z.string().max(20, 'A word must be at most 20 characters'), { error: 'Give the list of words' })
    .max(MAX_OFFENSIVE_WORDS, `At most ${MAX_OFFENSIVE_WORDS} words`)
    .transform((words) => [...new Set(words.map(normaliseWord).filter((word) => word.length >= 2))])
    .describe('Words a chosen number may not spell (letters only, two or more)'),
}) satisfies z.ZodType<NumberRules, unknown>;
