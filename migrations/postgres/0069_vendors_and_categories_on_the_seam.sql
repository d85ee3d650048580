-- The catalog moves onto the storage seam (src/catalog/storage/mod.rs): each table keyed by its
-- id (a vendor's side tables by the vendor's), the value the seam's jsonb of the domain's type:
-- a category's name and stage (its id is the key); a vendor as the API spells it (camelCase, firm
-- sizes by their codes), so a vendor's new fact is a field, not a column; where its facts and its
-- booking link were checked; its facts (jsonb already); and a merged vendor's name -> the kept
-- vendor's id, the name in byte order (`text COLLATE "C"`, as redb orders it). Ids stay; the
-- vendors' sequence `seq_vendors` carries `vendor_ids`' value (not the largest id). The old tables
-- go in the same transaction: kept, they would hold rows no write reaches.
ALTER TABLE categories RENAME TO legacy_categories;
ALTER INDEX categories_pkey RENAME TO legacy_categories_pkey;
ALTER TABLE vendors RENAME TO legacy_vendors;
ALTER INDEX vendors_pkey RENAME TO legacy_vendors_pkey;
ALTER TABLE vendor_sources RENAME TO legacy_vendor_sources;
ALTER INDEX vendor_sources_pkey RENAME TO legacy_vendor_sources_pkey;
ALTER TABLE vendor_booking_sources RENAME TO legacy_vendor_booking_sources;
ALTER INDEX vendor_booking_sources_pkey RENAME TO legacy_vendor_booking_sources_pkey;
ALTER TABLE vendor_facts RENAME TO legacy_vendor_facts;
ALTER INDEX vendor_facts_pkey RENAME TO legacy_vendor_facts_pkey;
ALTER TABLE vendor_aliases RENAME TO legacy_vendor_aliases;
ALTER INDEX vendor_aliases_pkey RENAME TO legacy_vendor_aliases_pkey;

CREATE TABLE categories (
    id    bigint NOT NULL,
    value jsonb NOT NULL,
    PRIMARY KEY (id)
);
INSERT INTO categories (id, value)
SELECT id, jsonb_build_object('name', name, 'stage', stage)
  FROM legacy_categories;

CREATE TABLE vendors (
    id    bigint NOT NULL,
    value jsonb NOT NULL,
    PRIMARY KEY (id)
);
CREATE SEQUENCE seq_vendors OWNED BY vendors.id;
INSERT INTO vendors (id, value)
SELECT id,
       jsonb_build_object(
           'id', id,
           'name', name,
           'categoryId', category_id,
           'websiteUrl', website_url,
           'bookingUrl', booking_url,
           'logoUrl', logo_url,
           'description', description,
           'shortHighlights', to_jsonb(short_highlights),
           'integrations', to_jsonb(integrations),
           'priceBracket', price_bracket,
           'firmSizesSupported', to_jsonb(firm_sizes_supported),
           'practiceAreasSupported', to_jsonb(practice_areas_supported),
           'geoFocus', geo_focus,
           'tags', to_jsonb(tags),
           'isRecommendedPartner', is_recommended_partner,
           'partnerLevel', partner_level,
           'isActive', is_active,
           'needsReview', needs_review)
  FROM legacy_vendors;
DO $$
DECLARE
    last bigint;
    called boolean;
BEGIN
    SELECT last_value, is_called INTO last, called FROM vendor_ids;
    PERFORM setval('seq_vendors', last, called);
END
$$;

CREATE TABLE vendor_sources (
    vendor_id bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (vendor_id)
);
INSERT INTO vendor_sources (vendor_id, value)
SELECT vendor_id,
       jsonb_build_object(
           'source_url', source_url,
           'verified_on', to_char(verified_on, 'YYYY-MM-DD'))
  FROM legacy_vendor_sources;

CREATE TABLE vendor_booking_sources (
    vendor_id bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (vendor_id)
);
INSERT INTO vendor_booking_sources (vendor_id, value)
SELECT vendor_id,
       CASE WHEN source_url IS NOT NULL AND verified_on IS NOT NULL THEN
           jsonb_build_object('Checked', jsonb_build_object(
               'source_url', source_url,
               'verified_on', to_char(verified_on, 'YYYY-MM-DD')))
       ELSE
           jsonb_build_object('Imported', jsonb_build_object(
               'user_id', imported_by,
               'file_name', imported_file,
               'on', to_char(imported_on, 'YYYY-MM-DD')))
       END
  FROM legacy_vendor_booking_sources;

CREATE TABLE vendor_facts (
    vendor_id bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (vendor_id)
);
INSERT INTO vendor_facts (vendor_id, value)
SELECT vendor_id, facts FROM legacy_vendor_facts;

CREATE TABLE vendor_aliases (
    name  text COLLATE "C" NOT NULL,
    value jsonb NOT NULL,
    PRIMARY KEY (name)
);
INSERT INTO vendor_aliases (name, value)
SELECT name, to_jsonb(vendor_id) FROM legacy_vendor_aliases;

DROP TABLE legacy_vendor_facts;
DROP TABLE legacy_vendor_aliases;
DROP TABLE legacy_vendor_booking_sources;
DROP TABLE legacy_vendor_sources;
DROP TABLE legacy_vendors;
DROP TABLE legacy_categories;
DROP SEQUENCE vendor_ids;
