//! A demo request as it is kept, and the rules of its input: what a member shares (each field
//! chosen, nothing taken from the onboarding answers), what a vendor answers, and the limits.

use serde::{Deserialize, Serialize};

use crate::platform::error::{Result, bad_request};

/// A member asks at most this many demos in any 24 hours.
pub const MEMBER_PER_DAY: usize = 5;
/// A member asks one vendor at most this many times in any 30 days (withdrawn requests count).
pub const MEMBER_VENDOR_PER_30_DAYS: usize = 3;
/// A vendor is sent at most this many requests in any 24 hours, by every firm together.
pub const VENDOR_PER_DAY: usize = 20;
/// A note to the vendor, and a vendor's message back.
pub const NOTE_MAX: usize = 1000;
/// Times a vendor may offer in one answer.
pub const TIMES_MAX: usize = 5;
/// How far ahead an offered time may be.
pub const TIMES_WITHIN_DAYS: i64 = 365;

const DAY: i64 = 86_400;

/// What the member chose to share, each field as it was when they asked; a field left out is
/// `None` and is never stored, so it can never reach the vendor.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Shared {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub firm_name: Option<String>,
    /// The firm size's label ("6-20").
    #[serde(default)]
    pub firm_size: Option<String>,
    /// The vendor's category's label.
    #[serde(default)]
    pub category: Option<String>,
    #[serde(default)]
    pub note: Option<String>,
}

/// A vendor's answer: a scheduling link, times, or both, with an optional message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    pub answered_at: i64,
    /// The vendor account's person who answered (shown to the firm as the vendor's).
    #[serde(default)]
    pub by_name: String,
    #[serde(default)]
    pub scheduling_url: Option<String>,
    /// Offered times, Unix seconds, in order.
    #[serde(default)]
    pub times: Vec<i64>,
    #[serde(default)]
    pub message: Option<String>,
}

/// A firm member's request for a demo from a vendor with an account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DemoRequest {
    pub id: u64,
    pub vendor_id: u64,
    /// The member who asked: only they mark it "Demo booked".
    pub requested_by: u64,
    /// Their name then, for their colleagues (never sent to the vendor unless shared).
    #[serde(default)]
    pub requested_by_name: String,
    pub requested_at: i64,
    #[serde(default)]
    pub shared: Shared,
    #[serde(default)]
    pub answer: Option<Answer>,
    #[serde(default)]
    pub booked_at: Option<i64>,
    #[serde(default)]
    pub withdrawn_at: Option<i64>,
    /// Who withdrew it, by name then.
    #[serde(default)]
    pub withdrawn_by: Option<String>,
}

/// Where a request stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DemoRequestState)]
pub enum State {
    Requested,
    Answered,
    Booked,
    Withdrawn,
}

impl DemoRequest {
    pub fn state(&self) -> State {
        if self.withdrawn_at.is_some() {
            State::Withdrawn
        } else if self.booked_at.is_some() {
            State::Booked
        } else if self.answer.is_some() {
            State::Answered
        } else {
            State::Requested
        }
    }

    /// Requested or answered: the vendor may still answer, the firm withdraw or book.
    pub fn is_open(&self) -> bool {
        matches!(self.state(), State::Requested | State::Answered)
    }
}

/// A firm asked a vendor without an account to join Litstack: the operator's queue counts the
/// firms that asked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JoinAsk {
    pub asked_at: i64,
    pub asked_by: u64,
}

/// POST /api/vendors/{vendor_id}/demo-requests: what the member shares, field by field. Every
/// field is off unless sent as `true`; the values are the server's (the member's name and email,
/// the firm's name and size, the vendor's category), never the client's.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewRequest {
    // Options without a serde default: a JSON array is refused, as every route refuses one.
    pub share_name: Option<bool>,
    pub share_email: Option<bool>,
    pub share_firm_name: Option<bool>,
    pub share_firm_size: Option<bool>,
    pub share_category: Option<bool>,
    /// A note to the vendor (at most 1,000 characters); empty or absent: none.
    pub note: Option<String>,
}

/// A note or message: trimmed, empty is none, at most `NOTE_MAX` characters.
pub fn parse_note(raw: Option<&str>, what: &str) -> Result<Option<String>> {
    let Some(text) = raw.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    if text.chars().count() > NOTE_MAX {
        return Err(bad_request(format!(
            "{what} is at most {NOTE_MAX} characters: shorten it"
        )));
    }
    if text
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t')
    {
        return Err(bad_request(format!(
            "{what} has a control character: write plain text"
        )));
    }
    Ok(Some(text.to_string()))
}

