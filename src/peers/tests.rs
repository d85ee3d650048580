//! The aggregate against the from-scratch computation (`reference`), after random sequences of
//! the writes that move it: accounts joining, renaming their firm or changing its size, tech-stack
//! saves, demo outcomes and removed shortlist entries.

use std::collections::BTreeMap;
use std::sync::Arc;

use proptest::prelude::*;

use super::aggregate::Aggregate;
use super::figures::Figures;
use super::reference::{Peers, coverage_counts};
use super::{DemoOutcome, Member};
use crate::catalog::Catalog;
use crate::platform::caller::Firm;
use crate::platform::firm_size::FirmSize;
use crate::techstack::model::Adoption;

const USERS: u64 = 14;
/// Seven firms, one of them spelled two ways.
const FIRMS: [&str; 8] = [
    "Doe Law",
    "  doe   LAW ",
    "Acme Injury",
    "Beta LLP",
    "Gamma",
    "Delta",
    "Epsilon",
    "Zeta",
];
/// Mostly one size, so that five firms of it (the threshold) are common.
const SIZES: [Option<FirmSize>; 5] = [
    None,
    Some(FirmSize::Solo),
    Some(FirmSize::E6To20),
    Some(FirmSize::E6To20),
    Some(FirmSize::E6To20),
];

#[derive(Debug, Clone)]
enum Write {
    /// Sign-up, or a profile change of firm name or size.
    Account { user: u64, firm: usize, size: usize },
    /// A save of every stage category, with a tool where the mask's bit is set.
    Stages { user: u64, mask: u16 },
    /// A save of one category (any, by position), with the given vendors (by position in the
    /// catalog: some of another category, which the catalog check drops).
    Category {
        user: u64,
        category: usize,
        has_tool: bool,
        vendors: Vec<usize>,
    },
    /// A demo outcome on a shortlisted vendor.
    Outcome {
        user: u64,
        vendor: usize,
        held: Option<bool>,
        chosen: Option<bool>,
    },
    /// A shortlist entry removed.
    Remove { user: u64, vendor: usize },
    /// An account that no longer exists.
    Gone { user: u64 },
}

fn write() -> impl Strategy<Value = Write> {
    let user = 1..=USERS;
    let maybe = prop::option::of(any::<bool>());
    prop_oneof![
        3 => (user.clone(), 0..FIRMS.len(), 0..SIZES.len())
            .prop_map(|(user, firm, size)| Write::Account { user, firm, size }),
        3 => (user.clone(), any::<u16>()).prop_map(|(user, mask)| Write::Stages { user, mask }),
        2 => (
            user.clone(),
            0..12usize,
            any::<bool>(),
            prop::collection::vec(0..16usize, 0..3)
        )
            .prop_map(|(user, category, has_tool, vendors)| Write::Category {
                user,
                category,
                has_tool,
                vendors
            }),
        2 => (user.clone(), 0..6usize, maybe.clone(), maybe).prop_map(|(user, vendor, held, chosen)| {
            Write::Outcome {
                user,
                vendor,
                held,
                chosen,
            }
        }),
        1 => (user.clone(), 0..6usize).prop_map(|(user, vendor)| Write::Remove { user, vendor }),
        1 => user.prop_map(|user| Write::Gone { user }),
    ]
}

/// What storage would hold: the accounts, their answers and their shortlists.
#[derive(Default)]
struct Rows {
    users: BTreeMap<u64, Firm>,
    answers: BTreeMap<(u64, u64), Adoption>,
    entries: BTreeMap<(u64, u64), DemoOutcome>,
}

impl Rows {
    fn member(&self, user_id: u64) -> Option<Member> {
        let user = self.users.get(&user_id)?;
        let answers = self
            .answers
            .range((user_id, 0)..=(user_id, u64::MAX))
            .map(|((_, c), a)| (*c, a.clone()))
            .collect();
        let entries: Vec<(u64, DemoOutcome)> = self
            .entries
            .range((user_id, 0)..=(user_id, u64::MAX))
            .map(|((_, v), e)| (*v, *e))
            .collect();
        Some(Member::new(user, answers, &entries))
    }
}

/// A verified firm: since schema 6 a firm is an entity of its own, and two firms are never one
/// because their names are alike.
fn user(id: u64, firm: &str, size: Option<FirmSize>) -> Firm {
    Firm {
        id: crate::platform::firm_id::FirmId::from_stored(id),
        name: firm.to_string(),
        size,
        created_at: 0,
        verified: true,
        disabled: false,
    }
}

fn seed_catalog() -> Arc<Catalog> {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::platform::store::open_file(dir.path()).unwrap();
    crate::catalog::seed(&store).unwrap();
    Arc::new(Catalog::load(&store).unwrap())
}

