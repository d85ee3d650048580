-- The saved views move onto the storage seam (issue 79, src/platform/store/seam): the table
-- becomes the seam's layout for its declaration (`saved_views::storage::VIEWS`): the key columns
-- (firm_id, id) as the primary key and the view as jsonb, its ids from `seq_saved_views` (owned by
-- saved_views.id). The rows are copied with their ids, the id sequence's value is carried over
-- (not the largest id: ids deleted at the top stay unused), and the old table goes in the same
-- transaction: kept, it would hold a deleted firm's views that its deletion no longer reaches.
ALTER TABLE saved_views RENAME TO legacy_saved_views;
ALTER INDEX saved_views_by_firm RENAME TO legacy_saved_views_by_firm;
CREATE TABLE saved_views (
    firm_id bigint NOT NULL,
    id      bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (firm_id, id)
);
CREATE SEQUENCE seq_saved_views OWNED BY saved_views.id;
INSERT INTO saved_views (firm_id, id, value)
SELECT firm_id, id, jsonb_build_object(
           'id', id,
           'firm_id', firm_id,
           'name', name,
           'params', params,
           'created_at', floor(extract(epoch FROM created_at))::bigint,
           'created_by', created_by)
  FROM legacy_saved_views;
DO $$
DECLARE
    old_sequence text := pg_get_serial_sequence('legacy_saved_views', 'id');
    last bigint;
    called boolean;
BEGIN
    EXECUTE format('SELECT last_value, is_called FROM %s', old_sequence) INTO last, called;
    PERFORM setval('seq_saved_views', last, called);
END
$$;
DROP TABLE legacy_saved_views;
