//! The streaming CSV import shared by the admin upload and `litstack import`. The header decides
//! the kind of file (`Kind`): vendor rows go to the catalog (`catalog::vendor_csv`), demo-booking
//! rows through a two-thread pipeline (`pipeline`) into the bookings tables. One file is one write
//! transaction (redb or PostgreSQL), so a fatal error or a crash leaves the data as it was before
//! the file.
//!
//! Booking rows are recognised on re-import by a keyed hash (HMAC-SHA256 under a per-install key:
//! a file in the data directory, or a setting in the database in hub mode; see `key`) of the
//! file's Id, or, without one, of the row's normalised fields including the person's name and
//! email. That hash is the only form in which names and emails are kept.
//!
//! The import sits above the bookings and the catalog: its route (`routes`, the admin's upload)
//! and the first-launch sample set (`sample`) live here, and no domain below imports it; what
//! they share with it (the report, the text rules) is in `crate::platform::upload`.

mod identities;
mod kind;
mod pipeline;
mod reader;
mod records;
mod routes;
mod rows;
mod sample;

use std::io::{BufReader, Read};

use axum::extract::DefaultBodyLimit;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

pub use kind::{EXPECTED_COLUMNS, Kind};
pub use rows::parse_created;
pub use sample::seed_sample;

use crate::bookings::BookingsState;
use crate::catalog::CatalogState;
use crate::catalog::vendor_csv;
use crate::platform::error::AppError;
use crate::platform::upload::ImportReport;

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file as a whole cannot be imported (400).
    #[error("{0}")]
    BadFile(String),
    /// The upload is over the limit (413).
    #[error("{0}")]
    TooLarge(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<ImportError> for AppError {
    fn from(e: ImportError) -> Self {
        match e {
            ImportError::BadFile(m) => AppError::BadRequest(m),
            ImportError::TooLarge(m) => AppError::PayloadTooLarge(m),
            ImportError::Internal(e) => AppError::Internal(e),
        }
    }
}

/// A store's failure during an import (the bookings' storage answers `AppError`).
impl From<AppError> for ImportError {
    fn from(e: AppError) -> Self {
        match e {
            AppError::BadRequest(m) => ImportError::BadFile(m),
            AppError::PayloadTooLarge(m) => ImportError::TooLarge(m),
            AppError::Internal(e) => ImportError::Internal(e),
            other => ImportError::Internal(anyhow::Error::new(other)),
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Mark the rows as generated sample data.
    pub sample: bool,
    /// A META key set in the same transaction (the first-launch seeding marker).
    pub marker: Option<&'static str>,
    /// The kind the caller expects; a file of the other kind is refused.
    pub expect: Option<Kind>,
    /// The administrator's import a vendor file's booking links without a source of their own
    /// are credited to ("Added by your administrator on DATE").
    pub by: Option<crate::catalog::ImportedBy>,
    /// The file's length in bytes when it is known before it is read (the command's file, an
    /// upload's declared length): the import sizes its table of identities for the rows that
    /// length can hold instead of growing it as they come.
    pub length: Option<u64>,
}

/// What an import needs: the bookings a bookings file extends and the catalog a vendor file
/// replaces.
#[derive(Clone)]
pub struct ImportState {
    pub bookings: BookingsState,
    pub catalog: CatalogState,
}

/// The import's route: the admin's upload of a file (its path and method are in its handler's
/// `#[utoipa::path]`).
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    ImportState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    // The import counts the upload's bytes itself against `import_max_bytes`.
    OpenApiRouter::new().routes(routes!(routes::import_upload).layer(DefaultBodyLimit::disable()))
}

/// Imports one file. Returns after the commit and after the index (or catalog) has been swapped.
pub fn run(
    app: &ImportState,
    input: impl Read + Send,
    options: Options,
) -> Result<ImportReport, ImportError> {
    read(&app.bookings, Some(&app.catalog), input, options)
}

/// Imports a bookings file; a vendor file is refused as `Options::expect` refuses it (the sample
/// set's seeding, which has no catalog to replace).
pub fn run_bookings(
    app: &BookingsState,
    input: impl Read + Send,
    options: Options,
) -> Result<ImportReport, ImportError> {
    let options = Options {
        expect: Some(Kind::Bookings),
        ..options
    };
    read(app, None, input, options)
}

fn read(
    bookings: &BookingsState,
    catalog: Option<&CatalogState>,
    input: impl Read + Send,
    options: Options,
) -> Result<ImportReport, ImportError> {
    let mut input = BufReader::with_capacity(kind::HEAD_BYTES, input);
    let head = kind::read_head(&mut input)?;
    head.kind.check(options.expect)?;
    match (head.kind, catalog) {
        (Kind::Vendors, Some(catalog)) => {
            let mut all = head.bytes;
            input.read_to_end(&mut all).map_err(reader::io_error)?;
            import_vendors(catalog, &all, options.by.as_ref())
        }
        (Kind::Vendors, None) => Err(ImportError::Internal(anyhow::anyhow!(
            "a vendor file reached an import of bookings only"
        ))),
        (Kind::Bookings, _) => {
            let cols = rows::BookingColumns::find(&head.headers)?;
            // The csv crate numbers lines wrongly after CRLF line ends; with LF only, "Row N" is
            // exact.
            let reader = reader::CrlfToLf::new(std::io::Cursor::new(head.bytes).chain(input));
            pipeline::import_bookings(bookings, reader, &cols, options)
        }
    }
}

fn import_vendors(
    app: &CatalogState,
    data: &[u8],
    by: Option<&crate::catalog::ImportedBy>,
) -> Result<ImportReport, ImportError> {
    // A CSV error here is the header's (row errors are reported per row): the file's fault, not
    // ours. The kind was judged on the first 64 KiB, so the rest of a long header is read only now.
    vendor_csv::import_file(app, data, by).map_err(|e| match e.downcast::<csv::Error>() {
        Ok(e) if matches!(e.kind(), csv::ErrorKind::Utf8 { .. }) => {
            ImportError::BadFile("The header line of the file is not valid UTF-8 text.".into())
        }
        Ok(e) => reader::csv_error(e),
        Err(e) => ImportError::Internal(e),
    })
}
