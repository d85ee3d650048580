//! Pick For Me: for each stage, the vendors most booked recently by firms like the user's,
//! widening to neighbouring sizes and then to all firms when the data is thin. Pure over its
//! inputs; the caller supplies the three demand maps.

use std::collections::{HashMap, HashSet};

use crate::catalog::Vendor;
use crate::firm_size::FirmSize;

use super::ranking::{DEMAND_DAYS, MIN_SHOWN, PeerGroup, bookings_phrase, join_and, size_phrase};

pub const PICKS_PER_STAGE: usize = 3;
pub const NEIGHBOUR_NOTE: &str = "Note: Recommendations include data from similar firm sizes due to limited data for your exact size.";
pub const OVERALL_NOTE: &str =
    "Not enough recent data for your firm size; showing popular picks overall.";
pub const UNKNOWN_SIZE_NOTE: &str =
    "Your firm size is not set, so these picks use demo bookings from all firms.";
pub const NO_DATA_NOTE: &str = "No recent demo bookings in this stage yet; these picks are chosen by fit with your firm's size.";

/// Demand from the three peer groups, widest last.
pub struct DemandTiers<'a> {
    pub exact: &'a HashMap<u64, u32>,
    pub neighbours: &'a HashMap<u64, u32>,
    pub all: &'a HashMap<u64, u32>,
}

pub struct StagePicks<'a> {
    /// Each pick with its reasons (the first is the stage card's).
    pub picks: Vec<(&'a Vendor, Vec<String>)>,
    pub note: Option<String>,
    pub used_size_fallback: bool,
}

/// The firm size and its neighbours: the peer group used when the exact size is thin.
pub fn neighbourhood(size: FirmSize) -> Vec<FirmSize> {
    let i = size.index();
    (i.saturating_sub(1)..=i + 1)
        .filter_map(FirmSize::from_index)
        .collect()
}

fn size_fit(v: &Vendor, size: Option<FirmSize>) -> u8 {
    match size {
        Some(s) if v.firm_sizes_supported.contains(&s) => 2,
        Some(s)
            if v.firm_sizes_supported
                .iter()
                .any(|x| x.index().abs_diff(s.index()) == 1) =>
        {
            1
        }
        _ => 0,
    }
}

