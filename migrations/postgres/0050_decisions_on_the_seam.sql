-- The decisions move onto the storage seam (issue 79, src/platform/store/seam): their tables
-- become the seam's layout for their declarations (`decisions::storage::{DECISIONS, VERSIONS}`,
-- `decisions::storage::imported::STEPS`): the key columns as the primary key and the value as
-- jsonb, in the shape the domain's types have in serde.
-- - decisions: (firm_id, id), the body copied as it is (it was the decision's serde JSON), the id
--   sequence `seq_decisions` (owned by decisions.id) carrying the old one's value (not the
--   largest id: ids taken by a proposal that rolled back stay unused). The status and category
--   columns go: the seam reads the firm's decisions and looks.
-- - decision_versions: (firm_id, decision_id, n), the canonical text and its hash as JSON strings
--   (jsonb keeps a string's characters as they are, so the signed text reads back byte for byte),
--   the time as Unix seconds.
-- - imported_ids: (firm_id), its `steps` were the maps' serde JSON already: the column is renamed.
-- The old tables go in the same transaction: kept, they would hold a deleted firm's rows that its
-- deletion no longer reaches.
ALTER TABLE decisions RENAME TO legacy_decisions;
ALTER INDEX decisions_pkey RENAME TO legacy_decisions_pkey;
ALTER TABLE decision_versions RENAME TO legacy_decision_versions;
ALTER INDEX decision_versions_pkey RENAME TO legacy_decision_versions_pkey;

CREATE TABLE decisions (
    firm_id bigint NOT NULL,
    id      bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (firm_id, id)
);
CREATE SEQUENCE seq_decisions OWNED BY decisions.id;
INSERT INTO decisions (firm_id, id, value)
SELECT firm_id, id, body FROM legacy_decisions;
DO $$
DECLARE
    old_sequence text := pg_get_serial_sequence('legacy_decisions', 'id');
    last bigint;
    called boolean;
BEGIN
    EXECUTE format('SELECT last_value, is_called FROM %s', old_sequence) INTO last, called;
    PERFORM setval('seq_decisions', last, called);
END
$$;

CREATE TABLE decision_versions (
    firm_id     bigint NOT NULL,
    decision_id bigint NOT NULL,
    n           bigint NOT NULL,
    value       jsonb NOT NULL,
    PRIMARY KEY (firm_id, decision_id, n)
);
INSERT INTO decision_versions (firm_id, decision_id, n, value)
SELECT firm_id, decision_id, n, jsonb_build_object(
           'firm_id', firm_id,
           'decision_id', decision_id,
           'n', n,
           'content', content,
           'hash', hash,
           'created_at', floor(extract(epoch FROM created_at))::bigint)
  FROM legacy_decision_versions;

ALTER TABLE imported_ids RENAME COLUMN steps TO value;

DROP TABLE legacy_decisions;
DROP TABLE legacy_decision_versions;
