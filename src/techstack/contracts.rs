//! A tool's contract: one per (firm, catalog vendor the firm lists in its tech stack). The
//! contract is kept while the tool is listed; when the firm takes the tool out of its stack the
//! stored contract stays but is hidden (its routes answer 404, the renewals list and calendar
//! leave it out), and it shows again if the tool is listed again. Money is whole cents.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::platform::error::{Result, bad_request};

use super::deadline::{self, Deadline, Terms};

pub const MAX_TERM_MONTHS: u32 = 120;
pub const MAX_NOTICE_DAYS: u32 = 365;
pub const MAX_SEATS: u32 = 100_000;
/// A billion dollars, in cents: more is a typo.
pub const MAX_ANNUAL_COST: u64 = 100_000_000_000;

/// A contract as stored. Dates are days from the Common Era (`NaiveDate::num_days_from_ce`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contract {
    pub firm_id: u64,
    pub vendor_id: u64,
    pub start: i32,
    pub term_months: u32,
    pub renewal: i32,
    pub notice_days: u32,
    /// Cents.
    pub annual_cost: u64,
    pub seats: u32,
    pub responsible_user_id: u64,
    pub updated_at: i64,
    /// The member who saved it last, by their name then.
    pub updated_by: Option<String>,
}

fn from_ce(days: i32) -> NaiveDate {
    NaiveDate::from_num_days_from_ce_opt(days).unwrap_or_default()
}

fn to_ce(date: NaiveDate) -> i32 {
    use chrono::Datelike;
    date.num_days_from_ce()
}

impl Contract {
    pub fn start_date(&self) -> NaiveDate {
        from_ce(self.start)
    }

    pub fn renewal_date(&self) -> NaiveDate {
        from_ce(self.renewal)
    }

    pub fn terms(&self) -> Terms {
        Terms {
            start: self.start_date(),
            term_months: self.term_months,
            renewal: self.renewal_date(),
            notice_days: self.notice_days,
        }
    }

    /// The next renewal and its opt-out deadline as of `today`.
    pub fn deadline(&self, today: NaiveDate) -> Deadline {
        deadline::opt_out(self.terms(), today)
    }
}

/// The body of `PUT /api/techstack/{toolId}/contract`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContractRequest {
    /// YYYY-MM-DD.
    #[schema(value_type = String, required = true)]
    pub start_date: Option<String>,
    /// 1 to 120.
    #[schema(value_type = u32, required = true)]
    pub term_months: Option<i64>,
    /// YYYY-MM-DD, after the start date; the start date plus the term when absent or empty.
    #[serde(default)]
    pub renewal_date: Option<String>,
    /// 0 to 365.
    #[schema(value_type = u32, required = true)]
    pub notice_days: Option<i64>,
    /// In cents, 0 or more.
    #[schema(value_type = u64, required = true)]
    pub annual_cost: Option<i64>,
    /// 1 to 100,000.
    #[schema(value_type = u32, required = true)]
    pub seats: Option<i64>,
    /// A member of the firm.
    #[schema(value_type = u64, required = true)]
    pub responsible_user_id: Option<u64>,
}

/// A valid contract request, before it is stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContractTerms {
    pub start: NaiveDate,
    pub term_months: u32,
    pub renewal: NaiveDate,
    pub notice_days: u32,
    pub annual_cost: u64,
    pub seats: u32,
    pub responsible_user_id: u64,
}

impl ContractTerms {
    pub fn stored(&self, firm_id: u64, vendor_id: u64, now: i64, by: Option<String>) -> Contract {
        Contract {
            firm_id,
            vendor_id,
            start: to_ce(self.start),
            term_months: self.term_months,
            renewal: to_ce(self.renewal),
            notice_days: self.notice_days,
            annual_cost: self.annual_cost,
            seats: self.seats,
            responsible_user_id: self.responsible_user_id,
            updated_at: now,
            updated_by: by,
        }
    }
}

fn date(raw: Option<&str>, field: &str) -> Result<Option<NaiveDate>> {
    let Some(raw) = raw.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    let parsed = (raw.len() == 10)
        .then(|| NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok())
        .flatten()
        .filter(|d| (1900..=2200).contains(&chrono::Datelike::year(d)));
    match parsed {
        Some(d) => Ok(Some(d)),
        None => Err(bad_request(format!(
            "{field} must be a date written YYYY-MM-DD between 1900 and 2200 (\"{}\" is not)",
            raw.chars().take(20).collect::<String>()
        ))),
    }
}

