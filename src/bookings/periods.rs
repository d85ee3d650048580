//! The analyst's shapes of a trends question: which period the answer is compared with, how the
//! series is bucketed (days, ISO weeks, months) and the rule that says when a change is a trend.
//! Pure date arithmetic over UTC day numbers, so the query engine, the answers and the CSV files
//! agree on every bucket and period.

use chrono::{Datelike, Months, NaiveDate};
use serde::Serialize;

use super::filters::{Filters, date_of, day_number, parse_date};
use crate::platform::error::{AppError, bad_request};

/// A change is given as a percentage only when both periods have at least this many bookings.
pub const MIN_BOOKINGS_FOR_CHANGE: u64 = 20;

/// Whether a period's bookings are enough to call a trend: the one rule behind a change's
/// percentage and behind comparing by default.
pub fn enough_for_a_trend(bookings: u64) -> bool {
    bookings >= MIN_BOOKINGS_FOR_CHANGE
}

/// What a request asks to compare with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Comparing {
    /// No `compare` given: the previous period when it holds enough bookings to call a trend,
    /// else nothing (a comparison with an empty period would only say "too few" everywhere).
    #[default]
    Auto,
    /// `compare=none`: no comparison.
    Off,
    /// A comparison the person chose, shown whatever it holds.
    With(Compare),
}

/// The period an answer is compared with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Compare {
    /// The days just before the period, as many as it has.
    Previous,
    /// The same dates a year earlier (29 February becomes the 28th).
    Year,
    /// Dates the analyst chose, both inclusive.
    Custom(NaiveDate, NaiveDate),
}

fn present(raw: Option<&str>) -> Option<&str> {
    raw.map(str::trim).filter(|s| !s.is_empty())
}

impl Comparing {
    pub fn parse(
        raw: Option<&str>,
        start: Option<&str>,
        end: Option<&str>,
    ) -> Result<Comparing, AppError> {
        let (start, end) = (present(start), present(end));
        let comparing = match present(raw) {
            None => Comparing::Auto,
            Some("none") => Comparing::Off,
            Some("previous") => Comparing::With(Compare::Previous),
            Some("year") => Comparing::With(Compare::Year),
            Some("custom") => {
                let (Some(start), Some(end)) = (start, end) else {
                    return Err(bad_request(
                        "compareStart and compareEnd are required with compare=custom",
                    ));
                };
                let (start, end) = (
                    parse_date(start, "compareStart")?,
                    parse_date(end, "compareEnd")?,
                );
                if start > end {
                    return Err(bad_request(
                        "The comparison's start date must be on or before its end date",
                    ));
                }
                return Ok(Comparing::With(Compare::Custom(start, end)));
            }
            Some(_) => {
                return Err(bad_request(
                    "compare must be none, previous, year or custom",
                ));
            }
        };
        if start.is_some() || end.is_some() {
            return Err(bad_request(
                "compareStart and compareEnd go with compare=custom",
            ));
        }
        Ok(comparing)
    }

    /// The comparison of the days `[start, end]` under the filters `f`, if any: a chosen one
    /// whenever it has dates; by default the previous period, only when `count` finds enough
    /// bookings in it to call a trend.
    pub fn resolve(
        self,
        f: &Filters,
        period: Option<(i32, i32)>,
        count: impl FnOnce(&Filters) -> u64,
    ) -> Option<(Compare, Filters)> {
        match self {
            Comparing::Off => None,
            Comparing::With(compare) => compare.filters(f, period).map(|then| (compare, then)),
            Comparing::Auto => {
                let then = Compare::Previous.filters(f, period)?;
                enough_for_a_trend(count(&then)).then_some((Compare::Previous, then))
            }
        }
    }
}

