//! The bookings import as parsers and a writer sharing the machine: the parsers (one more than the
//! cores) read the file in turns, check the rows and take their identities (work that needs
//! nothing from other rows); the writer, in file order, recognises re-imported rows, numbers new
//! ones, writes them into the one transaction of the file (`bookings::storage::BookingsTxn`, redb
//! or PostgreSQL) and appends them to the index. The commit, with the new index built beside it,
//! then the swap of the index, end it (benches/README.md, issue #48).

use std::io::Read;
use std::sync::mpsc::{Receiver, SyncSender};

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::identities::{Identities, Identity};
use super::reader::io_error;
use super::records::{RecordReader, Records};
use super::rows::{BookingColumns, Record, RowParser, identity, set, set_optional};
use super::{ImportError, Options};
use crate::bookings::BookingsState;
use crate::bookings::storage::{BookingsTxn, Finish, WantedIdentities, booking_key};
use crate::bookings::{self, Booking, ColumnsBuilder};
use crate::catalog::Catalog;
use crate::platform::firm_size::FirmSize;
use crate::platform::upload::{ImportReport, LISTED_UNKNOWN_VENDORS, truncate};

/// Rows a parser reads in one turn and hands to the writer at a time.
const BATCH: usize = 4096;
/// Batches on their way to the writer: the parsers run at most this far ahead.
const BATCHES_AHEAD: usize = 8;

/// Parsed rows and row errors in file order, on their way from the parser to the writer.
#[derive(Default)]
struct Batch {
    entries: Vec<Entry>,
    /// The texts of the rows back to back, checked as UTF-8 once by the parser; each row knows
    /// where its texts end.
    text: String,
}

enum Entry {
    Row(ParsedRow),
    Error(u64, String),
}

/// A checked row: its identity, its fields and, in `Batch::text`, its texts (empty for an absent
/// value).
struct ParsedRow {
    line: u64,
    identity: Identity,
    firm_size: FirmSize,
    created: i64,
    /// Its Client names no catalog vendor: imported, and counted in the report.
    unknown_client: bool,
    /// Where each of `TEXTS` ends in `Batch::text` (each starts where the one before ends).
    ends: [usize; TEXTS],
}

/// The texts of a parsed row, in their order in `Batch::text`.
const TEXTS: usize = 6;
const FILE_ID: usize = 0;
const CATEGORY: usize = 1;
const CLIENT: usize = 2;
const CITY_STATE: usize = 3;
const STATE: usize = 4;
const DMA: usize = 5;

impl Batch {
    fn with_capacity() -> Batch {
        Batch {
            entries: Vec::with_capacity(BATCH),
            text: String::with_capacity(BATCH * 96),
        }
    }

    fn push_row(
        &mut self,
        line: u64,
        identity: Identity,
        file_id: Option<&str>,
        b: &Booking,
        unknown_client: bool,
    ) {
        let mut ends = [0; TEXTS];
        let texts = [
            b.category.as_str(),
            b.client.as_str(),
            b.city_state.as_deref().unwrap_or(""),
            b.state.as_deref().unwrap_or(""),
            b.dma.as_deref().unwrap_or(""),
        ];
        self.text.push_str(file_id.unwrap_or(""));
        ends[FILE_ID] = self.text.len();
        for (i, t) in texts.into_iter().enumerate() {
            self.text.push_str(t);
            ends[CATEGORY + i] = self.text.len();
        }
        self.entries.push(Entry::Row(ParsedRow {
            line,
            identity,
            firm_size: b.firm_size,
            created: b.created,
            unknown_client,
            ends,
        }));
    }
}

/// What the parsing side works with.
struct ParseContext<'a> {
    cols: &'a BookingColumns,
    catalog: &'a Catalog,
    mac: &'a Hmac<Sha256>,
    sample: bool,
    /// The server's clock at the start of the import, in seconds.
    now: i64,
}

/// The file's records, read by the parsers in turns: each takes the next `BATCH` records when its
/// turn comes (so every row keeps its line number), then parses them while the others read, and
/// the writer takes the parsed batches from the parsers in the same turns: in file order, with no
/// batch waiting for its place. On two cores the parsing was the side the writer waited on
/// (benches/README.md, issue #48).
struct Turns<R> {
    state: std::sync::Mutex<TurnState<R>>,
    next: std::sync::Condvar,
}

