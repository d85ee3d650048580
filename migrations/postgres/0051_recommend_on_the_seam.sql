-- The recommendations' picks, the picks a "Clear picks" kept, the dismissals and the history of
-- what was recommended move onto the storage seam (issue 79, src/platform/store/seam): their
-- tables become the seam's layout for their declarations (`recommend::storage::{PICKS, CLEARED,
-- DISMISSED, PAST}`): the key columns as the primary key and the value as jsonb, in the shape
-- the domain's types have in serde, times as Unix seconds.
-- - picks: (firm_id, category_id) -> a `PickSet` (the vendors' list was its serde JSON already;
--   the source's code is its serde name).
-- - picks_cleared: (firm_id, category_id) -> a `ClearedSet`: the set and when it was cleared.
-- - dismissals: (firm_id, vendor_id) -> a `Dismissal`: the reason's code becomes its variant's
--   name, "other" the variant holding its text.
-- - past_recommendations: (firm_id, category_id, vendor_id) -> a `PastRec`.
-- The old tables go in the same transaction: kept, they would hold a deleted firm's rows that its
-- deletion no longer reaches.
ALTER TABLE picks RENAME TO legacy_picks;
ALTER INDEX picks_pkey RENAME TO legacy_picks_pkey;
ALTER TABLE picks_cleared RENAME TO legacy_picks_cleared;
ALTER INDEX picks_cleared_pkey RENAME TO legacy_picks_cleared_pkey;
ALTER TABLE dismissals RENAME TO legacy_dismissals;
ALTER INDEX dismissals_pkey RENAME TO legacy_dismissals_pkey;
ALTER TABLE past_recommendations RENAME TO legacy_past_recommendations;
ALTER INDEX past_recommendations_pkey RENAME TO legacy_past_recommendations_pkey;

CREATE TABLE picks (
    firm_id     bigint NOT NULL,
    category_id bigint NOT NULL,
    value       jsonb NOT NULL,
    PRIMARY KEY (firm_id, category_id)
);
INSERT INTO picks (firm_id, category_id, value)
SELECT firm_id, category_id, jsonb_build_object(
           'picks', vendors,
           'source', source,
           'note', note,
           'used_size_fallback', used_size_fallback,
           'at', floor(extract(epoch FROM saved_at))::bigint)
  FROM legacy_picks;

CREATE TABLE picks_cleared (
    firm_id     bigint NOT NULL,
    category_id bigint NOT NULL,
    value       jsonb NOT NULL,
    PRIMARY KEY (firm_id, category_id)
);
INSERT INTO picks_cleared (firm_id, category_id, value)
SELECT firm_id, category_id, jsonb_build_object(
           'set', jsonb_build_object(
               'picks', vendors,
               'source', source,
               'note', note,
               'used_size_fallback', used_size_fallback,
               'at', floor(extract(epoch FROM saved_at))::bigint),
           'cleared_at', floor(extract(epoch FROM cleared_at))::bigint)
  FROM legacy_picks_cleared;

CREATE TABLE dismissals (
    firm_id   bigint NOT NULL,
    vendor_id bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (firm_id, vendor_id)
);
INSERT INTO dismissals (firm_id, vendor_id, value)
SELECT firm_id, vendor_id, jsonb_build_object(
           'at', floor(extract(epoch FROM dismissed_at))::bigint,
           'reason', CASE reason
               WHEN 'too_expensive' THEN to_jsonb('TooExpensive'::text)
               WHEN 'doesnt_integrate' THEN to_jsonb('DoesntIntegrate'::text)
               WHEN 'already_evaluated' THEN to_jsonb('AlreadyEvaluated'::text)
               WHEN 'not_right_for_practice' THEN to_jsonb('NotRightForPractice'::text)
               WHEN 'other' THEN jsonb_build_object('Other', other_text)
               WHEN 'not_given' THEN to_jsonb('NotGiven'::text)
           END)
  FROM legacy_dismissals;

CREATE TABLE past_recommendations (
    firm_id     bigint NOT NULL,
    category_id bigint NOT NULL,
    vendor_id   bigint NOT NULL,
    value       jsonb NOT NULL,
    PRIMARY KEY (firm_id, category_id, vendor_id)
);
INSERT INTO past_recommendations (firm_id, category_id, vendor_id, value)
SELECT firm_id, category_id, vendor_id, jsonb_build_object(
           'at', floor(extract(epoch FROM recommended_at))::bigint,
           'rank', rank,
           'strengths', to_jsonb(strengths))
  FROM legacy_past_recommendations;

DROP TABLE legacy_picks;
DROP TABLE legacy_picks_cleared;
DROP TABLE legacy_dismissals;
DROP TABLE legacy_past_recommendations;