impl Compare {
    /// The parameter's value.
    pub fn code(self) -> &'static str {
        match self {
            Compare::Previous => "previous",
            Compare::Year => "year",
            Compare::Custom(..) => "custom",
        }
    }

    /// How the comparison period is named in words (the CSV files' first lines).
    pub fn words(self) -> &'static str {
        match self {
            Compare::Previous => "previous period of equal length",
            Compare::Year => "same period a year earlier",
            Compare::Custom(..) => "custom dates",
        }
    }

    /// The comparison period of the days `[start, end]`, as filters: the same place and size, other
    /// dates. `None` without a period to compare (no dates and no bookings).
    pub fn filters(self, f: &Filters, period: Option<(i32, i32)>) -> Option<Filters> {
        let (start, end) = match (self, period) {
            (Compare::Custom(s, e), _) => (s, e),
            (_, None) => return None,
            (Compare::Previous, Some((s, e))) => {
                let days = e - s + 1;
                (date_of(s - days), date_of(s - 1))
            }
            (Compare::Year, Some((s, e))) => (year_earlier(date_of(s)), year_earlier(date_of(e))),
        };
        Some(Filters {
            start: Some(start),
            end: Some(end),
            ..f.clone()
        })
    }
}

fn year_earlier(d: NaiveDate) -> NaiveDate {
    d.checked_sub_months(Months::new(12)).unwrap_or(d)
}

/// The buckets of the series.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Granularity {
    #[default]
    Day,
    /// ISO weeks, Monday to Sunday.
    Week,
    Month,
}

impl Granularity {
    pub fn parse(raw: Option<&str>) -> Result<Granularity, AppError> {
        match raw.map(str::trim).filter(|s| !s.is_empty()) {
            None | Some("day") => Ok(Granularity::Day),
            Some("week") => Ok(Granularity::Week),
            Some("month") => Ok(Granularity::Month),
            Some(_) => Err(bad_request("granularity must be day, week or month")),
        }
    }

    /// The first day of the bucket that holds `day`.
    pub fn bucket_start(self, day: i32) -> i32 {
        match self {
            Granularity::Day => day,
            Granularity::Week => day - date_of(day).weekday().num_days_from_monday() as i32,
            Granularity::Month => {
                let d = date_of(day);
                day - (d.day() as i32 - 1)
            }
        }
    }

    /// The first day of the bucket after the one starting on `start`.
    pub fn next_start(self, start: i32) -> i32 {
        match self {
            Granularity::Day => start + 1,
            Granularity::Week => start + 7,
            Granularity::Month => date_of(start)
                .checked_add_months(Months::new(1))
                .map_or(start + 31, day_number),
        }
    }
}

/// A change between two counts, and whether it can be called a trend.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    /// The count now minus the comparison count.
    pub difference: i64,
    /// The difference as a percentage of the comparison count (one decimal); null when either
    /// side has fewer than 20 bookings or the comparison has none.
    pub percent: Option<f64>,
    /// Either side has fewer than 20 bookings: too few bookings to call a trend.
    pub too_few: bool,
}

