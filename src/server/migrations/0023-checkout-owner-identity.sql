-- Whose a plate bought in the marketplace will be (docs/payments.md): the full name and NRC
-- number the buyer gives at Buy Now. Kept with the payment because the order is made only
-- when the payment is approved; the approval copies them onto the order and the registry's
-- hold. Null on reservations, applications, renewals and purchases started before Buy Now
-- asked (those fall back to the account's name and no NRC).
ALTER TABLE payments ADD COLUMN owner_name text, ADD COLUMN owner_nrc text;
