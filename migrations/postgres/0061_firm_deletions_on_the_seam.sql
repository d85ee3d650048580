-- The firms' scheduled deletions move onto the storage seam (`accounts::storage::deletion::
-- DELETIONS`): keyed by firm_id, the value the seam's jsonb of `Deletion` (times as Unix
-- seconds). The old table goes in the same transaction: kept, it would hold rows no write reaches.
ALTER TABLE firm_deletions RENAME TO legacy_firm_deletions;
ALTER INDEX firm_deletions_pkey RENAME TO legacy_firm_deletions_pkey;
DROP INDEX firm_deletions_due;

CREATE TABLE firm_deletions (
    firm_id bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (firm_id)
);

INSERT INTO firm_deletions (firm_id, value)
SELECT firm_id,
       jsonb_build_object(
           'scheduled_at', floor(extract(epoch FROM scheduled_at))::bigint,
           'due_at', floor(extract(epoch FROM due_at))::bigint,
           'by_user', by_user,
           'by_name', by_name)
  FROM legacy_firm_deletions;

DROP TABLE legacy_firm_deletions;
