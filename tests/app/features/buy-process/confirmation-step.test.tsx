// The wizard's step 3 leads with what happened to the payment: a declined card is never
// announced as "Application Submitted!", which the spec's words keep for a paid application.
import { ChakraProvider } from '@chakra-ui/react';
import { createRef } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Receipt } from '#domain/payments/receipt';
import { collectionNextStep } from '#domain/collection/collection';
import { kwacha } from '#domain/money/money';
import { ConfirmationStep } from '../../../../src/app/features/buy-process/confirmation-step';
import { appSystem } from '../../../../src/app/theme/system';

const receipt: Receipt = {
  id: 'pay-1',
  reference: 'PAY-000042',
  status: 'declined',
  purpose: 'application',
  description: 'Application LP-000012 for 1 plate',
  method: 'card',
  methodName: 'Credit/Debit Card',
  amount: 51_500,
  currency: 'ZMW',
  lines: [{ label: 'Plates (1)', amount: 50_000 }],
  listingId: null,
  requestId: 'req-1',
  payerPhone: null,
  card: { brand: 'Visa', last4: '0002' },
  declineReason: 'Card declined by the issuer.',
  createdAt: '2026-11-24T08:00:00.000Z',
  settledAt: '2026-11-24T08:00:01.000Z',
  expiresAt: null,
  instructions: null,
  refundDue: false,
  provider: 'sandbox',
};

const textOf = (payment: Receipt | null, collectionStep?: { title: string; text: string }) =>
  renderToString(
    <ChakraProvider value={appSystem()}>
      <MemoryRouter>
        <ConfirmationStep
          numberOfPlates={1}
          reference="LP-000012"
          payment={payment}
          applicationId="app-1"
          payerPhone="0961234567"
          headingRef={createRef()}
          collectionStep={collectionStep}
        />
      </MemoryRouter>
    </ChakraProvider>,
  )
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/&amp;/g, '&')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the application confirmation step', () => {
  it('leads a declined card payment with the decline and the next step, not "Application Submitted!"', () => {
    const text = textOf(receipt);
    expect(text).not.toContain('Application Submitted!');
    expect(text).not.toContain('submitted successfully');
    expect(text.startsWith('Card payment declined')).toBe(true);
    expect(text).toContain(
      'Try another card, or pay by mobile money or bank transfer below, or later from My Plates & Orders.',
    );
    expect(text).toContain('Pay again');
    expect(text).not.toContain('Next Steps');
  });

  it('asks for approval on the phone while mobile money is pending', () => {
    const text = textOf({
      ...receipt,
      status: 'pending',
      method: 'mtn',
      methodName: 'MTN Mobile Money',
      payerPhone: '+260961234567',
      card: null,
      declineReason: null,
      settledAt: null,
    });
    expect(text.startsWith('Approve the payment on your phone')).toBe(true);
    expect(text).not.toContain('Application Submitted!');
  });

  it('gives the bank reference while a bank transfer is awaited', () => {
    const text = textOf({
      ...receipt,
      status: 'pending',
      method: 'bank',
      methodName: 'Bank Transfer',
      card: null,
      declineReason: null,
      settledAt: null,
      instructions: 'Transfer the amount quoting PAY-000042.',
    });
    expect(text.startsWith('Waiting for your bank transfer')).toBe(true);
    expect(text).toContain('quoting the reference PAY-000042');
  });

  it("keeps the spec's confirmation, its Next Steps and the reference once the application is paid", () => {
    const text = textOf({
      ...receipt,
      status: 'approved',
      declineReason: null,
      card: { brand: 'Visa', last4: '4242' },
    });
    expect(text.startsWith('Application Submitted!')).toBe(true);
    expect(text).toContain(
      'Your application for 1 plate has been submitted successfully. You will receive a confirmation email shortly.',
    );
    expect(text).toContain('Next Steps');
    expect(text).toContain('LP-000012');
    expect(text).not.toContain('Pay again');
  });

  it('says in its Next Steps the plate shop or the delivery the applicant chose', () => {
    const paid = { ...receipt, status: 'approved' as const, declineReason: null };
    const shop = { name: 'Cairo Road Plates', address: 'Shop 14, Cairo Road, Lusaka', hours: 'Mon–Fri 08:00–17:00' };
    expect(textOf(paid, collectionNextStep({ shop, deliveryAddress: null }, kwacha(50)))).toContain(
      'Delivery: Collect your plates from Cairo Road Plates, Shop 14, Cairo Road, Lusaka. Opening hours: Mon–Fri 08:00–17:00.',
    );
    const delivered = textOf(paid, collectionNextStep({ shop: null, deliveryAddress: '3 Lubu Road' }, kwacha(50)));
    expect(delivered).toContain('Delivery: We will deliver your plates to 3 Lubu Road (delivery fee K50.00).');
    expect(delivered).not.toContain('Collect your plates from our office or request delivery.');
  });
});
