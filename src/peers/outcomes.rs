//! Demo outcomes in aggregate: per vendor, how many other firms of the viewer's size had a demo
//! and how many chose it, from every account's shortlist (all real: there are no sample
//! shortlists). A firm is the accounts sharing a law-firm name (`peers`); it counts
//! once per vendor however many of its accounts answered, and the viewer's own firm never counts.
//! The counts come from the peer aggregate, which every shortlist write keeps current
//! (`storage::update` and `storage::remove`), so they cost the same however many accounts exist.

use std::collections::HashMap;

use crate::peers::Peers;
use crate::platform::error::Result;
use crate::platform::firm_size::FirmSize;

use super::disclosure::{ShownOutcome, Tally, shown_outcome};

/// Per vendor, the firms of `size` (other than `user_id`'s) that had a demo and that chose it.
pub fn tallies(peers: &Peers, user_id: u64, size: FirmSize) -> HashMap<u64, Tally> {
    peers.read(|f| f.outcomes(user_id, size))
}

/// The outcomes that may be shown to `user_id` (firm of `size`), by vendor id; vendors under the
/// threshold are absent. An unknown size gives nothing: "firms your size" would mean nothing.
pub fn shown(
    peers: &Peers,
    user_id: u64,
    size: Option<FirmSize>,
) -> Result<HashMap<u64, ShownOutcome>> {
    let Some(size) = size else {
        return Ok(HashMap::new());
    };
    Ok(tallies(peers, user_id, size)
        .into_iter()
        .filter_map(|(vendor_id, t)| shown_outcome(t).map(|s| (vendor_id, s)))
        .collect())
}
