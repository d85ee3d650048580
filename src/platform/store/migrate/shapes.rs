//! The stored values the migrations read and write, frozen as the schema versions named store
//! them: a migration keeps meaning what it meant when it was written whatever the domains' types
//! become, and the store imports no domain. bincode is positional, so a shape is its fields' order
//! and types and an enum its variants' order; `migrate/tests.rs` holds each to the domain type
//! that stores it today.

use serde::{Deserialize, Serialize};

use crate::platform::firm_size::FirmSize;

/// A vendor, schemas 2 to 20 in bincode; its JSON (the field names) is the seam's from schema 21.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Vendor {
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
    pub tags: Vec<String>,
    pub is_recommended_partner: bool,
    pub partner_level: Option<String>,
    pub is_active: bool,
    pub needs_review: bool,
}

/// A dismissal, schemas 4 to 13 (from schema 14 its JSON, on the seam).
#[derive(Serialize, Deserialize)]
pub(super) struct Dismissal {
    pub at: i64,
    pub reason: DismissReason,
}

#[derive(Serialize, Deserialize)]
pub(super) enum DismissReason {
    TooExpensive,
    DoesntIntegrate,
    AlreadyEvaluated,
    NotRightForPractice,
    Other(String),
    NotGiven,
}

/// The first fields of a meeting click, schemas 4 to 7: what its keys are made of.
#[derive(Deserialize)]
pub(super) struct MeetingClickKeys {
    pub id: u64,
    pub user_id: u64,
    pub vendor_id: u64,
}

/// A firm, schemas 6 to 19, in bincode with its id.
#[derive(Serialize, Deserialize)]
pub(super) struct Firm {
    pub id: u64,
    pub name: String,
    pub size: Option<FirmSize>,
    pub created_at: i64,
    pub verified: bool,
    pub disabled: bool,
}

/// A member's role, bincode's variant order; from schema 22 its JSON, by its code.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum FirmRole {
    Owner,
    Admin,
    Member,
    Viewer,
}

/// A questionnaire response, schemas 6 to 14 (from schema 15 its JSON, keyed by its firm, on the
/// seam).
#[derive(Serialize, Deserialize)]
pub(super) struct Response {
    pub id: u64,
    pub user_id: u64,
    pub firm_id: u64,
    pub category_id: u64,
    pub answers: Vec<(u64, Vec<String>)>,
    pub at: i64,
}

/// A past recommendation, schemas 6 to 13 (from schema 14 its JSON, on the seam).
#[derive(Clone, Serialize, Deserialize)]
pub(super) struct PastRec {
    pub at: i64,
    pub rank: u32,
    pub strengths: Vec<String>,
}

/// A stage's saved picks, schemas 1 to 13 (from schema 14 its JSON, on the seam): its fields and
/// variants by position, named as today's JSON names them.
#[derive(Serialize, Deserialize)]
pub(super) struct PickSet {
    pub picks: Vec<StoredPick>,
    pub source: PickSource,
    pub note: Option<String>,
    pub used_size_fallback: bool,
    pub at: i64,
}

