-- The stored bookings index snapshot (0030) in content-defined chunks, each stored once: a
-- generation's snapshot is the list of its chunks' hashes in order (`bookings_snapshot`), and a
-- chunk another generation already stored is not written again. A day's import changes the tail
-- of each column and of the running sums, so its snapshot shares nearly every chunk with the one
-- before (src/bookings/storage/pg_snapshot.rs), where 0030 wrote the whole snapshot again.
-- The parts of 0030 are dropped, not converted: this is a cache, and the next node to install an
-- index stores it again (a node starting meanwhile reads the rows, as with no snapshot stored).
DROP TABLE bookings_snapshot;

CREATE UNLOGGED TABLE bookings_snapshot_chunks (
    -- SHA-256 of the bytes.
    hash  bytea PRIMARY KEY CHECK (length(hash) = 32),
    bytes bytea NOT NULL
);
-- Stored as they are (see 0030).
ALTER TABLE bookings_snapshot_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL;

CREATE UNLOGGED TABLE bookings_snapshot (
    generation bigint NOT NULL,
    part       integer NOT NULL CHECK (part >= 0),
    hash       bytea NOT NULL REFERENCES bookings_snapshot_chunks (hash),
    PRIMARY KEY (generation, part)
);
-- For the removal of chunks no generation refers to any more.
CREATE INDEX bookings_snapshot_hash ON bookings_snapshot (hash);
