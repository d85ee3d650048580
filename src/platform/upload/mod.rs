//! What every CSV upload shares, whichever domain reads it: the report an import answers
//! (`report`) and the text rules for header names, web addresses and quoted values (`text`).
//! It imports no domain, so the catalog, the bookings and the recommendations can use it without
//! reaching the import that sits above them.

mod report;
mod text;

pub use report::{ImportReport, LISTED_ERRORS, LISTED_UNKNOWN_VENDORS, RowProblems};
pub use text::{formula_message, normalize_header, parse_web_url, refuse_formula, truncate};