#[derive(Serialize, Deserialize)]
pub(super) struct StoredPick {
    pub vendor_id: u64,
    pub reason: String,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum PickSource {
    Questionnaire,
    PickForMe,
}

/// The picks a "Clear picks" kept, from the schema that added them to 13 (from schema 14 their
/// JSON, on the seam).
#[derive(Serialize, Deserialize)]
pub(super) struct ClearedSet {
    pub set: PickSet,
    pub cleared_at: i64,
}

/// A shortlist status, every schema that has a shortlist (Not chosen from schema 8). Named as
/// today's JSON names it, for schema 11's conversion.
#[derive(Serialize, Deserialize)]
pub(super) enum Status {
    Considering,
    #[serde(rename = "Demo booked")]
    DemoBooked,
    #[serde(rename = "Demo held")]
    DemoHeld,
    Chosen,
    Rejected,
    #[serde(rename = "Not chosen")]
    NotChosen,
}

/// A demo's outcome, every schema that has a shortlist.
#[derive(Serialize, Deserialize)]
pub(super) struct Outcome {
    pub demo_held: Option<bool>,
    pub chosen: Option<bool>,
    pub chosen_at: Option<i64>,
    pub satisfaction: Option<u8>,
}

/// A shortlist entry, schemas 7 to 10: its note and status changes keep their author.
#[derive(Serialize, Deserialize)]
pub(super) struct Entry {
    pub status: Status,
    pub note: String,
    pub note_by: Option<String>,
    pub note_at: Option<i64>,
    pub reject_reason: Option<String>,
    pub history: Vec<StatusChange>,
    pub outcome: Outcome,
    pub added_at: i64,
    pub recorded: Option<Recorded>,
}

#[derive(Serialize, Deserialize)]
pub(super) struct StatusChange {
    pub status: Status,
    pub at: i64,
    pub by: Option<String>,
}

#[derive(Serialize, Deserialize)]
pub(super) struct Recorded {
    pub reasons: Vec<String>,
    pub at: i64,
}

/// An entry taken off the shortlist, schema 10.
#[derive(Serialize, Deserialize)]
pub(super) struct Removed {
    pub entry: Entry,
    pub removed_at: i64,
    pub removed_by: Option<String>,
}

/// A booked demo's date, schema 10.
#[derive(Serialize, Deserialize)]
pub(super) struct DemoDate {
    pub day: i64,
    pub set_by: u64,
}

/// Where a booking link was checked, schemas 3 to 7 (then every stored link had a page).
#[derive(Serialize, Deserialize)]
pub(super) struct CheckedBookingSourceV7 {
    pub source_url: String,
    pub verified_on: String,
}

/// Where a booking link comes from, schemas 8 to 20 in bincode (from schema 21 its JSON).
#[derive(Serialize, Deserialize)]
pub(super) enum BookingSource {
    Checked {
        source_url: String,
        verified_on: String,
    },
    Imported(ImportedBy),
}

/// Who imported a booking link without a page, schemas 8 to 20.
#[derive(Serialize, Deserialize)]
pub(super) struct ImportedBy {
    pub user_id: Option<u64>,
    pub file_name: String,
    pub on: String,
}

/// A saved view, schema 10 (the last to store it in bincode; from schema 11 its JSON).
#[derive(Serialize, Deserialize)]
pub(super) struct SavedView {
    pub id: u64,
    pub firm_id: u64,
    pub name: String,
    pub params: String,
    pub created_at: i64,
    pub created_by: Option<String>,
}

/// The onboarding answers, schemas 1 to 11 (from schema 12 their JSON, on the seam): each band
/// by its position, named as today's JSON names it.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Onboarding {
    pub attorneys_count_band: AttorneysBand,
    pub employees_count_band: EmployeesBand,
    pub injury_cases_per_month_band: CasesBand,
    pub annual_software_spend_band: SpendBand,
}

#[derive(Serialize, Deserialize)]
pub(super) enum AttorneysBand {
    #[serde(rename = "SOLO")]
    Solo,
    #[serde(rename = "A2_5")]
    A2To5,
    #[serde(rename = "A6_15")]
    A6To15,
    #[serde(rename = "A16_30")]
    A16To30,
    #[serde(rename = "A31_50")]
    A31To50,
    #[serde(rename = "A51P")]
    A51Plus,
}

#[derive(Serialize, Deserialize)]
pub(super) enum EmployeesBand {
    #[serde(rename = "E2_10")]
    E2To10,
    #[serde(rename = "E11_50")]
    E11To50,
    #[serde(rename = "E51_200")]
    E51To200,
    #[serde(rename = "E200P")]
    E200Plus,
}

#[derive(Serialize, Deserialize)]
pub(super) enum CasesBand {
    #[serde(rename = "C1_10")]
    C1To10,
    #[serde(rename = "C11_25")]
    C11To25,
    #[serde(rename = "C26_50")]
    C26To50,
    #[serde(rename = "C51_100")]
    C51To100,
    #[serde(rename = "C101P")]
    C101Plus,
}

