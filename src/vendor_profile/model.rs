//! What the vendor profile routes answer.

use serde::Serialize;

use crate::catalog::SourcePage;
use crate::peers::ShownCount;
use crate::platform::firm_size::FirmSize;

pub use crate::catalog::model::CategoryRef;
pub use crate::techstack::model::Integration;

/// A firm size with the label people read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SizeRef {
    pub code: FirmSize,
    /// "Solo", "2-5", ...
    pub label: &'static str,
}

impl From<FirmSize> for SizeRef {
    fn from(size: FirmSize) -> SizeRef {
        SizeRef {
            code: size,
            label: size.label(),
        }
    }
}

/// A time the vendor was recommended to the user, and why.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ProfileRecommendation)]
pub struct PastRecommendation {
    pub category: CategoryRef,
    #[schema(format = DateTime)]
    pub recommended_at: String,
    pub reasons: Vec<String>,
    /// The needs the vendor met (one questionnaire answer per item).
    pub needs_met: Vec<String>,
}

/// A click on this vendor's Schedule Meeting (kind `BOOKING`) or Visit Website (kind `WEBSITE`)
/// by the user.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MeetingClickItem {
    pub source_page: SourcePage,
    /// What the click opened: the booking link or the website.
    pub kind: crate::catalog::ClickKind,
    #[schema(format = DateTime)]
    pub recorded_at: String,
}

/// The user's own history with the vendor.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FirmHistory {
    /// Newest first.
    pub recommendations: Vec<PastRecommendation>,
    /// Newest first.
    pub meeting_clicks: Vec<MeetingClickItem>,
    /// The user hid this vendor from their picks.
    pub dismissed: bool,
}

/// Another active vendor of the category, with why it is worth a look.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Alternative {
    pub id: u64,
    pub name: String,
    pub logo_url: Option<String>,
    pub website_url: Option<String>,
    pub price_bracket: Option<u8>,
    /// Where the bracket came from (`estimate` unless a page or the administrator says).
    pub price: Option<crate::catalog::facts::ProvenanceView>,
    /// The match score from the user's latest questionnaire in the category, when ordered by it.
    pub score: Option<u32>,
    pub reason: String,
}

/// How the alternatives are ordered.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum AlternativesBasis {
    /// By the match scores of the user's latest questionnaire in the category.
    Questionnaire,
    /// By fit with the firm: its size, personal injury, its tech stack.
    Fit,
}

/// `GET /api/vendors/{id}`: everything the profile shows except the booking figures.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorProfile {
    pub id: u64,
    pub name: String,
    pub category: CategoryRef,
    pub website_url: Option<String>,
    pub booking_url: Option<String>,
    pub logo_url: Option<String>,
    pub description: String,
    pub short_highlights: Vec<String>,
    pub price_bracket: Option<u8>,
    pub firm_sizes_supported: Vec<SizeRef>,
    pub practice_areas_supported: Vec<String>,
    pub geo_focus: Option<String>,
    pub is_recommended_partner: bool,
    pub partner_level: Option<String>,
    /// False for a vendor that is no longer active (still shown, with a banner).
    pub is_active: bool,
    /// The page the vendor's facts were checked against.
    pub source_url: Option<String>,
    /// The day they were checked (YYYY-MM-DD); absent when never verified.
    pub verified_on: Option<String>,
    /// The day the install's administrator imported the booking link in a vendor file that named
    /// no page for it (YYYY-MM-DD): "Added by your administrator on DATE".
    pub booking_added_on: Option<String>,
    /// Where each fact came from, and the security profile.
    pub facts: crate::catalog::facts::VendorFactsView,
    pub integrations: Vec<Integration>,
    pub history: FirmHistory,
    pub alternatives_basis: AlternativesBasis,
    /// 3 to 5 other active vendors of the category (fewer only when the category has fewer).
    pub alternatives: Vec<Alternative>,
    pub what_firms_pay: WhatFirmsPay,
}

