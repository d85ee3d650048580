//! The opt-out deadline of a contract: the last day the firm can give notice so the contract does
//! not renew. One pure function of the contract's terms and today, so the screen, the calendar
//! and a reminder task all compute it alike (a reminder passes the day it runs for).
//!
//! Rules: months are calendar months and clamp to the month's end (Jan 31 + 1 month = Feb 28 or
//! 29; Feb 29 + 12 months = Feb 28); the deadline is the renewal date minus the notice in calendar
//! days. Contracts renew automatically: once the renewal date has passed (the deadline passed
//! before it), the next renewal is the stored renewal date plus a whole number of terms, counted
//! from the stored date each time so that month ends do not drift (Jan 31, Feb 28, Mar 31, ...).

use chrono::{Months, NaiveDate};

/// The terms the deadline depends on, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    pub start: NaiveDate,
    /// 1..=120.
    pub term_months: u32,
    /// The first renewal date (on or after `start`).
    pub renewal: NaiveDate,
    /// 0..=365.
    pub notice_days: u32,
}

/// The renewal the firm faces next and its deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadline {
    /// The first renewal of the series on or after today.
    pub renewal: NaiveDate,
    /// `renewal` minus the notice days.
    pub opt_out: NaiveDate,
    /// Whole days from today to `opt_out`; negative once it has passed.
    pub days_until: i64,
    /// The notice is longer than the term it ends: the deadline falls before the contract (or
    /// this renewal's term) started. "Notice was due before the contract started".
    pub before_start: bool,
}

/// `date` plus `months` calendar months, clamped to the month's last day; `None` past year 262143.
pub fn add_months(date: NaiveDate, months: u32) -> Option<NaiveDate> {
    date.checked_add_months(Months::new(months))
}

/// The default renewal date: start plus the term.
pub fn default_renewal(start: NaiveDate, term_months: u32) -> Option<NaiveDate> {
    add_months(start, term_months)
}

/// The next renewal on or after `today` and its opt-out deadline.
pub fn opt_out(terms: Terms, today: NaiveDate) -> Deadline {
    let term = terms.term_months.max(1);
    let mut renewal = terms.renewal;
    let mut term_start = terms.start;
    let mut k: u32 = 0;
    // The k-th renewal is the stored one plus k terms (never the previous one plus a term).
    while renewal < today {
        let Some(next) = k
            .checked_add(1)
            .and_then(|n| n.checked_mul(term))
            .and_then(|m| add_months(terms.renewal, m))
        else {
            break;
        };
        k += 1;
        term_start = renewal;
        renewal = next;
    }
    let opt_out = renewal - chrono::Days::new(u64::from(terms.notice_days));
    Deadline {
        renewal,
        opt_out,
        days_until: (opt_out - today).num_days(),
        before_start: opt_out < term_start,
    }
}

/// Today's date in UTC by the server's clock.
pub fn today() -> NaiveDate {
    crate::platform::clock::today()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Datelike;
    use proptest::prelude::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn days_in_month(y: i32, m: u32) -> u32 {
        let first_next = if m == 12 {
            d(y + 1, 1, 1)
        } else {
            d(y, m + 1, 1)
        };
        (first_next - d(y, m, 1)).num_days() as u32
    }

    #[test]
    fn month_ends_and_leap_days_clamp() {
        assert_eq!(add_months(d(2027, 1, 31), 1), Some(d(2027, 2, 28)));
        assert_eq!(add_months(d(2028, 1, 31), 1), Some(d(2028, 2, 29)));
        assert_eq!(add_months(d(2028, 2, 29), 12), Some(d(2029, 2, 28)));
        assert_eq!(add_months(d(2028, 2, 29), 48), Some(d(2032, 2, 29)));
    }

    #[test]
    fn a_deadline_is_the_renewal_minus_the_notice_in_calendar_days() {
        let terms = Terms {
            start: d(2026, 3, 1),
            term_months: 12,
            renewal: d(2027, 3, 1),
            notice_days: 30,
        };
        let got = opt_out(terms, d(2026, 12, 1));
        assert_eq!(got.renewal, d(2027, 3, 1));
        assert_eq!(got.opt_out, d(2027, 1, 30));
        assert_eq!(got.days_until, 60);
        assert!(!got.before_start);
        // The deadline passed, the renewal not yet: still this renewal, days negative.
        let late = opt_out(terms, d(2027, 2, 2));
        assert_eq!((late.renewal, late.days_until), (d(2027, 3, 1), -3));
        // On the renewal day itself it is still this renewal; the day after, the next one.
        assert_eq!(opt_out(terms, d(2027, 3, 1)).renewal, d(2027, 3, 1));
        let next = opt_out(terms, d(2027, 3, 2));
        assert_eq!(
            (next.renewal, next.opt_out),
            (d(2028, 3, 1), d(2028, 1, 31))
        );
    }

    #[test]
    fn notice_longer_than_the_term_falls_before_the_start_and_still_has_a_date() {
        let terms = Terms {
            start: d(2026, 1, 31),
            term_months: 1,
            renewal: d(2026, 2, 28),
            notice_days: 60,
        };
        let got = opt_out(terms, d(2026, 1, 1));
        assert_eq!(got.opt_out, d(2025, 12, 30));
        assert!(got.before_start);
        // Rolling monthly from Feb 28 counts from the stored date: Mar 28, Apr 28 (Feb 28 + k).
        let later = opt_out(terms, d(2026, 4, 1));
        assert_eq!(later.renewal, d(2026, 4, 28));
    }

    proptest! {
        #[test]
        fn the_deadline_holds_its_rules(
            start_days in 0i64..40_000,
            term in 1u32..=120,
            extra in 0u32..400,
            notice in 0u32..=365,
            today_offset in -400i64..20_000,
        ) {
            let start = d(1990, 1, 1) + chrono::Days::new(start_days as u64);
            let renewal = add_months(start, term).unwrap() + chrono::Days::new(u64::from(extra % 31));
            let terms = Terms { start, term_months: term, renewal, notice_days: notice };
            let today = start + chrono::TimeDelta::days(today_offset);
            let got = opt_out(terms, today);

            // The deadline is the renewal minus the notice, in calendar days.
            prop_assert_eq!((got.renewal - got.opt_out).num_days(), i64::from(notice));
            prop_assert_eq!((got.opt_out - today).num_days(), got.days_until);
            // The shown renewal is one of the series, the first on or after today.
            let mut k = 0;
            let mut series = renewal;
            while series < got.renewal {
                k += 1;
                series = add_months(renewal, k * term).unwrap();
            }
            prop_assert_eq!(series, got.renewal);
            prop_assert!(got.renewal >= today);
            if k > 0 {
                let previous = add_months(renewal, (k - 1) * term).unwrap();
                prop_assert!(previous < today);
                prop_assert_eq!(got.before_start, got.opt_out < previous);
            } else {
                prop_assert_eq!(got.before_start, got.opt_out < start);
            }
            // Month arithmetic clamps to the month's end, never spills into the next month.
            let expect_day = renewal.day().min(days_in_month(got.renewal.year(), got.renewal.month()));
            prop_assert_eq!(got.renewal.day(), expect_day);
            // A notice longer than the term always falls before the term's start.
            if i64::from(notice) > (got.renewal - start).num_days() {
                prop_assert!(got.before_start);
            }
        }
    }
}