#[derive(Serialize, Deserialize)]
pub(super) enum SpendBand {
    #[serde(rename = "S0_5K")]
    S0To5K,
    #[serde(rename = "S5_10K")]
    S5To10K,
    #[serde(rename = "S10_40K")]
    S10To40K,
    #[serde(rename = "S40_100K")]
    S40To100K,
    #[serde(rename = "S100_500K")]
    S100To500K,
    #[serde(rename = "S500_1M")]
    S500KTo1M,
    #[serde(rename = "S1M_P")]
    S1MPlus,
}

/// A notice under the bell, from the schema that added it to 11 (from schema 12 its JSON, on the
/// seam): its kind by position, named as today's JSON names it.
#[derive(Serialize, Deserialize)]
pub(super) struct Notice {
    pub id: u64,
    pub kind: NoticeKind,
    pub firm_id: u64,
    pub title: String,
    pub body: String,
    pub link: String,
    pub created_at: i64,
    pub read: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) enum NoticeKind {
    RoleChanged,
    NewSignIn,
    DemoFollowUp,
    RenewalReminder,
    DecisionApproval,
    VendorClaim,
    VendorProposal,
    FirmDeletion,
    OperatorHandover,
    DemoAnswered,
}

/// A person's choice for one kind, keyed by the kind's code, from the schema that added it to 11
/// (from schema 12 one JSON row per person, each kind's choice under its code).
#[derive(Serialize, Deserialize)]
pub(super) struct NoticePref {
    pub email: bool,
    pub in_app: bool,
}

/// A firm's choice to share what it pays, from the schema that added it to 11 (from schema 12 its
/// JSON, on the seam).
#[derive(Serialize, Deserialize)]
pub(super) struct Consent {
    pub share: bool,
    pub by_user: u64,
    pub by_name: String,
    pub at: i64,
}

/// A firm's answer for one category, schemas 1 to 12 (from schema 13 its JSON, on the seam).
#[derive(Serialize, Deserialize)]
pub(super) struct Adoption {
    pub has_tool: bool,
    pub vendor_ids: Vec<u64>,
    pub primary_vendor_id: Option<u64>,
    pub other_vendors: Vec<String>,
}

/// A tool's contract, from the schema that added it to 12 (from schema 13 its JSON, on the seam).
#[derive(Serialize, Deserialize)]
pub(super) struct Contract {
    pub firm_id: u64,
    pub vendor_id: u64,
    pub start: i32,
    pub term_months: u32,
    pub renewal: i32,
    pub notice_days: u32,
    pub annual_cost: u64,
    pub seats: u32,
    pub responsible_user_id: u64,
    pub updated_at: i64,
    pub updated_by: Option<String>,
}

/// A firm's calendar feed, from the schema that added it to 12 (from schema 13 its JSON, on the
/// seam).
#[derive(Serialize, Deserialize)]
pub(super) struct Feed {
    pub firm_id: u64,
    pub token_hash: [u8; 32],
    pub created_at: i64,
}

/// A decision, from the schema that added it to 12 (from schema 13 its JSON, on the seam): its
/// fields and variants by position, named as today's JSON names them.
#[derive(Serialize, Deserialize)]
pub(super) struct Decision {
    pub id: u64,
    pub firm_id: u64,
    pub terms: Terms,
    pub proposed_by: String,
    pub proposed_at: i64,
    pub status: DecisionStatus,
    pub final_at: Option<i64>,
    pub approvals: Vec<Approval>,
    pub tech_step: TechStep,
}

#[derive(Serialize, Deserialize)]
pub(super) struct Terms {
    pub category_id: u64,
    pub vendor_id: u64,
    pub runner_up_id: Option<u64>,
    pub reasons: String,
    pub annual_cost: u64,
    pub start_date: String,
    pub approvers: Vec<Approver>,
}

#[derive(Serialize, Deserialize)]
pub(super) struct Approver {
    pub user_id: u64,
    pub name: String,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) enum DecisionStatus {
    Open,
    Final,
}

#[derive(Serialize, Deserialize)]
pub(super) struct Approval {
    pub user_id: u64,
    pub name: String,
    pub verdict: Verdict,
    pub hash: String,
    pub version: u32,
    pub comment: String,
    pub at: i64,
}

