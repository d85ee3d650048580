//! The bookings import as two threads sharing the machine: one reads and checks the rows and
//! recognises re-imported ones, the other writes them into one redb transaction and extends the
//! index. The commit, then the swap of the index, end the import.

use std::collections::HashMap;
use std::io::Read;

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::key::install_key;
use super::reader::csv_error;
use super::rows::{BookingColumns, identity, parse_row};
use super::{ImportError, ImportReport, Options, truncate};
use crate::bookings::{self, Booking, ColumnsBuilder, storage};
use crate::catalog::Catalog;
use crate::state::App;
use crate::store::{self, IDENTITY_LEN};

/// Identities are HMAC outputs, already uniformly random: their first 8 bytes are the hash.
#[derive(Default, Clone, Copy)]
struct KeyHasher;

impl std::hash::BuildHasher for KeyHasher {
    type Hasher = FirstBytes;
    fn build_hasher(&self) -> FirstBytes {
        FirstBytes(0)
    }
}

struct FirstBytes(u64);

impl std::hash::Hasher for FirstBytes {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = self.0.rotate_left(5) ^ u64::from_le_bytes(word);
        }
    }
}

/// Rows handed from the parsing thread to the writing thread at a time.
const BATCH: usize = 4096;

/// A row on its way to redb.
enum Write {
    /// A new booking under a new id.
    New(u64, Booking),
    /// A row whose identity is already stored under this id: written only when it changed.
    Existing(u64, Booking),
}

/// What the parsing side of an import ends with.
struct Parsed {
    report: ImportReport,
    row_errors: u64,
    /// The identities of the new bookings, in id order from `first_new`.
    new_identities: Vec<[u8; IDENTITY_LEN]>,
}

/// Every stored identity with its booking id.
fn stored_identities(
    txn: &redb::WriteTransaction,
    bookings: u64,
) -> anyhow::Result<HashMap<[u8; IDENTITY_LEN], u64, KeyHasher>> {
    let mut known = HashMap::with_capacity_and_hasher(bookings as usize, KeyHasher);
    storage::for_each_identity(txn, |identity, id| {
        known.insert(identity, id);
    })?;
    Ok(known)
}

/// The parsing side: reads and checks every row, recognises re-imported ones and numbers new ones,
/// handing the rows to the writer in batches. It runs on a thread of its own, so that parsing and
/// writing share the machine's cores (measured: about as much work on either side).
#[expect(
    clippy::too_many_arguments,
    reason = "the parsing thread owns every piece of its work; a struct would only rename them"
)]
fn parse_rows(
    mut reader: csv::Reader<impl Read>,
    cols: &BookingColumns,
    catalog: &Catalog,
    mac: &Hmac<Sha256>,
    sample: bool,
    mut known: HashMap<[u8; IDENTITY_LEN], u64, KeyHasher>,
    first_new: u64,
    to_writer: std::sync::mpsc::SyncSender<Vec<Write>>,
) -> Result<Parsed, ImportError> {
    let mut report = ImportReport::new("bookings");
    let mut row_errors = 0u64;
    let mut new_identities = Vec::new();
    // Booking ids this file has already produced, to refuse a row that repeats one.
    let mut touched: Vec<u64> = Vec::new();
    let mut mark = |id: u64| -> bool {
        let (w, b) = ((id / 64) as usize, id % 64);
        if touched.len() <= w {
            touched.resize(w + 1, 0);
        }
        let seen = touched[w] & (1 << b) != 0;
        touched[w] |= 1 << b;
        seen
    };
    let mut batch = Vec::with_capacity(BATCH);
    let mut rec = csv::ByteRecord::new();
    loop {
        match reader.read_byte_record(&mut rec) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                if let csv::ErrorKind::Io(_) = e.kind() {
                    return Err(csv_error(e));
                }
                let line = e.position().map(|p| p.line()).unwrap_or(0);
                row_errors += 1;
                report.row_error(line, "the row could not be read as CSV (check its quotes)");
                continue;
            }
        }
        let line = rec.position().map(|p| p.line()).unwrap_or(0);
        let parsed = parse_row(cols, &rec, catalog, sample)
            .and_then(|row| identity(mac, &row, cols, &rec).map(|k| (row, k)));
        let (row, identity) = match parsed {
            Ok(p) => p,
            Err(reason) => {
                row_errors += 1;
                report.row_error(line, reason);
                continue;
            }
        };
        let write = match known.get(&identity).copied() {
            Some(id) => {
                if mark(id) {
                    row_errors += 1;
                    let reason = match &row.file_id {
                        Some(fid) => {
                            format!(
                                "the id \"{}\" appears twice in this file",
                                truncate(fid, 40)
                            )
                        }
                        None => "this row repeats an earlier row of this file".into(),
                    };
                    report.row_error(line, reason);
                    continue;
                }
                Write::Existing(id, row.booking)
            }
            None => {
                let id = first_new + new_identities.len() as u64;
                mark(id);
                known.insert(identity, id);
                new_identities.push(identity);
                report.inserted += 1;
                Write::New(id, row.booking)
            }
        };
        batch.push(write);
        if batch.len() == BATCH {
            let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
            if to_writer.send(full).is_err() {
                break; // the writer failed; its error is the import's
            }
        }
    }
    if !batch.is_empty() {
        let _ = to_writer.send(batch);
    }
    Ok(Parsed {
        report,
        row_errors,
        new_identities,
    })
}

