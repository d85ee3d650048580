//! The shortlist's types: a stored entry per (user, vendor), the requests that change it (parsed
//! at the edge into valid values) and the views the screens read.

use serde::{Deserialize, Serialize};

use crate::error::{Result, bad_request};

/// Longest note, in characters.
pub const MAX_NOTE: usize = 2_000;
/// Longest reason for rejecting a vendor, in characters.
pub const MAX_REJECT_REASON: usize = 200;
/// Days after Chosen before the satisfaction question is asked.
pub const SATISFACTION_AFTER_DAYS: i64 = 90;

/// Where a shortlisted vendor stands, in lifecycle order.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, utoipa::ToSchema,
)]
pub enum Status {
    Considering,
    #[serde(rename = "Demo booked")]
    DemoBooked,
    #[serde(rename = "Demo held")]
    DemoHeld,
    Chosen,
    Rejected,
}

impl Status {
    pub const ALL: [Status; 5] = [
        Status::Considering,
        Status::DemoBooked,
        Status::DemoHeld,
        Status::Chosen,
        Status::Rejected,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Status::Considering => "Considering",
            Status::DemoBooked => "Demo booked",
            Status::DemoHeld => "Demo held",
            Status::Chosen => "Chosen",
            Status::Rejected => "Rejected",
        }
    }

    pub fn parse(raw: &str) -> Result<Status> {
        Status::ALL
            .into_iter()
            .find(|s| s.label() == raw)
            .ok_or_else(|| {
                bad_request(
                    "status must be one of Considering, Demo booked, Demo held, Chosen, Rejected",
                )
            })
    }
}

/// One status change, kept so the entry can show its small history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatusChange {
    pub status: Status,
    /// Unix seconds.
    pub at: i64,
}

/// What the firm says happened after a demo was booked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// `None` until answered ("Not yet" leaves it unanswered).
    pub demo_held: Option<bool>,
    /// Only answered after the demo was held.
    pub chosen: Option<bool>,
    /// When the firm said it chose the vendor (Unix seconds); starts the satisfaction wait.
    pub chosen_at: Option<i64>,
    /// 1-5, only for a chosen vendor.
    pub satisfaction: Option<u8>,
}

/// One shortlisted vendor of one user (table `SHORTLIST`, keyed by (user id, vendor id)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub status: Status,
    pub note: String,
    pub reject_reason: Option<String>,
    /// Oldest first; the last is the current status.
    pub history: Vec<StatusChange>,
    pub outcome: Outcome,
    pub added_at: i64,
}

impl Entry {
    pub fn new(status: Status, at: i64) -> Entry {
        let mut entry = Entry {
            status,
            note: String::new(),
            reject_reason: None,
            history: vec![StatusChange { status, at }],
            outcome: Outcome::default(),
            added_at: at,
        };
        entry.record_outcome_of(status, at);
        entry
    }

    /// Moves to `status`, recording the change (a repeat of the current status records nothing,
    /// so a PUT is idempotent). What a status says about the demo is kept in the outcome too.
    pub fn set_status(&mut self, status: Status, at: i64) {
        if status == self.status {
            return;
        }
        self.status = status;
        self.history.push(StatusChange { status, at });
        self.record_outcome_of(status, at);
    }

    fn record_outcome_of(&mut self, status: Status, at: i64) {
        match status {
            Status::DemoHeld => self.outcome.demo_held = Some(true),
            Status::Chosen => {
                if self.outcome.chosen != Some(true) {
                    self.outcome.chosen_at = Some(at);
                }
                self.outcome.chosen = Some(true);
            }
            Status::Rejected if self.outcome.demo_held == Some(true) => {
                self.outcome.chosen = Some(false);
                self.outcome.chosen_at = None;
                self.outcome.satisfaction = None;
            }
            _ => {}
        }
    }
}