#[derive(Serialize, Deserialize)]
pub(super) enum Verdict {
    Approved,
    Objected,
}

#[derive(Serialize, Deserialize)]
pub(super) enum TechStep {
    Pending,
    Added,
    AlreadyThere,
    NeedsConfirmation { current: String },
    Replaced { old: String },
    AddedBeside { current: String },
}

/// A version of a decision's record, from the schema that added it to 12 (from schema 13 its
/// JSON, on the seam): the canonical text and its hash, kept as they were signed.
#[derive(Serialize, Deserialize)]
pub(super) struct DecisionVersion {
    pub firm_id: u64,
    pub decision_id: u64,
    pub n: u32,
    pub content: String,
    pub hash: String,
    pub created_at: i64,
}

/// A firm's choice to require a second factor, to schema 13 (from schema 14 its JSON, on the
/// seam).
#[derive(Serialize, Deserialize)]
pub(super) struct Requirement {
    pub required: bool,
    pub set_by: u64,
    pub set_at: i64,
}

/// An offer of the operator role, to schema 13 (from schema 14 its JSON, on the seam).
#[derive(Serialize, Deserialize)]
pub(super) struct Offer {
    pub id: u64,
    pub from_user: u64,
    pub to_user: u64,
    pub offered_at: i64,
    pub expires_at: i64,
}

/// A meeting click, schemas 5 to 13 (from schema 14 its JSON, on the seam, with its kind): a
/// website click was marked beside it, in `meeting_click_kinds`.
#[derive(Serialize, Deserialize)]
pub(super) struct MeetingClick {
    pub id: u64,
    pub user_id: u64,
    pub vendor_id: u64,
    pub source_page: SourcePage,
    pub at: i64,
}

#[derive(Serialize, Deserialize)]
pub(super) enum SourcePage {
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
    #[serde(rename = "PROFILE")]
    Profile,
}

/// A firm's identity provider, from the schema that added it to 13 (from schema 14 its JSON, on
/// the seam).
#[derive(Serialize, Deserialize)]
pub(super) struct SsoConfig {
    pub firm_id: u64,
    pub issuer: String,
    pub client_id: String,
    pub client_secret: String,
    pub default_role: Role,
    pub require_sso: bool,
    pub updated_at: i64,
}

/// A member's role by position, named as today's JSON names it.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum Role {
    Owner,
    Admin,
    Member,
    Viewer,
}

/// A firm's claim to an email domain, to schema 13 (in a list per domain; from schema 14 one
/// row per firm and domain, on the seam).
#[derive(Serialize, Deserialize)]
pub(super) struct DomainClaim {
    pub domain: String,
    pub firm_id: u64,
    pub status: DomainStatus,
    pub claimed_at: i64,
    pub decided_at: Option<i64>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum DomainStatus {
    Pending,
    Confirmed,
    Refused,
}

/// A single sign-on begun at the provider, to schema 13 (keyed by its state's hash; from schema
/// 14 the hash is in the value, `StoredFlow`).
#[derive(Serialize, Deserialize)]
pub(super) struct Flow {
    pub firm_id: u64,
    pub nonce: String,
    pub pkce_verifier: String,
    pub redirect_uri: String,
    pub return_path: String,
    pub created_at: i64,
}

/// A flow as schema 14 stores it on the seam.
#[derive(Serialize, Deserialize)]
pub(super) struct StoredFlow {
    pub state_hash: [u8; 32],
    #[serde(flatten)]
    pub flow: Flow,
}

/// The account an identity signs in as, from the schema that added it to 13 (from 14 its JSON).
#[derive(Serialize, Deserialize)]
pub(super) struct SsoLink {
    pub issuer: String,
    pub subject: String,
    pub user_id: u64,
    pub created_at: i64,
}

/// An account's TOTP factor, to schema 14 (from schema 15 its JSON, on the seam).
#[derive(Serialize, Deserialize)]
pub(super) struct Factor {
    pub secret: Vec<u8>,
    pub created_at: i64,
    pub confirmed_at: Option<i64>,
    pub last_used_step: u64,
    pub recovery: Vec<[u8; 32]>,
}

/// A device an account signed in from, to schema 14 (from schema 15 its list's JSON, on the
/// seam).
#[derive(Serialize, Deserialize)]
pub(super) struct KnownDevice {
    pub device: String,
    pub address: String,
    pub last_seen: i64,
}

/// The head of the month's "What firms pay", schema 14 (a settings row in bincode; from schema
/// 15 its JSON, on the seam). A head of the daily snapshots before held the day in its place.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct SnapshotHead {
    pub month: String,
    pub computed_at: i64,
}

