/**
 * The integrity queue offers Revoke registration only on an open alert about a registration
 * that was made (the owner's report), never on a refused record; revoking writes the
 * server's decision and reviews the alert with the note as the server words it.
 */
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IntegrityAlertsSection } from '../../../../src/app/features/agent/integrity-alerts-section';
import { revokeRegistrationMutation } from '../../../../src/app/features/agent/integrity-changes';
import type { LocalIntegrityAlert } from '../../../../src/app/store/database';
import { appSystem } from '../../../../src/app/theme/system';

const copy = vi.hoisted(() => ({ alerts: [] as unknown[] }));
vi.mock('../../../../src/app/store/use-store-query', () => ({
  useStoreQuery: (query: { toString(): string }) => (query.toString().includes('integrityAlerts') ? copy.alerts : []),
}));
vi.mock('../../../../src/app/sync/sync-engine', async (original) => ({
  ...(await original<object>()),
  startSync: () => () => undefined,
}));

const alert = (kind: LocalIntegrityAlert['kind'], id: string): LocalIntegrityAlert => ({
  id,
  kind,
  subjectId: 'shop-1',
  subjectName: 'Cairo Road Plates',
  plateNumber: 'ZM-101-ABC',
  summary: 'A summary',
  evidence: {},
  status: 'Open',
  reviewNote: null,
  reviewedBy: null,
  reviewedAt: null,
  createdAt: '2026-12-01T08:00:00.000Z',
});

const render = (element: ReactElement) =>
  renderToString(<ChakraProvider value={appSystem()}>{element}</ChakraProvider>);

describe('the integrity queue', () => {
  beforeEach(() => {
    copy.alerts = [];
  });

  it('offers to revoke the registration the owner reported, and not a refused sale', () => {
    copy.alerts = [alert('registration-reported', 'a1')];
    expect(render(<IntegrityAlertsSection />)).toContain('aria-label="Revoke the registration of ZM-101-ABC"');
    copy.alerts = [alert('nrc-mismatch', 'a2')];
    const html = render(<IntegrityAlertsSection />);
    expect(html).toContain('Mark reviewed');
    expect(html).not.toContain('Revoke registration');
  });

  it('revokes through the server’s decision and reviews the alert with its note', () => {
    const change = revokeRegistrationMutation(
      alert('registration-reported', 'a1'),
      'Sold to the wrong person',
      new Date('2026-12-06T09:00:00.000Z'),
    );
    expect(change).toMatchObject({
      intent: 'revokeRegistration',
      table: 'integrityAlerts',
      payload: { alertId: 'a1', note: 'Sold to the wrong person' },
      row: {
        id: 'a1',
        status: 'Reviewed',
        reviewNote: 'Registration revoked: Sold to the wrong person',
        reviewedAt: '2026-12-06T09:00:00.000Z',
      },
    });
  });
});
