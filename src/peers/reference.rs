//! The peer figures computed from scratch, every account and row read at once, as every request
//! computed them before the aggregate. Tests hold `PeerFigures` to these.

use std::collections::{HashMap, HashSet};

use super::{DemoOutcome, Tally};
use crate::catalog::Catalog;
use crate::platform::caller::Firm as Account;
use crate::platform::firm_size::FirmSize;
use crate::techstack::model::Adoption;

use super::{CoverageCounts, MIN_FIRMS, majority_size};

/// One firm's combined tech stack.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Firm {
    pub key: String,
    pub size: Option<FirmSize>,
    /// Categories some account of the firm answered (Yes or No).
    pub answered: HashSet<u64>,
    /// Categories some account of the firm said Yes to.
    pub with_tool: HashSet<u64>,
    /// Catalog vendors some account of the firm uses.
    pub vendors: HashSet<u64>,
}

/// Every firm with at least one account.
#[derive(Debug, Clone, Default)]
pub struct Peers {
    pub firms: Vec<Firm>,
    firm_of_user: HashMap<u64, usize>,
}

impl Peers {
    pub fn build(
        users: &[Account],
        answers: &[((u64, u64), Adoption)],
        catalog: &Catalog,
    ) -> Peers {
        let mut peers = Peers::default();
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut sizes: Vec<[u32; FirmSize::ALL.len()]> = Vec::new();
        for user in users {
            let key = user.id.to_string();
            let i = *index.entry(key.clone()).or_insert_with(|| {
                peers.firms.push(Firm {
                    key,
                    ..Firm::default()
                });
                sizes.push([0; FirmSize::ALL.len()]);
                peers.firms.len() - 1
            });
            if let Some(size) = user.size {
                sizes[i][size.index()] += 1;
            }
            peers.firm_of_user.insert(user.id.get(), i);
        }
        for (firm, counts) in peers.firms.iter_mut().zip(&sizes) {
            firm.size = majority_size(counts);
        }
        for ((user_id, category_id), adoption) in answers {
            let Some(&i) = peers.firm_of_user.get(user_id) else {
                continue;
            };
            let adoption = adoption.clone().against(catalog, *category_id);
            let firm = &mut peers.firms[i];
            firm.answered.insert(*category_id);
            if adoption.has_tool {
                firm.with_tool.insert(*category_id);
                firm.vendors.extend(adoption.vendor_ids);
            }
        }
        peers
    }

    pub fn firm_of(&self, user_id: u64) -> Option<&Firm> {
        self.firm_of_user.get(&user_id).map(|&i| &self.firms[i])
    }

    /// How many firms of `size` use each catalog vendor.
    pub fn vendor_firms(&self, size: FirmSize) -> HashMap<u64, u32> {
        let mut counts = HashMap::new();
        for firm in self.firms.iter().filter(|f| f.size == Some(size)) {
            for &vendor in &firm.vendors {
                *counts.entry(vendor).or_insert(0) += 1;
            }
        }
        counts
    }

    /// `vendor_firms` without the user's own firm.
    pub fn other_firms_using(&self, user_id: u64, size: FirmSize) -> HashMap<u64, u32> {
        let mut counts = self.vendor_firms(size);
        if let Some(own) = self.firm_of(user_id).filter(|f| f.size == Some(size)) {
            for vendor in &own.vendors {
                if let Some(n) = counts.get_mut(vendor) {
                    *n -= 1;
                }
            }
        }
        counts
    }

    /// Per vendor, the firms of `size` (other than `user_id`'s) that had a demo and chose it.
    pub fn tallies(
        &self,
        outcomes: &[((u64, u64), DemoOutcome)],
        user_id: u64,
        size: FirmSize,
    ) -> HashMap<u64, Tally> {
        let own = self.firm_of(user_id).map(|f| f.key.clone());
        let mut held: HashMap<u64, HashSet<String>> = HashMap::new();
        let mut chose: HashMap<u64, HashSet<String>> = HashMap::new();
        for ((owner, vendor_id), outcome) in outcomes {
            if outcome.demo_held != Some(true) {
                continue;
            }
            let Some(firm) = self.firm_of(*owner) else {
                continue;
            };
            if firm.size != Some(size) || Some(&firm.key) == own.as_ref() {
                continue;
            }
            held.entry(*vendor_id).or_default().insert(firm.key.clone());
            if outcome.chosen == Some(true) {
                chose
                    .entry(*vendor_id)
                    .or_default()
                    .insert(firm.key.clone());
            }
        }
        held.into_iter()
            .map(|(vendor_id, firms)| {
                let chose = chose.get(&vendor_id).map_or(0, |c| c.len() as u32);
                let held = firms.len() as u32;
                (vendor_id, Tally { held, chose })
            })
            .collect()
    }
}

/// The coverage figures of the firms of `size` (other than `own_firm`) that answered something.
pub fn coverage_counts(
    firms: &[Firm],
    size: FirmSize,
    own_firm: Option<&str>,
    stage_ids: &[u64],
) -> CoverageCounts {
    let group: Vec<&Firm> = firms
        .iter()
        .filter(|f| f.size == Some(size) && Some(f.key.as_str()) != own_firm)
        .filter(|f| !f.answered.is_empty())
        .collect();
    let mut counts = CoverageCounts {
        firms: group.len() as u32,
        ..CoverageCounts::default()
    };
    for firm in &group {
        for &c in &firm.answered {
            *counts.answered.entry(c).or_insert(0) += 1;
        }
        for &c in &firm.with_tool {
            *counts.with_tool.entry(c).or_insert(0) += 1;
        }
    }
    let mut covered: Vec<u32> = group
        .iter()
        .filter(|f| stage_ids.iter().all(|id| f.answered.contains(id)))
        .map(|f| {
            stage_ids
                .iter()
                .filter(|id| f.with_tool.contains(id))
                .count() as u32
        })
        .collect();
    if covered.len() >= MIN_FIRMS as usize {
        covered.sort_unstable();
        let mid = covered.len() / 2;
        counts.usual_stages = Some(if covered.len() % 2 == 1 {
            covered[mid]
        } else {
            (covered[mid - 1] + covered[mid]).div_ceil(2)
        });
    }
    counts
}