struct TurnState<R> {
    reader: RecordReader<R>,
    /// The turn whose parser may read now.
    turn: usize,
    /// The file was read to its end, or a parser stopped: no turn comes any more.
    ended: bool,
}

impl<R: Read> Turns<R> {
    fn new(reader: RecordReader<R>) -> Turns<R> {
        Turns {
            state: std::sync::Mutex::new(TurnState {
                reader,
                turn: 0,
                ended: false,
            }),
            next: std::sync::Condvar::new(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, TurnState<R>> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Waits for `turn`, then reads the next records into `records`; false when no turn comes
    /// any more.
    fn read(&self, turn: usize, records: &mut Records) -> Result<bool, ImportError> {
        let mut state = self.lock();
        while state.turn != turn && !state.ended {
            state = self
                .next
                .wait(state)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        }
        if state.ended {
            return Ok(false);
        }
        // A failed read ends the parser, and its end the turns.
        state.reader.read(BATCH, records).map_err(io_error)?;
        state.ended = records.len() < BATCH;
        state.turn += 1;
        drop(state);
        self.next.notify_all();
        Ok(!records.is_empty())
    }

    /// No turn comes any more: a parser that stops, for any reason, stops them all.
    fn end(&self) {
        self.lock().ended = true;
        self.next.notify_all();
    }
}

/// Ends the turns when a parser stops, by returning, failing or panicking: the others would wait
/// for its turn.
struct EndsTurns<'a, R: Read>(&'a Turns<R>);

impl<R: Read> Drop for EndsTurns<'_, R> {
    fn drop(&mut self) {
        self.0.end();
    }
}

/// The parsed batches of `parsers` parsers, in their turns: the file's order.
struct InTurns {
    parsers: Vec<Receiver<Batch>>,
    turn: usize,
}

impl Iterator for InTurns {
    type Item = Batch;

    fn next(&mut self) -> Option<Batch> {
        // A parser gone before its turn means the file ended, or an error the import reports.
        let batch = self.parsers[self.turn % self.parsers.len()].recv().ok()?;
        self.turn += 1;
        Some(batch)
    }
}

/// A parser: in its turns (`first`, then every `parsers`-th), reads and checks rows and takes
/// their identities, handing rows and row errors to the writer in one batch per turn. It keeps no
/// state between rows.
fn parse_rows(
    turns: &Turns<impl Read>,
    (first, parsers): (usize, usize),
    cx: &ParseContext,
    to_writer: SyncSender<Batch>,
) -> Result<(), ImportError> {
    let _ends = EndsTurns(turns);
    let mut parser = RowParser::new(cx.cols, cx.catalog, cx.sample, cx.now);
    let mut records = Records::default();
    for turn in (first..).step_by(parsers) {
        if !turns.read(turn, &mut records)? {
            break;
        }
        let mut batch = Batch::with_capacity();
        for (line, rec) in records.iter() {
            let row = Record::new(rec);
            let parsed = parser.parse(row).and_then(|file_id| {
                identity(cx.mac, &parser.booking, file_id, cx.cols, row).map(|k| (file_id, k))
            });
            match parsed {
                Ok((file_id, identity)) => batch.push_row(
                    line,
                    identity,
                    file_id,
                    &parser.booking,
                    parser.unknown_client,
                ),
                Err(reason) => batch.entries.push(Entry::Error(line, reason)),
            }
        }
        if to_writer.send(batch).is_err() {
            return Ok(()); // the writer failed; its error is the import's
        }
    }
    Ok(())
}

/// Parsers beside the writer: one more than the cores, up to four. With one per core, both
/// parsers of a two-core machine at times waited for their turns while the writer waited for
/// their batches, and a core stood idle: a third took a tenth off a 10M import (benches/README.md,
/// issue #48), a fourth gave part of it back. Past four parsers the writer is the side that waits.
fn parsers() -> usize {
    std::thread::available_parallelism().map_or(2, |n| (n.get() + 1).clamp(2, 4))
}

/// The imported rows whose Client names no catalog vendor, by Client text.
#[derive(Default)]
struct UnknownClients {
    rows: u64,
    by_name: std::collections::HashMap<String, u64>,
    /// Distinct names past `UNKNOWN_NAMES_CAP`, rows of which are only counted (an upper bound:
    /// a name seen twice there counts twice).
    uncounted_names: u64,
}

/// Distinct unknown Client texts counted by name; the rows of further ones are only counted.
const UNKNOWN_NAMES_CAP: usize = 1_000;

impl UnknownClients {
    fn count(&mut self, name: &str) {
        self.rows += 1;
        if let Some(n) = self.by_name.get_mut(name) {
            *n += 1;
        } else if self.by_name.len() < UNKNOWN_NAMES_CAP {
            self.by_name.insert(name.to_string(), 1);
        } else {
            self.uncounted_names += 1;
        }
    }

