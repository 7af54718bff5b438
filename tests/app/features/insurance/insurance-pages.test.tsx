// The insurance pages as the server renderer draws them from a given device copy (the
// store query and the session are replaced): what the agent sees.
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ngwee } from '#domain/money/money';
import { CustomersPage } from '../../../../src/app/features/insurance/customers-page';
import { InsuranceOverviewPage } from '../../../../src/app/features/insurance/insurance-overview-page';
import type { InsuranceData } from '../../../../src/app/features/insurance/insurance-query';
import { PoliciesPage } from '../../../../src/app/features/insurance/policies-page';
import type { LocalInsuranceCustomer, LocalInsurancePolicy } from '../../../../src/app/store/database';
import { appSystem } from '../../../../src/app/theme/system';

const copy = vi.hoisted(() => ({ data: undefined as unknown }));
vi.mock('../../../../src/app/store/use-store-query', () => ({ useStoreQuery: () => copy.data }));
vi.mock('../../../../src/app/session/use-session', () => ({
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'agent-1', name: 'Natasha Zulu', email: 'insurer@nambala.zm', roles: ['insurance_agent'] },
  }),
}));
vi.mock('../../../../src/app/components/use-today', () => ({
  useToday: () => '2026-11-24',
  localToday: () => '2026-11-24',
}));

const customer: LocalInsuranceCustomer = {
  id: 'c1',
  agentId: 'agent-1',
  accountId: null,
  name: 'Mwila Banda',
  nrc: '204518/10/1',
  phone: '+260971234567',
  email: 'buyer@nambala.zm',
  vehicles: [
    {
      plateNumber: 'ZM-123-ABC',
      make: 'Toyota',
      model: 'Corolla',
      colour: 'Silver',
      year: 2019,
      expiryDate: '2029-03-15',
      standing: 'Valid',
    },
  ],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  syncState: 'synced',
};

const policy = (id: string, endDate: string, cancelledAt: string | null = null): LocalInsurancePolicy => ({
  id,
  policyNumber: `POL-00000${id}`,
  agentId: 'agent-1',
  customerId: 'c1',
  plateNumber: 'ZM-123-ABC',
  type: 'Comprehensive',
  startDate: '2026-01-01',
  endDate,
  premium: ngwee(485_000),
  insurer: 'Natasha Zulu',
  cancelledAt,
  cancelReason: null,
  renewedFrom: null,
  createdAt: `2026-0${id}-01T08:00:00.000Z`,
  updatedAt: `2026-0${id}-01T08:00:00.000Z`,
  syncState: 'synced',
});

function data(policies: LocalInsurancePolicy[]): InsuranceData {
  return { customers: [customer], policies, customerById: new Map([[customer.id, customer]]) };
}

function textOf(page: ReactElement): string {
  return renderToString(
    <ChakraProvider value={appSystem()}>
      <MemoryRouter>{page}</MemoryRouter>
    </ChakraProvider>,
  )
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

beforeEach(() => {
  copy.data = undefined;
});

describe('insurance pages', () => {
  it('lists customers with their registered vehicles and active policies', () => {
    copy.data = data([policy('1', '2026-12-31'), policy('2', '2026-10-01')]);
    const text = textOf(<CustomersPage />);
    expect(text).toContain('Mwila Banda');
    expect(text).toContain('NRC 204518/10/1');
    expect(text).toContain('+260 97 123 4567');
    expect(text).toContain('ZM-123-ABC — Silver Toyota Corolla (2019)');
    expect(text).toContain('1 customer');
  });

  it('lists policies with their status read from the end date', () => {
    copy.data = data([
      policy('1', '2026-12-31'),
      policy('2', '2026-10-01'),
      policy('3', '2027-06-01', '2026-05-01T00:00:00.000Z'),
    ]);
    const text = textOf(<PoliciesPage />);
    expect(text).toMatch(/POL-000001 .*Active/);
    expect(text).toMatch(/POL-000002 .*Expired/);
    expect(text).toMatch(/POL-000003 .*Cancelled/);
    expect(text).toContain('K4,850.00');
    expect(text).toContain('3 policies');
  });

  it('shows the overview figures from the agent’s own data', () => {
    copy.data = {
      ...data([policy('1', '2026-12-10'), policy('2', '2027-06-01'), policy('3', '2026-10-01')]),
      claims: [],
      photoFiles: new Map(),
      waitingPhotos: { count: 0, bytes: 0 },
    };
    const text = textOf(<InsuranceOverviewPage />);
    expect(text).toMatch(/Active Policies 2 /);
    expect(text).toMatch(/Expiring in 30 Days 1 /);
    expect(text).toMatch(/Customers 1 /);
    expect(text).toContain('Latest Policies');
  });

  it('says when there is nothing yet', () => {
    copy.data = { customers: [], policies: [], customerById: new Map() } satisfies InsuranceData;
    expect(textOf(<CustomersPage />)).toContain('No customers yet');
    expect(textOf(<PoliciesPage />)).toContain('No policies yet');
  });
});
