-- The tech stack: what each firm says it uses, one row per (user, answered category).
-- src/techstack/storage/postgres.rs is the only code that touches it.
CREATE TABLE category_adoption (
    user_id           bigint NOT NULL,
    category_id       bigint NOT NULL,
    has_tool          boolean NOT NULL,
    -- Catalog vendors of the category, in the order the user picked them.
    vendor_ids        bigint[] NOT NULL,
    primary_vendor_id bigint,
    -- Tools not in the catalog, by name.
    other_vendors     text[] NOT NULL,
    saved_at          timestamptz NOT NULL,
    PRIMARY KEY (user_id, category_id)
);
