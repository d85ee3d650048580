-- Names of vendors the operator merged into another (POST /api/admin/vendors/merge), lower-cased:
-- a demo booking whose Client names the merged vendor counts for the kept one.
CREATE TABLE vendor_aliases (
    name      text PRIMARY KEY,
    vendor_id bigint NOT NULL REFERENCES vendors (id)
);
