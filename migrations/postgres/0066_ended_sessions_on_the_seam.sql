-- Why the server ended a session moves onto the storage seam (`accounts::storage::ended`): keyed
-- by (token_key, ended_at), the first 63 bits of the token's SHA-256 (the big-endian u64 of its
-- first 8 bytes with the top bit cleared) and the Unix second it ended, found past its week
-- through their index on the time, the value the seam's jsonb of `Ended` (the whole hash as an
-- array of its 32 bytes, the reason by its code, the time as Unix seconds). The old table goes in
-- the same transaction: kept, it would hold rows no write reaches.
ALTER TABLE ended_sessions RENAME TO legacy_ended_sessions;
ALTER INDEX ended_sessions_pkey RENAME TO legacy_ended_sessions_pkey;
ALTER INDEX ended_sessions_ended_at RENAME TO legacy_ended_sessions_ended_at;

CREATE TABLE ended_sessions (
    token_key bigint NOT NULL,
    ended_at  bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (token_key, ended_at)
);
-- The notes by when their session ended (`BY_TIME`), as the seam makes it.
CREATE INDEX ended_sessions_by_time ON ended_sessions (ended_at, token_key);

-- Two tokens that share their first 63 bits and ended in the same second meet only by chance:
-- the first is kept.
INSERT INTO ended_sessions (token_key, ended_at, value)
SELECT ('x' || encode(substring(token_hash FROM 1 FOR 8), 'hex'))::bit(64)::bigint
           & 9223372036854775807,
       floor(extract(epoch FROM ended_at))::bigint,
       jsonb_build_object(
           'token_hash', (SELECT jsonb_agg(get_byte(token_hash, i) ORDER BY i)
                            FROM generate_series(0, length(token_hash) - 1) AS i),
           'reason', reason,
           'firm_name', firm_name,
           'at', floor(extract(epoch FROM ended_at))::bigint)
  FROM legacy_ended_sessions
 WHERE length(token_hash) = 32
ON CONFLICT (token_key, ended_at) DO NOTHING;

DROP TABLE legacy_ended_sessions;
