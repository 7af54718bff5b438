-- The sandbox keeps an email's text/html part beside its text/plain part (body), as a mail
-- service would be given both (src/server/messages/email-body.ts). Null for an SMS, and for
-- emails stored before the HTML part was made.
ALTER TABLE sandbox_messages ADD COLUMN html text;
