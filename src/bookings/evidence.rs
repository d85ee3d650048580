//! Where a firm's evidence comes from, now: the one place every screen that tells that story asks
//! (Matches' notes and banner, whether saved picks predate the data, Pick For Me's answer, Trends'
//! sample labels, the vendor profile). Nothing else decides it on its own (issue 77).
//!
//! Sample rows are shown on Vendor Trends and are never evidence. Real (imported) rows are,
//! counted as demand (rows whose Client names a catalog vendor, `vendor_demand`) over the last
//! [`DEMAND_DAYS`] days, for the firm's size and for all firms. The time the real rows last changed
//! ([`REAL_CHANGED_AT`], written in the commit that changes them) tells picks made before the data
//! from picks made with it.

use chrono::{DateTime, Utc};

use super::BookingSets;
use crate::catalog::Catalog;
use crate::platform::error::Result;
use crate::platform::firm_size::FirmSize;
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
    /// Real bookings stored.
    pub real_bookings: u64,
    /// Real demand of the last [`DEMAND_DAYS`] days by firms of the firm's size; `None` when its
    /// size is not set.
    pub recent_for_size: Option<u64>,
    /// The same by all firms.
    pub recent_all: u64,
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

/// The evidence of a firm of `size` (`None`: not set) now, from the indexes and the store.
pub fn now(
    store: &Store,
    sets: &BookingSets,
    catalog: &Catalog,
    size: Option<FirmSize>,
) -> Result<Evidence> {
    let source = Source::of(sets);
    if !source.is_real() {
        return Ok(Evidence {
            source,
            real_bookings: 0,
            recent_for_size: None,
            recent_all: 0,
            changed_at: None,
        });
    }
    let since = crate::platform::clock::today() - chrono::Duration::days(DEMAND_DAYS);
    let demand = |sizes: &[FirmSize]| -> u64 {
        super::vendor_demand(sets, catalog, sizes, since)
            .values()
            .map(|&n| u64::from(n))
            .sum()
    };
    Ok(Evidence {
        source,
        real_bookings: super::real_booking_count(sets),
        recent_for_size: size.map(|s| demand(&[s])),
        recent_all: demand(&[]),
        changed_at: super::storage::real_changed_at(store)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_predate_the_evidence_only_when_real_bookings_changed_after_them() {
        let real = Evidence {
            source: Source::RealBookings,
            real_bookings: 206,
            recent_for_size: Some(9),
            recent_all: 120,
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
