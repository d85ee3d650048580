//! The streaming CSV import shared by the admin upload and `litstack import`: the header decides
//! whether the file holds vendors or demo bookings; one file is one redb write transaction, so a
//! fatal error or a crash leaves the data as it was before the file.
//!
//! Booking rows are recognised on re-import by a keyed hash (HMAC-SHA256 under a per-install key in
//! the data directory) of the file's Id, or, without one, of the row's normalised fields including
//! the person's name and email. That hash is the only form in which names and emails are kept.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use chrono::{DateTime, NaiveDate, NaiveDateTime};
use hmac::{Hmac, Mac};
use redb::ReadableTable;
use sha2::Sha256;

use super::index::ColumnsBuilder;
use super::model::Booking;
use super::reference;
use crate::catalog::{Catalog, vendor_csv};
use crate::error::AppError;
use crate::firm_size::FirmSize;
use crate::import::{ImportReport, normalize_header, truncate};
use crate::state::App;
use crate::store::{self, BOOKING_IDENTITIES, BOOKINGS, IDENTITY_LEN, META, codec};

/// What the 400 for an unrecognised file names.
pub const EXPECTED_COLUMNS: &str = "Demo booking files need the columns Category (or Client \
    Category) and Created Time, and may have Client, Firm Size (or Standardized Practice Area Broken \
    Out), City State, State, DMA, Id, Name, Email, Company and Platform. Vendor files need name, \
    category, websiteUrl and bookingUrl.";

const MAX_TEXT: usize = 100;
const MAX_CLIENT: usize = 120;
/// The header must fit in this much of the start of the file.
const HEAD_BYTES: usize = 64 * 1024;

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

/// A reader error carrying this message becomes `ImportError::TooLarge` (the upload reader uses it).
pub fn too_large(limit_bytes: usize) -> std::io::Error {
    std::io::Error::other(TooLargeMarker(format!(
        "The file is larger than the {} MB import limit.",
        limit_bytes.div_ceil(1024 * 1024)
    )))
}

#[derive(Debug)]
struct TooLargeMarker(String);
impl std::fmt::Display for TooLargeMarker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for TooLargeMarker {}

fn io_error(e: std::io::Error) -> ImportError {
    if let Some(m) = e
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<TooLargeMarker>())
    {
        return ImportError::TooLarge(m.0.clone());
    }
    ImportError::BadFile(format!("The file could not be read: {e}"))
}

fn csv_error(e: csv::Error) -> ImportError {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => io_error(e),
        other => ImportError::BadFile(format!("The file could not be read as CSV: {other:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_becomes_lf_across_chunk_edges() {
        for input in [&b"a\r\nb\r\n"[..], b"a\rb\r\n\r", b"\r\n\r\n"] {
            // One byte at a time puts every CR at a chunk edge.
            struct OneByte<'a>(&'a [u8]);
            impl Read for OneByte<'_> {
                fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
                    if self.0.is_empty() || out.is_empty() {
                        return Ok(0);
                    }
                    out[0] = self.0[0];
                    self.0 = &self.0[1..];
                    Ok(1)
                }
            }
            let mut got = Vec::new();
            CrlfToLf::new(OneByte(input)).read_to_end(&mut got).unwrap();
            let want = String::from_utf8_lossy(input).replace("\r\n", "\n");
            assert_eq!(String::from_utf8_lossy(&got), want);
            let mut whole = Vec::new();
            CrlfToLf::new(input).read_to_end(&mut whole).unwrap();
            assert_eq!(String::from_utf8_lossy(&whole), want);
        }
    }

    #[test]
    fn created_time_accepts_iso_and_the_us_export_form() {
        let t = |s| parse_created(s).unwrap();
        assert_eq!(t("2026-01-31T14:05:00Z"), t("2026-01-31T15:05:00+01:00"));
        assert_eq!(t("2026-01-31T14:05:00Z"), t("2026-01-31 14:05:00"));
        assert_eq!(t("2026-01-31T14:05:00Z"), t("1/31/2026 2:05 PM"));
        assert_eq!(t("2026-01-31T00:00:00Z"), t("2026-01-31"));
        assert!(parse_created("31/01/2026").is_err());
        assert!(parse_created("").is_err());
    }
}

