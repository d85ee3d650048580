//! The shortlist's types: a stored entry per (firm, vendor), the requests that change it (parsed
//! at the edge into valid values) and the views the screens read.

use serde::{Deserialize, Serialize};

use crate::platform::error::{Result, bad_request};

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
    /// Another vendor of the category was chosen by a final decision (issue 32).
    #[serde(rename = "Not chosen")]
    NotChosen,
}

impl Status {
    pub const ALL: [Status; 6] = [
        Status::Considering,
        Status::DemoBooked,
        Status::DemoHeld,
        Status::Chosen,
        Status::Rejected,
        Status::NotChosen,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Status::Considering => "Considering",
            Status::DemoBooked => "Demo booked",
            Status::DemoHeld => "Demo held",
            Status::Chosen => "Chosen",
            Status::Rejected => "Rejected",
            Status::NotChosen => "Not chosen",
        }
    }

    pub fn parse(raw: &str) -> Result<Status> {
        Status::ALL
            .into_iter()
            .find(|s| s.label() == raw)
            .ok_or_else(|| {
                bad_request(
                    "status must be one of Considering, Demo booked, Demo held, Chosen, Rejected, Not chosen",
                )
            })
    }
}

/// One status change, kept so the entry can show its small history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatusChange {
    pub status: Status,
    /// Unix seconds.
    pub at: i64,
    /// Who made the change (their name then); `None` for changes made before firms had members.
    #[serde(default)]
    pub by: Option<String>,
}

/// When a change is made and by whom: the member's name as it was then, so the firm's record
/// keeps reading true after a rename or the member leaving.
#[derive(Debug, Clone, Copy)]
pub struct Stamp<'a> {
    pub at: i64,
    pub by: Option<&'a str>,
}

impl Stamp<'_> {
    /// A change nobody in particular made (tests, and data from before authors were kept).
    pub fn at(at: i64) -> Stamp<'static> {
        Stamp { at, by: None }
    }
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

/// One shortlisted vendor of one firm (table `SHORTLIST`, keyed by (firm id, vendor id)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub status: Status,
    pub note: String,
    /// Who last changed the note, and when (Unix seconds); `None` while nobody has written one.
    pub note_by: Option<String>,
    pub note_at: Option<i64>,
    pub reject_reason: Option<String>,
    /// Oldest first; the last is the current status.
    pub history: Vec<StatusChange>,
    pub outcome: Outcome,
    pub added_at: i64,
    /// Why Litstack had recommended the vendor when the firm added it, kept as it was then so a
    /// printed brief never changes after the fact; `None` when it was added unrecommended.
    pub recorded: Option<Recorded>,
}

/// The date of a booked demo and the member who set it (table `DEMO_DATES`, keyed like the
/// entries): the day after it, that member is asked how the demo went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DemoDate {
    /// Days since 1970-01-01 (UTC).
    pub day: i64,
    pub set_by: u64,
}

impl DemoDate {
    /// `YYYY-MM-DD`.
    pub fn text(self) -> String {
        chrono::DateTime::from_timestamp(self.day * 86_400, 0)
            .unwrap_or_default()
            .format("%Y-%m-%d")
            .to_string()
    }
}

/// A demo date as a request sends it: `YYYY-MM-DD`, between 2000 and 2100; `""` clears it.
pub fn parse_demo_date(text: &str) -> Result<Option<i64>> {
    if text.is_empty() {
        return Ok(None);
    }
    let date = chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .ok()
        .filter(|d| (2000..=2100).contains(&chrono::Datelike::year(d)) && text.len() == 10)
        .ok_or_else(|| {
            bad_request("The demo date must be a day written YYYY-MM-DD (e.g. 2026-03-14)")
        })?;
    Ok(Some(
        date.signed_duration_since(chrono::NaiveDate::default())
            .num_days(),
    ))
}

/// How long an entry taken off the shortlist is kept for its Undo: 30 days, long enough for a
/// firm to notice a removal it regrets (the screen offers Undo at once, a later call still
/// works), short enough that a removed vendor's notes do not linger for good. Older ones are
/// pruned when the firm next removes one, and are never restored.
pub const KEEP_REMOVED_DAYS: i64 = 30;

