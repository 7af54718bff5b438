import { describe, expect, it } from 'vitest';
import type { SentMessage } from '../../../../src/domain/messages/sent-message';
import { deliveryLine } from '../../../../src/app/features/messages/sent-messages-page';
import { appendPage } from '../../../../src/app/features/messages/use-sent-messages';
import { emailFrameProps } from '../../../../src/app/features/messages/email-preview';

function message(id: string, overrides: Partial<SentMessage> = {}): SentMessage {
  return {
    id,
    kind: 'payment-received',
    channel: 'email',
    to: 'mwila@example.zm',
    subject: 'Payment PAY-000001 received',
    body: 'Hello Mwila,\n\nWe have received your payment.',
    status: 'sent',
    attempts: 1,
    error: null,
    provider: 'sandbox',
    providerRef: 'sandbox-message-1',
    createdAt: '2026-11-24T08:00:00.000Z',
    lastAttemptAt: '2026-11-24T08:00:00.000Z',
    nextAttemptAt: null,
    sentAt: '2026-11-24T08:00:01.000Z',
    ...overrides,
  };
}

describe('appendPage', () => {
  it('adds an older page after the messages shown, without showing one twice', () => {
    const shown = [message('9'), message('8')];
    expect(appendPage(shown, [message('8'), message('7'), message('6')]).map((sent) => sent.id)).toEqual([
      '9',
      '8',
      '7',
      '6',
    ]);
  });
});

describe('deliveryLine', () => {
  it('says who sent a message and their reference', () => {
    expect(deliveryLine(message('1'))).toMatch(/^Sent 24 Nov 2026, \d{2}:\d{2} by sandbox \(sandbox-message-1\)$/);
  });

  it('says a new message waits, and when a failed one is tried again', () => {
    expect(deliveryLine(message('2', { status: 'queued', attempts: 0, sentAt: null }))).toBe('Waiting to be sent');
    expect(
      deliveryLine(
        message('3', {
          status: 'queued',
          attempts: 2,
          sentAt: null,
          error: 'gateway unavailable',
          nextAttemptAt: '2026-11-24T08:10:00.000Z',
        }),
      ),
    ).toMatch(/^2 tries so far, last failed: gateway unavailable\. Next try 24 Nov 2026, \d{2}:\d{2}$/);
  });

  it('says why a message was given up', () => {
    expect(
      deliveryLine(message('4', { status: 'failed', attempts: 6, sentAt: null, error: 'number not reachable' })),
    ).toBe('Given up after 6 tries: number not reachable');
  });
});

describe('the email as sent', () => {
  it('is shown in a frame with no permission, from srcdoc, never as the app’s own markup', () => {
    const html = '<!DOCTYPE html><html><body><p>Hello &lt;script&gt;</p></body></html>';
    expect(emailFrameProps(html, 'Payment received')).toEqual({
      sandbox: '',
      srcDoc: html,
      title: 'Email as sent: Payment received',
      referrerPolicy: 'no-referrer',
    });
  });
});