#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Mark the rows as generated sample data.
    pub sample: bool,
    /// A META key set in the same transaction (the first-launch seeding marker).
    pub marker: Option<&'static str>,
    /// The kind the caller expects ("bookings" or "vendors"); a file of the other kind is refused.
    pub expect: Option<&'static str>,
}

fn check_kind(options: &Options, kind: &'static str) -> Result<(), ImportError> {
    match options.expect {
        Some(expected) if expected != kind => Err(ImportError::BadFile(format!(
            "This is a {kind} file (judging by its header), not a {expected} file."
        ))),
        _ => Ok(()),
    }
}

/// Imports one file. Returns after the commit and after the index (or catalog) has been swapped.
pub fn run(
    app: &App,
    input: impl Read + Send,
    options: Options,
) -> Result<ImportReport, ImportError> {
    let mut input = BufReader::with_capacity(HEAD_BYTES, input);
    let head = fill_head(&mut input)?;
    let text = head
        .strip_prefix(b"\xef\xbb\xbf".as_slice())
        .unwrap_or(&head);
    if text.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(ImportError::BadFile("The file is empty.".into()));
    }
    if text.contains(&0) {
        return Err(ImportError::BadFile(format!(
            "The file is not a CSV text file. {EXPECTED_COLUMNS}"
        )));
    }
    let headers: Vec<String> = {
        let mut r = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(text);
        let mut rec = csv::StringRecord::new();
        match r.read_record(&mut rec) {
            Ok(true) => rec.iter().map(String::from).collect(),
            _ => {
                return Err(ImportError::BadFile(format!(
                    "The first line is not a CSV header. {EXPECTED_COLUMNS}"
                )));
            }
        }
    };
    if vendor_csv::is_vendor_header(&headers) {
        check_kind(&options, "vendors")?;
        let mut all = head;
        input.read_to_end(&mut all).map_err(io_error)?;
        return import_vendors(app, &all);
    }
    let cols = BookingColumns::find(&headers)?;
    check_kind(&options, "bookings")?;
    // The csv crate numbers lines wrongly after CRLF line ends; with LF only, "Row N" is exact.
    let reader = CrlfToLf::new(std::io::Cursor::new(head).chain(input));
    import_bookings(app, reader, &cols, options)
}

/// Reads up to `HEAD_BYTES` (ending on a line break when possible) without consuming the rest.
fn fill_head(input: &mut BufReader<impl Read>) -> Result<Vec<u8>, ImportError> {
    let mut head = Vec::new();
    while head.len() < HEAD_BYTES {
        let buf = input.fill_buf().map_err(io_error)?;
        if buf.is_empty() {
            break;
        }
        let take = buf.len().min(HEAD_BYTES - head.len());
        head.extend_from_slice(&buf[..take]);
        input.consume(take);
        if head.contains(&b'\n') {
            break;
        }
    }
    Ok(head)
}

fn import_vendors(app: &App, data: &[u8]) -> Result<ImportReport, ImportError> {
    let catalog = app.catalog.load();
    let txn = app.store.write().map_err(anyhow::Error::from)?;
    // A CSV error here is the header's (row errors are reported per row): the file's fault, not
    // ours. The kind was judged on the first 64 KiB, so the rest of a long header is read only now.
    let report = vendor_csv::import(&txn, data, &catalog.categories).map_err(|e| match e
        .downcast::<csv::Error>()
    {
        Ok(e) if matches!(e.kind(), csv::ErrorKind::Utf8 { .. }) => {
            ImportError::BadFile("The header line of the file is not valid UTF-8 text.".into())
        }
        Ok(e) => csv_error(e),
        Err(e) => ImportError::Internal(e),
    })?;
    txn.commit().map_err(anyhow::Error::from)?;
    crate::catalog::reload(app)?;
    Ok(report)
}

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

/// Turns every CRLF into LF while streaming.
struct CrlfToLf<R> {
    inner: R,
    raw: Vec<u8>,
    buf: Vec<u8>,
    pos: usize,
    pending_cr: bool,
}

impl<R: Read> CrlfToLf<R> {
    fn new(inner: R) -> Self {
        CrlfToLf {
            inner,
            raw: Vec::new(),
            buf: Vec::new(),
            pos: 0,
            pending_cr: false,
        }
    }
}

