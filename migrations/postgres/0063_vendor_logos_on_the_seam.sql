-- The vendors' logo copies move onto the storage seam (`catalog::logos::LOGOS`): keyed by
-- (vendor_id, the first 63 bits of the image's SHA-256: its first 16 hex digits as a big-endian
-- u64 with the top bit cleared), the value the seam's jsonb of `Stored`: the whole hash in hex,
-- the content type, the address and day it was copied, and the image in base64 (without line
-- breaks). The old table goes in the same transaction: kept, it would hold rows no write reaches.
ALTER TABLE vendor_logos RENAME TO legacy_vendor_logos;
ALTER INDEX vendor_logos_pkey RENAME TO legacy_vendor_logos_pkey;

CREATE TABLE vendor_logos (
    vendor_id bigint NOT NULL,
    sha_key   bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (vendor_id, sha_key)
);

INSERT INTO vendor_logos (vendor_id, sha_key, value)
SELECT vendor_id,
       ('x' || substring(sha256 FROM 1 FOR 16))::bit(64)::bigint & 9223372036854775807,
       jsonb_build_object(
           'sha256', sha256,
           'content_type', content_type,
           'source_url', source_url,
           'copied_on', copied_on,
           'bytes', translate(encode(bytes, 'base64'), E'\n', ''))
  FROM legacy_vendor_logos;

DROP TABLE legacy_vendor_logos;