/// What firms pay for the vendor: annual cost per seat from the contracts of verified firms that
/// agreed to share it, drawn once a calendar month (UTC) from 5 firms or more, the same for every
/// viewer, and shown only as fixed bands, never one firm's price, a lowest or a highest (see
/// `vendor_profile::prices`). A firm that joins, is verified or edits a contract changes nothing
/// until the next month's figures; a firm that stops sharing hides the figures it counted in at
/// once, until the next month's figures leave it out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WhatFirmsPay {
    /// The UTC calendar month the figures were drawn for (YYYY-MM): they change once a month.
    pub as_of: String,
    /// True when a firm counted in the month's figures has stopped sharing since: every figure
    /// reads "not shown until the next monthly update" until then.
    pub withheld: bool,
    /// Across the firm sizes of `bySize`.
    pub overall: PriceFigure,
    /// By firm size, smallest first: a size under 5 firms (0 included) shown with its
    /// neighbours; one group of every size when fewer than 5 firms shared in all (or withheld).
    pub by_size: Vec<PriceGroup>,
}

/// One size, or neighbouring sizes shown together, and what their firms pay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceGroup {
    pub sizes: Vec<SizeRef>,
    pub figure: PriceFigure,
}

/// Annual cost per seat as fixed bands in whole US dollars: the band of the lower quartile, the
/// median and the upper quartile of the firms' figures (each the price at a rank, never a mean,
/// a lowest or a highest). Each band is null unless at least 7 of the group's firms pay in lower
/// bands and 7 in higher ones (`bandsText` then says so); all three are null when fewer than 5
/// firms shared (0 included) or the figures are withheld.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceFigure {
    /// How many firms the figure is drawn from: the number from 5 up, "fewer than 5", or "not
    /// shown" while withheld.
    pub firms: ShownCount,
    /// The band a quarter of the firms pay at or below.
    pub lower_quartile: Option<PriceBand>,
    /// The band of the middle firm's price.
    pub median: Option<PriceBand>,
    /// The band three quarters of the firms pay at or below.
    pub upper_quartile: Option<PriceBand>,
    /// "12 firms shared" / "fewer than 5 firms shared" / "not shown until the next monthly
    /// update".
    pub text: String,
    /// Why a band is null while the count is shown: "a band is shown only where at least 7 of
    /// these firms pay in lower bands and 7 in higher ones"; null when every band is shown or
    /// when `text` already says why none is.
    pub bands_text: Option<String>,
}

/// A band of the fixed ladder of annual cost per seat (whole US dollars): under $10, $10-$20,
/// $20-$50, $50-$100, $100-$200, ... in 1-2-5 steps up to $50,000 or more.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceBand {
    /// The lowest price of the band (0 for the first).
    pub from: u64,
    /// The band's upper end, not included; null for the top band ("$50,000 or more").
    pub to: Option<u64>,
    /// "$50 – $100", "under $10", "$50,000 or more".
    pub text: String,
}

/// Demo bookings of neighbouring months (or sizes) shown as one count (see `suppress::groups`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthGroup {
    /// The first month, YYYY-MM.
    pub from: String,
    /// The last month, YYYY-MM (the same as `from` for a single month).
    pub to: String,
    pub count: ShownCount,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SizeGroup {
    /// One size, or neighbouring sizes shown together.
    pub sizes: Vec<SizeRef>,
    pub count: ShownCount,
}

/// Real demo bookings of the vendor by firms of the user's size, in the last `days` days.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecentForSize {
    pub size: SizeRef,
    pub days: u32,
    pub count: ShownCount,
    /// True when the count is withheld ("not shown"): beside the 24-month count of the size (or
    /// of the sizes it is shown with) or the months, it would reveal a count of 0 to 4 bookings.
    pub withheld: bool,
}

/// Firms of the user's size whose saved tech stack has the vendor.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeerAdoption {
    pub size: SizeRef,
    pub firms: ShownCount,
    /// "Used by 12 firms of your size" / "Used by fewer than 5 firms of your size".
    pub text: String,
}

/// `GET /api/vendors/{id}/evidence`: real demo bookings only (sample rows never count), every
/// count under 5 (0 included) shown as "fewer than 5" with no number, and small cells of a
/// breakdown (0 included) shown with neighbours.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorEvidence {
    pub vendor_id: u64,
    /// False while no real booking (of any vendor) exists: the figures below then count nothing
    /// and read "fewer than 5".
    pub has_real_bookings: bool,
    /// The 24 months ending with the current one (UTC), oldest first.
    pub months: Vec<MonthGroup>,
    /// The vendor's bookings over those 24 months.
    pub total: ShownCount,
    /// The same 24 months by the booking firm's size, smallest size first.
    pub by_size: Vec<SizeGroup>,
    /// Absent when the user's firm size is unknown.
    pub recent_for_your_size: Option<RecentForSize>,
    /// Absent when the user's firm size is unknown.
    pub peer_adoption: Option<PeerAdoption>,
}
