-- The vendor accounts' documents move onto the storage seam (src/vendor_accounts/storage.rs): the
-- seam's layout for a text key is the key in byte order (`text COLLATE "C"`, as redb orders it),
-- so a kind's documents (a key prefix) are one range of the primary key on both engines. The
-- values were jsonb already.
ALTER TABLE vendor_accounts ALTER COLUMN key TYPE text COLLATE "C";
