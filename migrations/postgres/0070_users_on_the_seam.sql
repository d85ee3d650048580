-- The accounts move onto the storage seam (src/accounts/storage/users.rs): keyed by (firm, id),
-- so a firm's members are one range of the primary key, the value the seam's jsonb of `Stored`
-- (name, email as typed, the index part of its key, role by its code, password hash, operator
-- flag, created_at as Unix seconds). Found by id through `users_by_id`, by email through
-- `users_by_email` on the first 63 bits of the SHA-256 of the email's key (the lower-cased email,
-- as the old `email_key` column holds it), the whole email compared after. One account per email
-- is kept by the sign-ups' turn every write of an email takes, as on redb, not by a unique index.
-- Ids stay; the id sequence `seq_users` carries the old one's value (not the largest id). The old
-- table goes in the same transaction: kept, it would hold rows no write reaches.
ALTER TABLE users RENAME TO legacy_users;
ALTER INDEX users_pkey RENAME TO legacy_users_pkey;

CREATE TABLE users (
    firm_id bigint NOT NULL,
    id      bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (firm_id, id)
);
CREATE SEQUENCE seq_users OWNED BY users.id;
CREATE INDEX users_by_id ON users (id, firm_id);
CREATE INDEX users_by_email ON users (((value->>'email_key')::bigint), firm_id, id);

INSERT INTO users (firm_id, id, value)
SELECT firm_id,
       id,
       jsonb_build_object(
           'name', name,
           'email', email,
           'email_key',
               ('x' || substr(encode(sha256(convert_to(email_key, 'UTF8')), 'hex'), 1, 16))::bit(64)::bigint
               & 9223372036854775807,
           'firm_role', firm_role,
           'password_hash', password_hash,
           'is_admin', is_admin,
           'created_at', floor(extract(epoch FROM created_at))::bigint)
  FROM legacy_users;
DO $$
DECLARE
    old_sequence text := pg_get_serial_sequence('legacy_users', 'id');
    last bigint;
    called boolean;
BEGIN
    EXECUTE format('SELECT last_value, is_called FROM %s', old_sequence) INTO last, called;
    PERFORM setval('seq_users', last, called);
END
$$;

DROP TABLE legacy_users;
