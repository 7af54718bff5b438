/**
 * What a plate-maker agent records in their shop, usually offline and sent later:
 * whitebook sales, manufacturing details and blank stock. Each is stored once by
 * its device-made id, for the agent's own shop only. A sale must name an entitlement
 * that is the shop's, for that number, to the person whose NRC the shop saw; a plate is
 * made only if its number was given to the shop, and has one manufacturing record there,
 * brought up to date with each change. What the rules refuse as an insider's attempt
 * carries an integrity alert (docs/shop-records.md); a suspended shop records nothing.
 */
import {
  inventoryItemSchema,
  manufacturingRecordSchema,
  type WhitebookEntry,
  whitebookEntrySchema,
} from '#domain/agent/workspace';
import { checkSale, type SaleCheck } from '#domain/agent/sale-check';
import { manufacturingNotGiven, recordingSuspended } from '#domain/integrity/integrity-alert';
import { isSameNrc } from '#domain/validation/identity-checks';
import type { User } from '../repositories/user-repository';
import { ALLOCATION_NOT_FOR_SHOP } from '#domain/inventory/allocation';
import { z } from 'zod';
import { allocationRepository } from '../repositories/allocation-repository';
import { plateLifecycle, type SaleRefusal } from '../lifecycle/plate-lifecycle';
import { agentRepository, type Entitlement } from '../repositories/agent-repository';
import { actor, defineIntent, FOREIGN_ROW_ID, foreignRowRefusal, type IntentContext, Refusal } from './intent';
import { formatBlankSerial } from '#domain/serials/blank-serial';
import { serialNumber, spoiledBlankSchema } from '#domain/serials/serial-schemas';
import { alertOnGaps, blankTakenMeanwhile, checkBlanks } from '../inventory/blank-serials';
import { blankSerialRepository } from '../repositories/blank-serial-repository';
import { registryRepository } from '../repositories/registry-repository';

// Dates are checked against the server's calendar day, with a day's grace for a
// device ahead in its time zone (Zambia is UTC+2). Each schema is built once a day:
// building one per change costs more than the change.
const tomorrow = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);

function perDay<Schema extends z.ZodType>(build: (day: string) => Schema): () => Schema {
  let built: { day: string; schema: Schema } | undefined;
  return () => {
    const day = tomorrow();
    if (built?.day !== day) built = { day, schema: build(day) };
    return built.schema;
  };
}

const whitebookSchema = perDay(whitebookEntrySchema);
const manufacturingSchema = perDay(manufacturingRecordSchema);
const inventorySchema = perDay(inventoryItemSchema);

/** A second sale of a plate number: refused, saying when it was sold. */
function secondSale(entry: WhitebookEntry, soldOn: string): Refusal {
  const message = `Plate ${entry.plateNumber} is already in a whitebook (sold on ${soldOn}). A plate number is sold once: check the number on the entitlement document.`;
  return new Refusal(409, message, { plateNumber: message });
}

/** The signed-in shop, unless the registry has suspended its right to record. */
function recordingShop(context: IntentContext): User {
  const shop = actor(context);
  if (shop.recordingSuspended !== null) throw new Refusal(403, recordingSuspended(shop.recordingSuspended));
  return shop;
}

/**
 * A sale its entitlement does not allow: refused under the field at fault. A sale of a number
 * the shop was never given, or against another number's order, or to another person's NRC,
 * is the fraud the registry exists to stop, and goes to the administrators as an alert.
 */
function saleRefusal(
  shopId: string,
  entry: WhitebookEntry,
  check: Exclude<SaleCheck<Entitlement>, { ok: true }>,
  given: ReadonlySet<string>,
): Refusal {
  const fields = { [check.field]: check.message };
  const evidence = {
    'Entitlement reference': entry.entitlementReference,
    'Plate number': entry.plateNumber,
    'Owner name recorded': entry.ownerName,
    'Owner NRC recorded': entry.ownerNrc,
    Vehicle: `${entry.vehicleColour} ${entry.vehicleMake} ${entry.vehicleModel}`,
    'Sale date': entry.saleDate,
  };
  const alert = (
    kind: 'sale-not-given' | 'sale-wrong-number' | 'nrc-mismatch',
    summary: string,
    more: Record<string, string> = {},
  ) => ({ kind, subjectId: shopId, plateNumber: entry.plateNumber, summary, evidence: { ...evidence, ...more } });
  switch (check.reason) {
    case 'unknown-reference':
      // A mistyped reference for a number the shop was given is a slip; for any other number, an attempt.
      return new Refusal(
        422,
        check.message,
        fields,
        given.has(entry.plateNumber)
          ? undefined
          : alert('sale-not-given', `A sale of ${entry.plateNumber}, a number this shop was not given, was refused.`),
      );
    case 'wrong-number':
      return new Refusal(
        422,
        check.message,
        fields,
        alert(
          'sale-wrong-number',
          `A sale of ${entry.plateNumber} against ${entry.entitlementReference}, an order for ${check.numbers.join(', ')}, was refused.`,
          { 'The order is for': check.numbers.join(', ') },
        ),
      );
    case 'nrc-mismatch':
      return new Refusal(
        422,
        check.message,
        fields,
        alert(
          'nrc-mismatch',
          `A sale of ${entry.plateNumber} to an NRC that is not the one on ${entry.entitlementReference} was refused.`,
        ),
      );
    case 'nrc-missing':
      return new Refusal(422, check.message, fields);
  }
}

