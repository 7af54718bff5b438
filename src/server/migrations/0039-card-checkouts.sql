-- A card payment's page at the card provider (a hosted checkout), as the provider gave it when
-- the payment started: shown on the receipt while the payment waits for its card, so the payer
-- can go back to it (docs/payments.md). NULL for other methods and once settled.
ALTER TABLE payments ADD COLUMN checkout_url text;

-- The sandbox card provider's own record of its pages, as a real provider keeps it on its
-- servers: in the database, so that every server instance serves and settles the same page
-- and a restart forgets none. Only the sandbox reads or writes it.
CREATE TABLE sandbox_card_checkouts (
  token text PRIMARY KEY,
  provider_ref text NOT NULL UNIQUE,
  reference text NOT NULL,
  amount bigint NOT NULL,
  description text NOT NULL,
  return_url text NOT NULL,
  created_at timestamptz NOT NULL,
  -- What the payer did (or that the page expired): {event, card}; NULL while the page is open.
  outcome jsonb
);

