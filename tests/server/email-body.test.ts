/**
 * An email's two parts: for every email template (each kind that names its link, any other,
 * with and without a link) the HTML part says the text part's words; every value is escaped
 * in the HTML (a name or a notice may hold anything a person typed); the link is an anchor to
 * this server; a link that is a key stays hidden from administrators as in the text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailHtml, emailParts, escapeHtml, htmlToShow } from '../../src/server/messages/email-body';
import { EMAIL_LINK_KINDS, messagesFor, textToShow } from '../../src/server/messages/message-text';

const ORIGIN = 'https://nambala.example.zm';

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** What a reader of the HTML part sees, as plain words: the head dropped, tags removed, entities read. */
function htmlWords(html: string): string {
  return html
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<br>/g, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
const words = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The body of the HTML part with its own markup taken out: what is left came from values, and must hold no markup. */
const valuesIn = (html: string) =>
  html.replace(/<head>[\s\S]*<\/head>/, '').replace(/<\/?(html|body|div|p|a)\b[^>]*>|<br>|<!DOCTYPE html>/g, '');

function email(kind: string, name: string | null, body: string, link: string | null) {
  const [message] = messagesFor(
    { id: 'USR-1', name, email: 'someone@example.zm', phone: null },
    { kind, title: `About ${name ?? 'you'}`, body, link },
  );
  if (!message) throw new Error('no email');
  return { ...message, link: message.link ?? null };
}

describe('email parts', () => {
  const kinds = [...EMAIL_LINK_KINDS, 'plate-ready'];

  it.each(kinds)('says the same words in its text and HTML parts (%s)', (kind) => {
    for (const link of ['/dashboard/user?token=abc', null]) {
      const message = email(
        kind,
        'Mwila Banda',
        'Your plate ABC 1234 is ready.\nCollect it at the shop.\n\nThank you.',
        link,
      );
      const { text, html } = emailParts(message, ORIGIN);
      expect(htmlWords(html)).toBe(words(text));
      expect(text.startsWith('Hello Mwila Banda,\n\nYour plate ABC 1234 is ready.')).toBe(true);
    }
  });

  it('makes the link an anchor to this server', () => {
    const message = email('plate-ready', null, 'Ready.', '/dashboard/user/plates?id=1&view=2');
    const html = emailHtml(message, ORIGIN);
    expect(html).toContain(
      '<a href="https://nambala.example.zm/dashboard/user/plates?id=1&amp;view=2" style="color:#157300">https://nambala.example.zm/dashboard/user/plates?id=1&amp;view=2</a>',
    );
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain('<meta charset="utf-8">');
  });

  it('escapes a name like <script> or O’Brien & Sons', () => {
    const message = email('plate-ready', `<script>alert("x")</script>`, `O'Brien & Sons <b>paid</b>.`, null);
    const html = emailHtml({ ...message, subject: '<img src=x onerror=alert(1)>' }, ORIGIN);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<img');
    expect(html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
    expect(html).toContain('O&#39;Brien &amp; Sons &lt;b&gt;paid&lt;/b&gt;.');
    expect(html).toContain('<title>&lt;img src=x onerror=alert(1)&gt;</title>');
  });

  it('escapes any value: no markup comes from a name, a notice or a subject, and the words survive', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (name, body, subject) => {
        const message = { ...email('plate-ready', name, body, '/dashboard/user'), subject };
        const html = emailHtml(message, ORIGIN);
        expect(valuesIn(html)).not.toMatch(/[<>]/);
        expect(html).toContain(`<title>${escapeHtml(subject)}</title>`);
        expect(htmlWords(html)).toBe(words(emailParts(message, ORIGIN).text));
      }),
    );
  });

  it('hides a key in a link from administrators in the HTML part as in the text', () => {
    const message = email(EMAIL_LINK_KINDS[0] ?? '', 'Mwila', 'Reset.', '/reset-password?token=secret123');
    const html = htmlToShow(message, ORIGIN, false);
    expect(html).not.toContain('secret123');
    expect(htmlWords(html)).toBe(words(textToShow(message, ORIGIN, false)));
    expect(htmlToShow(message, ORIGIN, true)).toContain('secret123');
  });
});
