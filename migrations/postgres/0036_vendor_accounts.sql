-- Vendor accounts (src/vendor_accounts/): people who keep a vendor's listing, their sessions, the
-- links that invite them or prove their address, their proposals and their notices. A few rows
-- per vendor, each read by its key or its kind's prefix: one document per key, as in redb.
CREATE TABLE vendor_accounts (
    key   text PRIMARY KEY,
    value jsonb NOT NULL CHECK (jsonb_typeof(value) IN ('object', 'number'))
);
