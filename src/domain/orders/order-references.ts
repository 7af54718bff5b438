// How an order is named wherever it appears. The buyer knows their own reference (LP-000009
// for an application, PO-000003 for a marketplace purchase, the plate number of a
// reservation); the administrator's Plate Requests table keeps the spec's Request ID
// (REQ-009). Every screen, file, message and log line that names an order shows both, in
// this one form, so a buyer and a support desk can always match them.

export interface OrderReferences {
  /** What the buyer was given and quotes: LP-000009, PO-000003, or a reserved plate's number. */
  readonly reference: string;
  /** The order's own id: REQ-009 for an application; null when the buyer's reference is the only one. */
  readonly requestId?: string | null;
}

/**
 * 'LP-000009 / REQ-009': the buyer's reference first, then the Request ID. Plain
 * characters only, so the same words go into an SMS, a CSV cell or a log line unchanged.
 * One reference alone when the other is missing or the same.
 */
export function formatOrderReferences({ reference, requestId }: OrderReferences): string {
  const buyer = reference.trim();
  const request = (requestId ?? '').trim();
  if (request === '' || request.toLowerCase() === buyer.toLowerCase()) return buyer || request;
  if (buyer === '') return request;
  return `${buyer} / ${request}`;
}

/** A plate shop's order: its own ORD- number and the references of what created it. */
export interface ShopOrderReferences {
  readonly id: string;
  /** LP-000009 (an application) or PO-000003 (a marketplace purchase); '' or absent when nothing did. */
  readonly reference?: string;
  readonly requestId?: string | null;
}

/**
 * 'ORD-012 for LP-000009 / REQ-009': how the shop names its order, its number first (what it
 * files by), then the buyer's references in formatOrderReferences' form, so the shop, the
 * buyer and a support desk read the same words. The number alone when nothing names a buyer.
 */
export function formatShopOrder({ id, reference = '', requestId = null }: ShopOrderReferences): string {
  const references = formatOrderReferences({ reference, requestId });
  return references === '' ? id : `${id} for ${references}`;
}

/** Letters and digits only, lower case: 'ZM 777', 'zm-777' and 'ZM777' compare alike, as do phone spellings. */
export function searchKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** A Zambian mobile number's last nine digits (+260 97…, 097…, 97…), so any spelling of it is found. */
function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.length >= 9 ? digits.slice(-9) : digits;
}

/**
 * Whether a search typed by the administrator finds a record by one of its fields: each field
 * as written (case-insensitive), and each with spaces and punctuation ignored, so 'lp000009',
 * 'zm 777' or '0971 234 567' find LP-000009, ZM777 and +260971234567. Phone fields also match
 * on their last nine digits.
 */
export function searchFinds(search: string, fields: readonly string[], phones: readonly string[] = []): boolean {
  const typed = search.trim().toLowerCase();
  if (typed === '') return true;
  if (fields.some((field) => field.toLowerCase().includes(typed))) return true;
  const key = searchKey(typed);
  if (key !== '' && fields.some((field) => searchKey(field).includes(key))) return true;
  const digits = typed.replace(/\D/g, '');
  if (digits.length >= 6 && digits.length === typed.replace(/[\s+()-]/g, '').length)
    return phones.some((phone) => phoneDigits(phone).includes(phoneDigits(digits)));
  return false;
}
