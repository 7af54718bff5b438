-- Indexes for the reports over a large data set (docs/performance.md, "Reports").

-- The users export pages through accounts by (created_at, id): each page starts where the
-- last ended, from this index, instead of sorting every account again.
CREATE INDEX users_created_idx ON users (created_at, id);

-- Plate makers (the low-stock count) and administrators (the system log's administrative
-- events) are found by role; the primary key (user_id, role) serves only lookups by user.
CREATE INDEX user_roles_role_idx ON user_roles (role, user_id);