impl<R: Read> Read for CrlfToLf<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        loop {
            if self.pos < self.buf.len() {
                let n = out.len().min(self.buf.len() - self.pos);
                out[..n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
                self.pos += n;
                return Ok(n);
            }
            self.raw.resize(64 * 1024, 0);
            let n = self.inner.read(&mut self.raw)?;
            self.pos = 0;
            self.buf.clear();
            if n == 0 {
                if !std::mem::take(&mut self.pending_cr) {
                    return Ok(0);
                }
                self.buf.push(b'\r');
                continue;
            }
            let raw = &self.raw[..n];
            if std::mem::take(&mut self.pending_cr) && raw[0] != b'\n' {
                self.buf.push(b'\r');
            }
            if !raw.contains(&b'\r') {
                self.buf.extend_from_slice(raw);
                continue;
            }
            for i in 0..n {
                match raw[i] {
                    b'\r' if i + 1 == n => self.pending_cr = true,
                    b'\r' if raw[i + 1] == b'\n' => {}
                    b => self.buf.push(b),
                }
            }
        }
    }
}

/// Column positions of a bookings header.
struct BookingColumns {
    category: usize,
    created: usize,
    id: Option<usize>,
    client: Option<usize>,
    size: Option<usize>,
    city_state: Option<usize>,
    state: Option<usize>,
    dma: Option<usize>,
    name: Option<usize>,
    email: Option<usize>,
    company: Option<usize>,
}

impl BookingColumns {
    fn find(headers: &[String]) -> Result<BookingColumns, ImportError> {
        let norm: Vec<String> = headers.iter().map(|h| normalize_header(h)).collect();
        let pos = |names: &[&str]| norm.iter().position(|h| names.contains(&h.as_str()));
        let category = pos(&["category", "clientcategory"]);
        let created = pos(&["createdtime", "created", "createdat"]);
        let (Some(category), Some(created)) = (category, created) else {
            return Err(ImportError::BadFile(format!(
                "The file's header does not name the columns of a known file. {EXPECTED_COLUMNS}"
            )));
        };
        Ok(BookingColumns {
            category,
            created,
            id: pos(&["id", "bookingid"]),
            client: pos(&["client", "vendor"]),
            size: pos(&["firmsize", "standardizedpracticeareabrokenout"]),
            city_state: pos(&["citystate", "city+state", "city,state"]),
            state: pos(&["state"]),
            dma: pos(&["dma", "metroarea"]),
            name: pos(&["name"]),
            email: pos(&["email"]),
            company: pos(&["company"]),
        })
    }
}

/// The per-install HMAC key, created on first use (0600, never logged).
pub fn install_key(data_dir: &Path) -> anyhow::Result<[u8; 32]> {
    let path = data_dir.join("booking-identity.key");
    match std::fs::read(&path) {
        Ok(bytes) if bytes.len() == 32 => Ok(bytes.try_into().unwrap_or([0; 32])),
        Ok(_) => anyhow::bail!("{} is damaged (it must hold 32 bytes)", path.display()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let key: [u8; 32] = rand::random();
            let tmp = data_dir.join("booking-identity.key.tmp");
            std::fs::write(&tmp, key)?;
            store::restrict_file(&tmp);
            std::fs::rename(&tmp, &path)?;
            Ok(key)
        }
        Err(e) => Err(e.into()),
    }
}

/// A row parsed: the booking, and the bytes its identity hash is taken over.
struct ParsedRow {
    booking: Booking,
    /// "id" identity (from the file's Id) or "row" identity (the normalised fields).
    file_id: Option<String>,
}

fn field(rec: &csv::ByteRecord, i: Option<usize>) -> Result<&str, String> {
    match i.and_then(|i| rec.get(i)) {
        None => Ok(""),
        Some(bytes) => std::str::from_utf8(bytes)
            .map(str::trim)
            .map_err(|_| "the row is not valid UTF-8 text".to_string()),
    }
}

fn text(raw: &str, column: &str, max: usize) -> Result<Option<String>, String> {
    if raw.is_empty() {
        return Ok(None);
    }
    if raw.chars().count() > max {
        return Err(format!("{column} is longer than {max} characters"));
    }
    if raw.chars().any(char::is_control) {
        return Err(format!(
            "{column} contains a line break or control character"
        ));
    }
    Ok(Some(raw.to_string()))
}

