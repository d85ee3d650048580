-- Where each of a vendor's facts came from (a page read on a day, the install's administrator, or
-- Litstack's estimate), and the facts the vendor row has no column for: a stated price, the
-- pricing model and the security profile. One document per vendor (src/catalog/facts.rs,
-- `VendorFacts`), read whole with the catalog and written whole by an import or an edit.
CREATE TABLE vendor_facts (
    vendor_id bigint PRIMARY KEY REFERENCES vendors (id),
    facts     jsonb NOT NULL CHECK (jsonb_typeof(facts) = 'object')
);
