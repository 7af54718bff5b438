-- The phone number given when signing up (optional, +260 form), kept with the sign-up until its
-- email link is opened and then stored on the account, so that notifications can also go by SMS.
ALTER TABLE signup_requests ADD COLUMN phone text;
