// The receipt a card payer comes back to from the card provider's page: a payment that did not
// go through says what happened and where to pay again; an application's payment gives the
// application's reference and the Next Steps the wizard's confirmation gave.
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Receipt } from '#domain/payments/receipt';
import type { OwnerOrder } from '#domain/plates/owner-order';
import {
  ApplicationFacts,
  payAgainLink,
  ReceiptOutcome,
} from '../../../../src/app/features/user-payments/receipt-outcome';
import { appSystem } from '../../../../src/app/theme/system';

const declined: Receipt = {
  id: 'pay-1',
  reference: 'PAY-000042',
  status: 'declined',
  purpose: 'application',
  description: 'Application LP-000012 / REQ-012 for 1 plate',
  method: 'card',
  methodName: 'Credit/Debit Card',
  amount: 36_900,
  currency: 'ZMW',
  lines: [
    { label: 'Plates (1)', amount: 30_000, kind: 'plates' },
    { label: 'Delivery fee', amount: 5_000, kind: 'delivery' },
  ],
  listingId: null,
  requestId: 'REQ-012',
  payerPhone: null,
  card: { brand: 'Visa', last4: '0002' },
  declineReason: 'Insufficient funds',
  createdAt: '2026-11-24T08:00:00.000Z',
  settledAt: '2026-11-24T08:00:01.000Z',
  expiresAt: null,
  instructions: null,
  refundDue: false,
  provider: 'sandbox',
};

const order: OwnerOrder = {
  id: 'REQ-012',
  kind: 'application',
  reference: 'LP-000012',
  status: 'Paid',
  plates: [],
  quantity: 2,
  vehicle: 'Toyota Corolla',
  rejectionReason: null,
  reservedUntil: null,
  fee: null,
  listingId: null,
  applicationId: 'app-1',
  payment: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  chosenShop: 'Cairo Road Plates',
  chosenShopId: 'USR-007',
  deliveryAddress: null,
  requestedNumbers: ['ZM-611-RCT'],
};
const shops = [
  {
    id: 'USR-007',
    name: 'Cairo Road Plates',
    address: 'Cairo Road, Lusaka',
    hours: 'Mon–Fri 8–17',
    lat: null,
    lng: null,
  },
];

const textOf = (node: ReactNode) =>
  renderToString(
    <ChakraProvider value={appSystem()}>
      <MemoryRouter>{node}</MemoryRouter>
    </ChakraProvider>,
  )
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/&amp;/g, '&')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the receipt of a payment that did not go through', () => {
  it('says what happened, that nothing was charged, what to do, and links to where to pay again', () => {
    const html = renderToString(
      <ChakraProvider value={appSystem()}>
        <MemoryRouter>
          <ReceiptOutcome payment={declined} />
        </MemoryRouter>
      </ChakraProvider>,
    );
    const text = textOf(<ReceiptOutcome payment={declined} />);
    expect(text).toContain('Card payment declined');
    expect(text).toContain('declined: Insufficient funds. Nothing was charged.');
    expect(text).toContain('Next: Try another card, or pay by mobile money or bank transfer from My Plates & Orders.');
    expect(text).toContain('Pay for LP-000012 in My Plates & Orders');
    expect(html).toContain('href="/dashboard/user/plates"');
  });

  it('offers no new attempt once a later payment of the application went through', () => {
    const paidLater = {
      ...order,
      payment: {
        id: 'pay-2',
        reference: 'PAY-000043',
        status: 'approved' as const,
        method: 'card' as const,
        methodName: 'Credit/Debit Card',
        amount: 31_900,
      },
    };
    const text = textOf(<ReceiptOutcome payment={declined} order={paidLater} />);
    expect(text).toContain('Card payment declined');
    expect(text).toContain('LP-000012 has since been paid with PAY-000043.');
    expect(text).not.toContain('Pay for LP-000012');
  });

  it('sends a purchase or reservation back to that plate in the marketplace, and a renewal to the dashboard', () => {
    expect(payAgainLink({ purpose: 'purchase', description: 'Purchase of plate ZM-777-VIP' }).to).toBe(
      '/marketplace?open=ZM-777-VIP',
    );
    expect(payAgainLink({ purpose: 'reservation', description: 'Reservation of plate ABC 1234' }).to).toBe(
      '/marketplace?open=ABC+1234&tab=reserve',
    );
    expect(payAgainLink({ purpose: 'renewal', description: 'Renewal of plate ZM-1 until 2031-01-01' }).to).toBe(
      '/dashboard',
    );
  });

  it('leads a paid application with "Application Submitted!" and says nothing more of a paid purchase', () => {
    const paid = { ...declined, status: 'approved' as const, declineReason: null };
    expect(textOf(<ReceiptOutcome payment={paid} />)).toContain('Application Submitted!');
    expect(
      textOf(<ReceiptOutcome payment={{ ...paid, purpose: 'purchase', description: 'Purchase of plate X' }} />),
    ).toBe('');
    expect(textOf(<ReceiptOutcome payment={{ ...paid, status: 'pending' }} />)).toBe('');
  });
});

describe('the receipt of an application’s payment', () => {
  it('gives the reference, the chosen numbers and the Next Steps naming the chosen shop', () => {
    const text = textOf(<ApplicationFacts payment={{ ...declined, status: 'approved' }} order={order} shops={shops} />);
    expect(text).toContain('Reference Number LP-000012');
    expect(text).toContain('ZM-611-RCT');
    expect(text).toContain('Next Steps');
    expect(text).toContain('Application Processing: Our team will process your application within 24 hours.');
    expect(text).toContain('Delivery: Collect your plates from Cairo Road Plates, Cairo Road, Lusaka.');
    expect(text).not.toContain('Once the application is paid');
  });

  it('names the delivery address with the fee paid, and says the steps follow payment while unpaid', () => {
    const text = textOf(
      <ApplicationFacts
        payment={declined}
        order={{ ...order, chosenShop: null, chosenShopId: null, deliveryAddress: 'Plot 12, Kabulonga Road' }}
        shops={shops}
      />,
    );
    expect(text).toContain('Once the application is paid:');
    expect(text).toContain('We will deliver your plates to Plot 12, Kabulonga Road (delivery fee K50.00).');
  });

  it('gives the reference from the receipt before the order reaches this device', () => {
    const text = textOf(<ApplicationFacts payment={declined} order={null} shops={[]} />);
    expect(text).toContain('Reference Number LP-000012');
    expect(text).toContain('Delivery: Collect your plates from our office or request delivery.');
  });
});
