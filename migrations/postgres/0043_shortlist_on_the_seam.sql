-- The shortlist moves onto the storage seam (issue 79, src/platform/store/seam): its four tables
-- become the seam's layout for their declarations (`shortlist::storage::{ENTRIES, REMOVED}`,
-- `shortlist::storage::demos::{DATES, FOLLOWUPS}`): the key columns as the primary key and the
-- value as jsonb, in the shape the domain's types have in serde. The demo's day becomes a key
-- part, days since 1970-01-01, as the redb file keeps it. The seam's indexes are made here too
-- (the entries by vendor, the demo dates by day), so a role that may only read and write rows
-- serves the database. The rows are copied whole; the tables have no id sequence. The old tables
-- go in the same transaction: kept, they would hold a deleted firm's rows that its deletion no
-- longer reaches.
ALTER TABLE shortlist RENAME TO legacy_shortlist;
ALTER TABLE shortlist_removed RENAME TO legacy_shortlist_removed;
ALTER TABLE demo_dates RENAME TO legacy_demo_dates;
ALTER TABLE demo_followups RENAME TO legacy_demo_followups;

CREATE TABLE shortlist (
    firm_id   bigint NOT NULL,
    vendor_id bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (firm_id, vendor_id)
);
CREATE INDEX shortlist_by_vendor ON shortlist (vendor_id, firm_id);
CREATE TABLE shortlist_removed (
    firm_id   bigint NOT NULL,
    vendor_id bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (firm_id, vendor_id)
);
CREATE TABLE demo_dates (
    firm_id   bigint NOT NULL,
    vendor_id bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (firm_id, vendor_id)
);
CREATE INDEX demo_dates_by_day ON demo_dates (((value->>'day')::bigint), firm_id, vendor_id);
CREATE TABLE demo_followups (
    firm_id   bigint NOT NULL,
    vendor_id bigint NOT NULL,
    day       bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (firm_id, vendor_id, day)
);

-- Unix seconds, as the domain's types keep a time.
CREATE FUNCTION pg_temp.secs(t timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE AS $$ SELECT floor(extract(epoch FROM t))::bigint $$;

-- An entry (`shortlist::model::Entry`) of a row of either old table.
CREATE FUNCTION pg_temp.entry(
    status text, note text, note_by text, note_at timestamptz, reject_reason text,
    history jsonb, demo_held boolean, chosen boolean, chosen_at timestamptz,
    satisfaction smallint, added_at timestamptz, recorded_reasons text[], recorded_at timestamptz
) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT jsonb_build_object(
        'status', status,
        'note', note,
        'note_by', note_by,
        'note_at', pg_temp.secs(note_at),
        'reject_reason', reject_reason,
        'history', history,
        'outcome', jsonb_build_object(
            'demo_held', demo_held,
            'chosen', chosen,
            'chosen_at', pg_temp.secs(chosen_at),
            'satisfaction', satisfaction),
        'added_at', pg_temp.secs(added_at),
        'recorded', CASE WHEN recorded_reasons IS NOT NULL AND recorded_at IS NOT NULL
                         THEN jsonb_build_object('reasons', to_jsonb(recorded_reasons),
                                                 'at', pg_temp.secs(recorded_at))
                    END)
$$;

INSERT INTO shortlist (firm_id, vendor_id, value)
SELECT firm_id, vendor_id,
       pg_temp.entry(status, note, note_by, note_at, reject_reason, history, demo_held, chosen,
                     chosen_at, satisfaction, added_at, recorded_reasons, recorded_at)
  FROM legacy_shortlist;
INSERT INTO shortlist_removed (firm_id, vendor_id, value)
SELECT firm_id, vendor_id, jsonb_build_object(
           'entry', pg_temp.entry(status, note, note_by, note_at, reject_reason, history,
                                  demo_held, chosen, chosen_at, satisfaction, added_at,
                                  recorded_reasons, recorded_at),
           'removed_at', pg_temp.secs(removed_at),
           'removed_by', removed_by)
  FROM legacy_shortlist_removed;
INSERT INTO demo_dates (firm_id, vendor_id, value)
SELECT firm_id, vendor_id,
       jsonb_build_object('day', demo_on - DATE '1970-01-01', 'set_by', set_by)
  FROM legacy_demo_dates;
INSERT INTO demo_followups (firm_id, vendor_id, day, value)
SELECT firm_id, vendor_id, demo_on - DATE '1970-01-01', to_jsonb(pg_temp.secs(sent_at))
  FROM legacy_demo_followups;

DROP TABLE legacy_shortlist;
DROP TABLE legacy_shortlist_removed;
DROP TABLE legacy_demo_dates;
DROP TABLE legacy_demo_followups;
DROP FUNCTION pg_temp.entry;
DROP FUNCTION pg_temp.secs;