/// Picks up to three vendors of one stage. `vendors` are the stage category's vendors.
pub fn pick_stage<'a>(
    vendors: &[&'a Vendor],
    size: Option<FirmSize>,
    excluded: &HashSet<u64>,
    firm_tools: &[String],
    demand: &DemandTiers,
) -> StagePicks<'a> {
    let candidates: Vec<&Vendor> = vendors
        .iter()
        .copied()
        .filter(|v| v.is_active && !excluded.contains(&v.id))
        .collect();
    let sum = |m: &HashMap<u64, u32>| -> u32 {
        candidates
            .iter()
            .map(|v| m.get(&v.id).copied().unwrap_or(0))
            .sum()
    };
    // (counts, peer group, note, whether this is a fallback), narrowest first.
    type Tier<'m> = (&'m HashMap<u64, u32>, PeerGroup, Option<&'static str>, bool);
    let tiers: Vec<Tier> = match size {
        Some(s) => vec![
            (demand.exact, PeerGroup::Sizes(vec![s]), None, false),
            (
                demand.neighbours,
                PeerGroup::Sizes(neighbourhood(s)),
                Some(NEIGHBOUR_NOTE),
                true,
            ),
            (demand.all, PeerGroup::AllFirms, Some(OVERALL_NOTE), true),
        ],
        None => vec![(
            demand.all,
            PeerGroup::AllFirms,
            Some(UNKNOWN_SIZE_NOTE),
            false,
        )],
    };
    let chosen = tiers
        .iter()
        .find(|(m, ..)| sum(m) >= MIN_SHOWN)
        .or_else(|| tiers.iter().rev().find(|(m, ..)| sum(m) > 0));

    let with_tools = |v: &Vendor, mut reasons: Vec<String>| {
        let shared: Vec<&String> = v
            .integrations
            .iter()
            .filter(|i| firm_tools.iter().any(|t| t.eq_ignore_ascii_case(i)))
            .collect();
        if !shared.is_empty() {
            let verb = if shared.len() == 1 { "uses" } else { "use" };
            reasons.push(format!(
                "Integrates with {}, which your firm {verb}",
                join_and(&shared)
            ));
        }
        reasons
    };

    let Some((counts, peers, note, fallback)) = chosen else {
        // No bookings at all for this stage: say so, and pick by fit with the firm's size.
        let mut ranked = candidates.clone();
        ranked.sort_by(|a, b| {
            size_fit(b, size)
                .cmp(&size_fit(a, size))
                .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
                .then(a.id.cmp(&b.id))
        });
        let picks = ranked
            .into_iter()
            .filter(|v| size.is_none() || size_fit(v, size) > 0)
            .take(PICKS_PER_STAGE)
            .map(|v| {
                let first = match size {
                    Some(s) if size_fit(v, size) == 2 => {
                        format!("Serves {} like yours", size_phrase(s))
                    }
                    Some(_) => "Serves firms next to your size".to_string(),
                    None => "An active vendor for this stage".to_string(),
                };
                (v, with_tools(v, vec![first]))
            })
            .collect();
        return StagePicks {
            picks,
            note: Some(NO_DATA_NOTE.into()),
            used_size_fallback: false,
        };
    };

    let count = |v: &Vendor| counts.get(&v.id).copied().unwrap_or(0);
    let mut ranked: Vec<&Vendor> = candidates.into_iter().filter(|v| count(v) > 0).collect();
    ranked.sort_by(|a, b| {
        count(b)
            .cmp(&count(a))
            .then_with(|| size_fit(b, size).cmp(&size_fit(a, size)))
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            .then(a.id.cmp(&b.id))
    });
    let peers = peers.phrase();
    let picks = ranked
        .into_iter()
        .take(PICKS_PER_STAGE)
        .map(|v| {
            let first = format!(
                "{} by {peers} in the last {DEMAND_DAYS} days",
                bookings_phrase(count(v))
            );
            (v, with_tools(v, vec![first]))
        })
        .collect();
    StagePicks {
        picks,
        note: note.map(String::from),
        used_size_fallback: *fallback,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recommend::ranking::tests_support::vendor;

    fn run<'a>(
        vendors: &'a [Vendor],
        size: Option<FirmSize>,
        exact: &HashMap<u64, u32>,
        near: &HashMap<u64, u32>,
        all: &HashMap<u64, u32>,
    ) -> StagePicks<'a> {
        let refs: Vec<&Vendor> = vendors.iter().collect();
        pick_stage(
            &refs,
            size,
            &HashSet::from([9]),
            &[],
            &DemandTiers {
                exact,
                neighbours: near,
                all,
            },
        )
    }

    fn ids(s: &StagePicks) -> Vec<u64> {
        s.picks.iter().map(|(v, _)| v.id).collect()
    }

    #[test]
    fn enough_data_for_the_exact_size_uses_it_without_a_note() {
        let vendors: Vec<Vendor> = (1..=5).map(|i| vendor(i, &format!("V{i}"), &[])).collect();
        let exact = HashMap::from([(1, 2), (2, 9), (3, 4), (4, 1)]);
        let s = run(
            &vendors,
            Some(FirmSize::E6To20),
            &exact,
            &HashMap::new(),
            &HashMap::new(),
        );
        assert_eq!(ids(&s), [2, 3, 1]);
        assert!(s.note.is_none() && !s.used_size_fallback);
        assert_eq!(
            s.picks[0].1[0],
            "9 demo bookings by firms of 6-20 employees in the last 90 days"
        );
        assert_eq!(
            s.picks[1].1[0],
            "A few demo bookings by firms of 6-20 employees in the last 90 days"
        );
    }

    #[test]
    fn thin_data_widens_to_neighbours_then_to_all_firms() {
        let vendors: Vec<Vendor> = (1..=3).map(|i| vendor(i, &format!("V{i}"), &[])).collect();
        let exact = HashMap::from([(1, 1)]);
        let near = HashMap::from([(1, 1), (2, 6)]);
        let all = HashMap::from([(3, 50)]);
        let s = run(&vendors, Some(FirmSize::E6To20), &exact, &near, &all);
        assert_eq!(ids(&s), [2, 1]);
        assert_eq!(s.note.as_deref(), Some(NEIGHBOUR_NOTE));
        assert!(s.used_size_fallback);
        assert!(s.picks[0].1[0].contains("firms of 2-5, 6-20 and 21-50 employees"));
        let s = run(&vendors, Some(FirmSize::E6To20), &exact, &exact, &all);
        assert_eq!(ids(&s), [3]);
        assert_eq!(s.note.as_deref(), Some(OVERALL_NOTE));
        assert!(s.picks[0].1[0].contains("by all firms"));
    }

    #[test]
    fn tools_the_firm_has_and_inactive_vendors_are_left_out() {
        let mut vendors: Vec<Vendor> = (8..=10).map(|i| vendor(i, &format!("V{i}"), &[])).collect();
        vendors[2].is_active = false;
        let exact = HashMap::from([(8, 5), (9, 50), (10, 50)]);
        let s = run(
            &vendors,
            Some(FirmSize::Solo),
            &exact,
            &HashMap::new(),
            &HashMap::new(),
        );
        assert_eq!(ids(&s), [8]);
    }

    #[test]
    fn no_bookings_at_all_says_so() {
        let mut vendors: Vec<Vendor> = (1..=2).map(|i| vendor(i, &format!("V{i}"), &[])).collect();
        vendors[1].firm_sizes_supported = vec![FirmSize::Solo];
        let none = HashMap::new();
        let s = run(&vendors, Some(FirmSize::Solo), &none, &none, &none);
        assert_eq!(ids(&s), [2]);
        assert_eq!(s.note.as_deref(), Some(NO_DATA_NOTE));
        assert_eq!(s.picks[0].1[0], "Serves solo firms like yours");
    }
}