impl Change {
    pub fn of(count: u64, comparison: u64) -> Change {
        let too_few = !enough_for_a_trend(count.min(comparison));
        let difference = count as i64 - comparison as i64;
        let percent = (!too_few && comparison > 0)
            .then(|| (difference as f64 * 1000.0 / comparison as f64).round() / 10.0);
        Change {
            difference,
            percent,
            too_few,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> i32 {
        day_number(NaiveDate::from_ymd_opt(y, m, d).unwrap())
    }

    #[test]
    fn iso_weeks_start_on_monday_across_a_year_boundary() {
        let week = Granularity::Week;
        // 2026-01-01 is a Thursday: its ISO week (2026-W01) starts on Monday 2025-12-29.
        assert_eq!(week.bucket_start(day(2026, 1, 1)), day(2025, 12, 29));
        assert_eq!(week.bucket_start(day(2025, 12, 29)), day(2025, 12, 29));
        assert_eq!(week.bucket_start(day(2026, 1, 4)), day(2025, 12, 29));
        assert_eq!(week.bucket_start(day(2026, 1, 5)), day(2026, 1, 5));
        assert_eq!(week.next_start(day(2025, 12, 29)), day(2026, 1, 5));
    }

    #[test]
    fn months_hold_their_leap_day() {
        let month = Granularity::Month;
        assert_eq!(month.bucket_start(day(2028, 2, 29)), day(2028, 2, 1));
        assert_eq!(month.next_start(day(2028, 2, 1)), day(2028, 3, 1));
        assert_eq!(month.next_start(day(2027, 12, 1)), day(2028, 1, 1));
    }

    #[test]
    fn comparison_periods() {
        let f = Filters::default();
        let period = Some((day(2028, 2, 1), day(2028, 2, 29)));
        let previous = Compare::Previous.filters(&f, period).unwrap();
        assert_eq!(previous.start, NaiveDate::from_ymd_opt(2028, 1, 3));
        assert_eq!(previous.end, NaiveDate::from_ymd_opt(2028, 1, 31));
        let year = Compare::Year.filters(&f, period).unwrap();
        assert_eq!(year.start, NaiveDate::from_ymd_opt(2027, 2, 1));
        assert_eq!(
            year.end,
            NaiveDate::from_ymd_opt(2027, 2, 28),
            "29 Feb → 28"
        );
        assert!(Compare::Previous.filters(&f, None).is_none());
    }

    #[test]
    fn compare_parameters_are_checked() {
        assert_eq!(Comparing::parse(None, None, None).unwrap(), Comparing::Auto);
        assert_eq!(
            Comparing::parse(Some("none"), None, None).unwrap(),
            Comparing::Off
        );
        assert_eq!(
            Comparing::parse(Some("year"), None, Some(" ")).unwrap(),
            Comparing::With(Compare::Year)
        );
        let custom = Comparing::parse(Some("custom"), Some("2026-01-01"), Some("2026-01-31"));
        assert!(matches!(custom, Ok(Comparing::With(Compare::Custom(..)))));
        let err = |r: Result<Comparing, AppError>| r.unwrap_err().to_string();
        assert!(err(Comparing::parse(Some("custom"), None, None)).contains("required"));
        assert!(err(Comparing::parse(Some("year"), Some("2026-01-01"), None)).contains("go with"));
        assert!(
            err(Comparing::parse(Some("last"), None, None))
                .contains("none, previous, year or custom")
        );
        let inverted = Comparing::parse(Some("custom"), Some("2026-02-01"), Some("2026-01-31"));
        assert!(err(inverted).contains("on or before"));
    }

    #[test]
    fn by_default_the_previous_period_is_compared_only_with_enough_bookings() {
        let f = Filters::default();
        let period = Some((day(2026, 2, 1), day(2026, 2, 28)));
        let auto = |n: u64| Comparing::Auto.resolve(&f, period, |_| n);
        assert!(auto(0).is_none(), "never a comparison with an empty period");
        assert!(auto(MIN_BOOKINGS_FOR_CHANGE - 1).is_none());
        let (compare, then) = auto(MIN_BOOKINGS_FOR_CHANGE).unwrap();
        assert_eq!(compare, Compare::Previous);
        assert_eq!(then.start, NaiveDate::from_ymd_opt(2026, 1, 4));
        // A comparison the person chose is shown even when empty; none is never.
        let year = Comparing::With(Compare::Year).resolve(&f, period, |_| 0);
        assert_eq!(year.map(|(c, _)| c), Some(Compare::Year));
        assert!(Comparing::Off.resolve(&f, period, |_| 1_000).is_none());
        assert!(Comparing::Auto.resolve(&f, None, |_| 1_000).is_none());
    }

    #[test]
    fn a_change_from_fewer_than_20_bookings_has_no_percentage() {
        assert_eq!(
            Change::of(30, 20),
            Change {
                difference: 10,
                percent: Some(50.0),
                too_few: false
            }
        );
        let few = Change::of(25, 19);
        assert!(few.too_few && few.percent.is_none());
        assert_eq!(few.difference, 6);
        assert_eq!(Change::of(20, 30).percent, Some(-33.3));
    }
}
