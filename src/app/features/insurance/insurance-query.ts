/**
 * What the insurance pages read from the device's store: the agent's customers (by name)
 * and policies (newest first), each policy with its holder's name. Searched and paged in
 * memory, so each keystroke costs a filter, not a read.
 */
import type { LocalInsuranceCustomer, LocalInsurancePolicy, NambalaDatabase } from '../../store/database';

export interface InsuranceData {
  customers: LocalInsuranceCustomer[];
  policies: LocalInsurancePolicy[];
  customerById: Map<string, LocalInsuranceCustomer>;
}

export async function readInsurance(db: NambalaDatabase): Promise<InsuranceData> {
  const [customers, policies] = await Promise.all([db.insuranceCustomers.toArray(), db.insurancePolicies.toArray()]);
  customers.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  policies.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id.localeCompare(b.id)));
  return { customers, policies, customerById: new Map(customers.map((customer) => [customer.id, customer])) };
}

/** Rows per page of the customer and policy lists. */
export const PAGE_SIZE = 20;

/** One page of a list, with the page number kept in range. */
export function pageOf<Item>(
  items: readonly Item[],
  page: number,
): { items: readonly Item[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE), page: current, pages };
}
