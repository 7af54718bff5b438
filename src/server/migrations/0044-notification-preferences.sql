-- What each person has turned off of the messages Nambala sends them, per topic and channel
-- (src/domain/notifications/preferences.ts): {"orders": {"sms": false}}. Empty: everything is wanted.
ALTER TABLE users ADD COLUMN notification_preferences jsonb NOT NULL DEFAULT '{}'::jsonb;
