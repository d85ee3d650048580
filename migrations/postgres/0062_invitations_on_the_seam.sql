-- The invitations move onto the storage seam (`accounts::storage::links::invitations`): keyed by
-- (firm_id, id), found through their index by `token_key`, the first 63 bits of the token's
-- SHA-256 (the big-endian u64 of its first 8 bytes with the top bit cleared), the value the
-- seam's jsonb of `Stored` (`token_key` beside the invitation's fields: the whole hash as an array
-- of its 32 bytes, times as Unix seconds, the role by its code). Ids stay; the id sequence
-- `seq_invitations` carries the old one's value (not the largest id). A firm's deletion takes its
-- invitations through the registry: the foreign key goes. The old table goes in the same
-- transaction: kept, it would hold rows no write reaches.
ALTER TABLE invitations RENAME TO legacy_invitations;
ALTER INDEX invitations_pkey RENAME TO legacy_invitations_pkey;
ALTER INDEX invitations_by_firm RENAME TO legacy_invitations_by_firm;

CREATE TABLE invitations (
    firm_id bigint NOT NULL,
    id      bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (firm_id, id)
);
CREATE SEQUENCE seq_invitations OWNED BY invitations.id;
-- An invitation by its token (`BY_TOKEN`), as the seam makes it.
CREATE INDEX invitations_by_token
    ON invitations (((value->>'token_key')::bigint), firm_id, id);

INSERT INTO invitations (firm_id, id, value)
SELECT firm_id, id,
       jsonb_build_object(
           'token_key', ('x' || encode(substring(token_hash FROM 1 FOR 8), 'hex'))::bit(64)::bigint
                        & 9223372036854775807,
           'id', id,
           'firm_id', firm_id,
           'email', email,
           'email_key', email_key,
           'role', role,
           'token_hash', (SELECT jsonb_agg(get_byte(token_hash, i) ORDER BY i)
                            FROM generate_series(0, length(token_hash) - 1) AS i),
           'created_at', floor(extract(epoch FROM created_at))::bigint,
           'expires_at', floor(extract(epoch FROM expires_at))::bigint,
           'invited_by', invited_by,
           'invited_by_name', invited_by_name,
           'used_at', floor(extract(epoch FROM used_at))::bigint,
           'revoked_at', floor(extract(epoch FROM revoked_at))::bigint)
  FROM legacy_invitations;
DO $$
DECLARE
    old_sequence text := pg_get_serial_sequence('legacy_invitations', 'id');
    last bigint;
    called boolean;
BEGIN
    EXECUTE format('SELECT last_value, is_called FROM %s', old_sequence) INTO last, called;
    PERFORM setval('seq_invitations', last, called);
END
$$;

DROP TABLE legacy_invitations;
