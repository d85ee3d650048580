//! A vendor's own statistics: by closed month, how many distinct verified firms opened its
//! listing's profile, and how many opened its scheduler, each shown only from 5 firms up (the peer
//! figures' rule, `peers::MIN_FIRMS`). The month in progress shows none, so a vendor watching the
//! figure cannot tell when a firm looked; a firm counts once a month however often its people
//! look, so no one can inflate a figure; and nothing names a firm, a person or a size.
//!
//! The figure is the set of (firm, vendor, month) drawn from what is stored as it was before
//! (profile views per member, vendor and month, `vendor_profile::views`; scheduler opens, the
//! meeting clicks of kind `BOOKING`), each member read as their verified firm.

use std::collections::{BTreeSet, HashMap};

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
    /// True for the month in progress (UTC): it shows no figure until it has closed.
    pub in_progress: bool,
    /// How many verified firms' people opened the listing's profile in the month, each firm
    /// once; null while the month is in progress, and when fewer than 5 firms did (none
    /// included).
    pub firms_viewed_profile: Option<u64>,
    /// How many verified firms' people opened the listing's scheduler (Schedule Meeting) in the
    /// month, each firm once; null while the month is in progress, and when fewer than 5 firms
    /// did (none included).
    pub firms_opened_scheduler: Option<u64>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorStats {
    /// The last 12 months, newest first: the month in progress, then 11 closed months.
    pub months: Vec<MonthFigures>,
    /// The fewest verified firms a figure shows from.
    pub min_firms: u32,
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

/// The (firm, month) pairs of rows of (member, month): each member read as their verified firm,
/// members of no verified firm left out, a firm once a month however many rows.
fn firm_months(
    firm_of: &HashMap<u64, u64>,
    rows: impl IntoIterator<Item = (u64, u32)>,
) -> BTreeSet<(u32, u64)> {
    rows.into_iter()
        .filter_map(|(user, month)| firm_of.get(&user).map(|firm| (month, *firm)))
        .collect()
}

/// A month's count of distinct firms, shown only from `MIN_FIRMS` up and never for the month in
/// progress.
fn shown(pairs: &BTreeSet<(u32, u64)>, month: u32, in_progress: bool) -> Option<u64> {
    let firms = pairs.range((month, 0)..=(month, u64::MAX)).count();
    (!in_progress && firms >= MIN_FIRMS as usize).then_some(firms as u64)
}

/// Figures for `months` (newest first, the first in progress) from rows of (member, month) once
/// each member's verified firm is known.
fn figures(
    months: &[u32],
    firm_of: &HashMap<u64, u64>,
    views: impl IntoIterator<Item = (u64, u32)>,
    opens: impl IntoIterator<Item = (u64, u32)>,
) -> Vec<MonthFigures> {
    let (viewed, opened) = (firm_months(firm_of, views), firm_months(firm_of, opens));
    months
        .iter()
        .enumerate()
        .map(|(i, m)| MonthFigures {
            month: format!("{}-{:02}", m / 100, m % 100),
            in_progress: i == 0,
            firms_viewed_profile: shown(&viewed, *m, i == 0),
            firms_opened_scheduler: shown(&opened, *m, i == 0),
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
    // The views and the scheduler opens in one snapshot.
    let (views, opens) = crate::platform::store::seam::read(store, |tx| {
        Ok((
            views::of_vendor_in(tx, vendor_id)?,
            crate::catalog::storage::scheduler_opens_in(tx, vendor_id)?,
        ))
    })?;
    let views = views
        .into_iter()
        .filter(|v| v.views > 0)
        .map(|v| (v.user_id, v.month));
    let opens = opens.into_iter().map(|(user, at)| (user, month_of(at)));
    Ok(VendorStats {
        months: figures(&last_months(now), &firm_of, views, opens),
        min_firms: MIN_FIRMS,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn twelve_months_back_across_a_year() {
        // 2026-02-10.
        let months = last_months(1_770_681_600);
        assert_eq!(months.len(), 12);
        assert_eq!(&months[..3], [202602, 202601, 202512]);
        assert_eq!(months[11], 202503);
    }

    #[test]
    fn a_closed_months_figure_is_its_distinct_verified_firms_from_five_up() {
        // Members 1-5 are of five verified firms; 6 is a second member of firm 105; 9 is of an
        // unverified firm (not in the map).
        let firm_of: HashMap<u64, u64> =
            [(1, 101), (2, 102), (3, 103), (4, 104), (5, 105), (6, 105)].into();
        let months = [202612, 202611, 202610];
        let mut views = vec![
            (1, 202611),
            (2, 202611),
            (3, 202611),
            (4, 202611),
            (5, 202611),
        ];
        // Many more views by firm 101 and firm 105 (its second member), and the unverified firm.
        views.extend([(1, 202611); 200]);
        views.extend([(6, 202611), (9, 202611), (9, 202611)]);
        // October: four firms, one of them through two members.
        views.extend([
            (1, 202610),
            (2, 202610),
            (3, 202610),
            (5, 202610),
            (6, 202610),
        ]);
        // December, in progress: six firms' members, none shown yet.
        views.extend([
            (1, 202612),
            (2, 202612),
            (3, 202612),
            (4, 202612),
            (5, 202612),
        ]);
        let opens = vec![(1, 202611), (2, 202611), (1, 202611)];
        let shown = figures(&months, &firm_of, views, opens);
        assert_eq!(
            shown,
            [
                MonthFigures {
                    month: "2026-12".into(),
                    in_progress: true,
                    firms_viewed_profile: None,
                    firms_opened_scheduler: None,
                },
                MonthFigures {
                    month: "2026-11".into(),
                    in_progress: false,
                    firms_viewed_profile: Some(5),
                    firms_opened_scheduler: None,
                },
                MonthFigures {
                    month: "2026-10".into(),
                    in_progress: false,
                    firms_viewed_profile: None,
                    firms_opened_scheduler: None,
                },
            ]
        );
    }

    /// Rows of (member, month): members 0 to 39 of firms `member / 4` (10 firms), over the
    /// three months of `MONTHS_SEEN`.
    const MONTHS_SEEN: [u32; 3] = [202612, 202611, 202610];

    fn firm_of_all() -> HashMap<u64, u64> {
        (0..40).map(|m| (m, m / 4)).collect()
    }

    fn rows(members: impl Strategy<Value = u64>) -> impl Strategy<Value = Vec<(u64, u32)>> {
        prop::collection::vec(
            (members, prop::sample::select(MONTHS_SEEN.to_vec())),
            0..200,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Issue 76, finding 4: any views and scheduler opens, however many, by any members of
        /// fewer than 5 firms (here members of firms 0 to 3, and of any firm not verified) show
        /// no figure in any month.
        #[test]
        fn views_by_fewer_than_five_firms_never_show_a_figure(
            views in rows(0u64..16),
            opens in rows(0u64..16),
            unverified in rows(40u64..100),
        ) {
            let all = [views.clone(), unverified].concat();
            for month in figures(&MONTHS_SEEN, &firm_of_all(), all, opens) {
                prop_assert_eq!(month.firms_viewed_profile, None);
                prop_assert_eq!(month.firms_opened_scheduler, None);
            }
        }

        /// Views repeated by the members of one firm already counted that month (any member, any
        /// number of times) never change a figure, shown or not: the figure counts firms, not
        /// views.
        #[test]
        fn repeated_views_by_one_firm_never_change_a_figure(
            views in rows(0u64..40),
            opens in rows(0u64..40),
            pick in any::<prop::sample::Index>(),
            repeats in prop::collection::vec((0u64..4, 1usize..50), 1..5),
        ) {
            prop_assume!(!views.is_empty());
            let before = figures(&MONTHS_SEEN, &firm_of_all(), views.clone(), opens.clone());
            let (member, month) = *pick.get(&views);
            let firm = member / 4;
            let mut more = views.clone();
            for (colleague, times) in repeats {
                more.extend(std::iter::repeat_n((firm * 4 + colleague, month), times));
            }
            let after = figures(&MONTHS_SEEN, &firm_of_all(), more, opens);
            prop_assert_eq!(before, after);
        }
    }

    /// The checks have teeth: the count of views before issue 76 (every view added) moves with
    /// one firm's repeated views, and five firms show a figure once the month has closed.
    #[test]
    fn five_firms_show_once_the_month_closes_and_a_count_of_views_would_move() {
        let five: Vec<(u64, u32)> = (0..5).map(|f| (f * 4, 202611)).collect();
        let month = |m: &[MonthFigures]| m[1].firms_viewed_profile;
        assert_eq!(
            month(&figures(&MONTHS_SEEN, &firm_of_all(), five.clone(), [])),
            Some(5)
        );
        let repeated = [five.clone(), vec![(1, 202611); 200]].concat();
        assert_eq!(
            month(&figures(&MONTHS_SEEN, &firm_of_all(), repeated.clone(), [])),
            Some(5)
        );
        assert_ne!(
            five.len(),
            repeated.len(),
            "200 views the old count would have added"
        );
        // The same five in the month in progress: none.
        let now: Vec<(u64, u32)> = (0..5).map(|f| (f * 4, 202612)).collect();
        assert_eq!(
            figures(&MONTHS_SEEN, &firm_of_all(), now, [])[0].firms_viewed_profile,
            None
        );
    }
}
