//! A catalog vendor in every firm's evaluations, for the operator's vendor delete and merge
//! (`admin::vendors`). A round names a vendor by its incumbent, a scorecard or a reference call.
//! Both read every firm's rounds for those naming the vendor: rare operator actions, never a
//! request's path.

use std::collections::BTreeSet;

use super::ROUNDS;
use crate::evaluations::model::Round;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::WriteTx;
use crate::platform::store::registry::{VendorMoved, VendorPart};
use crate::platform::store::seam::{self, Tx};

/// Whether `round` names vendor `id`: its incumbent, a scorecard or a reference call.
pub fn names_vendor(round: &Round, id: u64) -> bool {
    round.incumbent == Some(id)
        || round.scorecards.iter().any(|s| s.vendor_id == id)
        || round.references.iter().any(|r| r.vendor_id == id)
}

/// Makes `round` name vendor `into` wherever it named `from`. A person with a scorecard for both
/// keeps the one for `into` and loses the one for `from`; answers how many were dropped.
pub fn merge_round(round: &mut Round, from: u64, into: u64) -> u64 {
    if round.incumbent == Some(from) {
        round.incumbent = Some(into);
    }
    let kept: BTreeSet<u64> = round
        .scorecards
        .iter()
        .filter(|s| s.vendor_id == into)
        .map(|s| s.user_id)
        .collect();
    let before = round.scorecards.len();
    round
        .scorecards
        .retain(|s| s.vendor_id != from || !kept.contains(&s.user_id));
    let dropped = (before - round.scorecards.len()) as u64;
    for card in &mut round.scorecards {
        if card.vendor_id == from {
            card.vendor_id = into;
        }
    }
    for reference in &mut round.references {
        if reference.vendor_id == from {
            reference.vendor_id = into;
        }
    }
    dropped
}

/// How many evaluations (a firm's rounds of one category) name vendor `id` in any round.
pub fn evaluations_naming_in(tx: &mut WriteTx, id: u64) -> Result<u64> {
    seam::within(tx, |tx| Ok(evaluations(&rounds_naming(tx, id)?)))
}

/// What a vendor merge did to the evaluations.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct MovedEvaluations {
    /// Evaluations (a firm's rounds of one category) that named the duplicate and now name the
    /// kept vendor.
    pub evaluations: u64,
    /// Scorecards for the duplicate dropped because their author had scored the kept vendor in
    /// the same round (that one stays).
    pub scorecards_dropped: u64,
}

/// Rewrites every round naming vendor `from` to name `into` inside the caller's transaction
/// (`merge_round`). It takes the scope lock of each firm with such a round, then reads that
/// firm's rounds again, so a member's change that landed meanwhile is merged, not lost, and one
/// that comes after reads the merged round.
pub fn merge_vendor_in(tx: &mut WriteTx, from: u64, into: u64) -> Result<MovedEvaluations> {
    seam::within(tx, |tx| {
        let firms: BTreeSet<u64> = rounds_naming(tx, from)?.iter().map(|r| r.firm_id).collect();
        let ids: Vec<FirmId> = firms.iter().map(|&f| FirmId::from_stored(f)).collect();
        tx.lock_firms(&ids)?;
        let mut rounds = Vec::new();
        for firm in firms {
            for (_, round) in tx.range(&ROUNDS, &[firm])? {
                if names_vendor(&round, from) {
                    rounds.push(round);
                }
            }
        }
        let mut moved = MovedEvaluations {
            evaluations: evaluations(&rounds),
            scorecards_dropped: 0,
        };
        for round in &mut rounds {
            moved.scorecards_dropped += merge_round(round, from, into);
            tx.insert(&ROUNDS, super::key(round), round)?;
        }
        Ok(moved)
    })
}

/// The distinct (firm, category) of `rounds`.
fn evaluations(rounds: &[Round]) -> u64 {
    rounds
        .iter()
        .map(|r| (r.firm_id, r.category_id))
        .collect::<BTreeSet<_>>()
        .len() as u64
}

/// Every round naming vendor `id`, by (firm, category, round): every firm's rounds read, an
/// operator's rare action.
fn rounds_naming(tx: &mut Tx, id: u64) -> Result<Vec<Round>> {
    Ok(tx
        .range(&ROUNDS, &[])?
        .into_iter()
        .map(|(_, round)| round)
        .filter(|r| names_vendor(r, id))
        .collect())
}

/// Evaluations (a firm's rounds of one category) naming a vendor.
pub const EVALUATIONS: &str = "evaluations";
/// Scorecards a merge dropped (their author had scored the kept vendor in the same round).
pub const SCORECARDS_DROPPED: &str = "scorecards_dropped";

