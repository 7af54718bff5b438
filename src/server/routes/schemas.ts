/** Response shapes several routes share (they also document the API): declared in src/domain/api. */
export { userResponse, userSchema } from '#domain/api/accounts';
export { errorResponse } from '#domain/api/errors';

/**
 * A route's serializer that writes its answer with plain JSON.stringify instead of
 * checking it against the response schema (which stays, for the API document). For
 * routes that build their answer field by field and are worth the time saved.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);
