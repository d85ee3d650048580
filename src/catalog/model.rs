//! Categories, vendors, questionnaires and meeting clicks, and what the catalog routes read and
//! answer.

use serde::{Deserialize, Serialize};

use super::Catalog;
use super::facts::VendorFactsView;
use super::listing::Page;
use crate::platform::error::{Result, bad_request};
use crate::platform::firm_size::FirmSize;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Category {
    pub id: u64,
    /// What imports, feeds and the bookings match on.
    pub name: String,
    /// The one name every screen, download, mail and archive shows: the spec's stage title for the
    /// nine stages ("Trial Prep & Presentation" for Trial Support), the name for the others.
    pub label: String,
    /// Litigation stage 1-9 this category serves, if it is a stage category.
    pub stage: Option<u8>,
}

impl Category {
    /// A category as the store keeps it (id, name, stage): its label is the one data/categories.csv
    /// ships for its name, else its name. Not stored, so a release's labels reach every install.
    pub fn stored(id: u64, name: String, stage: Option<u8>) -> Category {
        let label = super::seed::category_label(&name).to_string();
        Category {
            id,
            name,
            label,
            stage,
        }
    }

    /// Whether `text` names this category: its name or its label, ignoring case and surrounding
    /// spaces. How every import matches a category.
    pub fn is_named(&self, text: &str) -> bool {
        let text = text.trim();
        self.name.eq_ignore_ascii_case(text) || self.label.eq_ignore_ascii_case(text)
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Vendor {
    pub id: u64,
    pub name: String,
    pub category_id: u64,
    pub website_url: Option<String>,
    pub booking_url: Option<String>,
    pub logo_url: Option<String>,
    pub description: String,
    pub short_highlights: Vec<String>,
    pub integrations: Vec<String>,
    pub price_bracket: Option<u8>,
    pub firm_sizes_supported: Vec<FirmSize>,
    pub practice_areas_supported: Vec<String>,
    pub geo_focus: Option<String>,
    /// Capabilities the questionnaire's answers are matched against.
    pub tags: Vec<String>,
    pub is_recommended_partner: bool,
    // One of the `PartnerLevel` names, as stored.
    pub partner_level: Option<String>,
    pub is_active: bool,
    pub needs_review: bool,
}

/// Where a vendor's facts were checked, and when: the `sourceUrl` and `verifiedOn` columns of the
/// vendor CSV. Stored apart from `Vendor` (in `storage::SOURCES`); a vendor without one was
/// never verified.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct VendorSource {
    /// An http(s) page the row's facts were checked against.
    pub source_url: Option<String>,
    /// The day they were checked, as YYYY-MM-DD.
    pub verified_on: Option<String>,
}

impl VendorSource {
    pub fn is_empty(&self) -> bool {
        self.source_url.is_none() && self.verified_on.is_none()
    }
}

/// Where a vendor's booking link comes from. Stored apart from `Vendor` and `VendorSource` (in
/// `storage::BOOKING_SOURCES`); a vendor without a booking link has none.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub enum BookingSource {
    /// Checked against a public page: the `bookingSourceUrl` and `bookingVerifiedOn` columns of
    /// the vendor CSV (or the row's `sourceUrl`/`verifiedOn` when those are empty). The shipped
    /// catalog's every link is one.
    Checked {
        /// The http(s) page the booking link was checked against.
        source_url: String,
        /// The day it was checked, as YYYY-MM-DD.
        verified_on: String,
    },
    /// Imported by the install's administrator in a vendor file that names no page for it (the
    /// spec's vendor CSV has no such column): the import itself is its provenance.
    Imported(ImportedBy),
}

/// Who brought a fact in with a vendor file, which file, and when.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct ImportedBy {
    /// The administrator's account; `None` for `litstack import vendors` on the command line.
    pub user_id: Option<u64>,
    /// The file's name as uploaded (at most 200 characters).
    pub file_name: String,
    /// The day of the import, as YYYY-MM-DD.
    pub on: String,
}

impl ImportedBy {
    /// An import today by `user_id` (`None`: the command line) of the file named `file_name`,
    /// kept as plain text of at most 200 characters ("vendors.csv" when the name is empty).
    pub fn today(user_id: Option<u64>, file_name: &str) -> ImportedBy {
        let name: String = file_name
            .chars()
            .filter(|c| !c.is_control())
            .take(200)
            .collect();
        let name = name.trim();
        ImportedBy {
            user_id,
            file_name: if name.is_empty() { "vendors.csv" } else { name }.to_string(),
            on: crate::platform::clock::today()
                .format("%Y-%m-%d")
                .to_string(),
        }
    }
}

