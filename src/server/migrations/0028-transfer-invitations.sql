-- A transfer is an invitation to whoever holds the email or phone number the owner typed:
-- the link sent there carries a token, kept here only as its SHA-256 digest. Following the
-- link, signed in, makes that account the recipient. Whether the contact had an account,
-- and whose, is never shown to the sender before the recipient accepts.
ALTER TABLE plate_transfers ADD COLUMN invitation_hash text;
CREATE UNIQUE INDEX plate_transfers_invitation_key ON plate_transfers (invitation_hash) WHERE invitation_hash IS NOT NULL;