/// POST /api/vendor/demo-requests/{id}/answer.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DemoAnswerRequest {
    /// The vendor's scheduling page: an https address with a public host.
    pub scheduling_url: Option<String>,
    /// Up to 5 times offered, RFC 3339 (`2026-12-03T15:00:00Z`), each in the next 365 days.
    pub times: Option<Vec<String>>,
    pub message: Option<String>,
}

/// An answer's input, checked: a scheduling link or times (or both), each valid.
pub fn parse_answer(request: DemoAnswerRequest, now: i64, by_name: &str) -> Result<Answer> {
    let scheduling_url = match request
        .scheduling_url
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty())
    {
        None => None,
        Some(raw) => {
            let url = crate::catalog::vendor_checks::link(raw)
                .map_err(bad_request)?
                .ok_or_else(|| bad_request("Give the scheduling link"))?;
            if !url.starts_with("https://") {
                return Err(bad_request(
                    "The scheduling link must start with https:// (a page firms can open safely)",
                ));
            }
            Some(url)
        }
    };
    let requested_times = request.times.unwrap_or_default();
    if requested_times.len() > TIMES_MAX {
        return Err(bad_request(format!(
            "Offer at most {TIMES_MAX} times in one answer"
        )));
    }
    let mut times = Vec::with_capacity(requested_times.len());
    for raw in &requested_times {
        let at = chrono::DateTime::parse_from_rfc3339(raw.trim())
            .map_err(|_| {
                bad_request(format!(
                    "\"{}\" is not a time like 2026-12-03T15:00:00Z",
                    raw.chars().take(40).collect::<String>()
                ))
            })?
            .timestamp();
        if at <= now {
            return Err(bad_request(format!(
                "{raw} has passed: offer times still to come"
            )));
        }
        if at > now + TIMES_WITHIN_DAYS * DAY {
            return Err(bad_request(format!(
                "{raw} is more than {TIMES_WITHIN_DAYS} days away: offer times within a year"
            )));
        }
        times.push(at);
    }
    times.sort_unstable();
    times.dedup();
    if scheduling_url.is_none() && times.is_empty() {
        return Err(bad_request(
            "Answer with a scheduling link or at least one time",
        ));
    }
    Ok(Answer {
        answered_at: now,
        by_name: by_name.to_string(),
        scheduling_url,
        times,
        message: parse_note(request.message.as_deref(), "The message")?,
    })
}

/// The limits a new request meets, against the firm's requests and the vendor's (all `now`-dated
/// within the windows read). The message says what the person can do.
pub fn check_limits(
    mine: &[DemoRequest],
    vendors: &[DemoRequest],
    member: u64,
    vendor: u64,
    vendor_name: &str,
    now: i64,
) -> std::result::Result<(), Limit> {
    if let Some(open) = mine.iter().find(|r| r.vendor_id == vendor && r.is_open()) {
        return Err(Limit::Open(format!(
            "Your firm asked {vendor_name} for a demo on {}: withdraw that request to ask again",
            day(open.requested_at)
        )));
    }
    let by_member: Vec<_> = mine.iter().filter(|r| r.requested_by == member).collect();
    let last_day: Vec<_> = by_member
        .iter()
        .filter(|r| r.requested_at > now - DAY)
        .collect();
    if last_day.len() >= MEMBER_PER_DAY {
        let again = last_day.iter().map(|r| r.requested_at).min().unwrap_or(now) + DAY;
        return Err(Limit::Many(
            format!(
                "You sent {MEMBER_PER_DAY} demo requests in the last 24 hours, the most Litstack \
                 sends for one person: try again after {} UTC",
                crate::platform::clock::rfc3339(again).replace('T', " ")
            ),
            again - now,
        ));
    }
    let to_vendor: Vec<i64> = by_member
        .iter()
        .filter(|r| r.vendor_id == vendor && r.requested_at > now - 30 * DAY)
        .map(|r| r.requested_at)
        .collect();
    if to_vendor.len() >= MEMBER_VENDOR_PER_30_DAYS {
        let again = to_vendor.iter().min().unwrap_or(&now) + 30 * DAY;
        return Err(Limit::Many(
            format!(
                "You asked {vendor_name} for a demo {MEMBER_VENDOR_PER_30_DAYS} times in the last \
                 30 days: use their website or ask a colleague"
            ),
            again - now,
        ));
    }
    let vendor_day: Vec<i64> = vendors
        .iter()
        .filter(|r| r.requested_at > now - DAY)
        .map(|r| r.requested_at)
        .collect();
    if vendor_day.len() >= VENDOR_PER_DAY {
        let again = vendor_day.iter().min().unwrap_or(&now) + DAY;
        return Err(Limit::Many(
            format!(
                "{vendor_name} was sent {VENDOR_PER_DAY} demo requests through Litstack in the \
                 last 24 hours, the most it takes in a day: try again tomorrow or use their \
                 website"
            ),
            again - now,
        ));
    }
    Ok(())
}

