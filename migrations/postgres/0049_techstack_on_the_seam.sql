-- The tech stack moves onto the storage seam (issue 79, src/platform/store/seam): its four tables
-- become the seam's layout for their declarations (`techstack::storage::ANSWERS`,
-- `techstack::storage::contracts::{CONTRACTS, FEEDS}`, `techstack::storage::reminders::CLAIMS`):
-- the key columns as the primary key and the value as jsonb, in the shape the domain's types have
-- in serde. A contract's dates become days from the Common Era and its times Unix seconds, a feed's
-- hash an array of its 32 bytes, as the redb file keeps them; a reminder's deadline becomes a key
-- part, days since 1970-01-01, and a feed is keyed by its firm and its hash's first 63 bits too
-- (the big-endian u64 of its first 8 bytes without the top bit), which its index finds it by. The answers' save time goes: the redb file never kept one, and no
-- screen reads it. The tables have no id sequence. The old tables go in the same transaction:
-- kept, they would hold a deleted firm's rows that its deletion no longer reaches.
ALTER TABLE category_adoption RENAME TO legacy_category_adoption;
ALTER INDEX category_adoption_pkey RENAME TO legacy_category_adoption_pkey;
ALTER TABLE tool_contracts RENAME TO legacy_tool_contracts;
ALTER INDEX tool_contracts_pkey RENAME TO legacy_tool_contracts_pkey;
ALTER TABLE calendar_feeds RENAME TO legacy_calendar_feeds;
ALTER INDEX calendar_feeds_pkey RENAME TO legacy_calendar_feeds_pkey;
ALTER TABLE renewal_reminders RENAME TO legacy_renewal_reminders;
ALTER INDEX renewal_reminders_pkey RENAME TO legacy_renewal_reminders_pkey;

CREATE TABLE category_adoption (
    firm_id     bigint NOT NULL,
    category_id bigint NOT NULL,
    value       jsonb NOT NULL,
    PRIMARY KEY (firm_id, category_id)
);
CREATE TABLE tool_contracts (
    firm_id   bigint NOT NULL,
    vendor_id bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (firm_id, vendor_id)
);
CREATE TABLE calendar_feeds (
    firm_id     bigint NOT NULL,
    hash_prefix bigint NOT NULL,
    value       jsonb NOT NULL,
    PRIMARY KEY (firm_id, hash_prefix)
);
-- A feed's URL finds it by its hash's first 63 bits (`FEEDS_BY_HASH`), as the seam makes it.
CREATE INDEX calendar_feeds_by_hash ON calendar_feeds (hash_prefix, firm_id);
CREATE TABLE renewal_reminders (
    firm_id   bigint NOT NULL,
    vendor_id bigint NOT NULL,
    day       bigint NOT NULL,
    milestone bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (firm_id, vendor_id, day, milestone)
);

-- Unix seconds, as the domain's types keep a time.
CREATE FUNCTION pg_temp.secs(t timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE AS $$ SELECT floor(extract(epoch FROM t))::bigint $$;
-- Days from the Common Era (0001-01-01 is day 1), as a contract keeps its dates.
CREATE FUNCTION pg_temp.ce(d date) RETURNS integer
    LANGUAGE sql IMMUTABLE AS $$ SELECT d - DATE '0001-01-01' + 1 $$;

INSERT INTO category_adoption (firm_id, category_id, value)
SELECT firm_id, category_id, jsonb_build_object(
           'has_tool', has_tool,
           'vendor_ids', to_jsonb(vendor_ids),
           'primary_vendor_id', primary_vendor_id,
           'other_vendors', to_jsonb(other_vendors))
  FROM legacy_category_adoption;
INSERT INTO tool_contracts (firm_id, vendor_id, value)
SELECT firm_id, vendor_id, jsonb_build_object(
           'firm_id', firm_id,
           'vendor_id', vendor_id,
           'start', pg_temp.ce(start_date),
           'term_months', term_months,
           'renewal', pg_temp.ce(renewal_date),
           'notice_days', notice_days,
           'annual_cost', annual_cost_cents,
           'seats', seats,
           'responsible_user_id', responsible_user_id,
           'updated_at', pg_temp.secs(updated_at),
           'updated_by', updated_by)
  FROM legacy_tool_contracts;
INSERT INTO calendar_feeds (firm_id, hash_prefix, value)
SELECT firm_id,
       ('x' || encode(substring(token_hash FROM 1 FOR 8), 'hex'))::bit(64)::bigint
           & 9223372036854775807,
       jsonb_build_object(
           'firm_id', firm_id,
           'token_hash', (SELECT jsonb_agg(get_byte(token_hash, i) ORDER BY i)
                            FROM generate_series(0, length(token_hash) - 1) AS i),
           'created_at', pg_temp.secs(created_at))
  FROM legacy_calendar_feeds;
INSERT INTO renewal_reminders (firm_id, vendor_id, day, milestone, value)
SELECT firm_id, vendor_id, deadline - DATE '1970-01-01', milestone, to_jsonb(pg_temp.secs(sent_at))
  FROM legacy_renewal_reminders;

DROP TABLE legacy_category_adoption;
DROP TABLE legacy_tool_contracts;
DROP TABLE legacy_calendar_feeds;
DROP TABLE legacy_renewal_reminders;
DROP FUNCTION pg_temp.ce;
DROP FUNCTION pg_temp.secs;
