-- The install's settings move onto the storage seam (src/platform/store/settings.rs): the seam's
-- layout for a text key, the name in byte order (`text COLLATE "C"`, as redb orders it) and the
-- value as jsonb.
-- - The mail settings (`mail`) and the catalog feed's records (`catalog-feed:*`) were JSON in
--   text: they become that JSON.
-- - Every other value was plain text (the sign-up mode, the database's id, the booking key, the
--   setup token, the seeding markers): each becomes a JSON string of it, as the code now reads
--   and writes it (`value #>> '{}'`, `to_jsonb($1::text)`).
ALTER TABLE settings ALTER COLUMN key TYPE text COLLATE "C";
ALTER TABLE settings ALTER COLUMN value TYPE jsonb USING (
    CASE
        WHEN key = 'mail' OR key LIKE 'catalog-feed:%' THEN value::jsonb
        ELSE to_jsonb(value)
    END
);
