/** The insurance agent's changes to their customers, as mutations for the one write path (they work offline). */
import type { CustomerInput } from '#domain/insurance/customer';
import type { LocalInsuranceCustomer } from '../../store/database';
import type { Mutation } from '../../store/mutate';

/** The vehicles stay as last pulled: the server reads them from the registry when the change arrives. */
export function saveCustomerMutation(
  input: CustomerInput,
  agentId: string,
  before: LocalInsuranceCustomer | undefined,
  now = new Date(),
): Mutation<LocalInsuranceCustomer> {
  const at = now.toISOString();
  return {
    intent: 'saveCustomer',
    table: 'insuranceCustomers',
    row: {
      ...input,
      agentId,
      accountId: before?.accountId ?? null,
      vehicles: before?.vehicles ?? [],
      createdAt: before?.createdAt ?? at,
      updatedAt: at,
    },
    payload: input,
  };
}
