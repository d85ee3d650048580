//! Where a firm's evidence comes from, now: the one place every screen that tells that story asks
//! (Matches' notes and banner, whether saved picks predate the data, Pick For Me's answer, Trends'
//! sample labels, the vendor profile). Nothing else decides it on its own (issue 77).
//!
//! Sample rows are shown on Vendor Trends and are never evidence. Real (imported) rows are, counted
//! as demand over the last [`DEMAND_DAYS`] days by the ranking itself (`recommend::inputs::demand`).
//! The time the real rows last changed ([`REAL_CHANGED_AT`], written in the commit that changes
//! them) tells picks made before the data from picks made with it. No count is kept here that no
//! screen shows: the story needs only the kind of bookings and that time.

use chrono::{DateTime, Utc};

use super::BookingSets;
use crate::platform::error::Result;
use crate::platform::store::Store;

/// How far back demand (and so the evidence) looks.
pub const DEMAND_DAYS: i64 = 90;
/// META key (a `counters` row in PostgreSQL) of when real bookings last changed, Unix seconds.
pub const REAL_CHANGED_AT: &str = "bookings:real_changed_at";

/// What kind of bookings exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// No booking at all.
    NoBookings,
    /// Only the generated sample set: Vendor Trends shows it, picks never use it.
    SampleOnly,
    /// Real (imported) bookings: the evidence.
    RealBookings,
}

impl Source {
    /// The kind the indexes hold: cheap, for answers that need only this (Trends' labels).
    pub fn of(sets: &BookingSets) -> Source {
        if sets.has_real_data() {
            Source::RealBookings
        } else if sets.sample.is_empty() {
            Source::NoBookings
        } else {
            Source::SampleOnly
        }
    }

    pub fn is_real(self) -> bool {
        self == Source::RealBookings
    }
}

/// A firm's evidence now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evidence {
    pub source: Source,
    /// When the real bookings last changed (Unix seconds); `None` without real bookings, or when
    /// they were imported before this was kept.
    pub changed_at: Option<i64>,
}

impl Evidence {
    /// Whether picks saved at `at` (Unix seconds) were made before the real bookings last changed.
    pub fn is_newer_than(&self, at: i64) -> bool {
        self.source.is_real() && self.changed_at.is_some_and(|changed| at < changed)
    }

    /// The day the real bookings last changed, as a person reads it: "November 29, 2026" (UTC).
    pub fn changed_on(&self) -> Option<String> {
        self.changed_at
            .and_then(|t| DateTime::<Utc>::from_timestamp(t, 0))
            .map(|t| t.format("%B %-d, %Y").to_string())
    }
}

/// The evidence now, from the indexes and the store (the same for every firm: what differs by
/// firm is the demand the ranking counts for its size).
pub fn now(store: &Store, sets: &BookingSets) -> Result<Evidence> {
    let source = Source::of(sets);
    let changed_at = if source.is_real() {
        super::storage::real_changed_at(store)?
    } else {
        None
    };
    Ok(Evidence { source, changed_at })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_predate_the_evidence_only_when_real_bookings_changed_after_them() {
        let real = Evidence {
            source: Source::RealBookings,
            // 2026-11-29 14:00 UTC.
            changed_at: Some(1_795_960_800),
        };
        assert!(real.is_newer_than(1_795_960_799));
        assert!(!real.is_newer_than(1_795_960_800));
        assert_eq!(real.changed_on().as_deref(), Some("November 29, 2026"));
        let undated = Evidence {
            changed_at: None,
            ..real.clone()
        };
        assert!(
            !undated.is_newer_than(0),
            "an import of unknown time dates nothing"
        );
        assert_eq!(undated.changed_on(), None);
        let sample = Evidence {
            source: Source::SampleOnly,
            ..real
        };
        assert!(!sample.is_newer_than(0), "sample rows are never evidence");
        assert!(Source::of(&BookingSets::empty()) == Source::NoBookings);
    }
}