/// An entry as it was when a member took it off the shortlist (table `SHORTLIST_REMOVED`, keyed
/// by (firm id, vendor id)); restoring puts `entry` back unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Removed {
    pub entry: Entry,
    /// Unix seconds.
    pub removed_at: i64,
    /// Who removed it (their name then); `None` when nobody in particular did.
    pub removed_by: Option<String>,
}

impl Removed {
    /// Whether it is still kept at `now` (removed less than `KEEP_REMOVED_DAYS` ago).
    pub fn kept_at(&self, now: i64) -> bool {
        now - self.removed_at < KEEP_REMOVED_DAYS * 86_400
    }
}

/// A recommendation's reasons as they stood at one time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recorded {
    pub reasons: Vec<String>,
    /// When it was recommended (Unix seconds).
    pub at: i64,
}

impl Entry {
    pub fn new(status: Status, stamp: Stamp) -> Entry {
        let mut entry = Entry {
            status,
            note: String::new(),
            note_by: None,
            note_at: None,
            reject_reason: None,
            history: vec![StatusChange {
                status,
                at: stamp.at,
                by: stamp.by.map(String::from),
            }],
            outcome: Outcome::default(),
            added_at: stamp.at,
            recorded: None,
        };
        entry.record_outcome_of(status, stamp.at);
        entry
    }

    /// Moves to `status`, recording the change and who made it (a repeat of the current status
    /// records nothing, so a PUT is idempotent). What a status says about the demo is kept in
    /// the outcome too.
    pub fn set_status(&mut self, status: Status, stamp: Stamp) {
        if status == self.status {
            return;
        }
        self.status = status;
        self.history.push(StatusChange {
            status,
            at: stamp.at,
            by: stamp.by.map(String::from),
        });
        self.record_outcome_of(status, stamp.at);
    }

