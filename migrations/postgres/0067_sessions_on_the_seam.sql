-- The sign-in sessions move onto the storage seam (`accounts::storage::sessions`), with what each
-- was started from: keyed by (user_id, token_key), the first 63 bits of the token's SHA-256 (the
-- big-endian u64 of its first 8 bytes with the top bit cleared), found by the latter through their
-- index, the value the seam's jsonb of `Stored` (the whole hash as an array of its 32 bytes, times
-- as Unix seconds, the device's row folded in). An account's removal and its firm's deletion take
-- its sessions through the seam and the registry: the foreign keys go, and so does the devices'
-- table. The old tables go in the same transaction: kept, they would hold rows no write reaches.
ALTER TABLE sessions RENAME TO legacy_sessions;
ALTER INDEX sessions_pkey RENAME TO legacy_sessions_pkey;
ALTER INDEX sessions_user_id RENAME TO legacy_sessions_user_id;

CREATE TABLE sessions (
    user_id   bigint NOT NULL,
    token_key bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (user_id, token_key)
);
-- A session by its token (`BY_TOKEN`), as the seam makes it.
CREATE INDEX sessions_by_token ON sessions (token_key, user_id);

-- Two tokens of one person that share their first 63 bits meet only by chance: the first is kept.
INSERT INTO sessions (user_id, token_key, value)
SELECT s.user_id,
       ('x' || encode(substring(s.token_hash FROM 1 FOR 8), 'hex'))::bit(64)::bigint
           & 9223372036854775807,
       jsonb_build_object(
           'token_hash', (SELECT jsonb_agg(get_byte(s.token_hash, i) ORDER BY i)
                            FROM generate_series(0, length(s.token_hash) - 1) AS i),
           'created_at', floor(extract(epoch FROM s.created_at))::bigint,
           'last_seen', floor(extract(epoch FROM s.last_seen))::bigint,
           'device', CASE WHEN d.token_hash IS NULL THEN NULL ELSE jsonb_build_object(
               'device', d.device,
               'address', d.address,
               'started_at', floor(extract(epoch FROM d.started_at))::bigint) END)
  FROM legacy_sessions s
  LEFT JOIN session_devices d ON d.token_hash = s.token_hash
 WHERE length(s.token_hash) = 32
ON CONFLICT (user_id, token_key) DO NOTHING;

DROP TABLE session_devices;
DROP TABLE legacy_sessions;
