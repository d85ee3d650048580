//! The recommendation types: what is stored (responses, pick sets, the history), what the routes
//! accept and what they answer.

use serde::{Deserialize, Serialize};

use crate::catalog::{Vendor, VendorView};
use crate::techstack::context::SizeSource;

/// A submitted questionnaire: the chosen option labels per question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredResponse {
    pub id: u64,
    /// Who answered: a response keeps its author.
    pub user_id: u64,
    /// The firm it was answered for.
    pub firm_id: u64,
    pub category_id: u64,
    pub answers: Vec<(u64, Vec<String>)>,
    pub at: i64,
}

/// Where a stage's picks came from.
// Stored by variant index (see store::codec), so the API names can change without a migration.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PickSource {
    Questionnaire,
    PickForMe,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredPick {
    pub vendor_id: u64,
    /// The reason shown on the stage card; when nothing the firm told us sets the vendor apart
    /// from others, a second line says so (see `reason_lines`; read with [`StoredPick::card`]).
    pub reason: String,
}

impl StoredPick {
    pub fn new(vendor_id: u64, reason: &str, tie: Option<&str>) -> StoredPick {
        StoredPick {
            vendor_id,
            reason: super::reason_lines::with_items(reason, &Vec::from_iter(tie)),
        }
    }

    /// The card's reason, and the tie it states, if any.
    pub fn card(&self) -> (&str, Option<String>) {
        let tie = super::reason_lines::items(&self.reason).into_iter().next();
        (super::reason_lines::sentence(&self.reason), tie)
    }
}

/// One stage's saved picks (at most three).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PickSet {
    pub picks: Vec<StoredPick>,
    pub source: PickSource,
    /// Says which data the picks rest on when it is not the firm's own size group.
    pub note: Option<String>,
    pub used_size_fallback: bool,
    pub at: i64,
}

/// A category's picks as the firm's last "Clear picks" found them, kept so that the clear can be
/// undone (with their source, note and time, unchanged).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClearedSet {
    pub set: PickSet,
    /// When they were cleared (Unix seconds).
    pub cleared_at: i64,
}

/// The latest time a vendor was recommended to a user, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PastRec {
    pub at: i64,
    /// Position among the picks saved together (0 = best), to order equal times.
    pub rank: u32,
    pub strengths: Vec<String>,
}

/// One stage's new picks, and the reasons of each pick for the history (best first).
pub struct StageSave {
    pub category_id: u64,
    pub set: PickSet,
    pub history: Vec<(u64, Vec<String>)>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ResponseRequest {
    pub category_id: u64,
    /// At least one question answered with at least one offered option.
    #[schema(min_items = 1)]
    pub answers: Vec<AnswerRequest>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AnswerRequest {
    pub question_id: u64,
    /// Option labels of the question; one at most for a single-choice question.
    #[serde(default)]
    pub selected_values: Vec<String>,
}

/// The firm's latest answers to a category's questionnaire, which a reopened questionnaire
/// starts from; `response` is absent when nobody at the firm has answered it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LatestResponse {
    pub response: Option<SavedResponse>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedResponse {
    pub response_id: u64,
    pub category_id: u64,
    /// Only answers the questionnaire still offers: a question or option removed since is left
    /// out.
    pub answers: Vec<SavedAnswer>,
    /// When they were given (RFC 3339, UTC).
    pub answered_at: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedAnswer {
    pub question_id: u64,
    pub selected_values: Vec<String>,
}

/// A stored questionnaire response.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResponseCreated {
    pub response_id: u64,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ComputeRequest {
    pub response_id: u64,
    pub category_id: u64,
}

/// A ranked vendor with the reasons for its place.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RankedView<'a> {
    pub vendor: VendorView<'a>,
    pub score: u32,
    pub rank: usize,
    pub matched_tags: Vec<String>,
    pub missing_tags: Vec<String>,
    pub reasons: Vec<String>,
    /// The needs the vendor meets (the options of kind need it matches), one answer per item:
    /// the list the needs reason speaks of.
    pub needs_met: Vec<String>,
    pub breakdown: Vec<Factor>,
    pub already_used: bool,
}

/// A category's vendors ranked for one questionnaire response.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComputeResult<'a> {
    pub vendors: Vec<RankedView<'a>>,
    /// The firms whose demo bookings count as demand, in words.
    pub peer_group: String,
    pub firm_size_source: SizeSource,
}

/// One saved pick as a stage card shows it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickView {
    pub vendor_id: u64,
    pub name: String,
    pub logo_url: Option<String>,
    pub reason: String,
    /// Set when what the firm told us does not set this vendor apart from others of the category:
    /// says so, and by which rule they are ordered.
    pub tie: Option<String>,
    pub website_url: Option<String>,
    pub booking_url: Option<String>,
    pub price_bracket: Option<u8>,
    /// Where the bracket came from (`estimate` unless a page or the administrator says).
    pub price: Option<crate::catalog::facts::ProvenanceView>,
}

