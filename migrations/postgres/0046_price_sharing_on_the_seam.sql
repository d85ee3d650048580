-- The firms' "Share what we pay" choices move onto the storage seam (issue 79,
-- src/platform/store/seam): the table becomes the seam's layout for its declaration
-- (`accounts::storage::price_sharing::CONSENTS`): the firm id as the primary key and the choice
-- as jsonb, in the shape `accounts::model::Consent` has in serde (the time as Unix seconds, as
-- the redb file keeps it). The old table goes in the same transaction: kept, it would hold a
-- deleted firm's choice that its deletion no longer reaches.
ALTER TABLE firm_price_sharing RENAME TO legacy_firm_price_sharing;

CREATE TABLE firm_price_sharing (
    firm_id bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (firm_id)
);

INSERT INTO firm_price_sharing (firm_id, value)
SELECT firm_id,
       jsonb_build_object(
           'share', share,
           'by_user', by_user,
           'by_name', by_name,
           'at', floor(extract(epoch FROM at))::bigint)
  FROM legacy_firm_price_sharing;

DROP TABLE legacy_firm_price_sharing;
