-- Vendor logos Litstack copied (src/catalog/logos.rs), so no firm user's browser asks a vendor's
-- server: one row per vendor and image, served at /api/logos/{vendor_id}/{sha256}.
CREATE TABLE vendor_logos (
    vendor_id    bigint NOT NULL,
    sha256       text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    content_type text NOT NULL,
    source_url   text NOT NULL,
    copied_on    text NOT NULL,
    bytes        bytea NOT NULL,
    PRIMARY KEY (vendor_id, sha256)
);