/// The evaluations' part in a vendor delete and merge.
pub const PART: VendorPart = VendorPart {
    naming: |tx, id| Ok(vec![(EVALUATIONS, evaluations_naming_in(tx, id)?)]),
    merge: |tx, from, into| {
        let moved = merge_vendor_in(tx, from, into)?;
        Ok(VendorMoved {
            counts: vec![
                (EVALUATIONS, moved.evaluations),
                (SCORECARDS_DROPPED, moved.scorecards_dropped),
            ],
            ..VendorMoved::default()
        })
    },
    delete: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluations::model::{Reference, Scorecard};

    fn card(vendor_id: u64, user_id: u64, by: &str) -> Scorecard {
        Scorecard {
            vendor_id,
            user_id,
            by: by.into(),
            scores: Vec::new(),
            criteria_version: 1,
            submitted_at: Some(1_800_000_000),
            updated_at: 1_800_000_000,
        }
    }

    fn reference(id: u64, vendor_id: u64) -> Reference {
        Reference {
            id,
            vendor_id,
            user_id: 1,
            by: "Ann".into(),
            firm_called: "Roe Law".into(),
            firm_size: "2-10".into(),
            date: "2026-01-05".into(),
            questions: vec![("Support?".into(), "Fast".into())],
            at: 1_800_000_000,
        }
    }

    #[test]
    fn a_merged_round_names_the_kept_vendor_and_keeps_its_scorecards() {
        let mut round = Round::new(1, 2, 1, 1_800_000_000);
        round.incumbent = Some(7);
        round.scorecards = vec![
            card(7, 1, "Ann dup"),
            card(8, 1, "Ann kept"),
            card(7, 2, "Mo dup"),
            card(9, 3, "Cy other"),
        ];
        round.references = vec![reference(1, 7), reference(2, 9)];
        assert!(names_vendor(&round, 7) && names_vendor(&round, 9));
        assert!(!names_vendor(&round, 10));

        assert_eq!(merge_round(&mut round, 7, 8), 1);

        assert_eq!(round.incumbent, Some(8));
        let cards: Vec<(u64, u64, &str)> = round
            .scorecards
            .iter()
            .map(|s| (s.vendor_id, s.user_id, s.by.as_str()))
            .collect();
        assert_eq!(
            cards,
            [(8, 1, "Ann kept"), (8, 2, "Mo dup"), (9, 3, "Cy other")]
        );
        let refs: Vec<(u64, u64)> = round
            .references
            .iter()
            .map(|r| (r.id, r.vendor_id))
            .collect();
        assert_eq!(refs, [(1, 8), (2, 9)]);
        assert!(!names_vendor(&round, 7));
    }

    #[test]
    fn both_backends_find_and_merge_the_rounds_naming_a_vendor() {
        let (_dir, stores) = crate::platform::store::testing::both_engines();
        let reads: Vec<_> = stores
            .iter()
            .map(|store| {
                for (firm, category, n, incumbent, cards, refs) in [
                    (
                        1,
                        2,
                        1,
                        None,
                        vec![card(7, 1, "a"), card(8, 1, "b")],
                        vec![],
                    ),
                    (1, 2, 2, Some(7), vec![], vec![]),
                    (2, 2, 1, None, vec![], vec![reference(1, 7)]),
                    (3, 2, 1, None, vec![card(8, 1, "c")], vec![reference(1, 9)]),
                ] {
                    super::super::update(store, FirmId::from_stored(firm), category, |rounds| {
                        let mut round = Round::new(firm, category, n, 1_800_000_000);
                        round.incumbent = incumbent;
                        round.scorecards = cards;
                        round.references = refs;
                        rounds.push(round);
                        Ok(())
                    })
                    .unwrap();
                }
                let mut tx = store.begin().unwrap();
                let naming = (
                    evaluations_naming_in(&mut tx, 7).unwrap(),
                    evaluations_naming_in(&mut tx, 8).unwrap(),
                    evaluations_naming_in(&mut tx, 10).unwrap(),
                );
                let moved = merge_vendor_in(&mut tx, 7, 8).unwrap();
                tx.commit().unwrap();
                let mut tx = store.begin().unwrap();
                let after = (
                    evaluations_naming_in(&mut tx, 7).unwrap(),
                    evaluations_naming_in(&mut tx, 8).unwrap(),
                );
                drop(tx);
                let all = super::super::tests::load_all(store);
                (naming, moved, after, all)
            })
            .collect();
        assert_eq!(reads[0], reads[1]);
        let (naming, moved, after, all) = &reads[0];
        assert_eq!(*naming, (2, 2, 0));
        assert_eq!(
            *moved,
            MovedEvaluations {
                evaluations: 2,
                scorecards_dropped: 1
            }
        );
        assert_eq!(*after, (0, 3));
        assert_eq!(all[0].scorecards, [card(8, 1, "b")]);
        assert_eq!(all[1].incumbent, Some(8));
        assert_eq!(all[2].references, [reference(1, 8)]);
    }
}
