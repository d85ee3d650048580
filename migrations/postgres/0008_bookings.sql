-- Demo bookings: one row per booking as the import validated it (names and emails are never
-- stored; see src/import/rows.rs), and the identity that recognises each row on re-import.
-- Ids are numbered by the import under an advisory lock and recorded in `bookings_id_seq`, which
-- only moves forward, so an id is never reused (not even after the sample set is removed).
CREATE SEQUENCE bookings_id_seq;

CREATE TABLE bookings (
    id         bigint PRIMARY KEY,
    category   text NOT NULL,
    client     text NOT NULL,
    firm_size  text NOT NULL,          -- the API code: SOLO, E2_5, E6_20, E21_50, E51_200, E200P
    city_state text,                   -- "City, ST"
    state      text,                   -- two-letter code
    dma        text,                   -- metro area
    created    timestamptz NOT NULL,
    sample     boolean NOT NULL DEFAULT false
);
ALTER SEQUENCE bookings_id_seq OWNED BY bookings.id;

-- The keyed hash (HMAC-SHA256 under the `booking_identity_key` setting, first 16 bytes) of a
-- booking's file Id or normalised fields. No foreign key to `bookings`: an import copies a million
-- of these at once, and the import and the sample removal keep both tables in step in one
-- transaction.
CREATE TABLE booking_identities (
    identity   bytea PRIMARY KEY CHECK (length(identity) = 16),
    booking_id bigint NOT NULL
);
CREATE INDEX booking_identities_booking_id ON booking_identities (booking_id);

-- The booking generation (bumped by every commit that changes bookings) and the last generation
-- that changed or removed existing rows (before it, a node may extend its index with new ids).
INSERT INTO counters (key, value) VALUES ('bookings:generation', 0), ('bookings:rebuilt_at', 0);
