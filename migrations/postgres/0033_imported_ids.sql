-- The ids a firm's imported records name (issue 46): a firm loaded from another install's archive
-- keeps its decision versions byte for byte, and their text names that install's people, vendors,
-- categories and decisions by its ids. One row per imported firm: each import's map from the
-- archive's ids to this install's, oldest first (an archive of a firm imported before carries the
-- earlier maps on). No foreign key to `firms`: a firm's deletion removes it in the same
-- transaction.
CREATE TABLE imported_ids (
    firm_id bigint PRIMARY KEY,
    steps   jsonb NOT NULL
);
