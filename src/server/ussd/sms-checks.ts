/**
 * A plate number texted to the service's number: the text stored once, and the plate's public
 * verdict queued as the SMS reply (one SMS, 160 GSM characters), sent by the dispatcher
 * through the message provider like every other SMS. The reply is the public tier whoever
 * texts: an SMS sender's number is easier to fake than a USSD caller's.
 */
import { keypadPlateNumber, smsReply } from '#domain/ussd/ussd-menu';
import { normalisePhone } from '#domain/validation/identity-checks';
import type { Database } from '../db/database';
import { noteMessagesQueued } from '../messages/outbox-signal';
import { inboundMessageRepository } from '../repositories/inbound-message-repository';
import { messageRepository } from '../repositories/message-repository';
import { publicPlateFacts } from './plate-check';
import { overPhoneLimit, type PhoneLimit } from './ussd-service';

export interface InboundText {
  from: string;
  text: string;
  /** The provider's id for the message, so a repeated delivery is answered once. */
  providerRef: string | null;
}

export type InboundOutcome = 'answered' | 'repeated' | 'over-limit';

/** "ZM789GHI", "zm-789-ghi", "CHECK ZM-789-GHI": the number, or why the text is not one. */
function plateInText(text: string) {
  const trimmed = text.trim();
  const direct = keypadPlateNumber(trimmed);
  if (direct.ok) return direct;
  const keyword = /^(check|verify|plate)\s+(.+)$/i.exec(trimmed);
  return keyword ? keypadPlateNumber(keyword[2] ?? '') : direct;
}

export function smsCheckService({
  db,
  now,
  limit,
  provider,
}: {
  db: Database;
  now: () => Date;
  limit: PhoneLimit;
  provider: string;
}) {
  return {
    async receive(message: InboundText): Promise<InboundOutcome> {
      const at = now();
      const sender = normalisePhone(message.from) ?? message.from.trim();
      // Over the limit, the text is not stored and not answered: an SMS reply costs money.
      if (await overPhoneLimit(db, `sms:${sender}`, limit)) return 'over-limit';
      return db.transaction(async (tx) => {
        const inboundId = await inboundMessageRepository(tx).store(
          { channel: 'sms', sender, body: message.text.slice(0, 500), provider, providerRef: message.providerRef },
          at,
        );
        if (inboundId === null) return 'repeated';
        const plate = plateInText(message.text);
        const body = plate.ok
          ? smsReply(await publicPlateFacts(tx, plate.value, at.toISOString().slice(0, 10)))
          : smsReply({ problem: plate.error });
        await messageRepository(tx).queue([
          {
            userId: null,
            kind: 'plate-check-reply',
            channel: 'sms',
            recipient: sender,
            subject: null,
            body,
            link: null,
            inReplyTo: inboundId,
          },
        ]);
        noteMessagesQueued();
        return 'answered';
      });
    },
  };
}
