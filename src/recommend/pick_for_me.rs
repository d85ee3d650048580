//! Pick For Me: for each category, the vendors most booked recently by firms like the user's,
//! widening to neighbouring sizes and then to all firms when the data is thin. Only real
//! (imported) bookings count: with none, or none in a category, the picks are ranked by
//! everything the firm told us and the catalog and peers know instead (`fit`), and the note says
//! so. A booking count under 5 is shown as "a few", so all such counts rank alike: the order never
//! reveals a hidden figure. When what we know does not tell vendors apart, they are one tie group,
//! listed by name (never in the order they joined the catalog), and the cards and the note say so.
//! Pure over its inputs; the caller supplies the demand.

use std::collections::{HashMap, HashSet};

use crate::catalog::Vendor;
use crate::platform::firm_size::FirmSize;

use super::dismissals::DismissalEffects;
use super::fit::{self, Fact, FirmFacts, Fit, Known};
use super::ranking::{MIN_SHOWN, PeerGroup, demand_reason, join_and};
use super::reason_lines;

pub const PICKS_PER_STAGE: usize = 3;
/// Litstack's users are personal-injury firms: the practice area a vendor must serve to fit.
pub const FIRM_PRACTICE_AREA: &str = "Personal Injury";
pub const NEIGHBOUR_NOTE: &str = "Note: Recommendations include data from similar firm sizes due to limited data for your exact size.";
pub const OVERALL_NOTE: &str =
    "Not enough recent data for your firm size; showing popular picks overall.";
pub const UNKNOWN_SIZE_NOTE: &str =
    "Your firm size is not set, so these picks use demo bookings from all firms.";
pub const NO_STAGE_DATA_NOTE: &str = "No recent demo bookings in this category yet, so these picks are ranked by what your firm told us: its size, software spend, tech stack and dismissals.";
/// [`NO_STAGE_DATA_NOTE`] when what the firm told us does not tell the picks apart (the tie note
/// beside it says so).
pub const NO_STAGE_DATA_TIED_NOTE: &str =
    "No recent demo bookings in this category yet, so these picks rest on what your firm told us.";
