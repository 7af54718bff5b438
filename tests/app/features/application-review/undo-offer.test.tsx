/**
 * Approve asks first, naming the request, its applicant and its plate numbers; after approve or
 * reject an Undo is offered for the time the server allows, counted on the device from when the
 * answer came, and gone when that time is up.
 */
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdminApplication } from '../../../../src/app/features/application-review/applications-api';
import { ApproveSummary } from '../../../../src/app/features/application-review/approve-dialog';
import { UndoBar } from '../../../../src/app/features/application-review/undo-bar';
import {
  formatLeft,
  offerMsLeft,
  platesLine,
  undoneReport,
  undoOfferFrom,
} from '../../../../src/app/features/application-review/undo-offer';
import { appSystem } from '../../../../src/app/theme/system';

const render = (element: ReactElement) =>
  renderToString(<ChakraProvider value={appSystem()}>{element}</ChakraProvider>)
    .replace(/<style[^>]*>.*?<\/style>/gs, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'");

const request = (overrides: Partial<AdminApplication> = {}): AdminApplication => ({
  id: 'REQ-009',
  reference: 'LP-000009',
  applicant: 'Mutale Zulu',
  applicantId: 'u1',
  nrcNumber: '123456/78/9',
  vehicle: 'Toyota Corolla',
  quantity: 2,
  quantityLabel: '2 plates',
  date: '2026-12-06',
  status: 'Pending',
  orderInfo: { plateType: 'Standard', color: 'White', specialRequests: '', deliveryAddress: '', phone: '', email: '' },
  rejectionReason: null,
  decidedAt: null,
  createdAt: '2026-12-06T08:00:00.000Z',
  plates: [],
  requestedNumbers: ['ZM-611-UND'],
  allocationFailure: null,
  agent: null,
  chosenShop: null,
  deliverTo: null,
  manufacturingStarted: false,
  payment: null,
  ...overrides,
});

const byId = new Map([['REQ-009', request()]]);
const answer = {
  serverNow: '2026-12-06T10:00:00.000Z',
  outcomes: [
    {
      requestId: 'REQ-009',
      ok: true as const,
      status: 'Approved' as const,
      decisionId: 'd1',
      undoUntil: '2026-12-06T10:02:00.000Z',
    },
    { requestId: 'REQ-010', ok: false as const, message: 'This request is already approved.' },
  ],
};

describe('approving with a confirmation and an Undo', () => {
  it('asks before approving, naming the reference, the applicant and the plate numbers', () => {
    const text = render(<ApproveSummary requests={[request()]} />);
    expect(text).toContain('Approve this request?');
    expect(text).toContain('LP-000009 / REQ-009');
    expect(text).toContain('Mutale Zulu');
    expect(text).toContain('Plate numbers: ZM-611-UND, and 1 allocated on approval');
  });

  it('names the numbers a rejection takes back or lets go', () => {
    expect(platesLine(request({ status: 'Approved', plates: ['ZM-123-ABC'] }), 'reject')).toBe(
      'Plate number: ZM-123-ABC (taken back)',
    );
    expect(platesLine(request(), 'reject')).toBe('Chosen number: ZM-611-UND (let go)');
    expect(platesLine(request({ requestedNumbers: [], quantity: 1 }), 'approve')).toBe(
      'Plate number: allocated on approval',
    );
  });

  it('offers Undo for what went through, for the time the server allows, whatever the device clock says', () => {
    const heardAt = Date.parse('2030-01-01T00:00:00.000Z');
    const offer = undoOfferFrom(answer, 'approve', byId, heardAt);
    expect(offer).toMatchObject({ decisionIds: ['d1'], text: 'LP-000009 / REQ-009 (Mutale Zulu) approved.' });
    if (!offer) throw new Error('no offer');
    expect(offerMsLeft(offer, heardAt + 6_000)).toBe(114_000);
    expect(formatLeft(offerMsLeft(offer, heardAt + 6_000))).toBe('1:54');
    expect(offerMsLeft(offer, heardAt + 120_000)).toBe(0);
    expect(undoOfferFrom({ ...answer, outcomes: answer.outcomes.slice(1) }, 'approve', byId, heardAt)).toBeNull();
  });

  it('shows Undo with the time left, and nothing once the time is up', () => {
    const heardAt = 1_000_000;
    const offer = undoOfferFrom(answer, 'reject', byId, heardAt);
    if (!offer) throw new Error('no offer');
    const bar = (at: number) =>
      render(
        <UndoBar offer={offer} isBusy={false} onUndo={() => undefined} onExpire={() => undefined} now={() => at} />,
      );
    expect(bar(heardAt + 1000)).toContain('LP-000009 / REQ-009 (Mutale Zulu) rejected.');
    expect(bar(heardAt + 1000)).toContain('can no longer be undone: 1:59 left.');
    expect(bar(heardAt + 1000)).toContain('Undo');
    expect(bar(heardAt + 120_000)).toBe('');
  });

  it('reports each request back where it was after an undo', () => {
    expect(undoneReport([{ requestId: 'REQ-009', status: 'Pending' }], 'approve', byId)).toMatchObject({
      title: 'Approval undone',
      lines: [{ text: 'LP-000009 / REQ-009 (Mutale Zulu) is back to Pending; the applicant was not told.' }],
    });
  });
});
