-- A booking link an administrator imported in a vendor file that names no page for it (the
-- spec's vendor CSV has no such column): the import itself is its provenance — who (the
-- account's id; NULL from the command line), which file, which day. A row is either checked
-- against a page (source_url and verified_on) or imported (imported_file and imported_on), never
-- both and never neither.
ALTER TABLE vendor_booking_sources
    ALTER COLUMN source_url DROP NOT NULL,
    ALTER COLUMN verified_on DROP NOT NULL,
    ADD COLUMN imported_by bigint,
    ADD COLUMN imported_file text,
    ADD COLUMN imported_on date,
    ADD CONSTRAINT vendor_booking_sources_one_provenance CHECK (
        (source_url IS NOT NULL AND verified_on IS NOT NULL
            AND imported_by IS NULL AND imported_file IS NULL AND imported_on IS NULL)
        OR (source_url IS NULL AND verified_on IS NULL
            AND imported_file IS NOT NULL AND imported_on IS NOT NULL)
    );
