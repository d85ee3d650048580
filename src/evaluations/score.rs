//! The arithmetic of an evaluation: a vendor's weighted score and where people disagree. Pure
//! functions of the criteria and the submitted scores.

use super::model::{Criterion, Scorecard};

/// A spread of this much or more on a criterion is a disagreement.
pub const DISAGREEMENT_SPREAD: u8 = 2;

/// The text shown beside a disagreement.
pub const TALK_ABOUT_IT: &str = "Talk about this before deciding";

/// The weighted score 0..=100 of scores given per criterion (`scores[i]` for `weights[i]`, each
/// 1..=5; "did not see" is left out). Per criterion the mean, mapped 1..5 to 0..100, weighted
/// by the criteria's weights renormalised over the criteria with at least one score; rounded to
/// the nearest whole number. `None` when no criterion has a score.
pub fn weighted_score(weights: &[u8], scores: &[Vec<u8>]) -> Option<u8> {
    let mut total = 0.0_f64;
    let mut weight_sum = 0.0_f64;
    for (weight, given) in weights.iter().zip(scores) {
        if given.is_empty() || *weight == 0 {
            continue;
        }
        let mean =
            given.iter().map(|&s| f64::from(s.clamp(1, 5))).sum::<f64>() / given.len() as f64;
        total += f64::from(*weight) * (mean - 1.0) / 4.0 * 100.0;
        weight_sum += f64::from(*weight);
    }
    (weight_sum > 0.0).then(|| (total / weight_sum).round().clamp(0.0, 100.0) as u8)
}

/// Whether the scores given on one criterion spread by `DISAGREEMENT_SPREAD` or more.
pub fn disagree(given: &[u8]) -> bool {
    match (given.iter().max(), given.iter().min()) {
        (Some(max), Some(min)) => max - min >= DISAGREEMENT_SPREAD,
        _ => false,
    }
}

/// The scores given on each criterion (in the criteria's order) by these scorecards.
pub fn given(criteria: &[Criterion], cards: &[&Scorecard]) -> Vec<Vec<u8>> {
    criteria
        .iter()
        .map(|c| {
            cards
                .iter()
                .flat_map(|card| &card.scores)
                .filter(|s| s.criterion_id == c.id)
                .filter_map(|s| s.score)
                .collect()
        })
        .collect()
}

/// A vendor's weighted score and the ids of the criteria people disagree on.
pub fn vendor_scores(criteria: &[Criterion], cards: &[&Scorecard]) -> (Option<u8>, Vec<String>) {
    let given = given(criteria, cards);
    let weights: Vec<u8> = criteria.iter().map(|c| c.weight).collect();
    let disagreements = criteria
        .iter()
        .zip(&given)
        .filter(|(_, g)| disagree(g))
        .map(|(c, _)| c.id.clone())
        .collect();
    (weighted_score(&weights, &given), disagreements)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_weighted_score_maps_means_and_weights() {
        // 3 -> 50 at weight 60, 5 -> 100 at weight 40: 30 + 40.
        assert_eq!(weighted_score(&[60, 40], &[vec![3], vec![5]]), Some(70));
        // Means: (2 + 4) / 2 = 3 -> 50.
        assert_eq!(weighted_score(&[100], &[vec![2, 4]]), Some(50));
        // A criterion nobody scored is left out and the others renormalised.
        assert_eq!(weighted_score(&[50, 50], &[vec![5], vec![]]), Some(100));
        assert_eq!(weighted_score(&[50, 50], &[vec![], vec![]]), None);
        // Rounded: 4 -> 75 at 1/3, 1 -> 0 at 2/3 = 25.
        assert_eq!(weighted_score(&[10, 20], &[vec![4], vec![1]]), Some(25));
        // 2 -> 25, 3 -> 50; weights 1 and 2: (25 + 100) / 3 = 41.67.
        assert_eq!(weighted_score(&[1, 2], &[vec![2], vec![3]]), Some(42));
    }

    #[test]
    fn a_spread_of_two_is_a_disagreement() {
        assert!(disagree(&[2, 4]));
        assert!(disagree(&[5, 3, 4]));
        assert!(!disagree(&[3, 4]));
        assert!(!disagree(&[4]));
        assert!(!disagree(&[]));
    }

    proptest! {
        #[test]
        fn the_weighted_score_is_always_0_to_100(
            rows in prop::collection::vec(
                (1u8..=100, prop::collection::vec(1u8..=5, 0..6)),
                1..15,
            )
        ) {
            let weights: Vec<u8> = rows.iter().map(|r| r.0).collect();
            let scores: Vec<Vec<u8>> = rows.iter().map(|r| r.1.clone()).collect();
            let any = scores.iter().any(|s| !s.is_empty());
            let score = weighted_score(&weights, &scores);
            prop_assert_eq!(score.is_some(), any);
            if let Some(score) = score {
                prop_assert!(score <= 100);
            }
            let fives: Vec<Vec<u8>> = scores.iter().map(|s| vec![5; s.len()]).collect();
            let ones: Vec<Vec<u8>> = scores.iter().map(|s| vec![1; s.len()]).collect();
            if any {
                prop_assert_eq!(weighted_score(&weights, &fives), Some(100));
                prop_assert_eq!(weighted_score(&weights, &ones), Some(0));
            }
        }
    }
}
