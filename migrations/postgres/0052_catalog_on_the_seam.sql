-- The meeting clicks move onto the storage seam (issue 79, src/platform/store/seam): the table
-- becomes the seam's layout for its declaration (`catalog::storage::CLICKS`): (user_id,
-- vendor_id, id) as the primary key and the click as jsonb, in the shape `MeetingClick` has in
-- serde (its page and kind by their API codes, the time as Unix seconds). The id sequence
-- `seq_meeting_clicks` (owned by meeting_clicks.id) carries the identity's value (not the
-- largest id: ids taken by a click that rolled back stay unused).
-- The old table goes in the same transaction: kept, it would hold a deleted firm's members'
-- clicks that the deletion no longer reaches.
ALTER TABLE meeting_clicks RENAME TO legacy_meeting_clicks;
ALTER INDEX meeting_clicks_pkey RENAME TO legacy_meeting_clicks_pkey;

CREATE TABLE meeting_clicks (
    user_id   bigint NOT NULL,
    vendor_id bigint NOT NULL,
    id        bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (user_id, vendor_id, id)
);
CREATE SEQUENCE seq_meeting_clicks OWNED BY meeting_clicks.id;
INSERT INTO meeting_clicks (user_id, vendor_id, id, value)
SELECT user_id, vendor_id, id, jsonb_build_object(
           'id', id,
           'user_id', user_id,
           'vendor_id', vendor_id,
           'source_page', source_page,
           'at', floor(extract(epoch FROM at))::bigint,
           'kind', kind)
  FROM legacy_meeting_clicks;
DO $$
DECLARE
    old_sequence text := pg_get_serial_sequence('legacy_meeting_clicks', 'id');
    last bigint;
    called boolean;
BEGIN
    EXECUTE format('SELECT last_value, is_called FROM %s', old_sequence) INTO last, called;
    PERFORM setval('seq_meeting_clicks', last, called);
END
$$;

DROP TABLE legacy_meeting_clicks;