/// A limit a new request met.
#[derive(Debug, PartialEq, Eq)]
pub enum Limit {
    /// The firm has an open request to the vendor (409).
    Open(String),
    /// Too many requests in a window (429), with the seconds until one more is taken.
    Many(String, i64),
}

/// "Nov 30, 2026": a day as the firm's screens write it (UTC, as the vendor profile's).
pub fn day(at: i64) -> String {
    chrono::DateTime::from_timestamp(at, 0)
        .unwrap_or_default()
        .format("%b %-d, %Y")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(id: u64, vendor: u64, by: u64, at: i64) -> DemoRequest {
        DemoRequest {
            id,
            vendor_id: vendor,
            requested_by: by,
            requested_by_name: "Ann".into(),
            requested_at: at,
            shared: Shared::default(),
            answer: None,
            booked_at: None,
            withdrawn_at: Some(at + 1),
            withdrawn_by: None,
        }
    }

    const NOW: i64 = 1_800_000_000;

    #[test]
    fn a_member_asks_five_a_day_and_one_vendor_three_times_a_month() {
        let five: Vec<_> = (0..5).map(|i| request(i, i + 10, 1, NOW - 100)).collect();
        assert!(matches!(
            check_limits(&five, &[], 1, 99, "ChartSwap", NOW),
            Err(Limit::Many(m, _)) if m.contains("24 hours")
        ));
        // A colleague still may.
        assert_eq!(check_limits(&five, &[], 2, 99, "ChartSwap", NOW), Ok(()));
        let three: Vec<_> = (0..3)
            .map(|i| request(i, 7, 1, NOW - 2 * DAY - i as i64))
            .collect();
        assert!(matches!(
            check_limits(&three, &[], 1, 7, "ChartSwap", NOW),
            Err(Limit::Many(m, _)) if m.contains("3 times")
        ));
        assert_eq!(check_limits(&three, &[], 1, 8, "ChartSwap", NOW), Ok(()));
        let vendors: Vec<_> = (0..20).map(|i| request(i, 7, 50 + i, NOW - 10)).collect();
        assert!(matches!(
            check_limits(&[], &vendors, 1, 7, "ChartSwap", NOW),
            Err(Limit::Many(m, _)) if m.starts_with("ChartSwap was sent 20")
        ));
        let mut open = request(1, 7, 2, NOW - 10 * DAY);
        open.withdrawn_at = None;
        assert!(matches!(
            check_limits(&[open], &[], 1, 7, "ChartSwap", NOW),
            Err(Limit::Open(_))
        ));
    }

    #[test]
    fn an_answer_needs_an_https_link_or_times_to_come() {
        let answer = |url: Option<&str>, times: &[&str]| {
            parse_answer(
                DemoAnswerRequest {
                    scheduling_url: url.map(String::from),
                    times: Some(times.iter().map(|t| t.to_string()).collect()),
                    message: None,
                },
                NOW,
                "Pat",
            )
        };
        assert!(answer(None, &[]).is_err());
        assert!(answer(Some("http://chartswap.com/demo"), &[]).is_err());
        assert!(answer(Some("https://localhost/demo"), &[]).is_err());
        assert!(answer(Some("javascript:alert(1)"), &[]).is_err());
        assert!(answer(Some("https://chartswap.com/demo"), &[]).is_ok());
        assert!(answer(None, &["2020-01-01T10:00:00Z"]).is_err());
        assert!(answer(None, &["next tuesday"]).is_err());
        let ok = answer(None, &["2027-01-20T15:00:00Z", "2027-01-19T15:00:00Z"]).unwrap();
        assert!(ok.times[0] < ok.times[1]);
    }
}