/// A vendor's row of the month's "What firms pay", schema 14: the firms counted and the bands.
#[derive(Serialize, Deserialize)]
pub(super) struct SnapshotEntry {
    pub month: String,
    pub firms: Vec<u64>,
    pub pay: DrawnPay,
}

#[derive(Serialize, Deserialize)]
pub(super) struct DrawnPay {
    pub overall: Drawn,
    pub groups: Vec<(u8, u8, Drawn)>,
}

#[derive(Serialize, Deserialize)]
pub(super) struct Drawn {
    pub firms: u32,
    pub bands: [Option<u8>; 3],
}

/// The mail settings, schema 14: the settings row `mail` in bincode (from schema 15 its JSON).
#[derive(Serialize, Deserialize)]
pub(super) struct MailSettings {
    pub smtp_url: String,
    pub from: String,
    pub allow_plain: bool,
}

/// A password-reset link, schema 14: keyed by its token's hash, in bincode (from schema 15 keyed
/// by its person and the hash's first 63 bits, as JSON, on the seam).
#[derive(Serialize, Deserialize)]
pub(super) struct ResetLink {
    pub token_hash: [u8; 32],
    pub user_id: u64,
    pub created_at: i64,
    pub expires_at: i64,
    pub issued_by: u64,
    pub used_at: Option<i64>,
}

/// A firm's scheduled deletion, schema 14 (bincode; from schema 15 its JSON, on the seam).
#[derive(Serialize, Deserialize)]
pub(super) struct Deletion {
    pub scheduled_at: i64,
    pub due_at: i64,
    pub by_user: Option<u64>,
    pub by_name: String,
}

/// An invitation, to schema 15: by id, in bincode (from schema 16 keyed by its firm and its
/// token's hash, as JSON, on the seam).
#[derive(Serialize, Deserialize)]
pub(super) struct Invitation {
    pub id: u64,
    pub firm_id: u64,
    pub email: String,
    pub email_key: String,
    pub role: Role,
    pub token_hash: [u8; 32],
    pub created_at: i64,
    pub expires_at: i64,
    pub invited_by: u64,
    pub invited_by_name: String,
    pub used_at: Option<i64>,
    pub revoked_at: Option<i64>,
}

/// An invitation from schema 16, on the seam: with the first 63 bits of its token's hash, which
/// its index orders it by.
#[derive(Serialize, Deserialize)]
pub(super) struct StoredInvitation {
    pub token_key: u64,
    #[serde(flatten)]
    pub invitation: Invitation,
}

/// A vendor's logo copy, to schema 15, in bincode (from schema 16 its JSON, on the seam, the image
/// in base64).
#[derive(Serialize, Deserialize)]
pub(super) struct Logo {
    pub content_type: String,
    pub source_url: String,
    pub copied_on: String,
    #[serde(serialize_with = "bytes_in_base64")]
    pub bytes: Vec<u8>,
}

/// How schema 16 writes an image into JSON; bincode reads schema 15's plain bytes.
fn bytes_in_base64<S: serde::Serializer>(bytes: &[u8], out: S) -> Result<S::Ok, S::Error> {
    use base64::Engine;
    out.serialize_str(&base64::engine::general_purpose::STANDARD.encode(bytes))
}

/// A vendor's logo copy from schema 16, on the seam: with the whole hash of the image, which its
/// key holds the first 63 bits of.
#[derive(Serialize, Deserialize)]
pub(super) struct StoredLogo {
    pub sha256: String,
    #[serde(flatten)]
    pub logo: Logo,
}

