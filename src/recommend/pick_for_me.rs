//! Pick For Me: for each category, the vendors most booked recently by firms like the user's,
//! widening to neighbouring sizes and then to all firms when the data is thin. Only real
//! (imported) bookings count: with none, or none in a category, the picks are ranked by fit with
//! the firm instead, and the note says so. Pure over its inputs; the caller supplies the demand.

use std::collections::{HashMap, HashSet};

use crate::catalog::Vendor;
use crate::firm_size::FirmSize;

use super::ranking::{DEMAND_DAYS, MIN_SHOWN, PeerGroup, bookings_phrase, join_and, size_phrase};

pub const PICKS_PER_STAGE: usize = 3;
/// Litstack's users are personal-injury firms: the practice area a vendor must serve to fit.
pub const FIRM_PRACTICE_AREA: &str = "Personal Injury";
pub const NEIGHBOUR_NOTE: &str = "Note: Recommendations include data from similar firm sizes due to limited data for your exact size.";
pub const OVERALL_NOTE: &str =
    "Not enough recent data for your firm size; showing popular picks overall.";
pub const UNKNOWN_SIZE_NOTE: &str =
    "Your firm size is not set, so these picks use demo bookings from all firms.";
pub const NO_STAGE_DATA_NOTE: &str = "No recent demo bookings in this category yet, so these picks are ranked by fit with your firm's size, practice area and tech stack.";
pub const NO_REAL_BOOKINGS_NOTE: &str = "No demo bookings have been imported yet, so these picks are ranked by fit with your firm's size, practice area and tech stack. An administrator can import bookings under Import.";
pub const NO_REAL_BOOKINGS_UNKNOWN_SIZE_NOTE: &str = "No demo bookings have been imported yet, so these picks are ranked by fit with your firm's practice area and tech stack (set your firm size in your profile to count it too). An administrator can import bookings under Import.";
/// The page-wide note when the widest basis of any stage is [`Basis::NoStageBookings`].
pub const SOME_STAGES_NO_DATA_NOTE: &str = "Some categories have no recent demo bookings yet, so their picks are ranked by fit with your firm's size, practice area and tech stack.";
/// The wording of [`NO_STAGE_DATA_NOTE`] before fit counted practice area and tech stack; picks
/// saved then still carry it.
const OLD_NO_STAGE_DATA_NOTE: &str = "No recent demo bookings in this stage yet; these picks are chosen by fit with your firm's size.";

/// What a stage's picks rest on, from the narrowest evidence to the widest fallback.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Basis {
    /// Real bookings by firms of the firm's own size.
    OwnSize,
    /// Real bookings by firms of its size and the neighbouring sizes.
    Neighbours,
    /// Real bookings by all firms, as the firm's size is not set.
    UnknownSize,
    /// Real bookings by all firms, as those of its size and neighbours were thin.
    AllFirms,
    /// No recent real booking in the stage: ranked by fit with the firm.
    NoStageBookings,
    /// No real booking at all: ranked by fit with the firm.
    NoRealBookings,
}

impl Basis {
    /// The basis a saved note stands for. Notes are the closed set of sentences above, so the
    /// note alone (stored with each stage's picks) says which basis the picks rest on; reading
    /// it back keeps the stored pick sets' format, so no schema migration is needed.
    pub fn of_note(note: Option<&str>) -> Basis {
        match note {
            None => Basis::OwnSize,
            Some(NEIGHBOUR_NOTE) => Basis::Neighbours,
            Some(UNKNOWN_SIZE_NOTE) => Basis::UnknownSize,
            Some(OVERALL_NOTE) => Basis::AllFirms,
            Some(NO_STAGE_DATA_NOTE | OLD_NO_STAGE_DATA_NOTE) => Basis::NoStageBookings,
            Some(NO_REAL_BOOKINGS_NOTE | NO_REAL_BOOKINGS_UNKNOWN_SIZE_NOTE) => {
                Basis::NoRealBookings
            }
            // A note this binary does not know still says the picks are not the plain case.
            Some(_) => Basis::AllFirms,
        }
    }

    /// The note for the whole page when this is the widest basis any stage used.
    pub fn page_note(self, stage_note: Option<&str>) -> Option<String> {
        match self {
            Basis::OwnSize => None,
            Basis::NoStageBookings => Some(SOME_STAGES_NO_DATA_NOTE.into()),
            _ => stage_note.map(String::from),
        }
    }
}

/// Demand from real bookings in the three peer groups, widest last.
pub struct DemandTiers<'a> {
    pub exact: &'a HashMap<u64, u32>,
    pub neighbours: &'a HashMap<u64, u32>,
    pub all: &'a HashMap<u64, u32>,
}

