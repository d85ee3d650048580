//! A vendor's own statistics: its listing's profile views and scheduler opens by month, counted
//! over verified firms only and shown only when 5 or more of them make up the figure (the peer
//! figures' rule, `peers::MIN_FIRMS`). Nothing else: no firm, no person, no breakdown by size,
//! stage or screen that could single a firm out. The number of firms behind a figure is not
//! shown either, only whether there were enough.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::Serialize;

use crate::peers::MIN_FIRMS;
use crate::platform::error::Result;
use crate::platform::store::Store;
use crate::vendor_profile::views::{self, month_of};

/// How many months the statistics go back, this one included.
pub const MONTHS: usize = 12;

#[derive(Debug, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthFigures {
    /// YYYY-MM.
    pub month: String,
    /// Times firms' people opened the listing's profile; null when fewer than 5 verified firms
    /// did (none included).
    pub profile_views: Option<u64>,
    /// Times firms' people opened the listing's scheduler (Schedule Meeting); null when fewer
    /// than 5 verified firms did (none included).
    pub scheduler_opens: Option<u64>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorStats {
    /// The last 12 months, newest first.
    pub months: Vec<MonthFigures>,
    /// The fewest verified firms a figure is counted over.
    pub min_firms: u32,
}

#[derive(Default)]
struct Tally {
    count: u64,
    firms: HashSet<u64>,
}

impl Tally {
    fn add(&mut self, firm: u64, n: u64) {
        self.count += n;
        self.firms.insert(firm);
    }

    fn shown(&self) -> Option<u64> {
        (self.firms.len() >= MIN_FIRMS as usize).then_some(self.count)
    }
}

/// The months `MONTHS` back from `now`'s, newest first, as numbers (202611).
fn last_months(now: i64) -> Vec<u32> {
    let mut month = month_of(now);
    let mut out = Vec::with_capacity(MONTHS);
    for _ in 0..MONTHS {
        out.push(month);
        month = if month % 100 == 1 {
            month - 100 + 11
        } else {
            month - 1
        };
    }
    out
}

/// Figures from rows of (member, month, count) once each member's verified firm is known.
fn figures(
    months: &[u32],
    firm_of: &HashMap<u64, u64>,
    views: impl IntoIterator<Item = (u64, u32, u64)>,
    opens: impl IntoIterator<Item = (u64, u32, u64)>,
) -> Vec<MonthFigures> {
    let mut tallies: BTreeMap<u32, (Tally, Tally)> = BTreeMap::new();
    for (which, rows) in [
        (0, views.into_iter().collect::<Vec<_>>()),
        (1, opens.into_iter().collect()),
    ] {
        for (user, month, n) in rows {
            let Some(&firm) = firm_of.get(&user) else {
                continue;
            };
            let entry = tallies.entry(month).or_default();
            if which == 0 {
                entry.0.add(firm, n);
            } else {
                entry.1.add(firm, n);
            }
        }
    }
    months
        .iter()
        .map(|m| {
            let (views, opens) = tallies.remove(m).unwrap_or_default();
            MonthFigures {
                month: format!("{}-{:02}", m / 100, m % 100),
                profile_views: views.shown(),
                scheduler_opens: opens.shown(),
            }
        })
        .collect()
}

/// `vendor_id`'s statistics as of `now`.
pub fn for_vendor(store: &Store, vendor_id: u64, now: i64) -> Result<VendorStats> {
    // Each member's firm, for verified firms only: only they are evidence.
    let firm_of: HashMap<u64, u64> = crate::accounts::all_users(store)?
        .into_iter()
        .filter(|u| u.firm.verified)
        .map(|u| (u.id, u.firm.id.get()))
        .collect();
    let views = views::of_vendor(store, vendor_id)?
        .into_iter()
        .map(|v| (v.user_id, v.month, v.views));
    let opens = crate::catalog::storage::scheduler_opens(store, vendor_id)?
        .into_iter()
        .map(|(user, at)| (user, month_of(at), 1));
    Ok(VendorStats {
        months: figures(&last_months(now), &firm_of, views, opens),
        min_firms: MIN_FIRMS,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twelve_months_back_across_a_year() {
        // 2026-02-10.
        let months = last_months(1_770_681_600);
        assert_eq!(months.len(), 12);
        assert_eq!(&months[..3], [202602, 202601, 202512]);
        assert_eq!(months[11], 202503);
    }

    #[test]
    fn a_figure_shows_from_five_verified_firms_and_counts_only_them() {
        // Members 1-5 are of five verified firms; 6 is a second member of firm 105; 9 is of an
        // unverified firm (not in the map).
        let firm_of: HashMap<u64, u64> =
            [(1, 101), (2, 102), (3, 103), (4, 104), (5, 105), (6, 105)].into();
        let months = [202611, 202610];
        let views = vec![
            (1, 202611, 3),
            (2, 202611, 1),
            (3, 202611, 1),
            (4, 202611, 1),
            (5, 202611, 1),
            (9, 202611, 50),
            // October: four firms, one of them through two members.
            (1, 202610, 1),
            (2, 202610, 1),
            (3, 202610, 1),
            (5, 202610, 1),
            (6, 202610, 1),
        ];
        let opens = vec![(1, 202611, 1), (2, 202611, 1)];
        let shown = figures(&months, &firm_of, views, opens);
        assert_eq!(
            shown,
            [
                MonthFigures {
                    month: "2026-11".into(),
                    profile_views: Some(7),
                    scheduler_opens: None,
                },
                MonthFigures {
                    month: "2026-10".into(),
                    profile_views: None,
                    scheduler_opens: None,
                },
            ]
        );
    }
}
