//! What every CSV import reports: counts and the row errors a person needs to fix the file.

use serde::Serialize;

/// Row errors listed in full before the rest are only counted.
pub const LISTED_ERRORS: usize = 100;
/// Client names that are not catalog vendors, listed before the rest are only counted.
pub const LISTED_UNKNOWN_VENDORS: usize = 20;

#[derive(Debug, Default, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    /// "bookings" or "vendors": which kind the header said the file is.
    pub kind: &'static str,
    pub inserted: u64,
    pub updated: u64,
    /// Rows skipped: unchanged re-imported rows and refused rows alike.
    pub skipped: u64,
    /// Of `skipped`, the rows refused for an error (listed in `errors`, the first hundred).
    pub row_errors: u64,
    pub errors: Vec<String>,
    /// Imported booking rows whose Client names no vendor of the catalog: they count in the
    /// trends but can be evidence for no vendor (0 for a vendor file).
    pub unknown_vendor_rows: u64,
    /// Those Client names, the most frequent first, at most `LISTED_UNKNOWN_VENDORS`.
    pub unknown_vendors: Vec<String>,
    /// How many distinct such names there are (`unknownVendors` lists the first of them).
    pub unknown_vendor_names: u64,
}

impl ImportReport {
    pub fn new(kind: &'static str) -> Self {
        ImportReport {
            kind,
            ..Default::default()
        }
    }

    /// Records a rejected row as "Row N: reason" (N is the file line, the header being line 1).
    /// Control characters a reason quotes from the file are shown as U+FFFD: `litstack import`
    /// prints these lines to a terminal, where an escape sequence from a file must not act.
    pub fn row_error(&mut self, line: u64, reason: impl std::fmt::Display) {
        self.skipped += 1;
        let reason: String = reason
            .to_string()
            .chars()
            .map(|c| if c.is_control() { '\u{fffd}' } else { c })
            .collect();
        self.push_error(format!("Row {line}: {reason}"));
    }

    fn push_error(&mut self, message: String) {
        if self.errors.len() < LISTED_ERRORS {
            self.errors.push(message);
        } else if self.errors.len() == LISTED_ERRORS {
            self.errors.push(String::new()); // replaced by the overflow count in `finish`
        }
    }

    /// "37 rows name a vendor not in the catalog: A, B, …", or `None` when every row's Client
    /// is a catalog vendor.
    pub fn unknown_vendor_note(&self) -> Option<String> {
        let rows = self.unknown_vendor_rows;
        if rows == 0 {
            return None;
        }
        let (subject, verb) = if rows == 1 {
            ("row", "names")
        } else {
            ("rows", "name")
        };
        let mut names = self.unknown_vendors.join(", ");
        if (self.unknown_vendors.len() as u64) < self.unknown_vendor_names {
            names.push_str(", …");
        }
        Some(format!(
            "{rows} {subject} {verb} a vendor not in the catalog: {names}"
        ))
    }

    /// Replaces the overflow marker with "... and N more row errors".
    pub fn finish(mut self, total_row_errors: u64) -> Self {
        self.row_errors = total_row_errors;
        if self.errors.len() > LISTED_ERRORS {
            self.errors.pop();
            let more = total_row_errors.saturating_sub(LISTED_ERRORS as u64);
            self.errors.push(format!("... and {more} more row errors"));
        }
        self
    }
}

/// Every problem of one row, so that its error names them all ("Row 7: a; b; c") and the file
/// is fixed in one pass rather than one problem per import. The same problem is listed once.
#[derive(Debug, Default)]
pub struct RowProblems(Vec<String>);

impl RowProblems {
    /// The value of `result`, or `None` with its problem noted.
    pub fn check<T>(&mut self, result: Result<T, String>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(problem) => {
                self.add(problem);
                None
            }
        }
    }

    pub fn add(&mut self, problem: impl Into<String>) {
        let problem = problem.into();
        if !self.0.contains(&problem) {
            self.0.push(problem);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `Ok(())` for a row without problems, else every problem in one reason.
    pub fn finish(self) -> Result<(), String> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(self.0.join("; "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_errors_never_carry_control_characters_from_the_file() {
        let mut r = ImportReport::new("vendors");
        r.row_error(2, "unknown category \"\u{1b}[2J\u{1b}]0;owned\u{7}\r\n\"");
        assert_eq!(
            r.errors,
            ["Row 2: unknown category \"\u{fffd}[2J\u{fffd}]0;owned\u{fffd}\u{fffd}\u{fffd}\""]
        );
    }

    #[test]
    fn a_rows_problems_are_listed_together_each_once() {
        let mut problems = RowProblems::default();
        assert_eq!(problems.check::<u8>(Ok(1)), Some(1));
        assert!(problems.is_empty());
        assert_eq!(problems.check::<u8>(Err("a".into())), None);
        problems.add("b");
        problems.add("a");
        assert_eq!(problems.finish(), Err("a; b".to_string()));
        assert_eq!(RowProblems::default().finish(), Ok(()));
    }

    #[test]
    fn errors_past_one_hundred_are_counted_not_listed() {
        let mut r = ImportReport::new("bookings");
        for i in 0..150 {
            r.row_error(i + 2, "bad");
        }
        let r = r.finish(150);
        assert_eq!(r.errors.len(), 101);
        assert_eq!(r.errors[100], "... and 50 more row errors");
        assert_eq!(r.skipped, 150);
    }
}
