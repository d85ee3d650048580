//! Categories, vendors and questionnaires.

use serde::{Deserialize, Serialize};

use crate::firm_size::FirmSize;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Category {
    pub id: u64,
    pub name: String,
    /// Litigation stage 1-9 this category serves, if it is a stage category.
    pub stage: Option<u8>,
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
    pub partner_level: Option<String>,
    pub is_active: bool,
    pub needs_review: bool,
}

/// Where a vendor's facts were checked, and when: the `sourceUrl` and `verifiedOn` columns of the
/// vendor CSV. Stored apart from `Vendor` (in `store::VENDOR_SOURCES`); a vendor without one was
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

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
pub enum FieldType {
    #[serde(rename = "SINGLE")]
    Single,
    #[serde(rename = "MULTI")]
    Multi,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct QuestionOption {
    pub label: String,
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
