//! The one privacy rule for every count about other firms or their bookings, wherever it is shown
//! (the vendor profile, the comparison, the coverage map, demo outcomes): a count under
//! [`MIN_FIRMS`] is never shown, only "fewer than 5", and 0 is one of them. Were 0 shown as "0",
//! "fewer than 5" would mean 1 to 4, and a single firm could be told apart from none.
//!
//! A share is given only when it is drawn from [`MIN_FIRMS`] firms or more. Callers never publish
//! a total beside an exact part while another part is hidden (it could be worked out by
//! subtraction): the coverage map gives shares, not counts, the comparison no total at all, demo
//! outcomes say "most", and the profile's breakdowns join small cells (`vendor_profile::suppress`).

use serde::Serialize;

/// The fewest firms (or bookings) a count or share may be shown from; below it a firm could be
/// singled out.
pub const MIN_FIRMS: u32 = 5;

/// What the screens show for a count under [`MIN_FIRMS`].
pub const FEWER_THAN: &str = "fewer than 5";

/// Whether a count must not be shown: 0 to 4.
pub fn is_hidden(n: u32) -> bool {
    n < MIN_FIRMS
}

/// A count about other firms or their bookings, as it may be shown. A hidden count has no
/// number at all, so 0 and 1 to 4 read the same.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ShownCount {
    /// The number, from 5 up; null when it is under 5 (0 included) or not shown.
    pub value: Option<u32>,
    /// What to show: the number, "fewer than 5", or (a vendor's 90-day figure) "not shown".
    pub text: String,
}

impl ShownCount {
    /// The rule: from [`MIN_FIRMS`] up as it is, 0 to 4 as "fewer than 5".
    pub fn of(n: u32) -> ShownCount {
        if is_hidden(n) {
            ShownCount {
                value: None,
                text: FEWER_THAN.to_string(),
            }
        } else {
            ShownCount {
                value: Some(n),
                text: n.to_string(),
            }
        }
    }

    pub fn is_hidden(&self) -> bool {
        self.value.is_none()
    }
}

/// `part` of `whole` as a whole percent (rounded half up), or `None` when `whole` is under
/// [`MIN_FIRMS`] firms.
pub fn share(part: u32, whole: u32) -> Option<u32> {
    if is_hidden(whole) {
        return None;
    }
    let part = part.min(whole);
    Some((part * 200 + whole) / (whole * 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_reads_like_one_to_four_and_has_no_number() {
        for n in 0..MIN_FIRMS {
            let c = ShownCount::of(n);
            assert_eq!(c.value, None, "{n}");
            assert_eq!(c.text, "fewer than 5", "{n}");
            assert!(c.is_hidden() && is_hidden(n), "{n}");
            assert_eq!(c, ShownCount::of(0), "{n}");
        }
        let json = serde_json::to_value(ShownCount::of(0)).unwrap();
        assert_eq!(
            json,
            serde_json::json!({ "value": null, "text": "fewer than 5" })
        );
    }

    #[test]
    fn counts_from_five_are_shown_as_they_are() {
        assert_eq!(ShownCount::of(5).value, Some(5));
        assert_eq!(ShownCount::of(5).text, "5");
        assert_eq!(ShownCount::of(1234).text, "1234");
        assert!(!is_hidden(5));
    }

    #[test]
    fn the_text_names_the_threshold() {
        assert_eq!(FEWER_THAN, format!("fewer than {MIN_FIRMS}"));
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
