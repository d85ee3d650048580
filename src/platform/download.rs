//! What the product's CSV downloads share: cells a spreadsheet opens as the text they are, CRLF
//! rows, and the response that names the file.

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// A cell a spreadsheet would read as a formula (= + - @, or a leading tab, carriage return or
/// line feed, after which some spreadsheets still read a formula) gets a leading apostrophe, so
/// it is shown as the text it is. Every CSV the product writes passes its cells through here.
pub fn safe_cell(text: &str) -> String {
    match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r' | '\n') => format!("'{text}"),
        _ => text.to_string(),
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

/// A CSV file written row by row: UTF-8, CRLF, rows of any length (a few lines that name what the
/// file holds may come before the table), every cell but a plain number through `safe_cell`.
#[derive(Default)]
pub struct CsvFile {
    bytes: Vec<u8>,
}

impl CsvFile {
    pub fn row<S: AsRef<str>>(&mut self, cells: impl IntoIterator<Item = S>) -> anyhow::Result<()> {
        let cells = cells.into_iter().map(|c| {
            let c = c.as_ref();
            if is_plain_number(c) {
                c.to_string()
            } else {
                safe_cell(c)
            }
        });
        // One writer a row, so that the blank line below can go between rows.
        let mut out = csv::WriterBuilder::new()
            .terminator(csv::Terminator::CRLF)
            .buffer_capacity(1024)
            .from_writer(&mut self.bytes);
        out.write_record(cells)?;
        Ok(out.flush()?)
    }

    /// An empty line, between the lines that name the file's contents and the table.
    pub fn blank(&mut self) {
        self.bytes.extend_from_slice(b"\r\n");
    }

    pub fn finish(self) -> Vec<u8> {
        self.bytes
    }
}

/// A CSV download named `file_name` (letters, digits, dots and dashes only).
pub fn csv_response(body: Vec<u8>, file_name: &str) -> Response {
    let name: String = file_name
        .chars()
        .map(|c| match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '.' | '-' | '_' => c,
            _ => '-',
        })
        .collect();
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_escaped_and_numbers_kept() {
        let mut file = CsvFile::default();
        file.row(["=SUM(A1)", "-12", "3.5", "-2+3", "@x", "Intake, Staffing"])
            .unwrap();
        file.blank();
        file.row(["a"]).unwrap();
        let text = String::from_utf8(file.finish()).unwrap();
        assert_eq!(
            text,
            "'=SUM(A1),-12,3.5,'-2+3,'@x,\"Intake, Staffing\"\r\n\r\na\r\n"
        );
    }
}
