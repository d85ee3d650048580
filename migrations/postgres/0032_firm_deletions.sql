-- A firm's scheduled deletion (issue 46): one row while the firm waits out its grace period,
-- removed by an undo or with every other row of the firm when the deletion runs. `by_user` is
-- the owner who asked (none: the install's operator), kept as a plain id as the audit log keeps
-- names. No foreign key to `firms`: the deletion removes the firm row in the same transaction.
CREATE TABLE firm_deletions (
    firm_id      bigint PRIMARY KEY,
    scheduled_at timestamptz NOT NULL,
    due_at       timestamptz NOT NULL,
    by_user      bigint,
    by_name      text NOT NULL
);
CREATE INDEX firm_deletions_due ON firm_deletions (due_at);
