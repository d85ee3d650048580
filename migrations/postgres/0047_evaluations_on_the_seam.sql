-- The evaluations move onto the storage seam (issue 79, src/platform/store/seam): the table
-- becomes the seam's layout for its declaration (`evaluations::storage::ROUNDS`): the key columns
-- (firm_id, category_id, round) as bigint, the primary key, and the round as jsonb in `value`. The
-- round was jsonb already, in the shape `evaluations::model::Round` has in serde, so it is copied
-- as it is. The table has no id sequence. The old table goes in the same transaction: kept, it
-- would hold a deleted firm's rounds that its deletion no longer reaches.
ALTER TABLE evaluation_rounds RENAME TO legacy_evaluation_rounds;
ALTER INDEX evaluation_rounds_pkey RENAME TO legacy_evaluation_rounds_pkey;

CREATE TABLE evaluation_rounds (
    firm_id     bigint NOT NULL,
    category_id bigint NOT NULL,
    round       bigint NOT NULL,
    value       jsonb NOT NULL,
    PRIMARY KEY (firm_id, category_id, round)
);

INSERT INTO evaluation_rounds (firm_id, category_id, round, value)
SELECT firm_id, category_id, round, body
  FROM legacy_evaluation_rounds;

DROP TABLE legacy_evaluation_rounds;
