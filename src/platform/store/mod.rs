//! The store: where everything durable lives. Two backends behind one type:
//! - `file.rs`: one redb file in the data directory, the default for a firm's own install
//!   (`tables.rs` its tables, `codec` its values, `migrate/`, `check.rs`, `backup.rs`);
//! - `postgres/`: hub mode, many nodes on one PostgreSQL database (`--database-url`), with its
//!   migrations in `migrations/postgres/` and the change log that keeps nodes in step.
//!
//! Each domain's `storage` module is the only code that touches its tables, in either backend:
//! it states each operation once, at the level of intent. On the seam (`seam/`, the saved views
//! so far) that one body runs on both engines; the other domains still match on `Store`.

pub mod arrival;
mod backend;
pub mod backup;
pub mod change_log;
mod check;
pub mod codec;
pub mod export;
#[doc(hidden)]
pub mod fault;
mod file;
pub mod merged;
mod migrate;
pub mod postgres;
pub mod registry;
pub mod row_blocks;
pub mod seam;
pub mod settings;
mod space;
pub mod tables;
#[cfg(test)]
pub mod testing;
mod transaction;

use std::path::{Path, PathBuf};

pub use check::{CheckReport, HubReport, check_hub};
pub use file::{
    FileStore, all_user_rows, bump_sequence, meta_get, meta_set, next_id, open_read, user_rows,
};
pub use postgres::PgStore;
pub use tables::*;
pub use transaction::{PgTx, WriteTx};