fn number(raw: Option<i64>, field: &str, min: i64, max: i64, what: &str) -> Result<i64> {
    match raw {
        Some(n) if (min..=max).contains(&n) => Ok(n),
        Some(n) => Err(bad_request(format!(
            "{field} must be {what} from {min} to {max} ({n} is not)"
        ))),
        None => Err(bad_request(format!("{field} is required ({what})"))),
    }
}

/// Checks a request field by field; the first problem is a 400 naming the field. Whether the
/// responsible person is a member of the firm is the caller's check (it needs the store).
pub fn parse(request: ContractRequest) -> Result<ContractTerms> {
    let Some(start) = date(request.start_date.as_deref(), "startDate")? else {
        return Err(bad_request("startDate is required (YYYY-MM-DD)"));
    };
    let term_months = number(
        request.term_months,
        "termMonths",
        1,
        i64::from(MAX_TERM_MONTHS),
        "a whole number of months",
    )? as u32;
    let renewal = match date(request.renewal_date.as_deref(), "renewalDate")? {
        Some(renewal) if renewal <= start => {
            return Err(bad_request(
                "renewalDate must be after startDate (leave it empty for the start date plus the term)",
            ));
        }
        Some(renewal) => renewal,
        None => deadline::default_renewal(start, term_months)
            .ok_or_else(|| bad_request("startDate plus termMonths is past the calendar"))?,
    };
    let notice_days = number(
        request.notice_days,
        "noticeDays",
        0,
        i64::from(MAX_NOTICE_DAYS),
        "a whole number of days",
    )? as u32;
    let annual_cost = number(
        request.annual_cost,
        "annualCost",
        0,
        MAX_ANNUAL_COST as i64,
        "an amount in cents",
    )? as u64;
    let seats = number(
        request.seats,
        "seats",
        1,
        i64::from(MAX_SEATS),
        "a whole number",
    )? as u32;
    let Some(responsible_user_id) = request.responsible_user_id else {
        return Err(bad_request(
            "responsibleUserId is required (a member of your firm)",
        ));
    };
    Ok(ContractTerms {
        start,
        term_months,
        renewal,
        notice_days,
        annual_cost,
        seats,
        responsible_user_id,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> ContractRequest {
        ContractRequest {
            start_date: Some("2028-01-31".into()),
            term_months: Some(1),
            renewal_date: None,
            notice_days: Some(10),
            annual_cost: Some(120_000),
            seats: Some(5),
            responsible_user_id: Some(3),
        }
    }

    #[test]
    fn the_renewal_defaults_to_start_plus_term_at_the_months_end() {
        let terms = parse(request()).unwrap();
        assert_eq!(terms.renewal, NaiveDate::from_ymd_opt(2028, 2, 29).unwrap());
        let stored = terms.stored(1, 2, 0, None);
        assert_eq!(stored.renewal_date(), terms.renewal);
        assert_eq!(stored.start_date(), terms.start);
    }

    #[test]
    fn each_bad_value_names_its_field() {
        type Change = Box<dyn Fn(&mut ContractRequest)>;
        let cases: Vec<(Change, &str)> = vec![
            (Box::new(|r| r.start_date = None), "startDate"),
            (
                Box::new(|r| r.start_date = Some("2028-02-30".into())),
                "startDate",
            ),
            (
                Box::new(|r| r.start_date = Some("28-1-1".into())),
                "startDate",
            ),
            (Box::new(|r| r.term_months = Some(0)), "termMonths"),
            (Box::new(|r| r.term_months = Some(121)), "termMonths"),
            (
                Box::new(|r| r.renewal_date = Some("2028-01-31".into())),
                "renewalDate",
            ),
            (Box::new(|r| r.notice_days = Some(366)), "noticeDays"),
            (Box::new(|r| r.notice_days = Some(-1)), "noticeDays"),
            (Box::new(|r| r.annual_cost = Some(-1)), "annualCost"),
            (Box::new(|r| r.seats = Some(0)), "seats"),
            (Box::new(|r| r.seats = Some(100_001)), "seats"),
            (
                Box::new(|r| r.responsible_user_id = None),
                "responsibleUserId",
            ),
        ];
        for (change, field) in cases {
            let mut r = request();
            change(&mut r);
            let err = parse(r).unwrap_err().to_string();
            assert!(err.starts_with(field), "{field}: {err}");
        }
    }
}
