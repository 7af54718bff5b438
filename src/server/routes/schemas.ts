/** Response shapes several routes share (they also document the API): declared in src/domain/api. */
import { z } from 'zod';
export { userResponse, userSchema } from '#domain/api/accounts';
export { errorResponse } from '#domain/api/errors';

/**
 * A route's serializer that writes its answer with plain JSON.stringify instead of
 * checking it against the response schema (which stays, for the API document). For
 * routes that build their answer field by field and are worth the time saved.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);

export const CARD_ON_PROVIDER_PAGE = "Card numbers are entered on the card provider's page, not here.";

/**
 * A card is paid on the card provider's own page (a hosted checkout), so no body of this API
 * carries a card: one that still does is refused with a clear 400, never silently ignored.
 */
export const noCardNumber = z
  .never({ error: CARD_ON_PROVIDER_PAGE })
  .optional()
  .describe("Never sent: a card is entered on the card provider's page (checkoutUrl), not here");
