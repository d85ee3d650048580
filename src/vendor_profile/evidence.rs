//! The booking figures of one vendor, from the real index only (sample rows are never evidence):
//! bookings by month over 24 months, the same bookings by firm size, the last 90 days by firms of
//! the user's size, and how many firms of that size have the vendor in their tech stack. Every
//! count goes through the one privacy rule (`peers::shown`), breakdowns through
//! `suppress`.
//!
//! A booking belongs to a catalog vendor when its Client names it (ignoring case; when two catalog
//! vendors share a name the lower id gets the rows), as `bookings::vendor_demand` counts them.
//! The vendor's rows come from the index's `by_vendor` lists, so the cost is that of the vendor's
//! own rows, not of the whole index.

use chrono::{Datelike, NaiveDate};

use super::model::{MonthGroup, PeerAdoption, RecentForSize, SizeGroup, VendorEvidence};
use super::suppress;
use crate::bookings::BookingIndex;
use crate::bookings::query::day_number;
use crate::catalog::Catalog;
use crate::peers::shown::{ShownCount, is_hidden};
use crate::platform::caller::User;
use crate::platform::error::Result;
use crate::platform::firm_size::FirmSize;
use crate::recommend::RecommendState;
use crate::recommend::inputs;

pub const MONTHS: usize = 24;
/// The window of "recent" bookings is the evidence's own, so the profile and the picks' reasons
/// speak of the same days.
pub const RECENT_DAYS: u32 = crate::bookings::evidence::DEMAND_DAYS as u32;

/// The first day of each of the `MONTHS` months ending with `today`'s, and of the month after.
fn month_starts(today: NaiveDate) -> Vec<NaiveDate> {
    let first = NaiveDate::from_ymd_opt(today.year(), today.month(), 1).expect("a first day");
    (0..=MONTHS as u32)
        .map(|i| {
            first
                .checked_sub_months(chrono::Months::new(MONTHS as u32 - 1))
                .and_then(|start| start.checked_add_months(chrono::Months::new(i)))
                .expect("months within chrono's range")
        })
        .collect()
}

/// The dictionary ids of the index's Client values that belong to the catalog vendor.
fn vendor_keys(idx: &BookingIndex, catalog: &Catalog, vendor_id: u64) -> Vec<usize> {
    // Its own name when it is the lowest id of that name, and the names merged into it.
    let names = catalog.client_names(vendor_id);
    idx.vendors_lower
        .iter()
        .enumerate()
        .filter(|(_, v)| names.iter().any(|n| n == *v))
        .map(|(i, _)| i)
        .collect()
}

/// Raw counts before suppression.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct RawCounts {
    pub months: [u32; MONTHS],
    pub sizes: [u32; FirmSize::ALL.len()],
    /// Last `RECENT_DAYS` days by firms of the given size.
    pub recent_for_size: u32,
    /// The month (index into `months`) the `RECENT_DAYS` window starts in, and whether it starts
    /// on that month's first day.
    pub recent_from_month: usize,
    pub recent_from_first_day: bool,
}

/// Counts the vendor's real bookings for the windows ending `today` (UTC).
pub fn count(
    idx: &BookingIndex,
    catalog: &Catalog,
    vendor_id: u64,
    today: NaiveDate,
    size: Option<FirmSize>,
) -> RawCounts {
    let starts = month_starts(today);
    let bounds: Vec<i64> = starts
        .iter()
        .map(|d| i64::from(day_number(*d)) * 86_400)
        .collect();
    let recent_from = i64::from(day_number(today) - (RECENT_DAYS as i32 - 1)) * 86_400;
    let mut out = RawCounts {
        recent_from_month: bounds
            .partition_point(|&b| b <= recent_from)
            .saturating_sub(1),
        recent_from_first_day: bounds.contains(&recent_from),
        ..RawCounts::default()
    };
    for key in vendor_keys(idx, catalog, vendor_id) {
        let list = &idx.by_vendor[key];
        for (lo, hi) in idx.rows_in(Some(list), bounds[0], bounds[MONTHS]) {
            let mut month = 0;
            for r in list.slices_in(lo, hi).flatten() {
                let r = *r as usize;
                let t = idx.cols.time(r);
                // Rows are in time order within a run: the month only moves forward.
                while t >= bounds[month + 1] {
                    month += 1;
                }
                out.months[month] += 1;
                let s = idx.cols.size[r] as usize;
                out.sizes[s] += 1;
                if t >= recent_from && size.is_some_and(|size| size.index() == s) {
                    out.recent_for_size += 1;
                }
            }
        }
    }
    out
}

