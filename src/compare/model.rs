//! The comparison as the API answers it.

use serde::Serialize;

use crate::peers::ShownCount;
use crate::platform::firm_size::FirmSize;

/// One column per vendor, in the order asked for, with the rows that differ.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Comparison {
    pub vendors: Vec<ComparedVendor>,
    /// The rows whose values are not the same for every vendor.
    pub differing: Vec<Attribute>,
    /// The vendors belong to more than one category: they answer different needs.
    pub different_categories: bool,
    /// The firm size the evidence rows are about; absent when the firm gave none.
    pub firm_size: Option<FirmSize>,
    /// The window of `recentDemoBookings`, in days.
    pub demand_days: u32,
}

/// A row of the comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Attribute {
    Category,
    PriceBracket,
    FirmSizes,
    PracticeAreas,
    Integrations,
    Highlights,
    Partner,
    RecentDemoBookings,
    PeerAdoption,
    MatchScore,
    VerifiedOn,
    Scheduling,
    IsActive,
    /// Signs a HIPAA business associate agreement.
    HipaaBaa,
    Soc2,
    Iso27001,
    Sso,
    Mfa,
    DataLocation,
    AiTraining,
    DataExport,
}

pub use crate::catalog::model::CategoryRef;
pub use crate::techstack::model::Integration;

/// The vendor's partner status, as the administrator set it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartnerStatus {
    pub is_recommended_partner: bool,
    pub partner_level: Option<String>,
}

impl PartnerStatus {
    pub fn is_partner(&self) -> bool {
        self.is_recommended_partner || self.partner_level.is_some()
    }
}

/// The firm's match score for the vendor, from its latest questionnaire in the vendor's category.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatchScore {
    /// 0-100.
    pub score: u32,
    /// The day the questionnaire was answered (YYYY-MM-DD, UTC).
    pub answered_on: String,
}

/// One column.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComparedVendor {
    pub id: u64,
    pub name: String,
    pub logo_url: Option<String>,
    pub category: CategoryRef,
    /// 1 ($) to 4 ($$$$).
    pub price_bracket: Option<u8>,
    pub firm_sizes: Vec<FirmSize>,
    pub practice_areas: Vec<String>,
    pub integrations: Vec<Integration>,
    pub highlights: Vec<String>,
    pub partner: PartnerStatus,
    /// Real demo bookings of the vendor in the last `demandDays` days by firms of the user's size
    /// (by all firms when the user's size is unknown).
    pub recent_demo_bookings: ShownCount,
    /// Other firms of the user's size (the user's own firm left out) whose saved tech stack names
    /// the vendor; absent when the user's size is unknown.
    pub peer_adoption: Option<ShownCount>,
    /// Absent when the firm has not answered the category's questionnaire, or the vendor is not
    /// ranked (inactive or dismissed).
    pub match_score: Option<MatchScore>,
    /// The day the vendor's facts were checked (YYYY-MM-DD).
    pub verified_on: Option<String>,
    pub source_url: Option<String>,
    /// Where each fact came from, and the security profile.
    pub facts: crate::catalog::facts::VendorFactsView,
    pub booking_url: Option<String>,
    pub website_url: Option<String>,
    pub is_active: bool,
    /// What sets the vendor apart from the others compared, in a sentence or two.
    pub summary: String,
}