pub const NO_REAL_BOOKINGS_NOTE: &str = "No demo bookings have been imported yet, so these picks are ranked by what your firm told us: its size, software spend, tech stack and dismissals. An administrator can import bookings under Import.";
pub const NO_REAL_BOOKINGS_UNKNOWN_SIZE_NOTE: &str = "No demo bookings have been imported yet, so these picks are ranked by what your firm told us (set your firm size in your profile to count it too). An administrator can import bookings under Import.";
/// [`NO_REAL_BOOKINGS_NOTE`] when what the firm told us does not tell the picks apart.
pub const NO_REAL_BOOKINGS_TIED_NOTE: &str = "No demo bookings have been imported yet, so these picks rest on what your firm told us. An administrator can import bookings under Import.";
/// The page-wide note when no category has recent demo bookings (some that have none are named
/// by `page_note`).
pub const ALL_STAGES_NO_DATA_NOTE: &str = "No category has recent demo bookings yet, so the picks rest on what your firm told us: its size, software spend, tech stack and dismissals.";
/// The page-wide note while no real booking exists and no sample set either: the one story of
/// where the page's evidence comes from, said once for every category (their own notes then say
/// nothing more of it).
pub const PAGE_NO_REAL_BOOKINGS_NOTE: &str = "No demo bookings have been imported yet, so the picks rest on what your firm told us: its size, software spend, tech stack and dismissals. An administrator can import bookings under Import.";
/// [`PAGE_NO_REAL_BOOKINGS_NOTE`] while Vendor Trends shows the generated sample set.
pub const PAGE_SAMPLE_ONLY_NOTE: &str = "Vendor Trends shows generated sample bookings to demonstrate the dashboard; picks never use them. Until real demo bookings are imported (an administrator can, under Import), the picks rest on what your firm told us: its size, software spend, tech stack and dismissals.";
/// Earlier wordings of the notes without booking evidence; picks saved then still carry them.
const OLD_NO_STAGE_DATA_NOTES: [&str; 4] = [
    "No recent demo bookings in this category yet, so these picks are ranked by what your firm told us: its size, software spend, caseload, tech stack and dismissals.",
    "No recent demo bookings in this stage yet; these picks are chosen by fit with your firm's size.",
    "No recent demo bookings in this category yet, so these picks are ranked by what your firm told us: its size, software spend, caseload, practice area, tech stack and dismissals.",
    "No recent demo bookings in this category yet, so these picks are ranked by fit with your firm's size, practice area and tech stack.",
];
const OLD_NO_REAL_BOOKINGS_NOTES: [&str; 4] = [
    "No demo bookings have been imported yet, so these picks are ranked by what your firm told us: its size, software spend, caseload, tech stack and dismissals. An administrator can import bookings under Import.",
    "No demo bookings have been imported yet, so these picks are ranked by what your firm told us: its size, software spend, caseload, practice area, tech stack and dismissals. An administrator can import bookings under Import.",
    "No demo bookings have been imported yet, so these picks are ranked by fit with your firm's size, practice area and tech stack. An administrator can import bookings under Import.",
    "No demo bookings have been imported yet, so these picks are ranked by fit with your firm's practice area and tech stack (set your firm size in your profile to count it too). An administrator can import bookings under Import.",
];

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
            Some(NO_STAGE_DATA_NOTE | NO_STAGE_DATA_TIED_NOTE) => Basis::NoStageBookings,
            Some(
                NO_REAL_BOOKINGS_NOTE
                | NO_REAL_BOOKINGS_UNKNOWN_SIZE_NOTE
                | NO_REAL_BOOKINGS_TIED_NOTE,
            ) => Basis::NoRealBookings,
            Some(old) if OLD_NO_STAGE_DATA_NOTES.contains(&old) => Basis::NoStageBookings,
            Some(old) if OLD_NO_REAL_BOOKINGS_NOTES.contains(&old) => Basis::NoRealBookings,
            // A note this binary does not know still says the picks are not the plain case.
            Some(_) => Basis::AllFirms,
        }
    }

    /// The note for the whole page when every category's picks rest on this basis.
    pub fn page_note(self) -> Option<&'static str> {
        match self {
            Basis::OwnSize => None,
            Basis::Neighbours => Some(NEIGHBOUR_NOTE),
            Basis::UnknownSize => Some(UNKNOWN_SIZE_NOTE),
            Basis::AllFirms => Some(OVERALL_NOTE),
            Basis::NoStageBookings => Some(ALL_STAGES_NO_DATA_NOTE),
            Basis::NoRealBookings => Some(PAGE_NO_REAL_BOOKINGS_NOTE),
        }
    }

    /// How some categories' picks go beyond firms of the firm's size, for a page note that names
    /// them: "Intake and Billing use similar firm sizes."
    fn widening(self, labels: &[&str]) -> Option<String> {
        let one = labels.len() == 1;
        let (s, has, its, was) = if one {
            ("s", "has", "its", "was")
        } else {
            ("", "have", "their", "were")
        };
        let how = match self {
            Basis::OwnSize => return None,
            Basis::Neighbours => format!("use{s} similar firm sizes"),
            Basis::UnknownSize => format!("use{s} all firms, as your firm size is not set"),
            Basis::AllFirms => format!("use{s} all firms"),
            Basis::NoStageBookings => format!(
                "{has} no recent demo bookings, so {its} picks rest on what your firm told us"
            ),
            Basis::NoRealBookings => format!("{was} ranked before any demo booking was imported"),
        };
        Some(format!("{} {how}.", join_and(labels)))
    }
}