/// An audit line, to schema 16, in bincode: its action by its position in `AUDIT_ACTIONS` (from
/// schema 17 the line's JSON on the seam, keyed by its firm and id, the action by its code).
#[derive(Serialize, Deserialize)]
pub(super) struct AuditEntry {
    pub id: u64,
    pub firm_id: u64,
    pub at: i64,
    pub actor: Option<String>,
    pub action: u32,
    pub detail: String,
}

/// The audit actions' codes, in the order schema 16's rows number them.
pub(super) const AUDIT_ACTIONS: [&str; 45] = [
    "invitation_created",
    "invitation_revoked",
    "member_joined",
    "role_changed",
    "owner_added",
    "member_removed",
    "reset_link_issued",
    "reset_link_used",
    "brief_exported",
    "sign_in_failed",
    "firms_merged",
    "view_saved",
    "view_deleted",
    "mfa_enabled",
    "mfa_disabled",
    "recovery_code_used",
    "mfa_sign_in_failed",
    "sso_settings_changed",
    "sso_domain_confirmed",
    "sso_domain_refused",
    "sso_sign_in",
    "sso_account_created",
    "break_glass_sign_in",
    "contract_saved",
    "calendar_feed_created",
    "calendar_feed_revoked",
    "mfa_required_changed",
    "decision_proposed",
    "decision_edited",
    "decision_approved",
    "decision_objected",
    "decision_final",
    "evaluation_criteria_changed",
    "price_sharing_changed",
    "firm_exported",
    "firm_deletion_scheduled",
    "firm_deletion_cancelled",
    "firm_imported",
    "firm_deletion_skipped",
    "backup_downloaded",
    "operator_role_offered",
    "operator_offer_withdrawn",
    "operator_role_accepted",
    "operator_offer_declined",
    "operator_offer_expired",
];

/// An audit line from schema 17, on the seam: its firm and id are its key.
#[derive(Serialize, Deserialize)]
pub(super) struct AuditLine {
    pub at: i64,
    pub actor: Option<String>,
    pub action: String,
    pub detail: String,
}

/// Why the server ended a session, as schema 17 kept it (bincode: the reason by its position).
#[derive(Serialize, Deserialize)]
pub(super) struct EndedSession {
    pub reason: EndReason,
    pub firm_name: Option<String>,
    pub at: i64,
}

/// The reasons of schema 17, in their order then.
#[derive(Serialize, Deserialize)]
pub(super) enum EndReason {
    PasswordChanged,
    PasswordReset,
    EmailChanged,
    Removed,
}

impl EndReason {
    /// The reason's code, as schema 18 stores it.
    pub fn code(&self) -> &'static str {
        match self {
            EndReason::PasswordChanged => "password_changed",
            EndReason::PasswordReset => "password_reset",
            EndReason::EmailChanged => "email_changed",
            EndReason::Removed => "removed",
        }
    }
}

/// Why a session ended, from schema 18, on the seam: the whole hash of its token beside the
/// reason's code.
#[derive(Serialize, Deserialize)]
pub(super) struct StoredEnded {
    pub token_hash: [u8; 32],
    pub reason: String,
    pub firm_name: Option<String>,
    pub at: i64,
}

/// A session as schema 18 kept it (bincode), by its token's hash.
#[derive(Serialize, Deserialize)]
pub(super) struct Session {
    pub user_id: u64,
    pub created_at: i64,
    pub last_seen: i64,
}

/// What a session was started from, as schema 18 kept it (bincode), and as schema 19 keeps it in
/// the session's JSON.
#[derive(Clone, Serialize, Deserialize)]
pub(super) struct SessionDevice {
    pub device: String,
    pub address: String,
    pub started_at: i64,
}

/// A session from schema 19, on the seam: its person and its hash's first 63 bits are its key.
#[derive(Serialize, Deserialize)]
pub(super) struct StoredSession {
    pub token_hash: [u8; 32],
    pub created_at: i64,
    pub last_seen: i64,
    pub device: Option<SessionDevice>,
}