/// What the writing side of an import ends with.
struct Written {
    updated: u64,
    /// Re-imported rows equal to the stored ones.
    unchanged: u64,
    /// The current index extended by the new rows; `None` when it must be rebuilt from redb (it
    /// was stale from the start, or a row was updated).
    builder: Option<ColumnsBuilder>,
}

/// The writing side: puts the rows into `BOOKINGS` and appends new ones to the index.
fn write_rows(
    txn: &redb::WriteTransaction,
    batches: std::sync::mpsc::Receiver<Vec<Write>>,
    mut builder: Option<ColumnsBuilder>,
) -> anyhow::Result<Written> {
    let mut rows = storage::RowWriter::open(txn)?;
    let (mut updated, mut unchanged) = (0, 0);
    for batch in batches {
        for write in batch {
            match write {
                Write::New(id, booking) => {
                    rows.insert(id, &booking)?;
                    if let Some(b) = builder.as_mut() {
                        b.push(id, &booking);
                    }
                }
                Write::Existing(id, booking) => {
                    if rows.replace(id, &booking)? {
                        updated += 1;
                        builder = None;
                    } else {
                        unchanged += 1;
                    }
                }
            }
        }
    }
    Ok(Written {
        updated,
        unchanged,
        builder,
    })
}

pub(super) fn import_bookings(
    app: &App,
    input: impl Read + Send,
    cols: &BookingColumns,
    options: Options,
) -> Result<ImportReport, ImportError> {
    let catalog = app.catalog.load_full();
    let key = install_key(&app.config.data_dir)?;
    let mac = <Hmac<Sha256> as Mac>::new_from_slice(&key).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .buffer_capacity(256 * 1024)
        .from_reader(input);
    reader.byte_headers().map_err(csv_error)?;

    let _one_at_a_time = bookings::one_writer();
    let started = std::time::Instant::now();
    let current = app.bookings.load_full();
    let txn = app.store.write().map_err(anyhow::Error::from)?;
    let generation = storage::meta_in(&txn, bookings::GENERATION)?.unwrap_or(0);
    // New rows are appended to a copy of the current rows; an update means a full rebuild.
    let builder =
        (current.generation == generation).then(|| ColumnsBuilder::extend(current.all_columns()));
    drop(current);
    let first_new = storage::meta_in(&txn, "seq:bookings")?.unwrap_or(0) + 1;
    // Identities in memory (16 bytes + id each): random B-tree lookups per row would dominate.
    let known = stored_identities(&txn, first_new - 1)?;

    let (parsed, written) = std::thread::scope(|s| {
        let (to_writer, batches) = std::sync::mpsc::sync_channel(8);
        let parser = s.spawn(|| {
            parse_rows(
                reader,
                cols,
                &catalog,
                &mac,
                options.sample,
                known,
                first_new,
                to_writer,
            )
        });
        let written = write_rows(&txn, batches, builder);
        let parsed = parser
            .join()
            .unwrap_or_else(|_| Err(anyhow::anyhow!("the import's parser failed").into()));
        (parsed, written)
    });
    // A writer error explains a parser that stopped early, so it comes first.
    let Written {
        updated,
        unchanged,
        builder,
    } = written?;
    let Parsed {
        mut report,
        row_errors,
        new_identities,
    } = parsed?;
    report.updated = updated;
    report.skipped += unchanged;
    tracing::debug!(elapsed = ?started.elapsed(), "import: rows parsed and written");
    storage::append_identities(&txn, first_new, &new_identities)?;
    if !new_identities.is_empty() {
        store::bump_sequence(
            &txn,
            "bookings",
            first_new + new_identities.len() as u64 - 1,
        )?;
    }
    let changed = report.inserted + report.updated > 0;
    let generation = generation + changed as u64;
    if changed {
        store::meta_set(&txn, bookings::GENERATION, generation)?;
    }
    if let Some(marker) = options.marker {
        store::meta_set(&txn, marker, 1)?;
    }
    tracing::debug!(elapsed = ?started.elapsed(), "import: identities written");
    txn.commit().map_err(anyhow::Error::from)?;
    tracing::debug!(elapsed = ?started.elapsed(), "import: committed");
    if changed {
        match builder {
            Some(b) => storage::install(app, generation, b.finish()),
            None => storage::refresh(app)?,
        }
        tracing::debug!(elapsed = ?started.elapsed(), "import: index installed");
    }
    Ok(report.finish(row_errors))
}
