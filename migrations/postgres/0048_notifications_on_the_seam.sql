-- The notifications move onto the storage seam (issue 79, src/platform/store/seam): their tables
-- become the seam's layout for their declarations (`notifications::storage::{NOTICES_BY_PERSON,
-- PREFS, SECRET}`): the key columns as the primary key and the value as jsonb, in the shape the
-- domain's types have in serde (a kind by its code, a time as Unix seconds).
-- - notices: (user_id, id), the rows copied with their ids, the id sequence `seq_notices` (owned
--   by notices.id) carrying the old one's value (not the largest id: ids deleted at the top stay
--   unused).
-- - notice_prefs: one row per person, every kind's choice under its code (a seam key is
--   integers, the kind was a text key part); a code no kind has was never read and stays behind.
-- - unsubscribe_secret: the install's secret, until now the settings row 'unsubscribe_secret'
--   (hex), in its one row (id 1), the same hex.
-- The old tables go in the same transaction: kept, they would hold a deleted firm's rows that its
-- deletion no longer reaches.
ALTER TABLE notices RENAME TO legacy_notices;
ALTER TABLE notice_prefs RENAME TO legacy_notice_prefs;

CREATE TABLE notices (
    user_id bigint NOT NULL,
    id      bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (user_id, id)
);
CREATE SEQUENCE seq_notices OWNED BY notices.id;
INSERT INTO notices (user_id, id, value)
SELECT user_id, id, jsonb_build_object(
           'id', id,
           'kind', kind,
           'firm_id', firm_id,
           'title', title,
           'body', body,
           'link', link,
           'created_at', floor(extract(epoch FROM created_at))::bigint,
           'read', read)
  FROM legacy_notices;
DO $$
DECLARE
    old_sequence text := pg_get_serial_sequence('legacy_notices', 'id');
    last bigint;
    called boolean;
BEGIN
    EXECUTE format('SELECT last_value, is_called FROM %s', old_sequence) INTO last, called;
    PERFORM setval('seq_notices', last, called);
END
$$;

CREATE TABLE notice_prefs (
    user_id bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (user_id)
);
INSERT INTO notice_prefs (user_id, value)
SELECT user_id, jsonb_object_agg(kind, jsonb_build_object('email', email, 'in_app', in_app))
  FROM legacy_notice_prefs
 WHERE kind IN ('roleChanged', 'newSignIn', 'demoFollowUp', 'renewalReminder',
                'decisionApproval', 'vendorClaim', 'vendorProposal', 'firmDeletion',
                'operatorHandover', 'demoAnswered')
 GROUP BY user_id;

CREATE TABLE unsubscribe_secret (
    id    bigint NOT NULL,
    value jsonb NOT NULL,
    PRIMARY KEY (id)
);
INSERT INTO unsubscribe_secret (id, value)
SELECT 1, to_jsonb(value) FROM settings WHERE key = 'unsubscribe_secret';
DELETE FROM settings WHERE key = 'unsubscribe_secret';

DROP TABLE legacy_notices;
DROP TABLE legacy_notice_prefs;