/// The store's own tables, for the registry of data (the list in src/registry.rs): what every domain
/// shares (the schema version, the settings, the id counters, hub mode's change log).
pub const TABLES: &[registry::Table] = &[
    registry::Table {
        name: "meta",
        purge: registry::Purge::Never,
        export: registry::Export::Left(registry::INSTALL_OWN),
        holder: registry::Holder::Install,
        redb: &[&META],
        postgres: false,
        secrets: &[],
        refers_to: &[],
    },
    // The install's named settings (`settings`), and hub mode's values every node shares.
    registry::Table {
        name: "settings",
        purge: registry::Purge::Never,
        export: registry::Export::Left(registry::INSTALL_OWN),
        holder: registry::Holder::Install,
        redb: &[&settings::TABLE],
        postgres: true,
        secrets: &["value"],
        refers_to: &[],
    },
    // Firms deleted here, by id and day only: a late write for one is refused (`merged.rs`).
    registry::Table {
        name: "deleted_firms",
        purge: registry::Purge::Never,
        export: registry::Export::Left(registry::INSTALL_OWN),
        holder: registry::Holder::Install,
        redb: &[&DELETED_FIRMS],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    registry::Table {
        name: "counters",
        purge: registry::Purge::Never,
        export: registry::Export::Left(registry::INSTALL_OWN),
        holder: registry::Holder::Install,
        redb: &[],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    registry::Table {
        name: "changes",
        purge: registry::Purge::Never,
        export: registry::Export::Left(registry::INSTALL_OWN),
        holder: registry::Holder::Install,
        redb: &[],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    // sqlx's record of the migrations applied.
    registry::Table {
        name: "_sqlx_migrations",
        purge: registry::Purge::Never,
        export: registry::Export::Left(registry::INSTALL_OWN),
        holder: registry::Holder::Install,
        redb: &[],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
];

/// Bytes of one booking identity in `BOOKING_IDENTITIES`.
pub const IDENTITY_LEN: usize = 16;

/// Identities per value of `BOOKING_IDENTITIES` at most: 4 KiB short of 1 MiB, since redb stores
/// a large value alone in a leaf of the next power of two pages, the leaf's header included (runs
/// of exactly 1 MiB took 2 MiB each: 160 MB of empty pages at 10M bookings, benches/README.md).
/// 1,000 in the crate's tests, so that they store and remove identities across runs.
pub const IDENTITIES_PER_RUN: usize = if cfg!(test) {
    1_000
} else {
    ((1 << 20) - (4 << 10)) / IDENTITY_LEN
};

/// The schema version this binary writes. Older files are migrated at start.
pub const SCHEMA_VERSION: u64 = 24;

/// The open store of this process: the data directory's redb file, or a PostgreSQL database.
pub enum Store {
    File(FileStore),
    Postgres(PgStore),
}

impl Store {
    /// Opens the PostgreSQL database when `config.database_url()` is set (migrating it under an
    /// advisory lock and making the tables of `seam` it lacks), else the redb file of
    /// `config.storage.data_dir`.
    pub fn open(
        config: &crate::platform::config::Config,
        seam: &[&'static dyn seam::Registered],
    ) -> Result<Store, OpenError> {
        match config.database_url() {
            Some(url) => Ok(Store::Postgres(PgStore::migrate(url, seam)?.0)),
            None => Ok(Store::File(FileStore::open(&config.storage.data_dir)?)),
        }
    }

    /// Closes the redb file at a graceful stop (`FileStore::close`); PostgreSQL's connections
    /// close with the pool.
    pub fn close(&self) {
        if let Store::File(file) = self {
            file.close();
        }
    }

    /// Whether this is hub mode's PostgreSQL database, shared by every node: its calls wait on the
    /// network (an async caller moves them to a blocking thread), and what only the redb file
    /// has (its backup) does not exist.
    pub fn is_hub(&self) -> bool {
        matches!(self, Store::Postgres(_))
    }

    /// The redb store, for what only exists there (the file's integrity check and backup).
    pub fn file(&self) -> anyhow::Result<&FileStore> {
        match self {
            Store::File(file) => Ok(file),
            Store::Postgres(_) => Err(anyhow::anyhow!(
                "this works on a data directory's redb file, not on PostgreSQL"
            )),
        }
    }
}

/// Opens the redb file of `data_dir` as the store (the tests' stores; the server opens through
/// `Store::open`).
pub fn open_file(data_dir: &Path) -> Result<Store, OpenError> {
    Ok(Store::File(FileStore::open(data_dir)?))
}

/// The integrity check of the redb file of `data_dir` (`litstack check`).
pub fn check_file(data_dir: &Path) -> anyhow::Result<CheckReport> {
    FileStore::check(data_dir)
}

/// Backs the redb file of `data_dir` up into a new file `target` (`litstack backup`); answers how
/// many rows it holds.
pub fn backup_file(
    data_dir: &Path,
    target: &Path,
    tables: &[&dyn registry::RedbTable],
) -> anyhow::Result<u64> {
    backup::backup_to(&FileStore::open(data_dir)?, target, tables)
}

/// One table's rows in a copy from the redb file to PostgreSQL (`litstack export-to-postgres`):
/// how many the file held, and how many PostgreSQL holds after the copy, counted back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableCount {
    pub table: &'static str,
    pub source: u64,
    pub copied: u64,
}

/// Why the store could not be opened, phrased for the person starting the server.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error(
        "another Litstack process is already using the data directory {0} \
         (stop it first, or pass a different --data-dir)"
    )]
    AlreadyOpen(PathBuf),
    #[error("the data directory {0} is not writable: {1}")]
    NotWritable(PathBuf, std::io::Error),
    #[error("the database {0} was written by a newer Litstack (schema {1}, this one knows {2})")]
    TooNew(PathBuf, u64, u64),
    #[error("the database {0} could not be opened: {1}")]
    Other(PathBuf, anyhow::Error),
    #[error(
        "the database URL does not parse ({0}); write it like \
         postgres://user:password@host:5432/litstack"
    )]
    BadUrl(String),
    #[error("the PostgreSQL database at {0} does not answer: {1}")]
    Unreachable(String, String),
    #[error(
        "the PostgreSQL database at {0} was migrated by a newer Litstack (its migration {1} is \
         unknown to this one); run that version or a newer one"
    )]
    PgTooNew(String, i64),
    #[error("the PostgreSQL database at {0} could not be migrated: {1}")]
    PgMigration(String, String),
    #[error(
        "the PostgreSQL store at {0} needs a multi-thread tokio runtime to be opened in, and {1}"
    )]
    NoRuntime(String, String),
}

/// Creates the data directory, readable by its owner only (hub mode keeps its snapshot there).
pub fn private_dir(dir: &Path) -> std::io::Result<()> {
    create_private_dir(dir)
}

/// The data directory holds password hashes and sessions: only its owner may enter it.
fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
    }
    // Creating the directory is not proof we can write into it (a read-only mount, say).
    let probe = dir.join(".litstack-write-test");
    std::fs::write(&probe, b"")?;
    std::fs::remove_file(&probe)
}

pub fn restrict_file(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
    }
}