/// A firm from schema 20, on the seam: its id is its key.
#[derive(Serialize, Deserialize)]
pub(super) struct StoredFirm {
    pub name: String,
    pub size: Option<FirmSize>,
    pub created_at: i64,
    pub verified: bool,
    pub disabled: bool,
}

/// A category, schemas 1 to 20 in bincode: with its id, which is its key.
#[derive(Serialize, Deserialize)]
pub(super) struct Category {
    pub id: u64,
    pub name: String,
    pub stage: Option<u8>,
}

/// A category as the seam keeps it from schema 21, without its id.
#[derive(Serialize, Deserialize)]
pub(super) struct StoredCategory {
    pub name: String,
    pub stage: Option<u8>,
}

/// Where a vendor's facts were checked, schemas 2 to 20 in bincode.
#[derive(Serialize, Deserialize)]
pub(super) struct VendorSource {
    pub source_url: Option<String>,
    pub verified_on: Option<String>,
}

/// A vendor's facts and security profile, schemas 9 to 20 in bincode (`catalog::facts`).
#[derive(Serialize, Deserialize)]
pub(super) struct VendorFacts {
    pub row: std::collections::BTreeMap<RowFact, Provenance>,
    pub stated_price: Option<Stated<String>>,
    pub pricing_model: Option<Stated<String>>,
    pub security: Security,
}

#[derive(Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum RowFact {
    Website,
    Description,
    Highlights,
    Integrations,
    Price,
    Logo,
    BookingLink,
}

#[derive(Serialize, Deserialize)]
pub(super) enum Provenance {
    Page {
        url: String,
        checked_on: String,
    },
    Administrator {
        user_id: Option<u64>,
        file: Option<String>,
        on: String,
    },
    Estimate,
    Publisher {
        feed: String,
        on: String,
    },
    Vendor {
        vendor: String,
        account_id: Option<u64>,
        approved_by: Option<u64>,
        on: String,
    },
    VendorAttested {
        vendor: String,
        account_id: Option<u64>,
        approved_by: Option<u64>,
        on: String,
        evidence: Evidence,
    },
}

#[derive(Serialize, Deserialize)]
pub(super) struct Evidence {
    pub seen: EvidenceSeen,
    pub seen_on: String,
}

#[derive(Serialize, Deserialize)]
pub(super) enum EvidenceSeen {
    Page { url: String },
    Note { note: String },
}

#[derive(Serialize, Deserialize)]
pub(super) struct Stated<T> {
    pub value: T,
    pub provenance: Provenance,
}

#[derive(Serialize, Deserialize)]
pub(super) enum Soc2Type {
    #[serde(rename = "Type I")]
    TypeI,
    #[serde(rename = "Type II")]
    TypeII,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Soc2 {
    pub report: Soc2Type,
    pub period_end: Option<String>,
}

#[derive(Serialize, Deserialize)]
pub(super) enum SsoProtocol {
    #[serde(rename = "SAML")]
    Saml,
    #[serde(rename = "OIDC")]
    Oidc,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Sso {
    pub offered: bool,
    pub protocols: Vec<SsoProtocol>,
    pub plan: Option<String>,
}

#[derive(Serialize, Deserialize)]
pub(super) struct Security {
    pub soc2: Option<Stated<Soc2>>,
    pub iso27001: Option<Stated<bool>>,
    pub hipaa_baa: Option<Stated<bool>>,
    pub sso: Option<Stated<Sso>>,
    pub mfa: Option<Stated<bool>>,
    pub data_location: Option<Stated<String>>,
    pub ai_training: Option<Stated<bool>>,
    pub data_export: Option<Stated<bool>>,
    pub trust_page: Option<Stated<String>>,
}

/// An account as the seam keeps it from schema 22, keyed by (its firm, its id).
#[derive(Serialize, Deserialize)]
pub(super) struct StoredUser {
    pub name: String,
    pub email: String,
    /// The first 63 bits of the SHA-256 of the lower-cased email: the index by email's part.
    pub email_key: u64,
    pub firm_role: FirmRole,
    pub password_hash: String,
    pub is_admin: bool,
    pub created_at: i64,
}