impl PickView {
    pub fn new(catalog: &crate::catalog::Catalog, vendor: &Vendor, pick: &StoredPick) -> PickView {
        let (reason, tie) = pick.card();
        PickView {
            vendor_id: vendor.id,
            name: vendor.name.clone(),
            logo_url: vendor.logo_url.clone(),
            reason: reason.to_string(),
            tie,
            website_url: vendor.website_url.clone(),
            booking_url: vendor.booking_url.clone(),
            price_bracket: vendor.price_bracket,
            price: catalog.price_provenance(vendor),
        }
    }
}

/// One category's saved picks.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StagePicks {
    pub category_id: u64,
    pub category_name: String,
    /// The category's label: what a screen shows.
    pub category_label: String,
    /// The litigation stage (1-9); null for a category outside the stages.
    pub stage: Option<u8>,
    pub picks: Vec<PickView>,
    /// Says which data the picks rest on when it is not the firm's own size group.
    pub note: Option<String>,
    /// Set when what we know does not tell some picks apart: "These 5 fit your firm equally on
    /// what we know, so they are shown as one group, by name; the questionnaire tells them apart."
    pub tie_note: Option<String>,
    /// The vendors `tie_note` counts, as one group, and what the catalog does not know of them.
    pub tie_group: Option<TieGroupView>,
    pub source: PickSource,
    pub used_size_fallback: bool,
    /// True when the picks were made before the real demo bookings last changed (or while none
    /// existed): `note` then says so, and how to refresh them.
    pub stale: bool,
}

/// A stage's tie group: the vendors that fit the firm equally on what we know, by name (no order
/// is implied), and the facts that could tell them apart that some of them do not state.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TieGroupView {
    pub vendors: Vec<TieMember>,
    pub not_known: Vec<NotKnownView>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TieMember {
    pub vendor_id: u64,
    pub name: String,
}

/// A fact the catalog does not know of some of a tie group: "SOC 2", not stated by 5 of them.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotKnownView {
    pub fact: String,
    /// How many of the group do not state it.
    pub vendors: usize,
}

/// Where the page's evidence comes from now (`bookings::evidence`), as every note on it tells.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvidenceView {
    pub source: crate::bookings::evidence::Source,
    /// When the real demo bookings last changed (RFC 3339, UTC); null without real bookings or
    /// when they were imported before Litstack kept the time.
    pub real_changed_at: Option<String>,
}

/// The saved picks of every category that has any: the nine stages in order, then the others.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersistedPicks {
    pub items: Vec<StagePicks>,
    pub used_any_size_fallback: bool,
    /// For the whole page: while no real booking exists, where the picks' evidence comes from
    /// (and, while Vendor Trends shows the generated sample set, that picks never use it), with or
    /// without picks; else the widest fallback any category's picks used (no bookings in a stage,
    /// all firms, neighbouring sizes), or null when none did.
    pub fallback_note: Option<String>,
    /// True when some picks were ranked by fit alone because no real booking had been imported,
    /// so nothing here rests on what similar firms booked.
    pub ranked_without_bookings: bool,
    /// Set when some Pick For Me picks were made before the real demo bookings last changed:
    /// says when they were imported and that Pick For Me refreshes the picks.
    pub stale_note: Option<String>,
    pub evidence: EvidenceView,
}

/// Pick For Me's answer: every category's picks, and whether the evidence changed since the
/// picks it replaced.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickForMeAnswer {
    #[serde(flatten)]
    pub picks: PersistedPicks,
    /// True when real demo bookings changed since the picks it replaced were made (or they were
    /// made while none existed); false when nothing changed; null when there were no picks.
    pub evidence_changed: Option<bool>,
}