/// Applies one write to the rows; returns the user whose contribution it changed.
fn apply(rows: &mut Rows, catalog: &Catalog, w: &Write) -> u64 {
    let stages: Vec<u64> = catalog.stages().iter().map(|c| c.id).collect();
    let vendor = |i: usize| catalog.vendors[i % catalog.vendors.len()].id;
    match w {
        Write::Account {
            user: id,
            firm,
            size,
        } => {
            rows.users
                .insert(*id, user(*id, FIRMS[*firm], SIZES[*size]));
            *id
        }
        Write::Stages { user, mask } => {
            for (bit, &category) in stages.iter().enumerate() {
                let has_tool = mask & (1 << bit) != 0;
                let adoption = Adoption {
                    has_tool,
                    vendor_ids: Vec::new(),
                    primary_vendor_id: None,
                    other_vendors: if has_tool {
                        vec!["Excel".into()]
                    } else {
                        vec![]
                    },
                };
                rows.answers.insert((*user, category), adoption);
            }
            *user
        }
        Write::Category {
            user,
            category,
            has_tool,
            vendors,
        } => {
            let category = catalog.categories[category % catalog.categories.len()].id;
            let vendor_ids: Vec<u64> = if *has_tool {
                vendors.iter().map(|&i| vendor(i)).collect()
            } else {
                Vec::new()
            };
            let adoption = Adoption {
                has_tool: *has_tool,
                primary_vendor_id: vendor_ids.first().copied(),
                vendor_ids,
                other_vendors: Vec::new(),
            };
            rows.answers.insert((*user, category), adoption);
            *user
        }
        Write::Outcome {
            user,
            vendor: v,
            held,
            chosen,
        } => {
            let entry = rows.entries.entry((*user, vendor(*v))).or_default();
            entry.demo_held = *held;
            entry.chosen = *chosen;
            *user
        }
        Write::Remove { user, vendor: v } => {
            rows.entries.remove(&(*user, vendor(*v)));
            *user
        }
        Write::Gone { user } => {
            rows.users.remove(user);
            *user
        }
    }
}

/// Every figure, for every viewer (two of them without an account) and size, as the aggregate
/// gives it and as the from-scratch computation does.
fn check(aggregate: &Aggregate, rows: &Rows, catalog: &Catalog) -> Result<(), TestCaseError> {
    let users: Vec<Firm> = rows.users.values().cloned().collect();
    let answers: Vec<_> = rows.answers.iter().map(|(k, a)| (*k, a.clone())).collect();
    let entries: Vec<_> = rows.entries.iter().map(|(k, e)| (*k, *e)).collect();
    let peers = Peers::build(&users, &answers, catalog);
    let figures = Figures::new(aggregate);
    let stage_ids: Vec<u64> = catalog.stages().iter().map(|c| c.id).collect();
    for viewer in 0..=USERS + 1 {
        let own = peers.firm_of(viewer).map(|f| f.key.as_str());
        for size in FirmSize::ALL {
            let all = peers.vendor_firms(size);
            for v in catalog.vendors.iter().take(16) {
                prop_assert_eq!(
                    figures.firms_using(size, v.id),
                    all.get(&v.id).copied().unwrap_or(0)
                );
            }
            prop_assert_eq!(
                figures.other_firms_using(viewer, size),
                peers.other_firms_using(viewer, size)
            );
            prop_assert_eq!(
                figures.coverage(viewer, size),
                coverage_counts(&peers.firms, size, own, &stage_ids)
            );
            prop_assert_eq!(
                figures.outcomes(viewer, size),
                peers.tallies(&entries, viewer, size)
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn the_aggregate_equals_a_count_from_scratch_after_any_writes(
        stacks in prop::collection::vec(any::<u16>(), USERS as usize),
        writes in prop::collection::vec(write(), 1..60)
    ) {
        let catalog = CATALOG.with(Arc::clone);
        let mut rows = Rows::default();
        let mut aggregate = Aggregate::build(catalog.clone(), std::iter::empty());
        // First every account, of one size, with every stage answered: enough firms of a size
        // for every figure to be shown; then anything.
        let prologue = stacks.iter().zip(1..).flat_map(|(&mask, user)| {
            let firm = user as usize % FIRMS.len();
            [Write::Account { user, firm, size: 2 }, Write::Stages { user, mask }]
        });
        let writes: Vec<Write> = prologue.chain(writes).collect();
        for w in &writes {
            let user_id = apply(&mut rows, &catalog, w);
            aggregate.set(user_id, rows.member(user_id));
            check(&aggregate, &rows, &catalog)?;
        }
        // Built in one go from the same accounts (start, or a catalog change): the same totals.
        let members = rows.users.keys().filter_map(|&id| Some((id, rows.member(id)?)));
        let rebuilt = Aggregate::build(catalog.clone(), members);
        prop_assert_eq!(&rebuilt.sizes, &aggregate.sizes);
    }
}

thread_local! {
    static CATALOG: Arc<Catalog> = seed_catalog();
}