/// The page's note from what each category's current picks rest on (its label and basis): the
/// basis's own note (the spec's banners among them) only when it is true of every category, else
/// the categories that go beyond firms of the firm's size, named by basis, so that the banner
/// never contradicts a card (issue 77); none when every category rests on the firm's own size.
pub fn page_note(stages: &[(&str, Basis)]) -> Option<String> {
    let (first, rest) = stages.split_first()?;
    if rest.iter().all(|(_, b)| *b == first.1) {
        return first.1.page_note().map(String::from);
    }
    let mut groups: std::collections::BTreeMap<Basis, Vec<&str>> = Default::default();
    for (label, basis) in stages {
        groups.entry(*basis).or_default().push(label);
    }
    let widened: Vec<String> = groups
        .iter()
        .filter_map(|(basis, labels)| basis.widening(labels))
        .collect();
    (!widened.is_empty()).then(|| {
        format!(
            "Not every category rests on demo bookings by firms of your size. {} Each category's note says more.",
            widened.join(" ")
        )
    })
}

/// The line of a stored note that lists the tie group's vendor ids.
const TIE_GROUP_LINE: &str = "Tie group:";

/// A stage's note as stored: the basis note on the first line (empty for none) and, when some
/// picks tie, the tie note on the second and the tie group's vendor ids on the third (see
/// `reason_lines`), so the stored pick sets keep their shape.
pub fn stored_note(basis: Option<&str>, tie: Option<&str>, group: &[u64]) -> Option<String> {
    match (basis, tie) {
        (basis, None) => basis.map(String::from),
        (basis, Some(tie)) => {
            let ids: Vec<String> = group.iter().map(u64::to_string).collect();
            let group = format!("{TIE_GROUP_LINE} {}", ids.join(","));
            let items: Vec<&str> = if ids.is_empty() {
                vec![tie]
            } else {
                vec![tie, &group]
            };
            Some(reason_lines::with_items(basis.unwrap_or_default(), &items))
        }
    }
}

/// The tie group a stored note lists; `None` for a note without one (no tie, or picks saved
/// before the group was kept: their stored tie texts stand).
pub fn tie_group(stored: Option<&str>) -> Option<Vec<u64>> {
    let items = reason_lines::items(stored?);
    let line = items.iter().find_map(|l| l.strip_prefix(TIE_GROUP_LINE))?;
    line.split(',')
        .map(|id| id.trim().parse().ok())
        .collect::<Option<Vec<u64>>>()
        .filter(|ids| !ids.is_empty())
}

/// The stored note with `group` as its tie group; unchanged for an empty group. A stage that
/// tied nowhere before gets a tie note too (the page counts both again on reading).
pub fn with_tie_group(stored: Option<&str>, group: &[u64]) -> Option<String> {
    if group.is_empty() {
        return stored.map(String::from);
    }
    let (basis, tie) = read_note(stored);
    let tie = tie.unwrap_or_else(|| fit::tie_note(group.len()));
    stored_note(basis, Some(&tie), group)
}

/// The stage's tie, counted now: of the stored `group`, the vendors the firm can still be shown
/// (`shown`). Returns the note above the picks and the text of a card in the group, or `None`
/// when fewer than two remain. The banner's count is always each card's count plus one.
pub fn tie_now(group: &[u64], shown: impl Fn(u64) -> bool) -> Option<(usize, String, String)> {
    let count = group.iter().filter(|&&id| shown(id)).count();
    (count > 1).then(|| (count, fit::tie_note(count), fit::tie_text(count - 1)))
}

/// A stored note read back: (the basis note, the tie note).
pub fn read_note(stored: Option<&str>) -> (Option<&str>, Option<String>) {
    let Some(stored) = stored else {
        return (None, None);
    };
    let basis = Some(reason_lines::sentence(stored)).filter(|s| !s.is_empty());
    (basis, reason_lines::items(stored).into_iter().next())
}

/// Demand from real bookings in the three peer groups, widest last.
pub struct DemandTiers<'a> {
    pub exact: &'a HashMap<u64, u32>,
    pub neighbours: &'a HashMap<u64, u32>,
    pub all: &'a HashMap<u64, u32>,
}