fn parse_size(raw: &str) -> Result<FirmSize, String> {
    if raw.is_empty() {
        return Ok(FirmSize::Solo);
    }
    FirmSize::parse(raw)
        .or_else(|| {
            let bare = raw
                .trim_end_matches(" employees")
                .trim_end_matches(" Employees");
            FirmSize::ALL
                .into_iter()
                .find(|s| s.label().eq_ignore_ascii_case(bare))
        })
        .ok_or_else(|| format!("unknown firm size \"{}\"", truncate(raw, 40)))
}

/// Created Time: ISO-8601 (a missing zone means UTC) or the US export form `1/31/2026 2:05 PM`.
pub fn parse_created(raw: &str) -> Result<i64, String> {
    if raw.is_empty() {
        return Err("Created Time is required".into());
    }
    let t = DateTime::parse_from_rfc3339(raw)
        .map(|d| d.timestamp())
        .or_else(|_| {
            DateTime::parse_from_str(raw, "%Y-%m-%d %H:%M:%S%.f%:z").map(|d| d.timestamp())
        })
        .or_else(|_| {
            [
                "%Y-%m-%dT%H:%M:%S%.f",
                "%Y-%m-%d %H:%M:%S%.f",
                "%Y-%m-%dT%H:%M",
                "%Y-%m-%d %H:%M",
                "%m/%d/%Y %I:%M %p",
                "%m/%d/%Y %I:%M:%S %p",
                "%m/%d/%Y %H:%M",
            ]
            .iter()
            .find_map(|f| NaiveDateTime::parse_from_str(raw, f).ok())
            .or_else(|| {
                ["%Y-%m-%d", "%m/%d/%Y"]
                    .iter()
                    .find_map(|f| NaiveDate::parse_from_str(raw, f).ok())
                    .and_then(|d| d.and_hms_opt(0, 0, 0))
            })
            .map(|d| d.and_utc().timestamp())
            .ok_or(())
        })
        .map_err(|_| {
            format!(
                "Created Time \"{}\" is not a date (use 2026-01-31T14:05:00Z or 1/31/2026 2:05 PM)",
                truncate(raw, 40)
            )
        })?;
    // 2000-01-01 .. 2100-01-01
    if !(946_684_800..4_102_444_800).contains(&t) {
        return Err(format!(
            "Created Time \"{}\" is not between 2000 and 2099",
            truncate(raw, 40)
        ));
    }
    Ok(t)
}

fn parse_row(
    cols: &BookingColumns,
    rec: &csv::ByteRecord,
    catalog: &Catalog,
    sample: bool,
) -> Result<ParsedRow, String> {
    let category_raw = field(rec, Some(cols.category))?;
    if category_raw.is_empty() {
        return Err("Category is required".into());
    }
    let category = catalog
        .category_by_name(category_raw)
        .ok_or_else(|| format!("unknown category \"{}\"", truncate(category_raw, 60)))?
        .name
        .clone();
    let created = parse_created(field(rec, Some(cols.created))?)?;
    let client = text(field(rec, cols.client)?, "Client", MAX_CLIENT)?.unwrap_or_default();
    let firm_size = parse_size(field(rec, cols.size)?)?;
    let city_state = text(field(rec, cols.city_state)?, "City State", MAX_TEXT)?;
    let state = match field(rec, cols.state)? {
        "" => city_state
            .as_deref()
            .and_then(|cs| cs.rsplit_once(','))
            .and_then(|(_, st)| reference::state_code(st)),
        raw => Some(
            reference::state_code(raw)
                .ok_or_else(|| format!("unknown state \"{}\"", truncate(raw, 40)))?,
        ),
    };
    let dma = text(field(rec, cols.dma)?, "DMA", MAX_TEXT)?;
    let file_id = text(field(rec, cols.id)?, "Id", MAX_TEXT)?;
    Ok(ParsedRow {
        booking: Booking {
            category,
            client,
            firm_size,
            city_state,
            state: state.map(String::from),
            dma,
            created,
            sample,
        },
        file_id,
    })
}

