//! Firm size: the number of employees band a firm falls in. Used by accounts (the profile),
//! demo bookings (the booking firm's size) and recommendations (peer groups).

use serde::{Deserialize, Serialize};

#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
pub enum FirmSize {
    #[serde(rename = "SOLO")]
    Solo,
    #[serde(rename = "E2_5")]
    E2To5,
    #[serde(rename = "E6_20")]
    E6To20,
    #[serde(rename = "E21_50")]
    E21To50,
    #[serde(rename = "E51_200")]
    E51To200,
    #[serde(rename = "E200P")]
    E200Plus,
}

impl FirmSize {
    pub const ALL: [FirmSize; 6] = [
        FirmSize::Solo,
        FirmSize::E2To5,
        FirmSize::E6To20,
        FirmSize::E21To50,
        FirmSize::E51To200,
        FirmSize::E200Plus,
    ];

    pub fn code(self) -> &'static str {
        match self {
            FirmSize::Solo => "SOLO",
            FirmSize::E2To5 => "E2_5",
            FirmSize::E6To20 => "E6_20",
            FirmSize::E21To50 => "E21_50",
            FirmSize::E51To200 => "E51_200",
            FirmSize::E200Plus => "E200P",
        }
    }

    /// The label people read: "Solo", "2-5", ...
    pub fn label(self) -> &'static str {
        match self {
            FirmSize::Solo => "Solo",
            FirmSize::E2To5 => "2-5",
            FirmSize::E6To20 => "6-20",
            FirmSize::E21To50 => "21-50",
            FirmSize::E51To200 => "51-200",
            FirmSize::E200Plus => "200+",
        }
    }

    /// Position in size order, 0 for solo; neighbouring sizes differ by one.
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Option<FirmSize> {
        FirmSize::ALL.get(i).copied()
    }

    /// Accepts the code (any case); `None` for anything else.
    pub fn parse(s: &str) -> Option<FirmSize> {
        // The code as written (every row of an export) is found without folding case.
        if let Some(size) = FirmSize::ALL.into_iter().find(|f| f.code() == s) {
            return Some(size);
        }
        let s = s.trim();
        FirmSize::ALL
            .into_iter()
            .find(|f| f.code().eq_ignore_ascii_case(s))
    }
}

impl std::fmt::Display for FirmSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_neighbours_are_adjacent() {
        for (i, size) in FirmSize::ALL.into_iter().enumerate() {
            assert_eq!(FirmSize::parse(size.code()), Some(size));
            assert_eq!(FirmSize::parse(&size.code().to_lowercase()), Some(size));
            assert_eq!(size.index(), i);
            assert_eq!(FirmSize::from_index(i), Some(size));
        }
        assert_eq!(FirmSize::parse("BIG"), None);
    }
}