impl BookingSource {
    pub fn checked(source_url: impl Into<String>, verified_on: impl Into<String>) -> Self {
        BookingSource::Checked {
            source_url: source_url.into(),
            verified_on: verified_on.into(),
        }
    }

    /// The page and the day it was checked, for a link checked against a page.
    pub fn checked_page(&self) -> Option<(&str, &str)> {
        match self {
            BookingSource::Checked {
                source_url,
                verified_on,
            } => Some((source_url, verified_on)),
            BookingSource::Imported(_) => None,
        }
    }

    /// The import that brought the link in, for a link an administrator imported without a page.
    pub fn imported(&self) -> Option<&ImportedBy> {
        match self {
            BookingSource::Imported(by) => Some(by),
            BookingSource::Checked { .. } => None,
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
pub enum FieldType {
    #[serde(rename = "SINGLE")]
    Single,
    #[serde(rename = "MULTI")]
    Multi,
}

/// What choosing an option says: a capability the vendor must have, or a fact about the firm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OptionKind {
    /// A capability the vendor must have, matched against its tags and listed as a need met.
    Need,
    /// About the firm (its situation, budget or current tool): its tags weigh in the ranking,
    /// but it is never quoted as a need the vendor meets.
    Context,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuestionOption {
    pub label: String,
    /// Required: every option of data/questions.json says which kind it is.
    pub kind: OptionKind,
    /// A need phrased as an evaluation criterion ("Bilingual intake" for "Often; we need
    /// bilingual intake"): what an evaluation suggests weighing when the firm chose it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub criterion: Option<String>,
    #[serde(default)]
    pub tags: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Question {
    pub id: u64,
    pub prompt: String,
    pub field_type: FieldType,
    pub options: Vec<QuestionOption>,
}

/// A category's questionnaire as written in data/questions.json.
#[derive(Debug, Clone, Deserialize)]
pub struct Questionnaire {
    pub category: String,
    pub questions: Vec<Question>,
}

/// The partner levels, for the API description.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
pub enum PartnerLevel {
    Gold,
    Silver,
    Bronze,
}

impl PartnerLevel {
    pub const ALL: [PartnerLevel; 3] = [
        PartnerLevel::Gold,
        PartnerLevel::Silver,
        PartnerLevel::Bronze,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PartnerLevel::Gold => "Gold",
            PartnerLevel::Silver => "Silver",
            PartnerLevel::Bronze => "Bronze",
        }
    }

    /// "Gold, Silver, Bronze", for messages.
    pub fn names() -> String {
        Self::ALL.map(Self::as_str).join(", ")
    }
}

/// A vendor as the directory shows it, with its category's name and label and where its facts come
/// from.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorView<'a> {
    #[serde(flatten)]
    #[schema(value_type = Vendor)]
    pub vendor: &'a Vendor,
    pub category_name: &'a str,
    /// The category's label: what a screen shows.
    pub category_label: &'a str,
    /// The page the vendor's facts were checked against.
    pub source_url: Option<&'a str>,
    /// The day they were checked (YYYY-MM-DD); absent when never verified.
    pub verified_on: Option<&'a str>,
    /// The page the booking link was checked against; absent without a booking link.
    pub booking_source_url: Option<&'a str>,
    /// The day the booking link was checked (YYYY-MM-DD).
    pub booking_verified_on: Option<&'a str>,
    /// The day the install's administrator imported the booking link in a vendor file that named
    /// no page for it (YYYY-MM-DD): shown as "Added by your administrator on DATE".
    pub booking_added_on: Option<&'a str>,
    /// Where each fact came from, and the security profile.
    pub facts: VendorFactsView,
}

pub fn vendor_view<'a>(catalog: &'a Catalog, vendor: &'a Vendor) -> VendorView<'a> {
    let category = catalog.category(vendor.category_id);
    let category_name = category.map_or("", |c| c.name.as_str());
    let category_label = category.map_or("", |c| c.label.as_str());
    let source = catalog.source(vendor.id);
    let booking = catalog.booking_source(vendor.id);
    VendorView {
        vendor,
        category_name,
        category_label,
        source_url: source.and_then(|s| s.source_url.as_deref()),
        verified_on: source.and_then(|s| s.verified_on.as_deref()),
        booking_source_url: booking.and_then(|b| b.checked_page()).map(|(url, _)| url),
        booking_verified_on: booking.and_then(|b| b.checked_page()).map(|(_, day)| day),
        booking_added_on: booking.and_then(|b| b.imported()).map(|by| by.on.as_str()),
        facts: catalog.facts_view(vendor),
    }
}

/// A page of the vendor directory, and whether "Partners First" has any partner to put first.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorPage<'a> {
    #[serde(flatten)]
    #[schema(inline)]
    pub page: Page<VendorView<'a>>,
    /// Vendors of the whole catalog (not only this page) with a partner level or star.
    pub partner_count: usize,
    /// Vendors of the whole catalog (active or not) without a booking link: their cards say "No
    /// scheduler available" and offer Visit Website.
    pub without_booking_link: usize,
}

/// What the client sees of a question: the option labels, never the tags behind them.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionView<'a> {
    pub id: u64,
    pub prompt: &'a str,
    pub field_type: FieldType,
    pub options: Vec<&'a str>,
}

