//! Demo outcomes in aggregate: per vendor, how many other firms of the viewer's size had a demo
//! and how many chose it, from every account's shortlist (all real: there are no sample
//! shortlists). A firm is the accounts sharing a law-firm name (`techstack::peers`); it counts
//! once per vendor however many of its accounts answered, and the viewer's own firm never counts.

use std::collections::{HashMap, HashSet};

use crate::error::Result;
use crate::firm_size::FirmSize;
use crate::state::App;
use crate::techstack::peers::Peers;

use super::disclosure::{ShownOutcome, Tally, shown_outcome};
use super::storage;

/// Per vendor, the firms of `size` (other than `user_id`'s) that had a demo and that chose it.
pub fn tallies(app: &App, user_id: u64, size: FirmSize) -> Result<HashMap<u64, Tally>> {
    let peers = Peers::load(app)?;
    let own = peers.firm_of(user_id).map(|f| f.key.clone());
    let mut held: HashMap<u64, HashSet<String>> = HashMap::new();
    let mut chose: HashMap<u64, HashSet<String>> = HashMap::new();
    for ((owner, vendor_id), entry) in storage::load_all(app)? {
        if entry.outcome.demo_held != Some(true) {
            continue;
        }
        let Some(firm) = peers.firm_of(owner) else {
            continue;
        };
        if firm.size != Some(size) || Some(&firm.key) == own.as_ref() {
            continue;
        }
        held.entry(vendor_id).or_default().insert(firm.key.clone());
        if entry.outcome.chosen == Some(true) {
            chose.entry(vendor_id).or_default().insert(firm.key.clone());
        }
    }
    Ok(held
        .into_iter()
        .map(|(vendor_id, firms)| {
            let chose = chose.get(&vendor_id).map_or(0, |c| c.len() as u32);
            let tally = Tally {
                held: firms.len() as u32,
                chose,
            };
            (vendor_id, tally)
        })
        .collect())
}

/// The outcomes that may be shown to `user_id` (firm of `size`), by vendor id; vendors under the
/// threshold are absent. An unknown size gives nothing: "firms your size" would mean nothing.
pub fn shown(
    app: &App,
    user_id: u64,
    size: Option<FirmSize>,
) -> Result<HashMap<u64, ShownOutcome>> {
    let Some(size) = size else {
        return Ok(HashMap::new());
    };
    Ok(tallies(app, user_id, size)?
        .into_iter()
        .filter_map(|(vendor_id, t)| shown_outcome(t).map(|s| (vendor_id, s)))
        .collect())
}
