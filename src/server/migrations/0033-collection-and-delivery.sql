-- Where a plate is made and how the buyer gets it (docs/decisions/056-the-buyer-chooses-the-plate-shop.md).
-- A plate shop (an agent account) says where it is and when it is open; its coordinates let a
-- buyer's device work out the distance, on the device, when the buyer shares their location.
ALTER TABLE users
  ADD COLUMN shop_address text,
  ADD COLUMN shop_hours text,
  ADD COLUMN shop_lat double precision,
  ADD COLUMN shop_lng double precision;

-- The shop the applicant chose (none: left to the administrator, who gives it to the shop with
-- the least work), and the address to deliver to when they asked for delivery (none: collected).
ALTER TABLE plate_requests
  ADD COLUMN chosen_shop_id text,
  ADD COLUMN delivery_address text;

-- A marketplace purchase carries the same choice and the vehicle, given at Buy Now and kept on
-- its payment until the payment is approved, then on the order.
ALTER TABLE payments ADD COLUMN collection jsonb;

ALTER TABLE purchase_orders
  ADD COLUMN vehicle text NOT NULL DEFAULT '',
  ADD COLUMN shop_id text,
  ADD COLUMN delivery_address text;
