-- Foundation: key/value facts about this database, contact messages, marketplace listings.

CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contact_messages (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  message text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE plate_listings (
  id text PRIMARY KEY,
  number text NOT NULL UNIQUE,
  price_ngwee bigint NOT NULL CHECK (price_ngwee >= 0),
  type text NOT NULL,
  status text NOT NULL DEFAULT 'Available',
  featured boolean NOT NULL DEFAULT false,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX plate_listings_status_idx ON plate_listings (status);
