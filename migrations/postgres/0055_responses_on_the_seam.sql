-- The questionnaire responses move onto the storage seam (src/platform/store/seam): their table
-- becomes the seam's layout for its declaration (`recommend::storage::RESPONSES`), and each
-- category's latest response gets the table the redb file always had
-- (`recommend::storage::LATEST`):
-- - responses: (firm_id, id) -> a `StoredResponse` in its serde shape: the answers as
--   [question_id, selected] pairs in the order submitted, the time as Unix seconds. The id
--   sequence `seq_responses` (owned by responses.id) carries the old identity's value (not the
--   largest id: ids taken by a write that rolled back stay unused).
-- - user_responses: (firm_id, category_id) -> the id of the firm's latest response in the
--   category, the highest (ids grow with time), as the latest was read until now.
-- The old table goes in the same transaction: kept, it would hold a deleted firm's rows that its
-- deletion no longer reaches.
ALTER TABLE responses RENAME TO legacy_responses;
ALTER INDEX responses_pkey RENAME TO legacy_responses_pkey;

CREATE TABLE responses (
    firm_id bigint NOT NULL,
    id      bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (firm_id, id)
);
CREATE SEQUENCE seq_responses OWNED BY responses.id;
INSERT INTO responses (firm_id, id, value)
SELECT r.firm_id, r.id, jsonb_build_object(
           'id', r.id,
           'user_id', r.user_id,
           'firm_id', r.firm_id,
           'category_id', r.category_id,
           'answers', COALESCE(
               (SELECT jsonb_agg(jsonb_build_array(a.answer->'question_id', a.answer->'selected')
                                 ORDER BY a.n)
                  FROM jsonb_array_elements(r.answers) WITH ORDINALITY AS a (answer, n)),
               '[]'::jsonb),
           'at', floor(extract(epoch FROM r.submitted_at))::bigint)
  FROM legacy_responses r;
DO $$
DECLARE
    old_sequence text := pg_get_serial_sequence('legacy_responses', 'id');
    last bigint;
    called boolean;
BEGIN
    EXECUTE format('SELECT last_value, is_called FROM %s', old_sequence) INTO last, called;
    PERFORM setval('seq_responses', last, called);
END
$$;

CREATE TABLE user_responses (
    firm_id     bigint NOT NULL,
    category_id bigint NOT NULL,
    value       jsonb NOT NULL,
    PRIMARY KEY (firm_id, category_id)
);
INSERT INTO user_responses (firm_id, category_id, value)
SELECT firm_id, category_id, to_jsonb(max(id))
  FROM legacy_responses
 GROUP BY firm_id, category_id;

DROP TABLE legacy_responses;
