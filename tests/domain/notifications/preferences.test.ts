import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_CHANNELS } from '../../../src/domain/messages/sent-message';
import {
  NOTIFICATION_TOPICS,
  notificationPreferencesSchema,
  topicOfKind,
  wantsMessage,
} from '../../../src/domain/notifications/preferences';

describe('notification preferences', () => {
  it('puts each kind of news under the topic a person knows it by', () => {
    expect(
      ['payment-declined', 'refund-made', 'request-approved', 'plate-ready', 'reservation-credit'].map(topicOfKind),
    ).toEqual(['orders', 'orders', 'orders', 'orders', 'orders']);
    expect(
      ['plate-registered', 'renewal-reminder', 'transfer-offered', 'registration-reported'].map(topicOfKind),
    ).toEqual(['plates', 'plates', 'plates', 'plates']);
    expect(['insurance-consent', 'policy-disputed', 'insurance-claim'].map(topicOfKind)).toEqual([
      'insurance',
      'insurance',
      'insurance',
    ]);
    expect(['integrity-alert', 'unusual-lookups', 'shop-suspended', 'sale-not-given'].map(topicOfKind)).toEqual([
      'work',
      'work',
      'work',
      'work',
    ]);
  });

  it('never lets a security message be turned off', () => {
    const nothing = Object.fromEntries(NOTIFICATION_TOPICS.map(({ id }) => [id, { email: false, sms: false }]));
    for (const kind of ['account.password-reset', 'account.email-change-undo', 'account.approved', 'phone-changed'])
      for (const channel of MESSAGE_CHANNELS) expect(wantsMessage(nothing, kind, channel)).toBe(true);
  });

  it('sends what was not turned off, and nothing that was, whatever the choices', () => {
    const choice = fc.record({
      email: fc.option(fc.boolean(), { nil: undefined }),
      sms: fc.option(fc.boolean(), { nil: undefined }),
    });
    const preferences = fc.record(
      { orders: choice, plates: choice, insurance: choice, work: choice },
      { requiredKeys: [] },
    );
    const kind = fc.oneof(
      fc.constantFrom('payment-received', 'plate-renewed', 'policy-not-owner', 'integrity-alert'),
      fc.string({ maxLength: 30 }),
    );
    fc.assert(
      fc.property(preferences, kind, fc.constantFrom(...MESSAGE_CHANNELS), (chosen, messageKind, channel) => {
        expect(notificationPreferencesSchema.safeParse(chosen).success).toBe(true);
        const topic = topicOfKind(messageKind);
        const wanted = wantsMessage(chosen, messageKind, channel);
        if (topic === null) expect(wanted).toBe(true);
        else expect(wanted).toBe(chosen[topic]?.[channel] !== false);
      }),
    );
  });

  it('refuses a topic or channel it does not know, and a value that is not true or false', () => {
    expect(notificationPreferencesSchema.safeParse({ marketing: { email: false } }).success).toBe(false);
    expect(notificationPreferencesSchema.safeParse({ orders: { whatsapp: false } }).success).toBe(false);
    const wrong = notificationPreferencesSchema.safeParse({ orders: { sms: 'no' } });
    expect(wrong.success ? [] : wrong.error.issues.map((issue) => issue.message)).toEqual([
      'sms must be true or false',
    ]);
  });
});
