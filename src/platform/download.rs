//! What the product's CSV downloads share: a header row then rows, nothing above the header (what
//! a file was filtered by goes in its name), cells a spreadsheet opens as the text they are, CRLF
//! rows, and the response that names the file.

use std::borrow::Cow;

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// A cell a spreadsheet would read as a formula (= + - @, or a leading tab, carriage return or
/// line feed, after which some spreadsheets still read a formula) gets a leading apostrophe, so
/// it is shown as the text it is (the OWASP rule for CSV injection). Every CSV the product writes
/// passes its text cells through here.
pub fn safe_cell(text: &str) -> Cow<'_, str> {
    match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r' | '\n') => Cow::Owned(format!("'{text}")),
        _ => Cow::Borrowed(text),
    }
}

/// A plain decimal number ("-12", "3.5"): a spreadsheet reads it as that number, never as a
/// formula, so it is written as it is.
fn is_plain_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    all_digits(whole) && all_digits(fraction)
}

/// A CSV file written row by row: UTF-8, CRLF, the header row first, every cell but a plain
/// number through `safe_cell`, quoted when it holds a comma, a quote or a line end. A download
/// that streams takes the bytes written so far with `take` and goes on writing.
#[derive(Default)]
pub struct CsvFile {
    bytes: Vec<u8>,
}

impl CsvFile {
    pub fn row<S: AsRef<str>>(&mut self, cells: impl IntoIterator<Item = S>) -> anyhow::Result<()> {
        for (i, cell) in cells.into_iter().enumerate() {
            if i > 0 {
                self.bytes.push(b',');
            }
            let cell = cell.as_ref();
            let cell = if is_plain_number(cell) {
                Cow::Borrowed(cell)
            } else {
                safe_cell(cell)
            };
            self.cell(&cell);
        }
        self.bytes.extend_from_slice(b"\r\n");
        Ok(())
    }

    fn cell(&mut self, cell: &str) {
        if !cell
            .bytes()
            .any(|b| matches!(b, b',' | b'"' | b'\r' | b'\n'))
        {
            self.bytes.extend_from_slice(cell.as_bytes());
            return;
        }
        self.bytes.push(b'"');
        for part in cell.split_inclusive('"') {
            self.bytes.extend_from_slice(part.as_bytes());
            if part.ends_with('"') {
                self.bytes.push(b'"');
            }
        }
        self.bytes.push(b'"');
    }

    /// The number of bytes written and not yet taken.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The bytes written so far (a streamed download's next chunk); writing goes on after them.
    pub fn take(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.bytes)
    }

    pub fn finish(self) -> Vec<u8> {
        self.bytes
    }
}

/// A download's file name as a header may carry it: letters, digits, dots, dashes and
/// underscores, anything else a dash, at most 180 characters before `.csv`.
pub fn file_name(raw: &str) -> String {
    let (stem, ext) = raw.rsplit_once('.').unwrap_or((raw, "csv"));
    let clean = |s: &str| -> String {
        s.chars()
            .map(|c| match c {
                'a'..='z' | 'A'..='Z' | '0'..='9' | '.' | '-' | '_' => c,
                _ => '-',
            })
            .collect()
    };
    let stem: String = clean(stem).chars().take(180).collect();
    format!("{stem}.{}", clean(ext))
}

/// The headers of a CSV download named `file_name`.
pub fn csv_headers(file_name: &str) -> [(header::HeaderName, String); 2] {
    [
        (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
        (
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{}\"", self::file_name(file_name)),
        ),
    ]
}

/// A CSV download named `file_name`.
pub fn csv_response(body: Vec<u8>, file_name: &str) -> Response {
    (csv_headers(file_name), body).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_escaped_and_numbers_kept() {
        let mut file = CsvFile::default();
        file.row(["Client", "Change", "Share", "Note", "Who", "Where"])
            .unwrap();
        file.row(["=SUM(A1)", "-12", "3.5", "-2+3", "@x", "Intake, Staffing"])
            .unwrap();
        file.row(["+1", "\t=1", "\r=1", "a \"b\"", "", "x\r\ny"])
            .unwrap();
        let text = String::from_utf8(file.finish()).unwrap();
        assert_eq!(
            text,
            "Client,Change,Share,Note,Who,Where\r\n\
             '=SUM(A1),-12,3.5,'-2+3,'@x,\"Intake, Staffing\"\r\n\
             '+1,'\t=1,\"'\r=1\",\"a \"\"b\"\"\",,\"x\r\ny\"\r\n"
        );
        // The csv crate reads back every cell as written, the header first.
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        assert_eq!(reader.headers().unwrap().get(0), Some("Client"));
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(rows[1].get(3), Some("a \"b\""));
        assert_eq!(rows[1].get(5), Some("x\r\ny"));
    }

    #[test]
    fn a_streamed_file_is_the_same_bytes_in_chunks() {
        let mut whole = CsvFile::default();
        let mut streamed = CsvFile::default();
        let mut chunks = Vec::new();
        for i in 0..10 {
            let row = [format!("row {i}"), "=1".to_string()];
            whole.row(&row).unwrap();
            streamed.row(&row).unwrap();
            if streamed.len() > 20 {
                chunks.extend(streamed.take());
            }
        }
        chunks.extend(streamed.finish());
        assert_eq!(chunks, whole.finish());
    }

    #[test]
    fn a_file_name_is_letters_digits_and_dashes() {
        assert_eq!(
            file_name("demo-bookings_2026-09-01_to_2026-11-29_metro-Dallas-Ft. Worth.csv"),
            "demo-bookings_2026-09-01_to_2026-11-29_metro-Dallas-Ft.-Worth.csv"
        );
        assert_eq!(file_name("a\"b/c\r\n.csv"), "a-b-c--.csv");
        assert_eq!(file_name(&"x".repeat(300)).len(), 180 + 4);
    }
}
