//! A catalog vendor in every firm's decisions, for the operator's vendor delete and merge
//! (`admin::vendors`): a decision names its chosen vendor and its runner-up. Its versions are
//! signed records (approvals bind to their hashes), so nothing here rewrites one: a vendor a
//! decision names is neither deleted nor merged.

use crate::platform::error::Result;
use crate::platform::store::WriteTx;
use crate::platform::store::registry::{VendorMoved, VendorPart};
use crate::platform::store::seam;

/// How many decisions (open or final, of any firm) name vendor `id` as chosen or runner-up: every
/// firm's decisions, read in the caller's transaction (an operator's vendor delete or merge,
/// rare; a decision has no index by vendor).
pub fn decisions_naming_in(tx: &mut WriteTx, id: u64) -> Result<u64> {
    seam::within(tx, |tx| {
        let all = tx.range(&super::DECISIONS, &[])?;
        Ok(all
            .iter()
            .filter(|(_, d)| d.terms.vendor_id == id || d.terms.runner_up_id == Some(id))
            .count() as u64)
    })
}

/// Decisions naming a vendor as chosen or runner-up.
pub const NAMING_DECISIONS: &str = "decisions";

/// The decisions' part in a vendor delete and merge: counted, never rewritten (a vendor merge
/// that a decision's count refuses writes nothing).
pub const PART: VendorPart = VendorPart {
    naming: |tx, id| Ok(vec![(NAMING_DECISIONS, decisions_naming_in(tx, id)?)]),
    merge: |_, _, _| Ok(VendorMoved::default()),
    delete: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decisions::model::{Decision, DecisionStatus, TechStep, Terms};
    use crate::platform::store::testing::both_engines;

    fn decision(id: u64, vendor_id: u64, runner_up_id: Option<u64>) -> Decision {
        Decision {
            id,
            firm_id: id,
            terms: Terms {
                category_id: 2,
                vendor_id,
                runner_up_id,
                reasons: "Best scores".into(),
                annual_cost: 1_200_000,
                start_date: "2026-03-01".into(),
                approvers: Vec::new(),
            },
            proposed_by: "Ann".into(),
            proposed_at: 1_800_000_000,
            status: if id == 2 {
                DecisionStatus::Final
            } else {
                DecisionStatus::Open
            },
            final_at: None,
            approvals: Vec::new(),
            tech_step: TechStep::Pending,
        }
    }

    #[test]
    fn both_backends_count_the_decisions_naming_a_vendor_chosen_or_runner_up() {
        let (_dir, stores) = both_engines();
        for store in &stores {
            let mut tx = store.begin().unwrap();
            assert_eq!(decisions_naming_in(&mut tx, 7).unwrap(), 0, "none yet");
            for d in [
                decision(1, 7, Some(8)),
                decision(2, 9, Some(7)),
                decision(3, 8, None),
            ] {
                super::super::put_in(&mut tx, &d).unwrap();
            }
            tx.commit().unwrap();
            let mut tx = store.begin().unwrap();
            let counts: Vec<u64> = [7, 8, 9, 10]
                .iter()
                .map(|&id| decisions_naming_in(&mut tx, id).unwrap())
                .collect();
            assert_eq!(counts, [2, 2, 1, 0]);
        }
    }
}