    /// The count and the most frequent names (ties by name) go into the report.
    fn report(self, report: &mut ImportReport) {
        let mut names: Vec<(String, u64)> = self.by_name.into_iter().collect();
        names.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        report.unknown_vendor_rows = self.rows;
        report.unknown_vendor_names = names.len() as u64 + self.uncounted_names;
        report.unknown_vendors = names
            .into_iter()
            .take(LISTED_UNKNOWN_VENDORS)
            .map(|(name, _)| name)
            .collect();
    }
}

/// Rows between a look-up asked for and made: enough for the memory to answer in the rows'
/// other work, few enough that the line is still in the cache when it is read.
const LOOK_AHEAD: usize = 8;

/// What the writing side of an import ends with.
struct Written {
    report: ImportReport,
    row_errors: u64,
    known: Identities,
    /// The index extended by the new rows, when it was current at the start.
    builder: Option<ColumnsBuilder>,
}

/// The writing side: recognises re-imported rows and numbers new ones (in file order), puts them
/// into the bookings and appends new ones to the index.
fn write_rows(
    txn: &mut BookingsTxn,
    batches: impl Iterator<Item = Batch>,
    mut known: Identities,
    mut builder: Option<ColumnsBuilder>,
    sample: bool,
) -> anyhow::Result<Written> {
    let mut rows = txn.rows()?;
    let mut report = ImportReport::new("bookings");
    let mut row_errors = 0u64;
    let mut unknown_clients = UnknownClients::default();
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
    // Re-imported rows: the writer says at its end how many changed; the others were equal to
    // the stored rows.
    let mut re_imported = 0u64;
    // The booking handed to the index and the writer, its texts refilled for every row.
    let mut booking = Booking::blank(sample);
    // The identities of a batch's entries by position (`None` for a row error), so that each
    // row's look-up is asked for `LOOK_AHEAD` rows before it comes.
    let mut ahead: Vec<Option<Identity>> = Vec::with_capacity(BATCH);
    for batch in batches {
        ahead.clear();
        ahead.extend(batch.entries.iter().map(|entry| match entry {
            Entry::Row(row) => Some(row.identity),
            Entry::Error(..) => None,
        }));
        for identity in ahead.iter().take(LOOK_AHEAD).flatten() {
            known.prefetch(identity);
        }
        let mut start = 0;
        for (at, entry) in batch.entries.into_iter().enumerate() {
            if let Some(Some(identity)) = ahead.get(at + LOOK_AHEAD) {
                known.prefetch(identity);
            }
            if let Some(Some(identity)) = ahead.get(at + LOOK_AHEAD / 2) {
                known.prefetch_match(identity);
            }
            let row = match entry {
                Entry::Row(row) => row,
                Entry::Error(line, reason) => {
                    row_errors += 1;
                    report.row_error(line, reason);
                    continue;
                }
            };
            let row_start = start;
            start = row.ends[TEXTS - 1];
            let text = |i: usize| {
                let from = if i == 0 { row_start } else { row.ends[i - 1] };
                &batch.text[from..row.ends[i]]
            };
            let fill = |booking: &mut Booking| {
                let optional = |i| Some(text(i)).filter(|t| !t.is_empty());
                set(&mut booking.category, text(CATEGORY));
                set(&mut booking.client, text(CLIENT));
                set_optional(&mut booking.city_state, optional(CITY_STATE));
                set_optional(&mut booking.state, optional(STATE));
                set_optional(&mut booking.dma, optional(DMA));
                booking.firm_size = row.firm_size;
                booking.created = row.created;
            };
            match known.get(&row.identity) {
                Some(id) if mark(id) => {
                    row_errors += 1;
                    let reason = match text(FILE_ID) {
                        "" => "this row repeats an earlier row of this file".into(),
                        fid => format!(
                            "the id \"{}\" appears twice in this file",
                            truncate(fid, 40)
                        ),
                    };
                    report.row_error(row.line, reason);
                }
                Some(id) => {
                    if row.unknown_client {
                        unknown_clients.count(text(CLIENT));
                    }
                    fill(&mut booking);
                    rows.replace(id, &booking)?;
                    re_imported += 1;
                }
                None => {
                    if row.unknown_client {
                        unknown_clients.count(text(CLIENT));
                    }
                    let id = known.add_new(row.identity);
                    mark(id);
                    report.inserted += 1;
                    fill(&mut booking);
                    let interned = builder.as_mut().map(|b| b.push(id, &booking));
                    rows.insert(id, &booking, interned.as_ref())?;
                }
            }
        }
    }
    let changed = rows.finish()?;
    report.updated += changed;
    report.skipped += re_imported - changed;
    unknown_clients.report(&mut report);
    Ok(Written {
        report,
        row_errors,
        known,
        builder,
    })
}

/// Bytes a booking row of a file takes, counted low (a row of the generated exports takes about
/// 100, one with a person's name and email more): the rows a file's length can hold, for the
/// identities' table. Its size goes by powers of two, so the count need only be near.
const ROW_BYTES_AT_LEAST: u64 = 128;

/// A file up to this size is held in memory, so that its identities can be read before the
/// stored ones (`file_identities`).
const HELD_FILE: u64 = 16 << 20;

/// The identities of the rows of a file held in memory, read as the import will read them: a day's
/// export of thousands of rows into millions of bookings then keeps only the stored identities
/// its rows can meet, instead of a table of every stored one (at 10M bookings, half a second and
/// 300 MB). `None` when the file is too short to matter against the stored rows, or not CSV.
fn file_identities(file: &[u8], stored: usize, cx: &ParseContext) -> Option<WantedIdentities> {
    // Parsing and signing a row costs about ten times testing a stored identity: reading the
    // file twice pays only when the stored rows are many more than the file's.
    let rows_at_most = file.len() / 16;
    if stored < rows_at_most.saturating_mul(10) {
        return None;
    }
    let mut reader = RecordReader::new(file);
    let mut records = Records::default();
    reader.read(1, &mut records).ok()?; // the header
    let mut parser = RowParser::new(cx.cols, cx.catalog, cx.sample, cx.now);
    let mut found = Vec::new();
    loop {
        reader.read(BATCH, &mut records).ok()?;
        for (_, rec) in records.iter() {
            let row = Record::new(rec);
            let parsed = parser
                .parse(row)
                .and_then(|file_id| identity(cx.mac, &parser.booking, file_id, cx.cols, row));
            if let Ok(identity) = parsed {
                found.push(identity);
            }
        }
        if records.len() < BATCH {
            return Some(WantedIdentities::new(found));
        }
    }
}

pub(super) fn import_bookings(
    app: &BookingsState,
    mut input: impl Read + Send,
    cols: &BookingColumns,
    options: Options,
) -> Result<ImportReport, ImportError> {
    let catalog = app.catalog.load_full();
    let key = booking_key(&app.store, &app.config.storage.data_dir)?;
    let mac = <Hmac<Sha256> as Mac>::new_from_slice(&key).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut held = Vec::new();
    (&mut input)
        .take(HELD_FILE + 1)
        .read_to_end(&mut held)
        .map_err(super::reader::io_error)?;
    let cx = ParseContext {
        cols,
        catalog: &catalog,
        mac: &mac,
        sample: options.sample,
        now: crate::platform::clock::now_secs(),
    };
    let held_at = std::time::Instant::now();
    let file_identities = (held.len() as u64 <= HELD_FILE)
        .then(|| file_identities(&held, app.bookings.load().len(), &cx))
        .flatten();
    if file_identities.is_some() {
        tracing::debug!(elapsed = ?held_at.elapsed(), "import: the file's identities read");
    }
    let mut reader = RecordReader::new(std::io::Cursor::new(held).chain(input));
    // The header, read already to find the columns.
    reader.read(1, &mut Records::default()).map_err(io_error)?;

    // This node's writers take turns here; the transaction orders them across nodes.
    let _one_at_a_time = bookings::one_writer();
    let started = std::time::Instant::now();
    let mut txn = BookingsTxn::begin(&app.store)?;
    let generation = txn.generation()?;
    // New rows are appended to a copy of the current rows; an update means a full rebuild.
    let builder = bookings::lifecycle::extension(app, generation);
    let first_new = txn.next_id()?;
    // Identities in memory: random B-tree lookups per row would dominate.
    let known = match &file_identities {
        None => {
            let stored = (first_new - 1) as usize;
            let rows = options
                .length
                .map_or(0, |n| (n / ROW_BYTES_AT_LEAST) as usize);
            let mut known = Identities::new(first_new, stored, rows);
            txn.for_each_identity(|identity, id| known.add_stored(identity, id))?;
            known
        }
        Some(wanted) => {
            let met = txn.stored_among(wanted)?;
            let mut known = Identities::new(first_new, met.len(), 0);
            for (identity, id) in met {
                known.add_stored(identity, id);
            }
            known
        }
    };
    drop(file_identities);
    tracing::debug!(elapsed = ?started.elapsed(), "import: stored identities read");
    let turns = Turns::new(reader);
    let (parsed, written) = std::thread::scope(|s| {
        let n = parsers();
        let mut batches = InTurns {
            parsers: Vec::with_capacity(n),
            turn: 0,
        };
        let mut running = Vec::with_capacity(n);
        for first in 0..n {
            let (to_writer, parsed) = std::sync::mpsc::sync_channel(BATCHES_AHEAD.div_ceil(n));
            batches.parsers.push(parsed);
            let (turns, cx) = (&turns, &cx);
            running.push(s.spawn(move || parse_rows(turns, (first, n), cx, to_writer)));
        }
        let written = write_rows(&mut txn, batches, known, builder, options.sample);
        // A failed read of the file (one parser meets it and ends the turns), or a panic.
        let parsed = running.into_iter().try_for_each(|parser| {
            parser
                .join()
                .unwrap_or_else(|_| Err(anyhow::anyhow!("the import's parser failed").into()))
        });
        (parsed, written)
    });
    // The reader holds the file's first 16 MB (`HELD_FILE`): gone before the index is built.
    drop(turns);
    // A writer error explains a parser that stopped early, so it comes first.
    let Written {
        report,
        row_errors,
        known,
        builder,
    } = written?;
    parsed?;
    tracing::debug!(elapsed = ?started.elapsed(), "import: rows parsed and written");
    let new_identities = known.new_ones();
    txn.append_identities(first_new, new_identities)?;
    let last_id = (!new_identities.is_empty()).then(|| first_new + new_identities.len() as u64 - 1);
    // Gone before the index is built: written beside it, they raised the import's peak by
    // about 115 MB at 10M rows (benches/README.md, issue #48).
    drop(known);
    let changed = report.inserted + report.updated > 0;
    let generation = generation + changed as u64;
    tracing::debug!(elapsed = ?started.elapsed(), "import: identities written");
    let finish = Finish {
        generation: changed.then_some(generation),
        rebuilt: report.updated > 0,
        last_id,
        marker: options.marker,
        // Sample rows are never evidence: only real rows date the picks made before them.
        real_changed_at: (changed && !options.sample).then(crate::platform::clock::now_secs),
    };
    if !changed {
        txn.finish(finish)?;
        return Ok(report.finish(row_errors));
    }
    // The new index is built beside the commit, which syncs the whole file; it is swapped in only
    // once the commit is done. An updated row changed the index in place: only a rebuild from the
    // database has it right.
    let rows = builder.filter(|_| report.updated == 0);
    let (committed, prepared) = std::thread::scope(|s| {
        let prepared = s.spawn(|| {
            let new = rows.map(ColumnsBuilder::finish);
            let prepared =
                bookings::lifecycle::prepare_append(app, generation - 1, generation, new);
            tracing::debug!(elapsed = ?started.elapsed(), "import: index built");
            prepared
        });
        let committed = txn.finish(finish);
        (committed, prepared.join())
    });
    committed?;
    tracing::debug!(elapsed = ?started.elapsed(), "import: committed");
    // Should the building have failed, the rows are committed all the same: rebuild from them.
    let prepared = prepared.unwrap_or(bookings::lifecycle::Prepared::Refresh);
    prepared.install(app)?;
    tracing::debug!(elapsed = ?started.elapsed(), "import: index installed");
    Ok(report.finish(row_errors))
}