/// The identity of a row: keyed hash of its file Id, or of its fields with the person's
/// name, email and company (lower-cased), which are used for nothing else.
fn identity(
    mac: &Hmac<Sha256>,
    row: &ParsedRow,
    cols: &BookingColumns,
    rec: &csv::ByteRecord,
) -> Result<[u8; IDENTITY_LEN], String> {
    let mut m = mac.clone();
    match &row.file_id {
        Some(id) => {
            m.update(b"id\x1f");
            m.update(id.as_bytes());
        }
        None => {
            let b = &row.booking;
            m.update(b"row\x1f");
            for part in [
                b.category.to_lowercase().as_str(),
                b.client.to_lowercase().as_str(),
                b.firm_size.code(),
                b.city_state.as_deref().unwrap_or(""),
                b.state.as_deref().unwrap_or(""),
                b.dma.as_deref().unwrap_or(""),
                &b.created.to_string(),
                &field(rec, cols.name)?.to_lowercase(),
                &field(rec, cols.email)?.to_lowercase(),
                &field(rec, cols.company)?.to_lowercase(),
            ] {
                m.update(part.as_bytes());
                m.update(b"\x1f");
            }
        }
    }
    let out = m.finalize().into_bytes();
    let mut key = [0u8; IDENTITY_LEN];
    key.copy_from_slice(&out[..IDENTITY_LEN]);
    Ok(key)
}

pub(crate) fn meta_in(txn: &redb::WriteTransaction, key: &str) -> anyhow::Result<Option<u64>> {
    Ok(txn.open_table(META)?.get(key)?.map(|v| v.value()))
}

/// Identities per value of `BOOKING_IDENTITIES` (1 MiB).
const IDENTITIES_PER_RUN: usize = 65_536;
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
    let table = txn.open_table(BOOKING_IDENTITIES)?;
    let mut known = HashMap::with_capacity_and_hasher(bookings as usize, KeyHasher);
    for entry in table.iter()? {
        let (first, run) = entry?;
        let first = first.value();
        for (i, identity) in run.value().chunks_exact(IDENTITY_LEN).enumerate() {
            if let Ok(identity) = identity.try_into() {
                known.insert(identity, first + i as u64);
            }
        }
    }
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
    let mut bookings = txn.open_table(BOOKINGS)?;
    let (mut updated, mut unchanged) = (0, 0);
    for batch in batches {
        for write in batch {
            match write {
                Write::New(id, booking) => {
                    bookings.insert(id, codec::encode(&booking).as_slice())?;
                    if let Some(b) = builder.as_mut() {
                        b.push(id, &booking);
                    }
                }
                Write::Existing(id, booking) => {
                    let value = codec::encode(&booking);
                    if bookings.get(id)?.is_some_and(|old| old.value() == value) {
                        unchanged += 1;
                    } else {
                        bookings.insert(id, value.as_slice())?;
                        updated += 1;
                        builder = None;
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

fn import_bookings(
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

    let _one_at_a_time = super::one_writer();
    let started = std::time::Instant::now();
    let current = app.bookings.load_full();
    let txn = app.store.write().map_err(anyhow::Error::from)?;
    let generation = meta_in(&txn, super::GENERATION)?.unwrap_or(0);
    // New rows are appended to a copy of the current rows; an update means a full rebuild.
    let builder =
        (current.generation == generation).then(|| ColumnsBuilder::extend(current.all_columns()));
    drop(current);
    let first_new = meta_in(&txn, "seq:bookings")?.unwrap_or(0) + 1;
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
    {
        let mut runs = txn
            .open_table(BOOKING_IDENTITIES)
            .map_err(anyhow::Error::from)?;
        for (i, run) in new_identities.chunks(IDENTITIES_PER_RUN).enumerate() {
            let first = first_new + (i * IDENTITIES_PER_RUN) as u64;
            runs.insert(first, run.as_flattened())
                .map_err(anyhow::Error::from)?;
        }
    }
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
        store::meta_set(&txn, super::GENERATION, generation)?;
    }
    if let Some(marker) = options.marker {
        store::meta_set(&txn, marker, 1)?;
    }
    tracing::debug!(elapsed = ?started.elapsed(), "import: identities written");
    txn.commit().map_err(anyhow::Error::from)?;
    tracing::debug!(elapsed = ?started.elapsed(), "import: committed");
    if changed {
        match builder {
            Some(b) => super::install(app, generation, b.finish()),
            None => super::refresh(app)?,
        }
        tracing::debug!(elapsed = ?started.elapsed(), "import: index installed");
    }
    Ok(report.finish(row_errors))
}
