//! The stores the library's tests run on: a redb file in a directory of its own, and a new
//! database of the throwaway PostgreSQL cluster (scripts/with-postgres.sh). A domain's tests take
//! them from here, so a test never builds an engine's store by hand.

use tempfile::TempDir;

use super::postgres::{connect_or_panic, test_database, test_store};
use super::{FileStore, Store};

/// A store on a new redb file. The file is deleted with the directory, so keep it as long as the
/// store.
pub fn file_store() -> (TempDir, Store) {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("a temporary directory: {e}"));
    let store = file_store_in(&dir);
    (dir, store)
}

/// A store on the redb file of `dir`, made when it is not there yet (a test that writes the file
/// by hand first, as an older version left it, then opens it).
pub fn file_store_in(dir: &TempDir) -> Store {
    Store::File(FileStore::open(dir.path()).unwrap_or_else(|e| panic!("the redb file: {e}")))
}

/// A new redb file, then a new PostgreSQL database: a test that must answer alike on both runs
/// over the pair.
pub fn both_engines() -> (TempDir, [Store; 2]) {
    let (dir, file) = file_store();
    (dir, [file, Store::Postgres(test_store())])
}

/// `check`'s answers on a new redb file and on a new PostgreSQL database, in that order.
pub fn on_both<T>(check: impl Fn(&Store) -> T) -> (T, T) {
    let (_dir, [file, postgres]) = both_engines();
    (check(&file), check(&postgres))
}

/// Two nodes of a hub: two stores on one new PostgreSQL database, each with its own pool.
pub fn two_postgres_nodes() -> [Store; 2] {
    let url = test_database();
    [(), ()].map(|()| Store::Postgres(connect_or_panic(&url)))
}
