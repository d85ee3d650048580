//! The suppression rule for every figure about other firms: a count under `MIN_FIRMS` is never
//! shown (zero included: "fewer than 5" is always safe), and a share is given only when it is
//! drawn from `MIN_FIRMS` firms or more. Callers never publish a total beside its parts, so a
//! hidden part cannot be worked out by subtraction: the coverage map gives shares, not counts.

use serde::Serialize;

use super::peers::MIN_FIRMS;

/// What the screens show for a count under `MIN_FIRMS`.
pub const FEWER_THAN: &str = "fewer than 5";

/// A count about other firms, as it may be shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ShownCount {
    /// The number, from 5 up; null when it is under 5.
    pub count: Option<u32>,
    /// What to show: the number, or "fewer than 5".
    pub text: String,
}

/// The one place a count about other firms becomes something shown.
pub fn shown_count(n: u32) -> ShownCount {
    if n < MIN_FIRMS {
        ShownCount {
            count: None,
            text: FEWER_THAN.to_string(),
        }
    } else {
        ShownCount {
            count: Some(n),
            text: n.to_string(),
        }
    }
}

/// `part` of `whole` as a whole percent (rounded half up), or `None` when `whole` is under
/// `MIN_FIRMS` firms.
pub fn share(part: u32, whole: u32) -> Option<u32> {
    shown_count(whole).count?;
    let part = part.min(whole);
    Some((part * 200 + whole) / (whole * 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_under_five_are_never_shown_and_zero_is_one_of_them() {
        for n in 0..MIN_FIRMS {
            assert_eq!(shown_count(n).count, None, "{n}");
            assert_eq!(shown_count(n).text, "fewer than 5", "{n}");
        }
        assert_eq!(shown_count(5).count, Some(5));
        assert_eq!(shown_count(5).text, "5");
        assert_eq!(shown_count(1234).text, "1234");
    }

    #[test]
    fn a_share_needs_five_firms_behind_it() {
        assert_eq!(share(0, 0), None);
        assert_eq!(share(3, 4), None);
        assert_eq!(share(4, 4), None);
        assert_eq!(share(4, 5), Some(80));
        assert_eq!(share(0, 5), Some(0));
        assert_eq!(share(5, 5), Some(100));
    }

    #[test]
    fn shares_round_half_up_to_whole_percents() {
        assert_eq!(share(1, 8), Some(13)); // 12.5
        assert_eq!(share(2, 3 * 5), Some(13)); // 13.33
        assert_eq!(share(7, 9), Some(78)); // 77.78
        assert_eq!(share(1, 200), Some(1)); // 0.5
    }

    #[test]
    fn a_part_larger_than_its_whole_is_capped() {
        assert_eq!(share(9, 6), Some(100));
    }
}