/** The registry's reasons (docs/plate-lifecycle.md) for refusing a sale before anything is written. */
function registryRefusal(entry: WhitebookEntry, refusal: SaleRefusal): Refusal {
  const message =
    refusal.reason === 'registered'
      ? `Plate ${entry.plateNumber} is already registered (since ${refusal.since}). A plate number is registered once: check the number on the entitlement document.`
      : `Plate ${entry.plateNumber} is being made for its owner by another shop; only that shop can record its sale.`;
  return new Refusal(409, message, { plateNumber: message });
}

/**
 * Sales in one statement, in order; who sent them, and when, stays in applied_mutations with
 * the changes. A sale of a number held for its owner then issues its registration.
 */
async function recordSales(context: IntentContext, entries: WhitebookEntry[]): Promise<Array<Refusal | undefined>> {
  const agentId = recordingShop(context).id;
  const lifecycle = plateLifecycle(context.tx);
  const shop = agentRepository(context.tx);
  const { refusals: checks, held } = await lifecycle.checkSales(agentId, entries);
  const entitlements = await shop.entitlements(
    agentId,
    entries.map((entry) => entry.entitlementReference),
  );
  const sales = entries.map((entry) =>
    checkSale(entry, entitlements.get(entry.entitlementReference), (entitlement) =>
      entitlement.ownerNrc.trim() === ''
        ? 'missing'
        : isSameNrc(entitlement.ownerNrc, entry.ownerNrc)
          ? 'same'
          : 'different',
    ),
  );
  // Whether the shop was given a number tells a slip from an attempt: asked only of a refused sale.
  const refused = entries.filter((_, index) => !checks[index] && !sales[index]?.ok);
  const given =
    refused.length === 0
      ? new Set<string>()
      : await shop.numbersGiven(
          agentId,
          refused.map((entry) => entry.plateNumber),
        );
  const refusals: Array<Refusal | undefined> = entries.map((entry, index) => {
    const check = checks[index];
    // The registry's word comes first: a clone or another shop's plate is the graver mistake.
    if (check) return registryRefusal(entry, check);
    const sale = sales[index];
    return !sale || sale.ok ? undefined : saleRefusal(agentId, entry, sale, given);
  });
  const allowed = entries.filter((_, index) => refusals[index] === undefined);
  const outcomes = await shop.addWhitebookEntries(agentId, allowed);
  const at = context.now();
  let next = 0;
  for (const [index, entry] of entries.entries()) {
    if (refusals[index]) continue;
    const outcome = outcomes[next++];
    if (typeof outcome === 'object') refusals[index] = secondSale(entry, outcome.soldOn);
    else if (outcome === 'added' && held.has(entry.plateNumber))
      await lifecycle.register(agentId, entry, context.signer, at);
    else if (outcome === 'exists')
      refusals[index] = await foreignRowRefusal(context.tx, 'whitebook_entries', entry.id, {
        agent_id: agentId,
        plate_number: entry.plateNumber,
      });
  }
  return refusals;
}

export const recordWhitebookEntry = defineIntent({
  access: 'workspace:record',
  payload: z.lazy(whitebookSchema),
  async apply(context, entry) {
    const [refusal] = await recordSales(context, [entry]);
    if (refusal) throw refusal;
    return undefined;
  },
  // An agent back online sends a day's sales at once: they are written in one statement.
  applyMany: recordSales,
});