/// One pick of a stage.
#[derive(Debug, Clone)]
pub struct Picked<'a> {
    pub vendor: &'a Vendor,
    /// What its card says: what sets the vendor apart where anything does.
    pub card: String,
    /// Set when others fit the firm equally well on what we know.
    pub tie: Option<String>,
    /// Every reason, for the history: the card's first, the tie last.
    pub reasons: Vec<String>,
}

pub struct PickedStage<'a> {
    pub picks: Vec<Picked<'a>>,
    /// Which data the picks rest on (see [`Basis`]).
    pub note: Option<String>,
    /// "These 5 fit your firm equally well…" when some picks tie.
    pub tie_note: Option<String>,
    /// The stage's one tie group: every candidate equal to its first tied pick, that pick
    /// included; empty when no pick ties. Stored with the note, so the page can count it again
    /// after dismissals (see [`tie_group`]).
    pub tie_group: Vec<u64>,
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

/// "Integrates with Clio, which your firm uses", when it integrates with any (the vendor
/// profile's alternatives use it).
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

/// Ranks vendors by what the firm told us (`fit`), for stages without booking evidence. With a
/// known size, vendors that serve neither it nor a neighbouring size are left out. Returns the
/// picks, the tie note and the tie group.
fn pick_by_fit<'a>(
    candidates: Vec<&'a Vendor>,
    firm: &FirmFacts,
    known: &Known,
    effects: &DismissalEffects,
) -> Finished<'a> {
    let mut fits: Vec<Fit> = candidates
        .into_iter()
        .filter(|v| firm.size.is_none() || size_fit(v, firm.size) > 0)
        .map(|v| fit::fit(v, firm, known, effects))
        .collect();
    fit::sort(&mut fits);
    let key = |f: &Fit| f.points;
    let shown: Vec<(&Fit, Vec<String>)> = fits
        .iter()
        .take(PICKS_PER_STAGE)
        .map(|f| (f, f.fact_texts()))
        .collect();
    finish(&fits, shown, key)
}

/// The picks, the tie note and the tie group (see [`PickedStage`]).
type Finished<'a> = (Vec<Picked<'a>>, Option<String>, Vec<u64>);

/// The picks from their ranking: each card's distinct reason, and the tie with its note.
/// `ranked` is every candidate best first, `shown` the picks with their reasons strongest first,
/// `key` what must be equal for two vendors to tie. A stage states one tie group, that of its
/// first tied pick: the note counts it and every card in it says the same count less itself, so
/// the banner and the cards can never disagree.
fn finish<'a, Key: PartialEq>(
    ranked: &[Fit<'a>],
    shown: Vec<(&Fit<'a>, Vec<String>)>,
    key: impl Fn(&Fit) -> Key,
) -> Finished<'a> {
    let cards = fit::distinct_card_reasons(shown.iter().map(|(_, reasons)| reasons.clone()));
    let group: Vec<u64> = shown
        .iter()
        .map(|(f, _)| {
            ranked
                .iter()
                .filter(|o| key(o) == key(f))
                .map(|o| o.vendor.id)
                .collect::<Vec<u64>>()
        })
        .find(|equal| equal.len() > 1)
        .unwrap_or_default();
    let tie_note = (!group.is_empty()).then(|| fit::tie_note(group.len()));
    let picks = shown
        .into_iter()
        .zip(cards)
        .map(|((f, reasons), card)| {
            let tie = group
                .contains(&f.vendor.id)
                .then(|| fit::tie_text(group.len() - 1));
            // The history keeps the card's reason first, the other facts about the firm's fit,
            // and the tie; a highlight only when it is the card's.
            let mut all = vec![card.clone()];
            all.extend(reasons.into_iter().enumerate().filter_map(|(i, r)| {
                let highlight = matches!(f.facts.get(i), Some(Fact::Highlight(_)));
                (r != card && !highlight).then_some(r)
            }));
            all.extend(tie.clone());
            Picked {
                vendor: f.vendor,
                card,
                tie,
                reasons: all,
            }
        })
        .collect();
    (picks, tie_note, group)
}

