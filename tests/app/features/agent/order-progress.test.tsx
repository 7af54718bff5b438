/**
 * Moving an order on from the order itself: a pending order offers Ready for Collection and
 * Collected; a plate with no manufacturing record asks for its batch number first; a fulfilled
 * order offers nothing more.
 */
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderProgress } from '../../../../src/app/features/agent/order-progress';
import type { LocalAgentOrder, LocalManufacturingRecord } from '../../../../src/app/store/database';
import { appSystem } from '../../../../src/app/theme/system';

const copy = vi.hoisted(() => ({ data: undefined as unknown }));
vi.mock('../../../../src/app/store/use-store-query', () => ({ useStoreQuery: () => copy.data }));
vi.mock('../../../../src/app/components/use-today', () => ({
  useToday: () => '2026-11-24',
  localToday: () => '2026-11-24',
}));

const order: LocalAgentOrder = {
  id: 'ORD-001',
  agentId: 'agent-1',
  customerName: 'Mwila Banda',
  nrcCheck: null,
  customerPhone: '+260971234567',
  plateNumber: 'ZM-101-ABC',
  plateType: 'Private',
  vehicle: 'Toyota Corolla, BAK 1234',
  status: 'Pending',
  collectionDate: '2026-11-27',
  createdAt: '2026-11-22T08:00:00.000Z',
};
const record: LocalManufacturingRecord = {
  id: 'm1',
  plateNumber: 'ZM-101-ABC',
  status: 'Printed',
  batchNumber: 'B-2611-01',
  productionDate: '2026-11-23',
  notes: '',
  frontSerial: 'ZB-0000001',
  rearSerial: 'ZB-0000002',
  createdAt: '2026-11-23T08:00:00.000Z',
  syncState: 'synced',
};

const render = (element: ReactElement) =>
  renderToString(<ChakraProvider value={appSystem()}>{element}</ChakraProvider>);

describe('OrderProgress', () => {
  beforeEach(() => {
    copy.data = undefined;
  });

  it('offers a pending order’s next steps with its plate’s manufacturing status', () => {
    copy.data = record;
    const html = render(<OrderProgress order={order} />);
    expect(html).toContain('Move this order on');
    expect(html).toContain('Printed');
    expect(html).toContain('Mark Ready for Collection');
    expect(html).toContain('Mark Collected');
    expect(html).not.toContain('Batch Number');
    expect(html).not.toContain('Front blank serial');
  });

  it('asks for the batch number when the plate has no record yet', () => {
    copy.data = null;
    const html = render(<OrderProgress order={order} />);
    expect(html).toContain('no manufacturing record yet');
    expect(html).toContain('Batch Number');
    expect(html).toContain('Front blank serial');
    expect(html).toContain('Rear blank serial');
    expect(html).toContain('Mark Collected');
  });

  it('asks a record made before serials were kept for its blanks’ serials only', () => {
    copy.data = { ...record, frontSerial: '', rearSerial: '' };
    const html = render(<OrderProgress order={order} />);
    expect(html).not.toContain('Batch Number');
    expect(html).toContain('Front blank serial');
  });

  it('offers nothing for a fulfilled order, nor while the record is loading', () => {
    copy.data = record;
    expect(render(<OrderProgress order={{ ...order, status: 'Fulfilled' }} />)).not.toContain('Move this order on');
    copy.data = undefined;
    expect(render(<OrderProgress order={order} />)).not.toContain('Move this order on');
  });
});
