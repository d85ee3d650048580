-- "Share what we pay with other firms" (issue 32): one row per firm whose owner or admin chose
-- (either way). No row: not shared, the default. `by_user` and `by_name` are who last chose (the
-- name as it was then, as the audit log keeps names), `at` when. No foreign key to `firms`, as
-- `firm_mfa_required` has none: the firm merge deletes the merged firm's row before this table's
-- part of the merge reads it.
CREATE TABLE firm_price_sharing (
    firm_id bigint PRIMARY KEY,
    share   boolean NOT NULL,
    by_user bigint NOT NULL,
    by_name text NOT NULL,
    at      timestamptz NOT NULL
);