pub struct PickedStage<'a> {
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

/// How well a vendor serves a firm size: 2 exactly, 1 a neighbouring size, 0 otherwise.
pub fn size_fit(v: &Vendor, size: Option<FirmSize>) -> u8 {
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

/// Whether personal injury is among the vendor's practice areas.
pub fn serves_practice_area(v: &Vendor) -> bool {
    v.practice_areas_supported
        .iter()
        .any(|p| p.eq_ignore_ascii_case(FIRM_PRACTICE_AREA))
}

/// The tools of the firm's stack the vendor integrates with, in the vendor's order.
pub fn shared_tools<'v>(v: &'v Vendor, firm_tools: &[String]) -> Vec<&'v String> {
    v.integrations
        .iter()
        .filter(|i| firm_tools.iter().any(|t| t.eq_ignore_ascii_case(i)))
        .collect()
}

/// "Integrates with Clio, which your firm uses", when it integrates with any.
pub fn integration_reason(shared: &[&String]) -> Option<String> {
    if shared.is_empty() {
        return None;
    }
    // The firm is the subject: "which your firm uses", however many tools.
    Some(format!(
        "Integrates with {}, which your firm uses",
        join_and(shared)
    ))
}

/// Ranks vendors by fit with the firm alone, for stages without booking evidence: its size
/// (exact 2 points, neighbouring 1), personal injury among its practice areas (1) and each tool
/// of the firm's stack it integrates with (1, at most 2). With a known size, vendors that serve
/// neither it nor a neighbouring size are left out.
fn pick_by_fit<'a>(
    candidates: Vec<&'a Vendor>,
    size: Option<FirmSize>,
    firm_tools: &[String],
) -> Vec<(&'a Vendor, Vec<String>)> {
    let fit = |v: &Vendor| {
        size_fit(v, size)
            + u8::from(serves_practice_area(v))
            + shared_tools(v, firm_tools).len().min(2) as u8
    };
    let mut ranked: Vec<&Vendor> = candidates
        .into_iter()
        .filter(|v| size.is_none() || size_fit(v, size) > 0)
        .collect();
    ranked.sort_by(|a, b| {
        fit(b)
            .cmp(&fit(a))
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            .then(a.id.cmp(&b.id))
    });
    ranked
        .into_iter()
        .take(PICKS_PER_STAGE)
        .map(|v| {
            let mut reasons = Vec::new();
            match size {
                Some(s) if size_fit(v, size) == 2 => {
                    reasons.push(format!("Serves {} like yours", size_phrase(s)))
                }
                Some(_) => reasons.push("Serves firms next to your size".to_string()),
                None => {}
            }
            if serves_practice_area(v) {
                reasons.push("Works with personal-injury firms".to_string());
            }
            reasons.extend(integration_reason(&shared_tools(v, firm_tools)));
            if reasons.is_empty() {
                reasons.push("An active vendor for this stage".to_string());
            }
            (v, reasons)
        })
        .collect()
}