/// `PUT /api/shortlist/{vendorId}`: every field optional; what is absent is kept.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EntryRequest {
    /// Considering, Demo booked, Demo held, Chosen or Rejected (Rejected needs a reason).
    pub status: Option<String>,
    /// Plain text, at most 2,000 characters.
    pub note: Option<String>,
    /// Why the vendor was rejected, at most 200 characters.
    pub reject_reason: Option<String>,
}

/// An `EntryRequest` whose values are valid.
#[derive(Debug, Default)]
pub struct EntryChange {
    pub status: Option<Status>,
    pub note: Option<String>,
    pub reject_reason: Option<String>,
}

pub fn parse_entry(request: EntryRequest) -> Result<EntryChange> {
    let status = request.status.as_deref().map(Status::parse).transpose()?;
    if let Some(note) = &request.note
        && note.chars().count() > MAX_NOTE
    {
        return Err(bad_request("A note can be at most 2,000 characters"));
    }
    let reject_reason = match request.reject_reason {
        Some(reason) => {
            let reason = reason.trim().to_string();
            if reason.chars().count() > MAX_REJECT_REASON {
                return Err(bad_request("A reason can be at most 200 characters"));
            }
            (!reason.is_empty()).then_some(reason)
        }
        None => None,
    };
    Ok(EntryChange {
        status,
        note: request.note,
        reject_reason,
    })
}

/// `PUT /api/shortlist/{vendorId}/outcome`: what happened after the demo.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OutcomeRequest {
    /// Whether the demo happened; leave it out for "Not yet".
    pub demo_held: Option<bool>,
    /// Whether the firm chose the vendor; only after the demo was held.
    pub chosen: Option<bool>,
    /// How satisfied the firm is, 1-5; only for a chosen vendor.
    #[schema(minimum = 1, maximum = 5)]
    pub satisfaction: Option<u8>,
}

/// Applies an outcome answer to an entry, or says why it cannot be given.
pub fn apply_outcome(entry: &mut Entry, request: &OutcomeRequest, at: i64) -> Result<()> {
    if let Some(s) = request.satisfaction
        && !(1..=5).contains(&s)
    {
        return Err(bad_request(
            "satisfaction must be a whole number from 1 to 5",
        ));
    }
    let demo_held = request.demo_held.or(entry.outcome.demo_held);
    if request.chosen.is_some() && demo_held != Some(true) {
        return Err(bad_request(
            "Say that the demo happened before saying whether you chose the vendor",
        ));
    }
    let chosen = request.chosen.or(entry.outcome.chosen);
    if request.satisfaction.is_some() && (demo_held != Some(true) || chosen != Some(true)) {
        return Err(bad_request(
            "Satisfaction can only be given for a vendor you chose",
        ));
    }
    if let Some(held) = request.demo_held {
        entry.outcome.demo_held = Some(held);
        if held && entry.status < Status::DemoHeld {
            entry.set_status(Status::DemoHeld, at);
        }
        if !held {
            // A demo that did not happen has no choice or satisfaction behind it.
            entry.outcome.chosen = None;
            entry.outcome.chosen_at = None;
            entry.outcome.satisfaction = None;
        }
    }
    if let Some(chosen) = request.chosen {
        if chosen {
            entry.set_status(Status::Chosen, at);
        } else {
            // Not chosen is a decision: the entry leaves "Demo held" for Rejected, with a reason
            // the firm can replace, and any reason it already gave is kept.
            entry.outcome.chosen = Some(false);
            entry.outcome.chosen_at = None;
            entry.outcome.satisfaction = None;
            if entry.reject_reason.is_none() {
                entry.reject_reason = Some(NOT_CHOSEN_REASON.into());
            }
            entry.set_status(Status::Rejected, at);
        }
    }
    if let Some(s) = request.satisfaction {
        entry.outcome.satisfaction = Some(s);
    }
    Ok(())
}

/// The reason a vendor is rejected with when the firm answers that it did not choose it after the
/// demo (the firm can edit it like any reason).
pub const NOT_CHOSEN_REASON: &str = "Not chosen after the demo";