/// The last `RECENT_DAYS` days for the user's size. The size's 24-month count is shown in
/// `by_size`, alone or (when under 5, 0 included) in a group with its neighbours: if that number
/// and this one were 0 to 4 apart, their difference would be a hidden count (the size's bookings
/// before the 90 days, or the neighbours'), so then this one is withheld. The group is checked,
/// not the size alone: a size's neighbours without bookings join its group too.
fn recent_for(size: FirmSize, raw: &RawCounts) -> RecentForSize {
    let count = ShownCount::of(raw.recent_for_size);
    let holding = suppress::groups(&raw.sizes)
        .into_iter()
        .find(|g| (g.first..=g.last).contains(&size.index()))
        .and_then(|g| g.count.value);
    let withheld = !count.is_hidden()
        && (holding.is_some_and(|n| is_hidden(n.saturating_sub(raw.recent_for_size)))
            || months_give_away(size, raw));
    RecentForSize {
        size: size.into(),
        days: RECENT_DAYS,
        count: if withheld {
            ShownCount {
                value: None,
                text: "not shown".into(),
            }
        } else {
            count
        },
        withheld,
    }
}

/// When no other size booked, the months are this size's own bookings, and a run of month
/// groups that covers the 90 days (or lies inside them) differs from the 90-day count by the
/// bookings of a stretch of days: whether any such difference is 0 to 4 (a run that is the 90
/// days exactly leaves no stretch, and its difference of 0 tells nothing).
fn months_give_away(size: FirmSize, raw: &RawCounts) -> bool {
    let only_this_size = raw
        .sizes
        .iter()
        .enumerate()
        .all(|(s, &n)| s == size.index() || n == 0);
    if !only_this_size {
        return false;
    }
    let groups = suppress::groups(&raw.months);
    let k = raw.recent_from_month;
    for i in 0..groups.len() {
        let mut sum = 0u32;
        for g in &groups[i..] {
            sum += g.count.value.unwrap_or(0);
            let first = groups[i].first;
            let covers = first <= k && g.last == MONTHS - 1;
            let inside = first > k || (first == k && raw.recent_from_first_day);
            let exact = first == k && raw.recent_from_first_day && g.last == MONTHS - 1;
            if (covers || inside) && !exact && is_hidden(sum.abs_diff(raw.recent_for_size)) {
                return true;
            }
        }
    }
    false
}

/// The figures as the API shows them. `adopting_firms` is how many firms of the user's size have
/// the vendor in their stack.
pub fn evidence(
    vendor_id: u64,
    has_real_bookings: bool,
    raw: &RawCounts,
    today: NaiveDate,
    size: Option<FirmSize>,
    adopting_firms: u32,
) -> VendorEvidence {
    let starts = month_starts(today);
    let key = |i: usize| starts[i].format("%Y-%m").to_string();
    let months = suppress::groups(&raw.months)
        .into_iter()
        .map(|g| MonthGroup {
            from: key(g.first),
            to: key(g.last),
            count: g.count,
        })
        .collect();
    let by_size = suppress::groups(&raw.sizes)
        .into_iter()
        .map(|g| SizeGroup {
            sizes: FirmSize::ALL[g.first..=g.last]
                .iter()
                .map(|s| (*s).into())
                .collect(),
            count: g.count,
        })
        .collect();
    let total = ShownCount::of(raw.months.iter().sum());
    let recent = size.map(|size| recent_for(size, raw));
    VendorEvidence {
        vendor_id,
        has_real_bookings,
        months,
        total,
        by_size,
        recent_for_your_size: recent,
        peer_adoption: size.map(|size| {
            // Always "firms": one firm is never shown as a number, nor is none.
            let firms = ShownCount::of(adopting_firms);
            PeerAdoption {
                size: size.into(),
                text: format!("Used by {} firms of your size", firms.text),
                firms,
            }
        }),
    }
}

