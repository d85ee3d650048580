-- The bookings index snapshot (src/bookings/snapshot.rs: the bytes of a node's `bookings.idx`)
-- of one booking generation, in parts of at most 32 MiB (a bytea value is limited to 1 GB, and
-- big ones are slow to write and read). A cache, not data: a node starting without its own
-- snapshot reads it instead of every booking row, and any node can rebuild it. Only the current
-- generation's parts are kept; a snapshot whose key, header or checksum is not of the current
-- generation is never used (src/bookings/storage/pg_snapshot.rs). Unlogged: a cache needs no
-- WAL (68 MB at 1M bookings, written while the other nodes catch up); after a crash PostgreSQL
-- empties it, and the next node to start reads the rows and stores it again.
CREATE UNLOGGED TABLE bookings_snapshot (
    generation bigint NOT NULL,
    part       integer NOT NULL CHECK (part >= 0),
    bytes      bytea NOT NULL,
    PRIMARY KEY (generation, part)
);
-- Stored as it is: TOAST would try to compress every value (seconds on write at 10M bookings, for
-- archives that barely compress).
ALTER TABLE bookings_snapshot ALTER COLUMN bytes SET STORAGE EXTERNAL;
