-- The password-reset links move onto the storage seam (`accounts::storage::links::reset::LINKS`):
-- keyed by (user_id, the first 63 bits of the token's SHA-256: the big-endian u64 of its first 8
-- bytes with the top bit cleared), found by the latter through their index, the value the
-- seam's jsonb of `ResetLink` (the whole hash as an array of its 32 bytes, times as Unix
-- seconds). An account's removal takes its links (`links::reset::forget_in`): the foreign key
-- goes. The old table goes in the same transaction: kept, it would hold rows no write reaches.
ALTER TABLE reset_links RENAME TO legacy_reset_links;
ALTER INDEX reset_links_pkey RENAME TO legacy_reset_links_pkey;

CREATE TABLE reset_links (
    user_id   bigint NOT NULL,
    token_key bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (user_id, token_key)
);
-- A link by its token (`BY_TOKEN`), as the seam makes it.
CREATE INDEX reset_links_by_token ON reset_links (token_key, user_id);

INSERT INTO reset_links (user_id, token_key, value)
SELECT user_id,
       ('x' || encode(substring(token_hash FROM 1 FOR 8), 'hex'))::bit(64)::bigint
           & 9223372036854775807,
       jsonb_build_object(
           'token_hash', (SELECT jsonb_agg(get_byte(token_hash, i) ORDER BY i)
                            FROM generate_series(0, length(token_hash) - 1) AS i),
           'user_id', user_id,
           'created_at', floor(extract(epoch FROM created_at))::bigint,
           'expires_at', floor(extract(epoch FROM expires_at))::bigint,
           'issued_by', issued_by,
           'used_at', floor(extract(epoch FROM used_at))::bigint)
  FROM legacy_reset_links;

DROP TABLE legacy_reset_links;
