//! The four onboarding answers, each a closed set of bands.

use serde::{Deserialize, Serialize};

macro_rules! band {
    ($(#[$doc:meta])* $name:ident { $($variant:ident = $code:tt),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
        pub enum $name {
            $(#[serde(rename = $code)] $variant),+
        }

        impl $name {
            pub const CODES: &'static [&'static str] = &[$($code),+];
        }
    };
}

band!(
    /// How many attorneys the firm has.
    AttorneysBand {
        Solo = "SOLO", A2To5 = "A2_5", A6To15 = "A6_15", A16To30 = "A16_30",
        A31To50 = "A31_50", A51Plus = "A51P",
    }
);

band!(
    /// How many people the firm employs.
    EmployeesBand { E2To10 = "E2_10", E11To50 = "E11_50", E51To200 = "E51_200", E200Plus = "E200P" }
);

band!(
    /// New injury cases signed per month.
    CasesBand {
        C1To10 = "C1_10", C11To25 = "C11_25", C26To50 = "C26_50", C51To100 = "C51_100",
        C101Plus = "C101P",
    }
);

band!(
    /// Annual spend on software.
    SpendBand {
        S0To5K = "S0_5K", S5To10K = "S5_10K", S10To40K = "S10_40K", S40To100K = "S40_100K",
        S100To500K = "S100_500K", S500KTo1M = "S500_1M", S1MPlus = "S1M_P",
    }
);

#[derive(Debug, Clone, Copy, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Onboarding {
    pub attorneys_count_band: AttorneysBand,
    pub employees_count_band: EmployeesBand,
    pub injury_cases_per_month_band: CasesBand,
    pub annual_software_spend_band: SpendBand,
}

impl EmployeesBand {
    /// The firm-size band that best matches this head count, used when the profile has none.
    pub fn firm_size(self) -> crate::platform::firm_size::FirmSize {
        use crate::platform::firm_size::FirmSize;
        match self {
            EmployeesBand::E2To10 => FirmSize::E6To20,
            EmployeesBand::E11To50 => FirmSize::E21To50,
            EmployeesBand::E51To200 => FirmSize::E51To200,
            EmployeesBand::E200Plus => FirmSize::E200Plus,
        }
    }
}
