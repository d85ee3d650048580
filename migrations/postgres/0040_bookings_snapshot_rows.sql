-- How many bookings the stored index snapshot (0039) holds. A node that starts from a snapshot of
-- an earlier generation reads the rows added since and extends its index as after another node's
-- import, so a day's import no longer stores a snapshot of its own: the node that installs an index
-- stores it again once the rows added since the stored one pass a share of them
-- (src/bookings/storage/pg_snapshot.rs). A snapshot stored before this migration has no row here
-- and is stored again by the next install.
CREATE UNLOGGED TABLE bookings_snapshot_rows (
    generation bigint PRIMARY KEY,
    rows       bigint NOT NULL CHECK (rows >= 0)
);