    /// Replaces the note, recording its author; the same text again changes nothing, so the
    /// author of a note is never the person who merely saved the form again.
    pub fn set_note(&mut self, note: String, stamp: Stamp) {
        if note == self.note {
            return;
        }
        self.note = note;
        self.note_by = stamp.by.map(String::from);
        self.note_at = Some(stamp.at);
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
    /// The day of the booked demo, `YYYY-MM-DD` (UTC), with the status Demo booked (sent, or the
    /// entry's); `""` clears it. The day after it, whoever set it is asked how the demo went.
    pub demo_date: Option<String>,
}

/// An `EntryRequest` whose values are valid.
#[derive(Debug, Default)]
pub struct EntryChange {
    pub status: Option<Status>,
    pub note: Option<String>,
    pub reject_reason: Option<String>,
    /// `Some(None)`: clear the date; `Some(Some(day))`: set it (days since 1970-01-01).
    pub demo_date: Option<Option<i64>>,
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
    let demo_date = request
        .demo_date
        .as_deref()
        .map(|d| parse_demo_date(d.trim()))
        .transpose()?;
    Ok(EntryChange {
        status,
        note: request.note,
        reject_reason,
        demo_date,
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
pub fn apply_outcome(entry: &mut Entry, request: &OutcomeRequest, stamp: Stamp) -> Result<()> {
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
            entry.set_status(Status::DemoHeld, stamp);
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
            entry.set_status(Status::Chosen, stamp);
        } else {
            // Not chosen is a decision: the entry leaves "Demo held" for Rejected, with a reason
            // the firm can replace, and any reason it already gave is kept.
            entry.outcome.chosen = Some(false);
            entry.outcome.chosen_at = None;
            entry.outcome.satisfaction = None;
            if entry.reject_reason.is_none() {
                entry.reject_reason = Some(NOT_CHOSEN_REASON.into());
            }
            entry.set_status(Status::Rejected, stamp);
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
pub fn apply_change(entry: &mut Entry, change: EntryChange, stamp: Stamp) -> Result<()> {
    if let Some(reason) = change.reject_reason {
        entry.reject_reason = Some(reason);
    }
    if let Some(status) = change.status {
        if status == Status::Rejected && entry.reject_reason.is_none() {
            return Err(bad_request(
                "Say why the vendor was rejected (rejectReason)",
            ));
        }
        entry.set_status(status, stamp);
    }
    if let Some(note) = change.note {
        entry.set_note(note, stamp);
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
            demo_date: None,
        })
        .unwrap()
    }

    #[test]
    fn a_repeated_status_records_no_history() {
        let mut e = Entry::new(Status::Considering, Stamp::at(1));
        apply_change(&mut e, change(Some("Demo booked"), None), Stamp::at(2)).unwrap();
        apply_change(&mut e, change(Some("Demo booked"), None), Stamp::at(3)).unwrap();
        let statuses: Vec<Status> = e.history.iter().map(|h| h.status).collect();
        assert_eq!(statuses, [Status::Considering, Status::DemoBooked]);
    }

    #[test]
    fn changes_keep_their_author_and_a_note_saved_unchanged_keeps_its_author() {
        let pat = Stamp {
            at: 1,
            by: Some("Pat Doe"),
        };
        let mut e = Entry::new(Status::Considering, pat);
        let note = |n: &str| EntryChange {
            note: Some(n.into()),
            ..EntryChange::default()
        };
        apply_change(&mut e, note("Ask about Clio sync"), pat).unwrap();
        let sam = Stamp {
            at: 5,
            by: Some("Sam Lee"),
        };
        let mut booked = note("Ask about Clio sync");
        booked.status = Some(Status::DemoBooked);
        apply_change(&mut e, booked, sam).unwrap();
        assert_eq!(
            (e.note_by.as_deref(), e.note_at),
            (Some("Pat Doe"), Some(1))
        );
        let by: Vec<Option<&str>> = e.history.iter().map(|h| h.by.as_deref()).collect();
        assert_eq!(by, [Some("Pat Doe"), Some("Sam Lee")]);
        apply_change(&mut e, note("Clio sync confirmed"), sam).unwrap();
        assert_eq!(
            (e.note_by.as_deref(), e.note_at),
            (Some("Sam Lee"), Some(5))
        );
    }

    #[test]
    fn rejected_needs_a_reason() {
        let mut e = Entry::new(Status::Considering, Stamp::at(1));
        assert!(apply_change(&mut e, change(Some("Rejected"), None), Stamp::at(2)).is_err());
        assert_eq!(e.status, Status::Considering);
        apply_change(
            &mut e,
            change(Some("Rejected"), Some(" Too slow ")),
            Stamp::at(2),
        )
        .unwrap();
        assert_eq!(e.reject_reason.as_deref(), Some("Too slow"));
    }

    #[test]
    fn unknown_statuses_and_long_texts_are_refused() {
        let req = |status: Option<&str>, note: Option<String>, reason: Option<String>| {
            parse_entry(EntryRequest {
                status: status.map(String::from),
                note,
                reject_reason: reason,
                demo_date: None,
            })
        };
        assert!(req(Some("Maybe"), None, None).is_err());
        assert!(req(None, Some("x".repeat(2_001)), None).is_err());
        assert!(req(None, Some("é".repeat(2_000)), None).is_ok());
        assert!(req(None, None, Some("x".repeat(201))).is_err());
    }

    #[test]
    fn a_new_entry_says_what_its_status_says_about_the_demo() {
        let e = Entry::new(Status::DemoHeld, Stamp::at(1));
        assert_eq!(e.outcome.demo_held, Some(true));
        let e = Entry::new(Status::Chosen, Stamp::at(1));
        assert_eq!(
            (e.outcome.chosen, e.outcome.chosen_at),
            (Some(true), Some(1))
        );
    }

    #[test]
    fn outcomes_follow_the_demo() {
        let mut e = Entry::new(Status::DemoBooked, Stamp::at(1));
        let chosen = OutcomeRequest {
            chosen: Some(true),
            ..Default::default()
        };
        assert!(
            apply_outcome(&mut e, &chosen, Stamp::at(2)).is_err(),
            "no demo yet"
        );
        let held = OutcomeRequest {
            demo_held: Some(true),
            ..Default::default()
        };
        apply_outcome(&mut e, &held, Stamp::at(2)).unwrap();
        assert_eq!(e.status, Status::DemoHeld);
        apply_outcome(&mut e, &chosen, Stamp::at(3)).unwrap();
        assert_eq!(e.status, Status::Chosen);
        assert_eq!(e.outcome.chosen_at, Some(3));
        for bad in [0, 6] {
            let s = OutcomeRequest {
                satisfaction: Some(bad),
                ..Default::default()
            };
            assert!(apply_outcome(&mut e, &s, Stamp::at(4)).is_err());
        }
        let s = OutcomeRequest {
            satisfaction: Some(4),
            ..Default::default()
        };
        apply_outcome(&mut e, &s, Stamp::at(4)).unwrap();
        assert_eq!(e.outcome.satisfaction, Some(4));
    }
}
