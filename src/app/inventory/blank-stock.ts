/**
 * A shop's blanks as the device holds them (decision 042): the serial ranges of its
 * deliveries (its allocations), the blanks its manufacturing records name and the blanks it
 * recorded spoiled. The shop's Inventory page and the administrator's read the reconciliation
 * from it, and the manufacturing and spoiled-blank forms refuse early a blank that is not the
 * shop's to use; the server decides again.
 */
import {
  type BlankUse,
  checkBlank,
  formatBlankSerial,
  parseBlankSerial,
  reconcileSerials,
  shopReconciliation,
  type SerialRange,
  type ShopReconciliation,
} from '#domain/serials/blank-serial';
import type {
  LocalInventoryAllocation,
  LocalManufacturingRecord,
  LocalSpoiledBlank,
  NambalaDatabase,
} from '../store/database';

export interface ShopBlanks {
  ranges: Array<SerialRange & { number: number | null }>;
  uses: BlankUse[];
}

/** One shop's blanks from the rows of a device (a shop's device holds only its own; `shopId` picks one shop's on an administrator's). */
export function shopBlanksFrom(
  allocations: readonly LocalInventoryAllocation[],
  records: readonly LocalManufacturingRecord[],
  spoiled: readonly LocalSpoiledBlank[],
  shopId?: string,
): ShopBlanks {
  const isShops = (rowShop: string | undefined) => shopId === undefined || rowShop === undefined || rowShop === shopId;
  const ranges = allocations.flatMap((allocation) =>
    !allocation.isDeleted &&
    isShops(allocation.shopId) &&
    allocation.serialFirst != null &&
    allocation.serialLast != null
      ? [{ first: allocation.serialFirst, last: allocation.serialLast, number: allocation.number }]
      : [],
  );
  const uses: BlankUse[] = [];
  for (const record of records) {
    if (!isShops(record.agentId)) continue;
    for (const [use, text] of [
      ['front', record.frontSerial],
      ['rear', record.rearSerial],
    ] as const) {
      const parsed = parseBlankSerial(text ?? '');
      if (parsed.ok) uses.push({ serial: parsed.value, use, detail: record.plateNumber });
    }
  }
  for (const blank of spoiled) {
    const parsed = parseBlankSerial(blank.serial);
    if (parsed.ok && isShops(blank.shopId)) uses.push({ serial: parsed.value, use: 'spoiled', detail: blank.reason });
  }
  return { ranges: ranges.sort((a, b) => a.first - b.first), uses };
}

export async function readShopBlanks(db: NambalaDatabase, shopId?: string): Promise<ShopBlanks> {
  const [allocations, records, spoiled] = await Promise.all([
    db.inventoryAllocations.toArray(),
    db.manufacturingRecords.toArray(),
    db.spoiledBlanks.toArray(),
  ]);
  return shopBlanksFrom(allocations, records, spoiled, shopId);
}

/** Each shop's reconciliation on an administrator's device, by shop id (shops with deliveries carrying serials). */
export async function readEveryShopsBlanks(
  db: NambalaDatabase,
): Promise<Array<{ shopId: string; shopName: string; reconciliation: ShopReconciliation }>> {
  const [allocations, records, spoiled] = await Promise.all([
    db.inventoryAllocations.toArray(),
    db.manufacturingRecords.toArray(),
    db.spoiledBlanks.toArray(),
  ]);
  const shops = new Map<string, string>();
  for (const allocation of allocations)
    if (!allocation.isDeleted && allocation.serialFirst != null) shops.set(allocation.shopId, allocation.shopName);
  return [...shops]
    .map(([shopId, shopName]) => {
      const blanks = shopBlanksFrom(
        allocations,
        records.filter((record) => record.agentId !== undefined),
        spoiled.filter((blank) => blank.shopId !== undefined),
        shopId,
      );
      return { shopId, shopName, reconciliation: shopReconciliation(blanks.ranges, blanks.uses) };
    })
    .sort((a, b) => a.shopName.localeCompare(b.shopName));
}

/**
 * Messages for blanks the device knows are not the shop's to use: not in one of its deliveries,
 * or already on another plate or spoiled. Nothing when the device holds no delivery with serials
 * (not synced yet): the server decides. `plateNumber`: the plate being made, whose own blanks
 * may be named again.
 */
export function blanksRefusedOnDevice(
  blanks: ShopBlanks,
  wanted: Array<{ field: string; serial: string }>,
  plateNumber?: string,
): Record<string, string> | null {
  if (blanks.ranges.length === 0) return null;
  const refusals: Record<string, string> = {};
  for (const { field, serial } of wanted) {
    const parsed = parseBlankSerial(serial);
    if (!parsed.ok) continue;
    const previous = blanks.uses.find(
      (use) =>
        use.serial === parsed.value &&
        !(plateNumber !== undefined && use.use !== 'spoiled' && use.detail === plateNumber),
    );
    const check = checkBlank(parsed.value, blanks.ranges, previous);
    if (!check.ok) refusals[field] = check.message;
  }
  return Object.keys(refusals).length > 0 ? refusals : null;
}

/** The next two blanks on the shop's stacks (lowest delivery first), stamped form: what the form suggests. */
export function nextBlanks(blanks: ShopBlanks): string[] {
  const taken = new Set(blanks.uses.map((use) => use.serial));
  const found: string[] = [];
  for (const line of reconcileSerials(blanks.ranges, blanks.uses).ranges) {
    for (
      let serial = line.nextInStock ?? line.range.last + 1;
      serial <= line.range.last && found.length < 2;
      serial += 1
    )
      if (!taken.has(serial)) found.push(formatBlankSerial(serial));
    if (found.length === 2) break;
  }
  return found;
}
