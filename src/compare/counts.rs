//! The suppression rule for every count about other firms or bookings on the comparison.

use serde::Serialize;

/// The smallest count that may be published; below it a firm could be singled out. The same
/// threshold as the tech-stack peers' (`techstack::peers::MIN_FIRMS`).
pub const MIN_SHOWN: u32 = crate::techstack::peers::MIN_FIRMS;

/// What "fewer than 5" reads like.
pub const FEWER_THAN: &str = "fewer than 5";

/// A count as it may be shown: the number from [`MIN_SHOWN`] up, otherwise only "fewer than 5".
/// Zero is suppressed too (it would tell apart "nobody" from "one firm"). No total is ever
/// published beside these, so a hidden count cannot be worked out by subtraction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ComparisonCount)]
pub struct ShownCount {
    /// The count; absent when it is under 5.
    pub value: Option<u32>,
    /// The count as text: "12", or "fewer than 5".
    pub label: String,
}

/// Applies the suppression rule to one count.
pub fn shown(count: u32) -> ShownCount {
    if count >= MIN_SHOWN {
        ShownCount {
            value: Some(count),
            label: count.to_string(),
        }
    } else {
        ShownCount {
            value: None,
            label: FEWER_THAN.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_under_five_are_never_published() {
        for n in 0..5 {
            let c = shown(n);
            assert_eq!(c.value, None, "{n}");
            assert_eq!(c.label, "fewer than 5");
        }
    }

    #[test]
    fn counts_from_five_are_shown_as_they_are() {
        assert_eq!(shown(5).value, Some(5));
        assert_eq!(shown(5).label, "5");
        assert_eq!(shown(1234).label, "1234");
    }
}
