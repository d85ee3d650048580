//! A saved view: a name and the /trends query string it opens, the firm's. What a request may
//! save is parsed here once (`ViewName`, `ViewParams`), so storage only ever sees valid values.

use serde::{Deserialize, Serialize};

use crate::platform::error::{AppError, bad_request};

/// The most views one firm keeps.
pub const MAX_VIEWS: usize = 100;
/// A view's name, in characters after trimming.
pub const MAX_NAME: usize = 80;
/// The query string, in characters.
pub const MAX_PARAMS: usize = 2_000;
/// One parameter's value, in characters (decoded).
pub const MAX_VALUE: usize = 200;

/// The /trends parameters the web app keeps in the address (web/src/features/trends): the only
/// ones a view may hold.
pub const TRENDS_PARAMS: [&str; 13] = [
    "dma",
    "state",
    "firmSize",
    "start",
    "end",
    "includeSample",
    "page",
    "compare",
    "compareStart",
    "compareEnd",
    "granularity",
    "stackBy",
    "categoryId",
];

/// A saved view as stored (redb: `SAVED_VIEWS`; PostgreSQL: `saved_views`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedView {
    pub id: u64,
    pub firm_id: u64,
    pub name: String,
    /// The /trends query string, without the leading `?`.
    pub params: String,
    /// Unix seconds.
    pub created_at: i64,
    /// The member who saved it (their name then).
    pub created_by: Option<String>,
}

impl SavedView {
    /// Whether this view's name is `name`, ignoring case (a firm's names are unique so).
    pub fn named(&self, name: &str) -> bool {
        self.name.to_lowercase() == name.to_lowercase()
    }
}

/// A view to save, parsed: storage assigns its id.
#[derive(Debug, Clone)]
pub struct NewView {
    pub name: ViewName,
    pub params: ViewParams,
    pub created_at: i64,
    pub created_by: Option<String>,
}

/// A view's name: 1 to 80 visible characters on one line, in NFC.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViewName(String);

impl ViewName {
    pub fn parse(raw: &str) -> Result<ViewName, AppError> {
        if raw.chars().any(char::is_control) {
            return Err(bad_request(
                "The view's name must be one line of text, without control characters",
            ));
        }
        let name = crate::accounts::text::visible_nfc(raw, "The view's name")?;
        if name.is_empty() {
            return Err(bad_request("Give the view a name"));
        }
        if name.chars().count() > MAX_NAME {
            return Err(bad_request(format!(
                "The view's name must be at most {MAX_NAME} characters long"
            )));
        }
        Ok(ViewName(name))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A /trends query string holding only the parameters the screen uses, each once and short.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViewParams(String);

impl ViewParams {
    pub fn parse(raw: &str) -> Result<ViewParams, AppError> {
        let raw = raw.trim();
        let raw = raw.strip_prefix('?').unwrap_or(raw);
        if raw.chars().count() > MAX_PARAMS {
            return Err(bad_request(
                "The view's parameters are too long: at most 2,000 characters",
            ));
        }
        if raw.chars().any(|c| c.is_control() || c == ' ' || c == '#') {
            return Err(bad_request(
                "The view's parameters must be a query string as in the address (no spaces)",
            ));
        }
        let mut seen: Vec<String> = Vec::new();
        for (name, value) in form_urlencoded::parse(raw.as_bytes()) {
            if !TRENDS_PARAMS.contains(&name.as_ref()) {
                return Err(bad_request(format!(
                    "Unknown parameter {name:?}: a view keeps only {}",
                    TRENDS_PARAMS.join(", ")
                )));
            }
            if seen.iter().any(|s| *s == name) {
                return Err(bad_request(format!("The parameter {name} is given twice")));
            }
            if value.chars().count() > MAX_VALUE {
                return Err(bad_request(format!(
                    "The value of {name} is too long: at most {MAX_VALUE} characters"
                )));
            }
            if value.chars().any(char::is_control) {
                return Err(bad_request(format!(
                    "The value of {name} contains a control character"
                )));
            }
            seen.push(name.into_owned());
        }
        Ok(ViewParams(raw.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// `name`, or the first of "name (2)", "name (3)", ... that none of `taken` is (ignoring case),
/// cut so that it stays within `MAX_NAME`: a merged firm's view whose name the kept firm has.
pub fn free_name(name: &str, taken: &[SavedView]) -> String {
    if !taken.iter().any(|v| v.named(name)) {
        return name.to_string();
    }
    (2..)
        .map(|n| {
            let suffix = format!(" ({n})");
            let room = MAX_NAME.saturating_sub(suffix.chars().count());
            let stem: String = name.chars().take(room).collect();
            format!("{}{suffix}", stem.trim_end())
        })
        .find(|candidate| !taken.iter().any(|v| v.named(candidate)))
        .unwrap_or_else(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(result: Result<impl std::fmt::Debug, AppError>) -> String {
        result.unwrap_err().to_string()
    }

    #[test]
    fn views_names_are_trimmed_nfc_and_bounded() {
        assert_eq!(ViewName::parse("  Texas Q1 ").unwrap().as_str(), "Texas Q1");
        assert_eq!(
            ViewName::parse("Cafe\u{301}").unwrap().as_str(),
            "Caf\u{e9}"
        );
        assert_eq!(error(ViewName::parse("   ")), "Give the view a name");
        assert!(error(ViewName::parse("a\tb")).contains("control"));
        assert!(error(ViewName::parse("a\u{200B}b")).contains("invisible"));
        assert!(ViewName::parse(&"x".repeat(80)).is_ok());
        assert!(error(ViewName::parse(&"x".repeat(81))).contains("at most 80"));
    }

    #[test]
    fn views_params_hold_only_the_trends_parameters() {
        let ok = ViewParams::parse("?state=TX&start=2026-01-01&dma=Austin%2C+TX").unwrap();
        assert_eq!(ok.as_str(), "state=TX&start=2026-01-01&dma=Austin%2C+TX");
        assert_eq!(ViewParams::parse("").unwrap().as_str(), "");
        assert!(error(ViewParams::parse("state=TX&vendor=9")).contains("\"vendor\""));
        assert!(error(ViewParams::parse("state=TX&state=CA")).contains("state is given twice"));
        let long = format!("dma={}", "a".repeat(201));
        assert!(error(ViewParams::parse(&long)).contains("value of dma is too long"));
        let longest = format!("dma={}", "a".repeat(2_000));
        assert!(error(ViewParams::parse(&longest)).contains("at most 2,000"));
        assert!(error(ViewParams::parse("state=T X")).contains("no spaces"));
        assert!(error(ViewParams::parse("state=%07")).contains("control"));
    }

    #[test]
    fn views_a_taken_name_gets_the_first_free_number() {
        let view = |name: &str| SavedView {
            id: 1,
            firm_id: 1,
            name: name.into(),
            params: String::new(),
            created_at: 0,
            created_by: None,
        };
        let taken = [view("Texas"), view("texas (2)")];
        assert_eq!(free_name("Ohio", &taken), "Ohio");
        assert_eq!(free_name("TEXAS", &taken), "TEXAS (3)");
        let long = "y".repeat(80);
        assert_eq!(free_name(&long, &[view(&long)]).chars().count(), 80);
    }
}
