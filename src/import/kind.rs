//! What kind of file an import holds, judged by its header: demo bookings or vendors.

use std::io::{BufRead, BufReader, Read};

use super::ImportError;
use super::reader::io_error;
use super::rows::BookingColumns;
use crate::catalog::vendor_csv;

/// What the 400 for an unrecognised file names.
pub const EXPECTED_COLUMNS: &str = "Demo booking files need the columns Category (or Client \
    Category) and Created Time, and may have Client, Firm Size (or Standardized Practice Area Broken \
    Out), City State, State, DMA, Id, Name, Email, Company and Platform. Vendor files need name, \
    category, websiteUrl and bookingUrl.";

/// The header must fit in this much of the start of the file.
pub(super) const HEAD_BYTES: usize = 64 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Bookings,
    Vendors,
}

impl Kind {
    /// The name the report and the messages use.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Bookings => "bookings",
            Kind::Vendors => "vendors",
        }
    }

    /// The kind a header names: vendors by their required columns, bookings by Category and
    /// Created Time.
    fn of_header(headers: &[String]) -> Result<Kind, ImportError> {
        if vendor_csv::is_vendor_header(headers) {
            return Ok(Kind::Vendors);
        }
        BookingColumns::find(headers).map(|_| Kind::Bookings)
    }

    /// Refuses a file of another kind than the caller expects.
    pub(super) fn check(self, expected: Option<Kind>) -> Result<(), ImportError> {
        match expected {
            Some(expected) if expected != self => Err(ImportError::BadFile(format!(
                "This is a {} file (judging by its header), not a {} file.",
                self.name(),
                expected.name()
            ))),
            _ => Ok(()),
        }
    }
}

/// The start of a file, read to judge it.
pub(super) struct Head {
    /// The bytes read (the rest of the file follows them in the reader).
    pub bytes: Vec<u8>,
    pub headers: Vec<String>,
    pub kind: Kind,
}

/// Reads the header line and judges the file by it; a file that is empty, binary or without a
/// known header is refused.
pub(super) fn read_head(input: &mut BufReader<impl Read>) -> Result<Head, ImportError> {
    let bytes = fill_head(input)?;
    let text = bytes
        .strip_prefix(b"\xef\xbb\xbf".as_slice())
        .unwrap_or(&bytes);
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
    let kind = Kind::of_header(&headers)?;
    Ok(Head {
        bytes,
        headers,
        kind,
    })
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