export const recordManufacturing = defineIntent({
  access: 'workspace:record',
  payload: z.lazy(manufacturingSchema),
  async apply(context, record) {
    const agent = recordingShop(context);
    const repository = agentRepository(context.tx);
    if (!(await repository.numbersGiven(agent.id, [record.plateNumber])).has(record.plateNumber)) {
      const message = manufacturingNotGiven(record.plateNumber);
      throw new Refusal(
        422,
        message,
        { plateNumber: message },
        {
          kind: 'manufacturing-not-given',
          subjectId: agent.id,
          plateNumber: record.plateNumber,
          summary: `Manufacturing of ${record.plateNumber}, a number this shop was not given, was refused.`,
          evidence: {
            'Plate number': record.plateNumber,
            Status: record.status,
            'Batch number': record.batchNumber,
            'Production date': record.productionDate,
          },
        },
      );
    }
    const front = serialNumber(record.frontSerial);
    const rear = serialNumber(record.rearSerial);
    const serials = blankSerialRepository(context.tx);
    const recorded = await serials.plateSerials(agent.id, record.plateNumber);
    const isNewBlanks = recorded === undefined;
    if (recorded && (recorded.front !== front || recorded.rear !== rear)) {
      // A plate's blanks are named once: a spoiled blank is its own record, and a remade plate needs the registry (decision 042).
      const message = `${record.plateNumber} is recorded on blanks ${formatBlankSerial(recorded.front)} (front) and ${formatBlankSerial(recorded.rear)} (rear); a plate’s blanks do not change.`;
      throw new Refusal(409, message, { frontSerial: message });
    }
    if (isNewBlanks) {
      await checkBlanks(
        context.tx,
        agent.id,
        [
          { serial: front, field: 'frontSerial' },
          { serial: rear, field: 'rearSerial' },
        ],
        `Manufacturing of ${record.plateNumber}`,
        record.plateNumber,
        {
          'Plate number': record.plateNumber,
          'Front blank serial': record.frontSerial,
          'Rear blank serial': record.rearSerial,
          Status: record.status,
          'Batch number': record.batchNumber,
        },
      );
    }
    // A version already recorded changes nothing further: the plate and the orders moved on with it.
    if ((await repository.saveManufacturingRecord(agent.id, record)) !== 'unchanged') {
      if (isNewBlanks) {
        const kept = await repository.manufacturingRecordId(agent.id, record.plateNumber);
        if (!(await serials.recordUse(agent.id, front, 'front', record.plateNumber, kept ?? record.id)))
          throw blankTakenMeanwhile(front, 'frontSerial');
        if (!(await serials.recordUse(agent.id, rear, 'rear', record.plateNumber, kept ?? record.id)))
          throw blankTakenMeanwhile(rear, 'rearSerial');
        await alertOnGaps(
          context.tx,
          agent.id,
          [front, rear],
          record.plateNumber,
          `Manufacturing of ${record.plateNumber}`,
          context.now(),
        );
        // A plate sold before its manufacturing was recorded takes its blanks into the registry now.
        const registered = await registryRepository(context.tx).find(record.plateNumber);
        if (registered && registered.frontSerial === null)
          await registryRepository(context.tx).setSerials(record.plateNumber, { front, rear });
      }
      await plateLifecycle(context.tx).recordManufacturing(agent.id, record.plateNumber, record.status, context.now());
      const fulfilled =
        record.status === 'Collected' ? await repository.fulfilOrdersForPlate(agent.id, record.plateNumber) : [];
      return { fulfilledOrders: fulfilled.map((order) => order.id).join(',') };
    }
    const refusal = await foreignRowRefusal(context.tx, 'manufacturing_records', record.id, {
      agent_id: agent.id,
      plate_number: record.plateNumber,
    });
    if (refusal) throw refusal;
    return undefined;
  },
});

const spoiledSchema = perDay(spoiledBlankSchema);

/**
 * A blank the shop spoiled, with its reason: the blank must be from one of the shop's
 * deliveries and neither used nor spoiled before (the same check as manufacturing).
 */
export const recordSpoiledBlank = defineIntent({
  access: 'workspace:record',
  payload: z.lazy(spoiledSchema),
  async apply(context, blank) {
    const shop = recordingShop(context);
    const serial = serialNumber(blank.serial);
    const serials = blankSerialRepository(context.tx);
    const kept = await serials.spoiledRecord(blank.id);
    if (kept) {
      // The same record sent again is already kept; an id that is another record's is refused.
      if (kept.shopId === shop.id && kept.serial === serial) return undefined;
      throw new Refusal(409, FOREIGN_ROW_ID, { id: FOREIGN_ROW_ID });
    }
    await checkBlanks(context.tx, shop.id, [{ serial, field: 'serial' }], 'A spoiled-blank record', null, {
      'Blank serial': blank.serial,
      Reason: blank.reason,
      'Date spoiled': blank.spoiledDate,
    });
    if ((await serials.recordSpoiled(shop.id, { ...blank, serialNumber: serial }, context.now())) !== 'added')
      throw blankTakenMeanwhile(serial, 'serial');
    await alertOnGaps(context.tx, shop.id, [serial], null, 'A spoiled-blank record', context.now());
    return undefined;
  },
});

export const recordInventoryItem = defineIntent({
  access: 'workspace:record',
  payload: z.lazy(inventorySchema),
  async apply(context, item) {
    const agentId = recordingShop(context).id;
    if (item.allocationId !== null) {
      // Under the allocations' lock, so the allocation cannot be deleted or moved while its receipt is written.
      const allocations = allocationRepository(context.tx);
      await allocations.lock();
      const allocation = await allocations.find(item.allocationId);
      if (allocation?.shopId !== agentId)
        throw new Refusal(422, ALLOCATION_NOT_FOR_SHOP, { allocationId: ALLOCATION_NOT_FOR_SHOP });
    }
    if (!(await agentRepository(context.tx).addInventoryItem(agentId, item))) {
      const refusal = await foreignRowRefusal(context.tx, 'agent_inventory_items', item.id, { agent_id: agentId });
      if (refusal) throw refusal;
    }
    return undefined;
  },
});