/// Picks up to three vendors of one stage. `vendors` are the stage category's vendors; `demand`
/// is `None` while no real booking exists.
pub fn pick_stage<'a>(
    vendors: &[&'a Vendor],
    size: Option<FirmSize>,
    excluded: &HashSet<u64>,
    firm_tools: &[String],
    demand: Option<&DemandTiers>,
) -> PickedStage<'a> {
    let candidates: Vec<&Vendor> = vendors
        .iter()
        .copied()
        .filter(|v| v.is_active && !excluded.contains(&v.id))
        .collect();
    let Some(demand) = demand else {
        let note = if size.is_some() {
            NO_REAL_BOOKINGS_NOTE
        } else {
            NO_REAL_BOOKINGS_UNKNOWN_SIZE_NOTE
        };
        return PickedStage {
            picks: pick_by_fit(candidates, size, firm_tools),
            note: Some(note.into()),
            used_size_fallback: false,
        };
    };
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

    let Some((counts, peers, note, fallback)) = chosen else {
        // No recent bookings at all for this stage: say so, and pick by fit with the firm.
        return PickedStage {
            picks: pick_by_fit(candidates, size, firm_tools),
            note: Some(NO_STAGE_DATA_NOTE.into()),
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
            let mut reasons = vec![format!(
                "{} by {peers} in the last {DEMAND_DAYS} days",
                bookings_phrase(count(v))
            )];
            reasons.extend(integration_reason(&shared_tools(v, firm_tools)));
            (v, reasons)
        })
        .collect();
    PickedStage {
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
    ) -> PickedStage<'a> {
        let refs: Vec<&Vendor> = vendors.iter().collect();
        pick_stage(
            &refs,
            size,
            &HashSet::from([9]),
            &[],
            Some(&DemandTiers {
                exact,
                neighbours: near,
                all,
            }),
        )
    }

    fn ids(s: &PickedStage) -> Vec<u64> {
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
    fn no_bookings_in_the_stage_says_so_and_ranks_by_fit() {
        let mut vendors: Vec<Vendor> = (1..=2).map(|i| vendor(i, &format!("V{i}"), &[])).collect();
        vendors[1].firm_sizes_supported = vec![FirmSize::Solo];
        let none = HashMap::new();
        let s = run(&vendors, Some(FirmSize::Solo), &none, &none, &none);
        assert_eq!(ids(&s), [2]);
        assert_eq!(s.note.as_deref(), Some(NO_STAGE_DATA_NOTE));
        assert_eq!(s.picks[0].1[0], "Serves solo firms like yours");
    }

    fn fit_vendor(
        id: u64,
        name: &str,
        sizes: &[FirmSize],
        pi: bool,
        integrations: &[&str],
    ) -> Vendor {
        let mut v = vendor(id, name, &[]);
        v.firm_sizes_supported = sizes.to_vec();
        if pi {
            v.practice_areas_supported = vec!["Family Law".into(), "Personal Injury".into()];
        }
        v.integrations = integrations.iter().map(|s| s.to_string()).collect();
        v
    }

    #[test]
    fn without_real_bookings_picks_rank_by_size_practice_area_and_stack() {
        use FirmSize::*;
        let vendors = [
            fit_vendor(1, "A exact only", &[E6To20], false, &[]),
            fit_vendor(2, "B exact pi clio", &[E6To20], true, &["Clio"]),
            fit_vendor(3, "C neighbour pi", &[E21To50], true, &[]),
            fit_vendor(4, "D exact pi", &[E6To20], true, &[]),
            fit_vendor(5, "E far away", &[E200Plus], true, &["Clio"]),
        ];
        let refs: Vec<&Vendor> = vendors.iter().collect();
        let tools = vec!["clio".to_string()];
        let s = pick_stage(&refs, Some(E6To20), &HashSet::new(), &tools, None);
        let got: Vec<u64> = ids(&s);
        assert_eq!(
            got,
            [2, 4, 1],
            "fit 4, 3, 2; the vendor far from the size is left out"
        );
        assert_eq!(s.note.as_deref(), Some(NO_REAL_BOOKINGS_NOTE));
        assert!(!s.used_size_fallback);
        assert_eq!(
            s.picks[0].1,
            [
                "Serves firms of 6-20 employees like yours",
                "Works with personal-injury firms",
                "Integrates with Clio, which your firm uses",
            ]
        );
        for (_, reasons) in &s.picks {
            assert!(
                !reasons.iter().any(|r| r.contains("demo booking")),
                "{reasons:?}"
            );
        }

        // Size unknown: practice area and stack alone, and the note says the size is missing.
        let s = pick_stage(&refs, None, &HashSet::new(), &tools, None);
        assert_eq!(ids(&s), [2, 5, 3]);
        assert_eq!(s.note.as_deref(), Some(NO_REAL_BOOKINGS_UNKNOWN_SIZE_NOTE));
        assert_eq!(s.picks[2].1, ["Works with personal-injury firms"]);
    }

    #[test]
    fn each_note_names_its_basis_and_the_widest_wins() {
        for (note, basis) in [
            (None, Basis::OwnSize),
            (Some(NEIGHBOUR_NOTE), Basis::Neighbours),
            (Some(UNKNOWN_SIZE_NOTE), Basis::UnknownSize),
            (Some(OVERALL_NOTE), Basis::AllFirms),
            (Some(NO_STAGE_DATA_NOTE), Basis::NoStageBookings),
            (Some(NO_REAL_BOOKINGS_NOTE), Basis::NoRealBookings),
            (
                Some(NO_REAL_BOOKINGS_UNKNOWN_SIZE_NOTE),
                Basis::NoRealBookings,
            ),
        ] {
            assert_eq!(Basis::of_note(note), basis, "{note:?}");
        }
        assert!(Basis::Neighbours < Basis::AllFirms && Basis::AllFirms < Basis::NoRealBookings);
        assert_eq!(Basis::OwnSize.page_note(None), None);
        assert_eq!(
            Basis::AllFirms.page_note(Some(OVERALL_NOTE)).as_deref(),
            Some(OVERALL_NOTE)
        );
        assert_eq!(
            Basis::NoStageBookings
                .page_note(Some(NO_STAGE_DATA_NOTE))
                .as_deref(),
            Some(SOME_STAGES_NO_DATA_NOTE)
        );
    }
}
