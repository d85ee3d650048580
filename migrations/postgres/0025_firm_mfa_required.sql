-- "Require two-step sign-in for every member" (issue 31): one row per firm whose owner set it
-- (either way). No row: not required. `set_by` is the id of the owner who last changed it, kept
-- as a plain id as the audit log keeps names; `set_at` when. No foreign key to `firms`, as
-- `onboarding` has none: the firm merge deletes the merged firm's row before this table's part
-- of the merge reads it.
CREATE TABLE firm_mfa_required (
    firm_id  bigint PRIMARY KEY,
    required boolean NOT NULL,
    set_by   bigint NOT NULL,
    set_at   timestamptz NOT NULL
);
