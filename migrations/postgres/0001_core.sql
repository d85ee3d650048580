-- Hub mode's core: settings shared by every node, counters, and the change log.

-- Text settings every node must agree on: the booking-identity key (hex), the first-launch setup
-- token's hash, seeding markers.
CREATE TABLE settings (
    key   text PRIMARY KEY,
    value text NOT NULL
);

-- Counters: the booking generation (bumped by every change to the bookings).
CREATE TABLE counters (
    key   text PRIMARY KEY,
    value bigint NOT NULL
);

-- One row per write that makes a node's in-memory view stale; see src/store/postgres/changes.rs.
CREATE TABLE changes (
    id      bigserial PRIMARY KEY,
    kind    text NOT NULL,
    subject bigint NOT NULL DEFAULT 0,
    at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX changes_at ON changes (at);
