-- The firms move onto the storage seam (`accounts::storage::firms`): keyed by id, the value the
-- seam's jsonb of `Stored` (name, size by its code, created_at as Unix seconds, verified,
-- disabled), without the id, which is the key. Ids stay; the id sequence `seq_firms` carries the
-- old one's value (not the largest id). An account's firm is checked by `litstack check` and the
-- registry's purges, as on the seam's other tables: the accounts' foreign key goes. The old table
-- goes in the same transaction: kept, it would hold rows no write reaches.
ALTER TABLE users DROP CONSTRAINT users_firm_id_fkey;
ALTER TABLE firms RENAME TO legacy_firms;
ALTER INDEX firms_pkey RENAME TO legacy_firms_pkey;

CREATE TABLE firms (
    id    bigint NOT NULL,
    value jsonb NOT NULL,
    PRIMARY KEY (id)
);
CREATE SEQUENCE seq_firms OWNED BY firms.id;

INSERT INTO firms (id, value)
SELECT id,
       jsonb_build_object(
           'name', name,
           'size', firm_size,
           'created_at', floor(extract(epoch FROM created_at))::bigint,
           'verified', verified,
           'disabled', disabled)
  FROM legacy_firms;
DO $$
DECLARE
    old_sequence text := pg_get_serial_sequence('legacy_firms', 'id');
    last bigint;
    called boolean;
BEGIN
    EXECUTE format('SELECT last_value, is_called FROM %s', old_sequence) INTO last, called;
    PERFORM setval('seq_firms', last, called);
END
$$;

DROP TABLE legacy_firms;