/// The evidence of vendor `id` as `user` sees it (for the firm size the recommendations use).
pub fn vendor_evidence(app: &RecommendState, user: &User, id: u64) -> Result<VendorEvidence> {
    let catalog = app.catalog.load();
    if catalog.vendor(id).is_none() {
        return Err(super::profile::unknown_vendor(id));
    }
    let size = inputs::firm_context(&app.store, &app.catalog.load(), user)?.size;
    let today = crate::platform::clock::today();
    let sets = app.bookings.load();
    let raw = count(&sets.real, &catalog, id, today, size);
    let adopting = match size {
        Some(size) => app.peers.read(|f| f.firms_using(size, id)),
        None => 0,
    };
    Ok(evidence(
        id,
        crate::bookings::evidence::Source::of(&sets).is_real(),
        &raw,
        today,
        size,
        adopting,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_months_are_the_24_ending_with_this_one() {
        let starts = month_starts(NaiveDate::from_ymd_opt(2026, 3, 31).unwrap());
        assert_eq!(starts.len(), MONTHS + 1);
        assert_eq!(starts[0], NaiveDate::from_ymd_opt(2024, 4, 1).unwrap());
        assert_eq!(
            starts[MONTHS - 1],
            NaiveDate::from_ymd_opt(2026, 3, 1).unwrap()
        );
        assert_eq!(starts[MONTHS], NaiveDate::from_ymd_opt(2026, 4, 1).unwrap());
    }

    #[test]
    fn the_90_days_are_withheld_when_the_24_months_would_give_away_the_months_before() {
        let size = FirmSize::E6To20;
        let mut raw = RawCounts::default();
        raw.sizes[size.index()] = 9;
        raw.recent_for_size = 6;
        let r = recent_for(size, &raw);
        assert!(r.withheld, "9 - 6 = 3 bookings before the 90 days");
        assert_eq!(r.count.value, None);
        assert_eq!(r.count.text, "not shown");

        raw.recent_for_size = 9;
        let r = recent_for(size, &raw);
        assert!(r.withheld, "9 - 9: none before, hidden as 1 to 4 are");
        assert_eq!(r.count.value, None);
        raw.recent_for_size = 2;
        let r = recent_for(size, &raw);
        assert!(
            !r.withheld && r.count.text == "fewer than 5",
            "already hidden"
        );
        raw.sizes[size.index()] = 20;
        raw.recent_for_size = 10;
        assert_eq!(
            recent_for(size, &raw).count.value,
            Some(10),
            "10 before: shown"
        );
        // The size shown only in a group with its neighbours: the group's count holds the 90 days
        // too, so the difference is held to the same rule.
        raw.sizes[size.index()] = 8;
        raw.sizes[size.index() + 1] = 2;
        raw.recent_for_size = 6;
        let groups = suppress::groups(&raw.sizes);
        assert!(
            groups
                .iter()
                .all(|g| !(g.first == size.index() && g.last == size.index()))
        );
        assert!(
            recent_for(size, &raw).withheld,
            "10 - 6 = 4 before the 90 days or by 21-50 firms"
        );
        raw.sizes[size.index() + 1] = 3;
        assert_eq!(recent_for(size, &raw).count.value, Some(6), "11 - 6 = 5");
    }

    #[test]
    fn the_90_days_are_withheld_when_this_sizes_months_would_give_away_a_few_days() {
        let size = FirmSize::E6To20;
        let k = MONTHS - 4;
        // Only 6-20 firms booked: 8 a year ago, 2 early in the month the 90 days start in (before
        // they start), 10 two months ago and 10 this month. The month groups from the one holding
        // the 2 on hold 22, the 90 days 20: shown together they would say 2 fell just before.
        let mut raw = RawCounts {
            recent_for_size: 20,
            recent_from_month: k,
            recent_from_first_day: false,
            ..RawCounts::default()
        };
        raw.months[MONTHS - 13] = 8;
        raw.months[k] = 2;
        raw.months[k + 2] = 10;
        raw.months[k + 3] = 10;
        raw.sizes[size.index()] = 30;
        assert!(months_give_away(size, &raw));
        let r = recent_for(size, &raw);
        assert!(
            r.withheld,
            "30 - 20 = 10 before the window, but 22 - 20 = 2"
        );
        // With other sizes booking too, the months are no longer this size's alone.
        raw.sizes[FirmSize::Solo.index()] = 5;
        assert!(!months_give_away(size, &raw));
        // Without the 2, the months would say that none fell in the months before the 90 days:
        // a hidden 0, given away as a 2 would be.
        raw.sizes[FirmSize::Solo.index()] = 0;
        raw.months[k] = 0;
        raw.sizes[size.index()] = 28;
        assert!(months_give_away(size, &raw));
        assert!(recent_for(size, &raw).withheld);
        // With 5 before the window and 6 after its start in that month, no run of months is 0 to
        // 4 away from the 90 days.
        raw.months[k] = 11;
        raw.recent_for_size = 26;
        raw.sizes[size.index()] = 39;
        assert!(!months_give_away(size, &raw));
        assert_eq!(recent_for(size, &raw).count.value, Some(26));
    }

    #[test]
    fn a_run_of_months_that_is_the_90_days_exactly_gives_nothing_away() {
        let size = FirmSize::E6To20;
        let k = MONTHS - 3;
        // The 90 days start on the first day of month k: the months from k on are the window.
        let mut raw = RawCounts {
            recent_for_size: 12,
            recent_from_month: k,
            recent_from_first_day: true,
            ..RawCounts::default()
        };
        raw.months[k - 1] = 9;
        raw.months[k] = 12;
        raw.sizes[size.index()] = 21;
        let groups = suppress::groups(&raw.months);
        assert!(groups.iter().any(|g| g.first == k && g.last == MONTHS - 1));
        assert!(!months_give_away(size, &raw));
        assert_eq!(recent_for(size, &raw).count.value, Some(12));
    }

    #[test]
    fn peer_adoption_never_names_fewer_than_five_firms() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 31).unwrap();
        let raw = RawCounts::default();
        let size = Some(FirmSize::E6To20);
        let text = |n| {
            evidence(1, true, &raw, today, size, n)
                .peer_adoption
                .unwrap()
                .text
        };
        assert_eq!(text(0), "Used by fewer than 5 firms of your size");
        assert_eq!(text(1), "Used by fewer than 5 firms of your size");
        assert_eq!(text(4), "Used by fewer than 5 firms of your size");
        assert_eq!(text(5), "Used by 5 firms of your size");
        let none = evidence(1, true, &raw, today, size, 0)
            .peer_adoption
            .unwrap();
        assert_eq!(none.firms.value, None, "no number tells none from a few");
        assert!(
            evidence(1, true, &raw, today, None, 9)
                .peer_adoption
                .is_none()
        );
    }
}
