-- The profile views move onto the storage seam (src/platform/store/seam): the table becomes the
-- seam's layout for its declaration (`vendor_profile::views::VIEWS`): (user_id, vendor_id, month)
-- as the primary key and the month's count as a jsonb number.
-- The old table goes in the same transaction: kept, it would hold views no write reaches.
ALTER TABLE profile_views RENAME TO legacy_profile_views;
ALTER INDEX profile_views_pkey RENAME TO legacy_profile_views_pkey;

CREATE TABLE profile_views (
    user_id   bigint NOT NULL,
    vendor_id bigint NOT NULL,
    month     bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (user_id, vendor_id, month)
);

INSERT INTO profile_views (user_id, vendor_id, month, value)
SELECT user_id, vendor_id, month, to_jsonb(views)
  FROM legacy_profile_views;

DROP TABLE legacy_profile_views;

-- The month's "What firms pay" (`vendor_profile::price_snapshot`) leaves the settings for two
-- seam tables: `what_firms_pay_head` (the head at id 1) and `what_firms_pay` (a vendor's row by
-- its id), their JSON as it was. A head of the daily snapshots before (no `month`) counted as no
-- snapshot: it and its rows are left behind, and the first read draws the month.
CREATE TABLE what_firms_pay_head (
    id    bigint NOT NULL,
    value jsonb NOT NULL,
    PRIMARY KEY (id)
);
CREATE TABLE what_firms_pay (
    vendor_id bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (vendor_id)
);

INSERT INTO what_firms_pay_head (id, value)
SELECT 1, value::jsonb
  FROM settings
 WHERE key = 'what_firms_pay' AND value::jsonb->>'month' ~ '^[0-9]{4}-[0-9]{2}$';
INSERT INTO what_firms_pay (vendor_id, value)
SELECT substr(key, length('what_firms_pay/') + 1)::bigint, value::jsonb
  FROM settings
 WHERE starts_with(key, 'what_firms_pay/') AND EXISTS (SELECT 1 FROM what_firms_pay_head);

DELETE FROM settings WHERE key = 'what_firms_pay' OR starts_with(key, 'what_firms_pay/');
