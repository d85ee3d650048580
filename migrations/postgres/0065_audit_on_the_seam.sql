-- The firms' audit log moves onto the storage seam (`accounts::storage::audit`): keyed by
-- (firm_id, id), the value the seam's jsonb of a line (when as Unix seconds, who by name, the
-- action by its code, the detail), without the key's firm and id, so a firm merge gives a log to
-- the kept firm by one UPDATE of the key. Ids stay; the id sequence `seq_audit` carries the old
-- one's value (not the largest id). A firm's deletion takes its log through the registry: the
-- foreign key goes. The old table goes in the same transaction: kept, it would hold rows no write
-- reaches.
ALTER TABLE firm_audit RENAME TO legacy_firm_audit;
ALTER INDEX firm_audit_pkey RENAME TO legacy_firm_audit_pkey;
ALTER INDEX firm_audit_by_firm RENAME TO legacy_firm_audit_by_firm;

CREATE TABLE firm_audit (
    firm_id bigint NOT NULL,
    id      bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (firm_id, id)
);
CREATE SEQUENCE seq_audit OWNED BY firm_audit.id;

INSERT INTO firm_audit (firm_id, id, value)
SELECT firm_id, id,
       jsonb_build_object(
           'at', floor(extract(epoch FROM at))::bigint,
           'actor', actor,
           'action', action,
           'detail', detail)
  FROM legacy_firm_audit;
DO $$
DECLARE
    old_sequence text := pg_get_serial_sequence('legacy_firm_audit', 'id');
    last bigint;
    called boolean;
BEGIN
    EXECUTE format('SELECT last_value, is_called FROM %s', old_sequence) INTO last, called;
    PERFORM setval('seq_audit', last, called);
END
$$;

DROP TABLE legacy_firm_audit;
