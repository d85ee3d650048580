//! What other firms use, from their saved tech stacks: the evidence behind "used by N firms of
//! your size" and the coverage shares. Only real accounts' answers exist here (there is no sample
//! tech-stack data), and callers show a count only from `MIN_FIRMS` firms up.
//!
//! A firm is every account with the same law-firm name (trimmed, case and spacing ignored). Its
//! size is the one most of its accounts give (a tie goes to the larger size); its stack is the
//! union of its accounts' answers.

use std::collections::{HashMap, HashSet};

use crate::error::Result;
use crate::firm_size::FirmSize;
use crate::state::App;

use super::storage;

/// The fewest firms a count or share may be shown from; below it a firm could be singled out.
pub const MIN_FIRMS: u32 = 5;

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

/// Every firm with at least one account, in one read of the accounts and tech stacks.
#[derive(Debug, Clone, Default)]
pub struct Peers {
    pub firms: Vec<Firm>,
    /// Firm key of each user id.
    firm_of_user: HashMap<u64, usize>,
}

/// The key that makes two spellings of one firm name the same firm.
pub fn firm_key(law_firm: &str) -> String {
    law_firm
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

impl Peers {
    pub fn load(app: &App) -> Result<Peers> {
        let users = crate::accounts::all_users(app)?;
        let answers = storage::load_all(app)?;
        let catalog = app.catalog.load();
        let mut peers = Peers::default();
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut sizes: Vec<[u32; FirmSize::ALL.len()]> = Vec::new();
        for user in &users {
            let key = firm_key(&user.law_firm);
            let i = *index.entry(key.clone()).or_insert_with(|| {
                peers.firms.push(Firm {
                    key,
                    ..Firm::default()
                });
                sizes.push([0; FirmSize::ALL.len()]);
                peers.firms.len() - 1
            });
            if let Some(size) = user.firm_size {
                sizes[i][size.index()] += 1;
            }
            peers.firm_of_user.insert(user.id, i);
        }
        for (firm, counts) in peers.firms.iter_mut().zip(&sizes) {
            firm.size = FirmSize::ALL
                .iter()
                .rev()
                .max_by_key(|s| counts[s.index()])
                .filter(|s| counts[s.index()] > 0)
                .copied();
        }
        for ((user_id, category_id), adoption) in answers {
            let Some(&i) = peers.firm_of_user.get(&user_id) else {
                continue;
            };
            let adoption = adoption.against(&catalog, category_id);
            let firm = &mut peers.firms[i];
            firm.answered.insert(category_id);
            if adoption.has_tool {
                firm.with_tool.insert(category_id);
                firm.vendors.extend(adoption.vendor_ids);
            }
        }
        Ok(peers)
    }

    /// The firm the user belongs to.
    pub fn firm_of(&self, user_id: u64) -> Option<&Firm> {
        self.firm_of_user.get(&user_id).map(|&i| &self.firms[i])
    }

    /// Firms of `size`.
    pub fn of_size(&self, size: FirmSize) -> impl Iterator<Item = &Firm> {
        self.firms.iter().filter(move |f| f.size == Some(size))
    }

    /// How many firms of `size` use each catalog vendor.
    pub fn vendor_firms(&self, size: FirmSize) -> HashMap<u64, u32> {
        let mut counts = HashMap::new();
        for firm in self.of_size(size) {
            for &vendor in &firm.vendors {
                *counts.entry(vendor).or_insert(0) += 1;
            }
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_one_firm_name_are_one_firm() {
        assert_eq!(firm_key("  Doe   Injury LAW "), firm_key("doe injury law"));
        assert_ne!(firm_key("Doe Injury Law"), firm_key("Doe Injury"));
    }
}
