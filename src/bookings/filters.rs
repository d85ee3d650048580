//! The trends filters, parsed and validated at the edge (a bad value is a 400 naming it), and the
//! UTC day numbers they are compared in. Kept apart from the query engine so that the answer cache
//! (keyed by filters), the queries and the index depend on them without depending on each other.

use chrono::{Datelike, NaiveDate};

use super::reference;
use crate::platform::error::{AppError, bad_request};
use crate::platform::firm_size::FirmSize;

pub const SECS_PER_DAY: i64 = 86_400;
/// Days since 1970-01-01 of 0001-01-01 (chrono counts days from the common era).
const EPOCH_FROM_CE: i32 = 719_163;

/// The longest metro-area name a filter may name.
pub const MAX_DMA_CHARS: usize = 200;

/// The trends filters, validated. Dates are UTC days, both ends inclusive.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Filters {
    pub dma: Option<String>,
    pub state: Option<&'static str>,
    pub firm_size: Option<FirmSize>,
    pub start: Option<NaiveDate>,
    pub end: Option<NaiveDate>,
}

fn present(raw: Option<&str>) -> Option<&str> {
    raw.map(str::trim).filter(|s| !s.is_empty())
}

/// A filter date, "YYYY-MM-DD".
pub fn parse_date(raw: &str, field: &str) -> Result<NaiveDate, AppError> {
    NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .ok()
        .filter(|_| raw.len() == 10)
        .ok_or_else(|| bad_request(format!("{field} must be a date like 2026-01-31")))
}

/// A two-letter state code (or a full name); anything else is a 400 naming the value.
pub fn parse_state(raw: &str) -> Result<&'static str, AppError> {
    reference::state_code(raw).ok_or_else(|| {
        bad_request(format!(
            "Unknown state \"{}\": use a two-letter US state code such as TX.",
            crate::platform::upload::truncate(raw, 40)
        ))
    })
}

/// The `includeSample` parameter: `None` when absent (the default applies), else true or false.
pub fn parse_include_sample(raw: Option<&str>) -> Result<Option<bool>, AppError> {
    match present(raw) {
        None => Ok(None),
        Some("true") => Ok(Some(true)),
        Some("false") => Ok(Some(false)),
        Some(_) => Err(bad_request("includeSample must be true or false")),
    }
}

impl Filters {
    pub fn parse(
        dma: Option<&str>,
        state: Option<&str>,
        firm_size: Option<&str>,
        start: Option<&str>,
        end: Option<&str>,
    ) -> Result<Filters, AppError> {
        let firm_size = present(firm_size)
            .map(|raw| {
                FirmSize::parse(raw).ok_or_else(|| {
                    let codes: Vec<&str> = FirmSize::ALL.iter().map(|s| s.code()).collect();
                    bad_request(format!(
                        "Unknown firm size \"{}\": use one of {}.",
                        crate::platform::upload::truncate(raw, 40),
                        codes.join(", ")
                    ))
                })
            })
            .transpose()?;
        let start = present(start).map(|s| parse_date(s, "start")).transpose()?;
        let end = present(end).map(|s| parse_date(s, "end")).transpose()?;
        if let (Some(s), Some(e)) = (start, end)
            && s > e
        {
            return Err(bad_request(
                "The start date must be on or before the end date",
            ));
        }
        let dma = present(dma);
        if dma.is_some_and(|d| d.chars().count() > MAX_DMA_CHARS) {
            return Err(bad_request(format!(
                "dma must be at most {MAX_DMA_CHARS} characters"
            )));
        }
        Ok(Filters {
            dma: dma.map(str::to_string),
            state: present(state).map(parse_state).transpose()?,
            firm_size,
            start,
            end,
        })
    }

    /// The first and last day the filters let in (both inclusive).
    pub fn day_range(&self) -> (i32, i32) {
        (
            self.start.map_or(i32::MIN, day_number),
            self.end.map_or(i32::MAX, day_number),
        )
    }

    /// The first second the filters let in.
    pub fn start_time(&self) -> i64 {
        self.start
            .map_or(i64::MIN, |d| day_number(d) as i64 * SECS_PER_DAY)
    }

    /// The first second after the ones the filters let in.
    pub fn end_time(&self) -> i64 {
        self.end
            .map_or(i64::MAX, |d| (day_number(d) as i64 + 1) * SECS_PER_DAY)
    }
}

/// Days since 1970-01-01.
pub fn day_number(d: NaiveDate) -> i32 {
    d.num_days_from_ce() - EPOCH_FROM_CE
}

/// The date of a day number.
pub fn date_of(day: i32) -> NaiveDate {
    NaiveDate::from_num_days_from_ce_opt(day + EPOCH_FROM_CE).unwrap_or_default()
}
