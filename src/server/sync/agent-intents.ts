/**
 * What a plate-maker agent records in their shop, usually offline and sent later:
 * whitebook sales, manufacturing details and blank stock. Each is stored once by
 * its device-made id, for the agent's own shop only.
 */
import { inventoryItemSchema, manufacturingRecordSchema, whitebookEntrySchema } from '#domain/agent/workspace';
import { z } from 'zod';
import { agentRepository } from '../repositories/agent-repository';
import { actor, defineIntent, Refusal } from './intent';

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

export const recordWhitebookEntry = defineIntent({
  access: 'workspace:record',
  payload: z.lazy(whitebookSchema),
  async apply(context, entry) {
    // Who sent it, and when, stays in applied_mutations with the change itself.
    const outcome = await agentRepository(context.tx).addWhitebookEntry(actor(context).id, entry);
    if (typeof outcome === 'object') {
      const message = `Plate ${entry.plateNumber} is already in a whitebook (sold on ${outcome.soldOn}). A plate number is sold once: check the number on the entitlement document.`;
      throw new Refusal(409, message, { plateNumber: message });
    }
    return undefined;
  },
});

export const recordManufacturing = defineIntent({
  access: 'workspace:record',
  payload: z.lazy(manufacturingSchema),
  async apply(context, record) {
    const agent = actor(context);
    const repository = agentRepository(context.tx);
    if (await repository.addManufacturingRecord(agent.id, record)) {
      const fulfilled = record.status === 'Collected' ? await repository.fulfilOrdersForPlate(agent.id, record.plateNumber) : [];
      return { fulfilledOrders: fulfilled.map((order) => order.id).join(',') };
    }
    return undefined;
  },
});

export const recordInventoryItem = defineIntent({
  access: 'workspace:record',
  payload: z.lazy(inventorySchema),
  async apply(context, item) {
    await agentRepository(context.tx).addInventoryItem(actor(context).id, item);
    return undefined;
  },
});
