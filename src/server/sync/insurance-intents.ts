/**
 * An insurance agent's customers, saved on any of their devices and often offline. Each
 * customer is the agent's alone: an id of another agent's customer is refused as unknown,
 * and an NRC already in the agent's list is refused. Checked and written under the agent's
 * lock, and audited.
 */
import { CUSTOMER_NOT_YOURS, customerInputSchema, customerNrcTakenMessage } from '#domain/insurance/customer';
import { auditRepository } from '../repositories/audit-repository';
import { insuranceRepository } from '../repositories/insurance-repository';
import { actor, defineIntent, Refusal } from './intent';

export const saveCustomer = defineIntent({
  access: 'insurance:manage',
  payload: customerInputSchema,
  async apply(context, input) {
    const agent = actor(context);
    const insurance = insuranceRepository(context.tx);
    await insurance.lockAgent(agent.id);
    const before = await insurance.findCustomer(input.id);
    if (before && before.agentId !== agent.id) throw new Refusal(404, CUSTOMER_NOT_YOURS);
    const other = await insurance.customerWithNrc(agent.id, input.nrc);
    if (other !== undefined && other !== input.id) {
      const message = customerNrcTakenMessage(input.nrc);
      throw new Refusal(409, message, { nrc: message });
    }
    const accountId = await insurance.accountFor(input.email, input.phone);
    const saved = await insurance.saveCustomer(agent.id, input, accountId, context.now());
    await auditRepository(context.tx).record({
      actorId: agent.id,
      action: before ? 'insurance.customer.edit' : 'insurance.customer.add',
      target: saved.id,
      detail: { nrc: saved.nrc, accountId: saved.accountId, vehicles: saved.vehicles.length },
      ip: context.ip,
    });
    return { accountLinked: accountId !== null, vehicles: saved.vehicles.length };
  },
});
