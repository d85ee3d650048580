//! Demo outcomes under the one privacy rule (`peers::shown`): nothing is said about a
//! vendor's outcomes until `MIN_FIRMS` firms had a demo of it, a part under `MIN_FIRMS` (none
//! included) is written "Fewer than 5", and the total is never given beside an exact part when
//! the other part is hidden (it could be worked out by subtraction). What the ranking scores is
//! what the sentence says.

use super::shown::is_hidden;

/// How many firms (of the viewer's size, the viewer's own firm never among them) had a demo of a
/// vendor, and how many of those chose it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub held: u32,
    pub chose: u32,
}

/// An outcome as it may be shown: the reason sentence and the share of firms that chose the
/// vendor, as far as the sentence tells it.
#[derive(Debug, Clone, PartialEq)]
pub struct ShownOutcome {
    pub sentence: String,
    /// 0.0-1.0: exact when both parts are shown; 0 for "fewer than 5", 1 for "most".
    pub share: f64,
}

/// The one place a tally becomes something shown; `None` below `MIN_FIRMS` firms with a demo.
pub fn shown_outcome(t: Tally) -> Option<ShownOutcome> {
    if is_hidden(t.held) {
        return None;
    }
    let chose = t.chose.min(t.held);
    let declined = t.held - chose;
    let held = t.held;
    let (sentence, share) = if is_hidden(chose) {
        (
            format!("Fewer than 5 of {held} firms your size that had a demo chose it"),
            0.0,
        )
    } else if is_hidden(declined) {
        (
            format!("Most of the {held} firms your size that had a demo chose it"),
            1.0,
        )
    } else {
        (
            format!("{chose} of {held} firms your size that had a demo chose it"),
            f64::from(chose) / f64::from(held),
        )
    };
    Some(ShownOutcome { sentence, share })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(held: u32, chose: u32) -> Option<String> {
        shown_outcome(Tally { held, chose }).map(|s| s.sentence)
    }

    #[test]
    fn nothing_is_said_below_five_firms_with_a_demo() {
        for held in 0..5 {
            for chose in 0..=held {
                assert_eq!(shown(held, chose), None, "{chose} of {held}");
            }
        }
        assert!(shown(5, 0).is_some());
    }

    #[test]
    fn both_parts_from_five_up_are_given_exactly() {
        assert_eq!(
            shown(12, 7).unwrap(),
            "7 of 12 firms your size that had a demo chose it"
        );
        assert_eq!(
            shown_outcome(Tally { held: 10, chose: 5 }).unwrap().share,
            0.5
        );
    }

    #[test]
    fn a_part_under_five_is_never_given_or_derivable() {
        // 3 chose: the count is hidden.
        assert_eq!(
            shown(9, 3).unwrap(),
            "Fewer than 5 of 9 firms your size that had a demo chose it"
        );
        // 7 of 9 would reveal that 2 did not choose it: no exact part beside the total.
        let most = shown(9, 7).unwrap();
        assert_eq!(
            most,
            "Most of the 9 firms your size that had a demo chose it"
        );
        assert!(!most.contains('7') && !most.contains('2'));
        assert_eq!(
            shown_outcome(Tally { held: 9, chose: 3 }).unwrap().share,
            0.0
        );
        assert_eq!(
            shown_outcome(Tally { held: 9, chose: 7 }).unwrap().share,
            1.0
        );
    }

    #[test]
    fn none_is_hidden_like_one_to_four() {
        // Nobody chose it: the same sentence as one to four, never "0 of 9".
        assert_eq!(
            shown(5, 0).unwrap(),
            "Fewer than 5 of 5 firms your size that had a demo chose it"
        );
        assert_eq!(shown(9, 0), shown(9, 4));
        assert_eq!(
            shown_outcome(Tally { held: 9, chose: 0 }).unwrap().share,
            0.0
        );
        // Everybody chose it: nobody declined, which reads "most", as a few declining does.
        assert_eq!(
            shown(9, 9).unwrap(),
            "Most of the 9 firms your size that had a demo chose it"
        );
        assert_eq!(shown(9, 9), shown(9, 5));
        assert_eq!(
            shown_outcome(Tally { held: 9, chose: 9 }).unwrap().share,
            1.0
        );
    }
}
