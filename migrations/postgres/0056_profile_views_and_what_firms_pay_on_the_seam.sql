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