/// Applies a valid change to an entry: Rejected needs a reason (sent now or kept from before).
pub fn apply_change(entry: &mut Entry, change: EntryChange, at: i64) -> Result<()> {
    if let Some(reason) = change.reject_reason {
        entry.reject_reason = Some(reason);
    }
    if let Some(status) = change.status {
        if status == Status::Rejected && entry.reject_reason.is_none() {
            return Err(bad_request(
                "Say why the vendor was rejected (rejectReason)",
            ));
        }
        entry.set_status(status, at);
    }
    if let Some(note) = change.note {
        entry.note = note;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(status: Option<&str>, reason: Option<&str>) -> EntryChange {
        parse_entry(EntryRequest {
            status: status.map(String::from),
            note: None,
            reject_reason: reason.map(String::from),
        })
        .unwrap()
    }

    #[test]
    fn a_repeated_status_records_no_history() {
        let mut e = Entry::new(Status::Considering, 1);
        apply_change(&mut e, change(Some("Demo booked"), None), 2).unwrap();
        apply_change(&mut e, change(Some("Demo booked"), None), 3).unwrap();
        let statuses: Vec<Status> = e.history.iter().map(|h| h.status).collect();
        assert_eq!(statuses, [Status::Considering, Status::DemoBooked]);
    }

    #[test]
    fn rejected_needs_a_reason() {
        let mut e = Entry::new(Status::Considering, 1);
        assert!(apply_change(&mut e, change(Some("Rejected"), None), 2).is_err());
        assert_eq!(e.status, Status::Considering);
        apply_change(&mut e, change(Some("Rejected"), Some(" Too slow ")), 2).unwrap();
        assert_eq!(e.reject_reason.as_deref(), Some("Too slow"));
    }

    #[test]
    fn unknown_statuses_and_long_texts_are_refused() {
        let req = |status: Option<&str>, note: Option<String>, reason: Option<String>| {
            parse_entry(EntryRequest {
                status: status.map(String::from),
                note,
                reject_reason: reason,
            })
        };
        assert!(req(Some("Maybe"), None, None).is_err());
        assert!(req(None, Some("x".repeat(2_001)), None).is_err());
        assert!(req(None, Some("é".repeat(2_000)), None).is_ok());
        assert!(req(None, None, Some("x".repeat(201))).is_err());
    }

    #[test]
    fn a_new_entry_says_what_its_status_says_about_the_demo() {
        let e = Entry::new(Status::DemoHeld, 1);
        assert_eq!(e.outcome.demo_held, Some(true));
        let e = Entry::new(Status::Chosen, 1);
        assert_eq!(
            (e.outcome.chosen, e.outcome.chosen_at),
            (Some(true), Some(1))
        );
    }

    #[test]
    fn outcomes_follow_the_demo() {
        let mut e = Entry::new(Status::DemoBooked, 1);
        let chosen = OutcomeRequest {
            chosen: Some(true),
            ..Default::default()
        };
        assert!(apply_outcome(&mut e, &chosen, 2).is_err(), "no demo yet");
        let held = OutcomeRequest {
            demo_held: Some(true),
            ..Default::default()
        };
        apply_outcome(&mut e, &held, 2).unwrap();
        assert_eq!(e.status, Status::DemoHeld);
        apply_outcome(&mut e, &chosen, 3).unwrap();
        assert_eq!(e.status, Status::Chosen);
        assert_eq!(e.outcome.chosen_at, Some(3));
        for bad in [0, 6] {
            let s = OutcomeRequest {
                satisfaction: Some(bad),
                ..Default::default()
            };
            assert!(apply_outcome(&mut e, &s, 4).is_err());
        }
        let s = OutcomeRequest {
            satisfaction: Some(4),
            ..Default::default()
        };
        apply_outcome(&mut e, &s, 4).unwrap();
        assert_eq!(e.outcome.satisfaction, Some(4));
    }
}
