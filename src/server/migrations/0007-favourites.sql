-- Marketplace favourites of signed-in buyers, synced to each of their devices.
CREATE TABLE favourites (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  listing_id text NOT NULL REFERENCES plate_listings (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, listing_id)
);
