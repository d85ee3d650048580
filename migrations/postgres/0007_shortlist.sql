-- The shortlist: one row per vendor a user is considering. src/shortlist/storage/postgres.rs is
-- the only code that touches it.
CREATE TABLE shortlist (
    user_id       bigint NOT NULL,
    vendor_id     bigint NOT NULL,
    -- Considering, Demo booked, Demo held, Chosen or Rejected, as the API spells them.
    status        text NOT NULL,
    note          text NOT NULL,
    reject_reason text,
    -- The status changes, oldest first: [{"status": "Considering", "at": <unix seconds>}, ...].
    history       jsonb NOT NULL,
    -- What the firm says happened after the demo (null: not answered yet).
    demo_held     boolean,
    chosen        boolean,
    chosen_at     timestamptz,
    satisfaction  smallint,
    added_at      timestamptz NOT NULL,
    PRIMARY KEY (user_id, vendor_id)
);
