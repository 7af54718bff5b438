/**
 * An insurance agent's customers, saved on any of their devices and often offline. Each
 * customer is the agent's alone: an id of another agent's customer is refused as unknown,
 * and an NRC already in the agent's list is refused. Checked and written under the agent's
 * lock, and audited.
 *
 * A customer is never linked to a Nambala account here. When their email (or phone) is an
 * account's, its holder is asked whether the customer is them (one statement, the same
 * whether or not such an account exists, and told of it after this answer: see
 * src/server/jobs/insurance-link-notices.ts); only their acceptance links the two. The answer
 * is the same either way, so saving a customer says nothing of who has an account, and an
 * agent gives new contact details to at most 60 customers an hour, so cannot sweep contacts.
 */
import { randomBytes } from 'node:crypto';
import { uuidv7 } from '#domain/ids/uuid-v7';
import {
  CUSTOMER_CONTACT_LIMIT,
  CUSTOMER_NOT_YOURS,
  customerInputSchema,
  customerNrcTakenMessage,
  tooManyCustomerContacts,
} from '#domain/insurance/customer';
import { noteLinkRequestsAsked } from '../jobs/insurance-link-notices';
import { auditRepository } from '../repositories/audit-repository';
import { insuranceRepository } from '../repositories/insurance-repository';
import { insuranceRequestRepository } from '../repositories/insurance-request-repository';
import { rateLimitRepository } from '../repositories/rate-limit-repository';
import { actor, defineIntent, Refusal } from './intent';

export const saveCustomer = defineIntent({
  access: 'insurance:manage',
  payload: customerInputSchema,
  async apply(context, input) {
    const agent = actor(context);
    const at = context.now();
    const insurance = insuranceRepository(context.tx);
    await insurance.lockAgent(agent.id);
    const before = await insurance.findCustomer(input.id);
    if (before && before.agentId !== agent.id) throw new Refusal(404, CUSTOMER_NOT_YOURS);
    const other = await insurance.customerWithNrc(agent.id, input.nrc);
    if (other !== undefined && other !== input.id) {
      const message = customerNrcTakenMessage(input.nrc);
      throw new Refusal(409, message, { nrc: message });
    }
    // A new email or phone may ask its account holder to link: an insurer cannot sweep contacts to see which have accounts.
    if (!before || before.email.toLowerCase() !== input.email.toLowerCase() || before.phone !== input.phone) {
      const asked = await rateLimitRepository(context.tx).hit(
        `customer-contact:${agent.id}`,
        CUSTOMER_CONTACT_LIMIT.windowMs,
      );
      if (asked.hits > CUSTOMER_CONTACT_LIMIT.max)
        throw new Refusal(429, tooManyCustomerContacts(Math.max(1, Math.ceil(asked.ttlMs / 60_000))));
    }
    const requests = insuranceRequestRepository(context.tx);
    // Another NRC is another person: what their holder accepted, or owners consented to, was not about them.
    if (before && before.nrc !== input.nrc) await requests.withdrawFor(input.id, at);
    const saved = await insurance.saveCustomer(agent.id, input, at);
    await requests.askLinkByContact(
      uuidv7(at.getTime(), randomBytes(10)),
      agent.id,
      saved.id,
      input.email,
      input.phone,
      at,
    );
    noteLinkRequestsAsked();
    await auditRepository(context.tx).record({
      actorId: agent.id,
      action: before ? 'insurance.customer.edit' : 'insurance.customer.add',
      target: saved.id,
      detail: { nrc: saved.nrc, vehicles: saved.vehicles.length },
      ip: context.ip,
    });
    return { vehicles: saved.vehicles.length };
  },
});