/// The query of GET /api/past-recommendations. The history is always the signed-in firm's own:
/// `userId`, which the spec's client sends as a placeholder, is accepted and never read; any other
/// unknown name is refused, so a typo in a parameter of ours is a 400.
#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PastQuery {
    /// Accepted for the spec's client and ignored, whatever it names: the signed-in firm's
    /// history is answered.
    #[param(value_type = Option<String>)]
    pub user_id: Option<serde::de::IgnoredAny>,
    /// Comma-separated category ids; each must exist.
    pub category_ids: Option<String>,
    /// 1-based; clamped into range.
    #[param(value_type = Option<i64>)]
    pub page: Option<String>,
    /// Default 24, clamped to 1-100.
    #[param(value_type = Option<i64>)]
    pub page_size: Option<String>,
}

/// `POST /api/recommendations/pick-for-me?replace=…`: whether the picks a questionnaire produced
/// are replaced too. Left out, they are kept: Pick For Me fills only the other categories.
#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PickForMeQuery {
    /// `questionnaire` also replaces the categories whose picks came from a questionnaire.
    #[param(value_type = Option<String>, pattern = "^questionnaire$")]
    pub replace: Option<String>,
}

impl PickForMeQuery {
    pub fn replaces_questionnaire_picks(&self) -> crate::platform::error::Result<bool> {
        // An empty value means left out, as for every query parameter.
        match self.replace.as_deref() {
            None | Some("") => Ok(false),
            Some("questionnaire") => Ok(true),
            Some(_) => Err(crate::platform::error::bad_request(
                "replace must be \"questionnaire\" (or left out to keep the questionnaire's picks)",
            )),
        }
    }
}

/// Why a vendor was recommended.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecommendationReasons {
    pub strengths: Vec<String>,
    /// The needs the vendor met (one questionnaire answer per item), which the needs strength
    /// speaks of; empty when it was not recommended on needs.
    pub needs_met: Vec<String>,
}

/// One vendor recommended to the user, the latest time it was.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PastRecommendation<'a> {
    /// "{categoryId}-{vendorId}".
    pub recommendation_id: String,
    pub vendor: VendorView<'a>,
    pub category_id: u64,
    #[schema(format = DateTime)]
    pub recommended_at: String,
    pub reasons: RecommendationReasons,
}

/// The reason codes a dismissal takes ("not_given" only describes dismissals from before
/// reasons were asked, and is never accepted).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DismissReasonCode {
    TooExpensive,
    DoesntIntegrate,
    AlreadyEvaluated,
    NotRightForPractice,
    Other,
}

/// Dismisses one of the user's picks, saying why.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DismissRequest {
    pub vendor_id: u64,
    // Text, parsed by `DismissReason::parse`: its message for an unknown code lists the codes.
    #[schema(value_type = DismissReasonCode)]
    pub reason: String,
    /// Required for "other" (1-200 characters), refused for every other reason.
    #[schema(max_length = 200)]
    pub other_text: Option<String>,
}

/// A dismissed vendor, with when and why.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DismissedView {
    pub vendor_id: u64,
    pub vendor_name: String,
    pub category_id: u64,
    pub category_name: String,
    /// The category's label: what a screen shows.
    pub category_label: String,
    pub price_bracket: Option<u8>,
    /// Where the bracket came from (`estimate` unless a page or the administrator says).
    pub price: Option<crate::catalog::facts::ProvenanceView>,
    /// too_expensive, doesnt_integrate, already_evaluated, not_right_for_practice, other, or
    /// not_given for a dismissal from before reasons were asked.
    pub reason: &'static str,
    /// The reason in words, e.g. "Too expensive" or "Other: We build our own".
    pub reason_label: String,
    pub other_text: Option<String>,
    #[schema(format = DateTime)]
    pub dismissed_at: String,
}

/// The user's dismissed vendors, newest first.
#[derive(Serialize, utoipa::ToSchema)]
pub struct DismissedList {
    pub items: Vec<DismissedView>,
}

/// A category named in `PicksRestored`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RestoredCategory {
    pub category_id: u64,
    pub category_name: String,
    /// The category's label: what a screen shows.
    pub category_label: String,
}

/// What undoing "Clear picks" did, category by category (in the order /matches shows them).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PicksRestored {
    /// The categories whose cleared picks are back, with the source they had.
    pub restored: Vec<RestoredCategory>,
    /// The categories that got new picks after the clear: their new picks stay as they are.
    pub kept_newer: Vec<RestoredCategory>,
}

// One factor of a vendor's score, as the breakdown shows it (no doc comment: it would become
// the API document's description).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Factor {
    pub factor: &'static str,
    pub label: &'static str,
    pub points: f64,
    pub max_points: f64,
    pub detail: String,
}