/// Picks up to three vendors of one stage. `vendors` are the stage category's vendors; `known`
/// what the catalog and peers know of them; `demand` is `None` while no real booking exists;
/// `effects` are what the firm's dismissals in the category change.
pub fn pick_stage<'a>(
    vendors: &[&'a Vendor],
    firm: &FirmFacts,
    known: &Known,
    excluded: &HashSet<u64>,
    effects: &DismissalEffects,
    demand: Option<&DemandTiers>,
) -> PickedStage<'a> {
    let size = firm.size;
    let candidates: Vec<&Vendor> = vendors
        .iter()
        .copied()
        .filter(|v| v.is_active && !excluded.contains(&v.id))
        .collect();
    let by_fit = |candidates: Vec<&'a Vendor>, note: &str, tied_note: &str| {
        let (picks, tie_note, tie_group) = pick_by_fit(candidates, firm, known, effects);
        PickedStage {
            picks,
            note: Some(if tie_note.is_some() { tied_note } else { note }.into()),
            tie_note,
            tie_group,
            used_size_fallback: false,
        }
    };
    let Some(demand) = demand else {
        let note = if size.is_some() {
            NO_REAL_BOOKINGS_NOTE
        } else {
            NO_REAL_BOOKINGS_UNKNOWN_SIZE_NOTE
        };
        return by_fit(candidates, note, NO_REAL_BOOKINGS_TIED_NOTE);
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
        // No recent bookings at all for this stage: say so, and rank by what the firm told us.
        return by_fit(candidates, NO_STAGE_DATA_NOTE, NO_STAGE_DATA_TIED_NOTE);
    };

    // Booked vendors by their bookings; equal counts by fit, then by name. Counts under
    // MIN_SHOWN read "a few" and rank alike, so the order never reveals them.
    let count = |v: &Vendor| counts.get(&v.id).copied().unwrap_or(0);
    let level = |v: &Vendor| match count(v) {
        c if c >= MIN_SHOWN => c,
        c => c.min(1),
    };
    let mut ranked: Vec<Fit> = candidates
        .into_iter()
        .filter(|v| count(v) > 0)
        .map(|v| fit::fit(v, firm, known, effects))
        .collect();
    fit::sort(&mut ranked);
    ranked.sort_by_key(|f| std::cmp::Reverse(level(f.vendor)));
    let shown: Vec<(&Fit, Vec<String>)> = ranked
        .iter()
        .take(PICKS_PER_STAGE)
        .map(|f| {
            let mut reasons = vec![demand_reason(count(f.vendor), peers)];
            reasons.extend(f.fact_texts());
            (f, reasons)
        })
        .collect();
    let (picks, tie_note, tie_group) = finish(&ranked, shown, |f| (level(f.vendor), f.points));
    PickedStage {
        picks,
        note: note.map(String::from),
        tie_note,
        tie_group,
        used_size_fallback: *fallback,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::bands::SpendBand;
    use crate::recommend::fit::SecurityAsks;
    use crate::recommend::ranking::tests_support::vendor;

    fn sized(size: Option<FirmSize>) -> FirmFacts<'static> {
        FirmFacts {
            size,
            spend: None,
            tools: &[],
            asks: SecurityAsks::default(),
        }
    }

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
            &sized(size),
            &Known::nothing(),
            &HashSet::from([9]),
            &DismissalEffects::default(),
            Some(&DemandTiers {
                exact,
                neighbours: near,
                all,
            }),
        )
    }

    fn ids(s: &PickedStage) -> Vec<u64> {
        s.picks.iter().map(|p| p.vendor.id).collect()
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
        assert_eq!(
            ids(&s),
            [2, 1, 3],
            "4 and 2 bookings both read \"a few\": they rank alike, by name"
        );
        assert_eq!(s.tie_group, [1, 3, 4]);
        assert!(s.note.is_none() && !s.used_size_fallback);
        assert_eq!(
            s.picks[0].card,
            "9 demo bookings by firms of 6-20 employees in the last 90 days"
        );
        assert_eq!(
            s.picks[1].reasons[0],
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
        assert!(
            s.picks[0]
                .card
                .contains("firms of 2-5, 6-20 and 21-50 employees")
        );
        let s = run(&vendors, Some(FirmSize::E6To20), &exact, &exact, &all);
        assert_eq!(ids(&s), [3]);
        assert_eq!(s.note.as_deref(), Some(OVERALL_NOTE));
        assert!(s.picks[0].card.contains("by all firms"));
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
    fn equal_bookings_are_told_apart_by_fit_then_listed_by_name_and_say_so() {
        let mut vendors: Vec<Vendor> = ["Zeta", "Yew", "Xeno", "Wren"]
            .iter()
            .zip(1..)
            .map(|(name, i)| vendor(i, name, &[]))
            .collect();
        // The last vendor fits the firm's size; the others tie on bookings and on fit.
        vendors[3].firm_sizes_supported = vec![FirmSize::E6To20];
        let exact = HashMap::from([(1, 7), (2, 7), (3, 7), (4, 7)]);
        let none = HashMap::new();
        let s = run(&vendors, Some(FirmSize::E6To20), &exact, &none, &none);
        assert_eq!(
            ids(&s),
            [4, 3, 2],
            "fit first, then by name, never the catalog's order"
        );
        assert_eq!(s.picks[0].tie, None);
        assert_eq!(s.picks[1].tie.as_deref(), Some(fit::tie_text(2).as_str()));
        assert_eq!(s.tie_note.as_deref(), Some(fit::tie_note(3).as_str()));
    }

    #[test]
    fn no_bookings_in_the_stage_says_so_and_ranks_by_fit() {
        let mut vendors: Vec<Vendor> = (1..=2).map(|i| vendor(i, &format!("V{i}"), &[])).collect();
        vendors[1].firm_sizes_supported = vec![FirmSize::Solo];
        let none = HashMap::new();
        let s = run(&vendors, Some(FirmSize::Solo), &none, &none, &none);
        assert_eq!(ids(&s), [2]);
        assert_eq!(s.note.as_deref(), Some(NO_STAGE_DATA_NOTE));
        assert_eq!(s.picks[0].card, "Serves solo firms like yours");
        assert_eq!(s.tie_note, None);
    }

    fn fit_vendor(
        id: u64,
        name: &str,
        sizes: &[FirmSize],
        bracket: u8,
        integrations: &[&str],
    ) -> Vendor {
        let mut v = vendor(id, name, &[]);
        v.firm_sizes_supported = sizes.to_vec();
        v.practice_areas_supported = vec!["Family Law".into(), "Personal Injury".into()];
        v.price_bracket = Some(bracket);
        v.integrations = integrations.iter().map(|s| s.to_string()).collect();
        v.short_highlights = vec![format!("{name} highlight")];
        v
    }

    #[test]
    fn without_real_bookings_picks_rank_by_everything_the_firm_told_us() {
        use FirmSize::*;
        let vendors = [
            fit_vendor(1, "A", &[E6To20], 3, &[]),
            fit_vendor(2, "B", &[E6To20], 1, &["Clio"]),
            fit_vendor(3, "C", &[E21To50], 1, &[]),
            fit_vendor(4, "D", &[E6To20], 1, &[]),
            fit_vendor(5, "E", &[E200Plus], 1, &["Clio"]),
        ];
        let refs: Vec<&Vendor> = vendors.iter().collect();
        let tools = vec!["Clio Manage".to_string()];
        let budget = FirmFacts {
            size: Some(E6To20),
            spend: Some(SpendBand::S0To5K),
            tools: &tools,
            asks: SecurityAsks::default(),
        };
        let none = DismissalEffects::default();
        let known = Known::nothing();
        let s = pick_stage(&refs, &budget, &known, &HashSet::new(), &none, None);
        assert_eq!(
            ids(&s),
            [2, 4, 3],
            "a budget tool next to the firm's size before a pricey one of its size; the vendor far \
             from the size is left out"
        );
        assert_eq!(s.note.as_deref(), Some(NO_REAL_BOOKINGS_NOTE));
        assert_eq!(s.tie_note, None);
        assert_eq!(
            s.picks.iter().map(|p| p.card.as_str()).collect::<Vec<_>>(),
            [
                "Integrates with Clio Manage, which your firm uses",
                "Serves firms of 6-20 employees like yours",
                "Serves firms of 21-50 employees, next to your size",
            ],
            "each card says what sets its vendor apart, not the budget price all three share"
        );
        assert_eq!(
            s.picks[1].reasons,
            [
                "Serves firms of 6-20 employees like yours",
                "Priced as a budget tool ($), in line with your software spend of $0-$5,000 a year",
                "Works with personal-injury firms",
            ]
        );
        assert!(s.picks.iter().all(|p| p.tie.is_none()));

        // A firm that spends more gets the pricier tool first.
        let rich = FirmFacts {
            spend: Some(SpendBand::S100To500K),
            ..budget
        };
        let s = pick_stage(&refs, &rich, &known, &HashSet::new(), &none, None);
        assert_eq!(ids(&s), [1, 2, 4]);

        // A "Too expensive" dismissal in the category moves the pricier vendors down.
        let effects = DismissalEffects {
            price: Some(crate::recommend::dismissals::PriceCeiling {
                vendor_name: "X".into(),
                bracket: 3,
            }),
            ..DismissalEffects::default()
        };
        let s = pick_stage(&refs, &rich, &known, &HashSet::new(), &effects, None);
        assert_eq!(ids(&s), [2, 4, 1]);
    }

    #[test]
    fn vendors_nothing_tells_apart_are_one_group_by_name_and_every_card_says_so() {
        let vendors: Vec<Vendor> = [5, 3, 8, 1, 9]
            .iter()
            .map(|&i| fit_vendor(i, &format!("{}", 10 - i), &[FirmSize::E6To20], 2, &[]))
            .collect();
        let refs: Vec<&Vendor> = vendors.iter().collect();
        let s = pick_stage(
            &refs,
            &sized(Some(FirmSize::E6To20)),
            &Known::nothing(),
            &HashSet::new(),
            &DismissalEffects::default(),
            None,
        );
        assert_eq!(ids(&s), [9, 8, 5], "by name, not by vendor id");
        assert_eq!(s.note.as_deref(), Some(NO_REAL_BOOKINGS_TIED_NOTE));
        assert_eq!(
            s.tie_note.as_deref(),
            Some(
                "These 5 fit your firm equally on what we know, so they are shown as one group, by name; the questionnaire tells them apart."
            )
        );
        for p in &s.picks {
            assert_eq!(p.tie.as_deref(), Some(fit::tie_text(4).as_str()));
            assert_eq!(p.reasons.last(), p.tie.as_ref());
        }
        let cards: HashSet<&str> = s.picks.iter().map(|p| p.card.as_str()).collect();
        assert_eq!(
            cards.len(),
            3,
            "each card still says something of its own vendor"
        );
        // Read back, the stored note gives both notes.
        let stored = stored_note(s.note.as_deref(), s.tie_note.as_deref(), &s.tie_group);
        assert_eq!(
            read_note(stored.as_deref()),
            (s.note.as_deref(), s.tie_note.clone())
        );
        assert_eq!(tie_group(stored.as_deref()), Some(vec![9, 8, 5, 3, 1]));
        // A stage without a tie that gets one on a refill keeps both notes.
        let grown = with_tie_group(s.note.as_deref(), &[3, 5]);
        assert_eq!(tie_group(grown.as_deref()), Some(vec![3, 5]));
        assert_eq!(read_note(grown.as_deref()).0, s.note.as_deref());
        assert_eq!(with_tie_group(Some("Basis"), &[]).as_deref(), Some("Basis"));
        assert_eq!(tie_now(&[1, 3, 5], |id| id != 3).map(|(n, ..)| n), Some(2));
        assert!(tie_now(&[1, 3], |id| id != 3).is_none());
        assert_eq!(Basis::of_note(s.note.as_deref()), Basis::NoRealBookings);
        assert_eq!(read_note(Some("\nTie")), (None, Some("Tie".to_string())));
    }

    #[test]
    fn each_note_names_its_basis_and_the_widest_wins() {
        for (note, basis) in [
            (None, Basis::OwnSize),
            (Some(NEIGHBOUR_NOTE), Basis::Neighbours),
            (Some(UNKNOWN_SIZE_NOTE), Basis::UnknownSize),
            (Some(OVERALL_NOTE), Basis::AllFirms),
            (Some(NO_STAGE_DATA_NOTE), Basis::NoStageBookings),
            (Some(NO_STAGE_DATA_TIED_NOTE), Basis::NoStageBookings),
            (Some(OLD_NO_STAGE_DATA_NOTES[0]), Basis::NoStageBookings),
            (Some(OLD_NO_STAGE_DATA_NOTES[2]), Basis::NoStageBookings),
            (Some(NO_REAL_BOOKINGS_NOTE), Basis::NoRealBookings),
            (Some(NO_REAL_BOOKINGS_TIED_NOTE), Basis::NoRealBookings),
            (Some(OLD_NO_REAL_BOOKINGS_NOTES[0]), Basis::NoRealBookings),
            (
                Some(NO_REAL_BOOKINGS_UNKNOWN_SIZE_NOTE),
                Basis::NoRealBookings,
            ),
        ] {
            assert_eq!(Basis::of_note(note), basis, "{note:?}");
        }
        assert!(Basis::Neighbours < Basis::AllFirms && Basis::AllFirms < Basis::NoRealBookings);
        assert_eq!(page_note(&[]), None);
        assert_eq!(page_note(&[("Intake", Basis::OwnSize)]), None);
        assert_eq!(
            page_note(&[("Intake", Basis::AllFirms), ("Billing", Basis::AllFirms)]).as_deref(),
            Some(OVERALL_NOTE),
            "the spec's banner when it is true of every category"
        );
        assert_eq!(
            page_note(&[("Intake", Basis::Neighbours)]).as_deref(),
            Some(NEIGHBOUR_NOTE)
        );
        assert_eq!(
            page_note(&[
                ("Intake", Basis::OwnSize),
                ("Billing", Basis::AllFirms),
                ("Marketing", Basis::NoStageBookings),
            ])
            .as_deref(),
            Some(
                "Not every category rests on demo bookings by firms of your size. Billing uses all \
                 firms. Marketing has no recent demo bookings, so its picks rest on what your firm \
                 told us. Each category's note says more."
            ),
            "a fallback of some categories names them, never the page"
        );
        assert_eq!(
            page_note(&[
                ("Intake", Basis::Neighbours),
                ("Billing", Basis::NoStageBookings),
                ("Staffing", Basis::Neighbours),
                ("Marketing", Basis::NoStageBookings),
            ])
            .as_deref(),
            Some(
                "Not every category rests on demo bookings by firms of your size. Intake and \
                 Staffing use similar firm sizes. Billing and Marketing have no recent demo \
                 bookings, so their picks rest on what your firm told us. Each category's note \
                 says more."
            ),
            "one sentence per basis, the categories named together"
        );
        assert_eq!(
            page_note(&[
                ("Intake", Basis::NoStageBookings),
                ("Billing", Basis::NoStageBookings)
            ])
            .as_deref(),
            Some(ALL_STAGES_NO_DATA_NOTE)
        );
    }
}
