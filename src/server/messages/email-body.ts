/**
 * An email's two bodies, text/plain and text/html, made from the one message so they say
 * the same words: the greeting and the notice's paragraphs, then what the link is for and
 * the link on this server (PUBLIC_ORIGIN). The text part is textToSend's; the HTML part
 * escapes every value (a name is whatever a person typed) and makes the link a real
 * anchor. A provider hands both to the mail service, which sends them as one
 * multipart/alternative message; the sandbox stores both.
 */
import type { MessageChannel } from '../repositories/message-repository';
import { emailLink, shownMessage, textToSend } from './message-text';

export interface EmailParts {
  text: string;
  html: string;
}

interface EmailSource {
  kind: string;
  channel: MessageChannel;
  subject: string | null;
  body: string;
  link: string | null;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML shows it, in an element or a quoted attribute: nothing in it is markup. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** A paragraph of the text as HTML: its single line breaks kept as <br>. */
const paragraph = (text: string) => `<p style="margin:0 0 16px">${text.split('\n').map(escapeHtml).join('<br>\n')}</p>`;

export function emailHtml(message: EmailSource, publicOrigin: string): string {
  const paragraphs = message.body
    .split(/\n{2,}/)
    .filter((part) => part.trim() !== '')
    .map(paragraph);
  const link = emailLink(message, publicOrigin);
  if (link) {
    const address = escapeHtml(link.address);
    paragraphs.push(
      `<p style="margin:0 0 16px">${escapeHtml(link.lead)}: <a href="${address}" style="color:#157300">${address}</a></p>`,
    );
  }
  return [
    '<!DOCTYPE html>',
    '<html lang="en-GB">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(message.subject ?? 'Nambala')}</title>`,
    '</head>',
    '<body style="margin:0;padding:16px;background:#f4f6f3;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">',
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;overflow-wrap:anywhere">',
    ...paragraphs,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

/** Both bodies of an email as the provider is given them. */
export function emailParts(message: EmailSource, publicOrigin: string): EmailParts {
  return { text: textToSend(message, publicOrigin), html: emailHtml(message, publicOrigin) };
}

/** The HTML body as an administrator may read it: a link that is a key is hidden as in textToShow. */
export const htmlToShow = (message: EmailSource, publicOrigin: string, showsSecrets: boolean): string =>
  emailHtml(shownMessage(message, showsSecrets), publicOrigin);