/// The screen a click came from (SPEC section 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum SourcePage {
    #[serde(rename = "BROWSE")]
    Browse,
    #[serde(rename = "PAST_RECS")]
    PastRecs,
    #[serde(rename = "GET_REC_STAGES")]
    GetRecStages,
    #[serde(rename = "GET_REC")]
    GetRec,
    #[serde(rename = "COMPARE")]
    Compare,
    /// The vendor's profile page.
    #[serde(rename = "PROFILE")]
    Profile,
}

impl SourcePage {
    /// Text in, so that an unknown value gets our message listing the valid ones.
    pub fn parse(raw: &str) -> Result<SourcePage> {
        serde_json::from_value(raw.into()).map_err(|_| {
            bad_request(
                "sourcePage must be one of BROWSE, PAST_RECS, GET_REC_STAGES, GET_REC, COMPARE, PROFILE",
            )
        })
    }
}

/// What a click opened: the vendor's booking link, or its website. Counted apart everywhere clicks are counted or listed.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema,
)]
pub enum ClickKind {
    /// "Schedule Meeting": the vendor's own scheduler.
    #[default]
    #[serde(rename = "BOOKING")]
    Booking,
    /// "Visit Website": the vendor's website.
    #[serde(rename = "WEBSITE")]
    Website,
}

impl ClickKind {
    /// Text in, so that an unknown value gets our message listing the valid ones; empty or
    /// absent is a booking click, as every click was before websites were tracked.
    pub fn parse(raw: Option<&str>) -> Result<ClickKind> {
        match raw.unwrap_or("") {
            "" | "BOOKING" => Ok(ClickKind::Booking),
            "WEBSITE" => Ok(ClickKind::Website),
            _ => Err(bad_request("kind must be BOOKING or WEBSITE")),
        }
    }

    /// The code stored on PostgreSQL (and the API's spelling).
    pub fn code(self) -> &'static str {
        match self {
            ClickKind::Booking => "BOOKING",
            ClickKind::Website => "WEBSITE",
        }
    }

    pub fn from_code(code: &str) -> anyhow::Result<ClickKind> {
        match code {
            "BOOKING" => Ok(ClickKind::Booking),
            "WEBSITE" => Ok(ClickKind::Website),
            other => anyhow::bail!("an unknown click kind {other:?}"),
        }
    }
}

/// One stored click (`catalog::storage::CLICKS`, keyed by user, vendor and id; ids grow with time).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct MeetingClick {
    pub id: u64,
    pub user_id: u64,
    pub vendor_id: u64,
    pub source_page: SourcePage,
    /// Unix seconds.
    pub at: i64,
    /// Absent from a click stored before websites were tracked: a booking click.
    #[serde(default)]
    pub kind: ClickKind,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MeetingClickRequest {
    pub vendor_id: u64,
    /// Text, so that an unknown value gets our own message listing the valid ones.
    #[schema(value_type = SourcePage)]
    pub source_page: String,
    /// BOOKING (the default) or WEBSITE: what the button opened.
    #[serde(default)]
    #[schema(value_type = Option<ClickKind>)]
    pub kind: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MeetingClickView {
    pub id: u64,
    pub vendor_id: u64,
    pub vendor_name: Option<String>,
    pub source_page: SourcePage,
    /// What the click opened.
    pub kind: ClickKind,
    /// The vendor's scheduler with `utm_source`, for a booking click; absent in the list when the
    /// vendor lost it since.
    pub booking_url: Option<String>,
    /// The vendor's website with `utm_source`, for a website click.
    pub website_url: Option<String>,
    #[schema(format = DateTime)]
    pub recorded_at: String,
}

// A category as another screen links to it: its id and name. (No doc comment: it would become the
// API document's description.)
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CategoryRef {
    pub id: u64,
    pub name: String,
    /// The category's label (`Category::label`): what a screen shows.
    pub label: String,
}

impl From<&Category> for CategoryRef {
    fn from(c: &Category) -> CategoryRef {
        CategoryRef {
            id: c.id,
            name: c.name.clone(),
            label: c.label.clone(),
        }
    }
}
