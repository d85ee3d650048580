//! Every redb table, typed. Values are `&[u8]` holding `codec`-encoded structs of the owning domain.

use redb::TableDefinition;

/// Counters and settings: `schema_version`, `seq:<table>` id sequences, seeding markers.
pub const META: TableDefinition<&str, u64> = TableDefinition::new("meta");

/// Accounts: user id -> the stored account (`accounts` storage's `StoredUser`: its firm by id).
pub const USERS: TableDefinition<u64, &[u8]> = TableDefinition::new("users");
/// Firm id -> `crate::platform::caller::Firm`. Until schema 6 each account was its own firm, by typed name.
pub const FIRMS: TableDefinition<u64, &[u8]> = TableDefinition::new("firms");
/// (firm id, user id): a firm's members, so listing them never walks every account.
pub const FIRM_MEMBERS: TableDefinition<(u64, u64), ()> = TableDefinition::new("firm_members");
/// (firm id, entry id) -> `accounts::audit::AuditEntry`: the firm's audit log.
pub const FIRM_AUDIT: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("firm_audit");
/// Lower-cased email -> user id; the uniqueness of emails rests on this table.
pub const USER_EMAILS: TableDefinition<&str, u64> = TableDefinition::new("user_emails");
/// Firm id -> `profile::Onboarding`, the firm's answers.
pub const ONBOARDING: TableDefinition<u64, &[u8]> = TableDefinition::new("onboarding");

/// Category id -> `catalog::Category`; on the seam from schema 21 (`catalog::storage::CATEGORIES`),
/// named here for the migrations of before.
pub const CATEGORIES: TableDefinition<u64, &[u8]> = TableDefinition::new("categories");
/// Vendor id -> `catalog::Vendor`; on the seam from schema 21 (`catalog::storage::VENDORS`).
pub const VENDORS: TableDefinition<u64, &[u8]> = TableDefinition::new("vendors");
/// Vendor id -> `catalog::VendorSource`: where the vendor's facts were checked, and when; on the
/// seam from schema 21 (`catalog::storage::SOURCES`).
pub const VENDOR_SOURCES: TableDefinition<u64, &[u8]> = TableDefinition::new("vendor_sources");
/// (user id, vendor id, click id) -> `catalog::MeetingClick`, on the seam
/// (`catalog::storage::CLICKS`). Until schema 4 the table "meeting_clicks" held the clicks by id
/// alone.
pub const MEETING_CLICKS: TableDefinition<(u64, u64, u64), &[u8]> =
    TableDefinition::new("meeting_clicks_by_owner");
/// Vendor id -> `catalog::BookingSource`: where the vendor's booking link was checked, and when;
/// on the seam from schema 21 (`catalog::storage::BOOKING_SOURCES`).
pub const VENDOR_BOOKING_SOURCES: TableDefinition<u64, &[u8]> =
    TableDefinition::new("vendor_booking_sources");
/// Vendor id -> `catalog::VendorFacts`: where each of the vendor's facts came from, and the facts
/// the vendor row has no column for (a stated price, the pricing model, the security profile); on
/// the seam from schema 21 (`catalog::storage::FACTS`).
pub const VENDOR_FACTS: TableDefinition<u64, &[u8]> = TableDefinition::new("vendor_facts");
/// Lower-cased name of a vendor merged into another -> the kept vendor's id: bookings whose
/// Client names the merged vendor count for the kept one. The redb table of
/// `catalog::storage::ALIASES`.
pub const VENDOR_ALIASES: TableDefinition<&str, u64> = TableDefinition::new("vendor_aliases");
/// (firm id, category id) -> `techstack::Adoption`: the tools the firm uses per category. Until
/// schema 6 the key was the user's id, which the migration made the id of the user's own firm.
pub const ADOPTION: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("category_adoption");

/// First booking id of a block -> the block's bookings in id order (`row_blocks`: in columns,
/// or, in blocks written before schema 10, encoded `bookings::Booking` back to back). Ids come
/// from the `bookings` sequence. Until schema 9 the table "bookings" held one booking per id.
pub const BOOKING_BLOCKS: TableDefinition<u64, &[u8]> = TableDefinition::new("booking_blocks");
/// Booking id -> the booking as a re-import or a removal changed it since its block was written:
/// its encoded `bookings::Booking`, or nothing for a removed one. A block whose changes pass a
/// share of its rows is written again with them (`bookings::storage::file`).
pub const BOOKING_CHANGES: TableDefinition<u64, &[u8]> = TableDefinition::new("booking_changes");
/// First booking id of a run of consecutive ids -> the 16-byte identities of that run, in id order
/// (`store::IDENTITY_LEN` bytes each). An identity is a keyed hash of a booking's file
/// id, or of its fields; it recognises a re-imported row without keeping names or emails in clear.
/// Runs, not one row per booking: an import writes its new identities as a few large values.
pub const BOOKING_IDENTITIES: TableDefinition<u64, &[u8]> =
    TableDefinition::new("booking_identities");

/// (firm id, category id) -> the id of the firm's latest response for that category
/// (`recommend::storage::LATEST`; the responses themselves are `recommend::storage::RESPONSES`).
pub const USER_RESPONSES: TableDefinition<(u64, u64), u64> = TableDefinition::new("user_responses");
/// (firm id, category id) -> `recommend::PickSet`, the firm's saved picks of one stage.
pub const PICKS: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("picks");
/// (firm id, vendor id) -> `recommend::dismissals::Dismissal` (when, and why); the vendor is
/// never ranked for that firm again until the dismissal is undone. Until schema 4 the table
/// "dismissed" held only the time.
pub const DISMISSED: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("dismissals");
/// (firm id, category id, vendor id) -> `recommend::PastRec`, the latest time it was recommended.
pub const PAST_RECS: TableDefinition<(u64, u64, u64), &[u8]> = TableDefinition::new("past_recs");
/// (firm id, category id) -> `recommend::ClearedSet`: the picks the firm's last "Clear picks"
/// emptied, kept so it can be undone. Created by the first clear; missing reads as empty.
pub const PICKS_CLEARED: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("picks_cleared");
/// (firm id, vendor id) -> `shortlist::Entry`: a vendor on the firm's shortlist, its status,
/// note and demo outcome. Created at its first write; readers treat a missing table as empty.
pub const SHORTLIST: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("shortlist");
/// (firm id, vendor id) -> `shortlist::Removed`: an entry taken off the shortlist, kept whole for
/// `shortlist::KEEP_REMOVED_DAYS` so the removal can be undone. Created by the first removal.
pub const SHORTLIST_REMOVED: TableDefinition<(u64, u64), &[u8]> =
    TableDefinition::new("shortlist_removed");
/// Merged firm id -> the id of the firm it was merged into (`store::merged`).
pub const MERGED_FIRMS: TableDefinition<u64, u64> = TableDefinition::new("merged_firms");
/// Deleted firm id -> when (Unix seconds): a late write for it is refused (`store::merged`).
pub const DELETED_FIRMS: TableDefinition<u64, i64> = TableDefinition::new("deleted_firms");
/// (firm id, view id) -> `saved_views::SavedView`: the firm's saved views of /trends. Created by the
/// first save; readers treat a missing table as empty.
pub const SAVED_VIEWS: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("saved_views");
/// (firm id, vendor id) -> `techstack::contracts::Contract`: a tool's contract (issue 32). Kept
/// while the tool leaves the stack (hidden then). Created by the first save; missing reads empty.
pub const CONTRACTS: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("tool_contracts");
/// (firm id, decision id) -> `decisions::model::Decision`: a firm's decisions (issue 32). Ids come
/// from the `decisions` sequence, one across firms. Created by the first proposal.
pub const DECISIONS: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("decisions");
/// (firm id, decision id, n) -> `decisions::model::Version`: each version of a decision's record,
/// its canonical text and hash. Created by the first proposal.
pub const DECISION_VERSIONS: TableDefinition<(u64, u64, u64), &[u8]> =
    TableDefinition::new("decision_versions");
/// (firm id, category id, round) -> `evaluations::model::Round` as JSON: one round of a
/// category's evaluation, its criteria, changes, scorecards and reference calls (issue 32).
/// Created by the first write; missing reads as empty.
pub const EVALUATION_ROUNDS: TableDefinition<(u64, u64, u32), &[u8]> =
    TableDefinition::new("evaluation_rounds");

/// The mail outbox: message id -> `mail::Queued`.
pub const OUTBOX: TableDefinition<u64, &[u8]> = TableDefinition::new("outbox");
/// The queued messages by (next attempt, id): what the sender takes next.
pub const OUTBOX_DUE: TableDefinition<(u64, u64), ()> = TableDefinition::new("outbox_due");
/// Notifications (`notifications/`): a queued message's `List-Unsubscribe` address, by message id
/// (the security messages have none).
pub const OUTBOX_UNSUBSCRIBE: TableDefinition<u64, &str> =
    TableDefinition::new("outbox_unsubscribe");
/// (user id, notice id) -> `notifications::Stored`: the bell's notices, the newest 200 per person.
pub const NOTICES: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("notices");
/// User id -> `notifications::storage::Prefs`: a person's choice of email and in-app, by kind.
pub const NOTICE_PREFS: TableDefinition<u64, &[u8]> = TableDefinition::new("notice_prefs");
/// The install's unsubscribe secret, in one row (`notifications::storage::SECRET`).
pub const UNSUBSCRIBE_SECRET: TableDefinition<u64, &[u8]> =
    TableDefinition::new("unsubscribe_secret");
/// (firm id, vendor id) -> `shortlist::DemoDate`: the date of a booked demo and who set it.
pub const DEMO_DATES: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("demo_dates");
/// (firm id, vendor id, demo day as days since 1970-01-01) -> when its follow-up was written:
/// each demo's follow-up once.
pub const DEMO_FOLLOWUPS: TableDefinition<(u64, u64, i64), i64> =
    TableDefinition::new("demo_followups");
/// (firm id, vendor id, opt-out deadline as days since 1970-01-01, milestone: 90, 60, 30 or 0
/// days before) -> when its renewal reminder was written: each milestone once (issue 32).
pub const RENEWAL_REMINDERS: TableDefinition<(u64, u64, i64, u32), i64> =
    TableDefinition::new("renewal_reminders");
/// Name -> a setting's JSON (`settings::TABLE`, on the seam).
pub const SETTINGS: TableDefinition<&str, &[u8]> = TableDefinition::new("settings");
/// User id -> `accounts::mfa::Factor`: the account's TOTP secret, whether it is confirmed, the
/// last step a code was accepted for and the hashes of its unused recovery codes.
pub const USER_FACTORS: TableDefinition<u64, &[u8]> = TableDefinition::new("user_factors");
/// User id -> the devices (summary, address, last seen) the account signed in from, the last 20.
pub const KNOWN_DEVICES: TableDefinition<u64, &[u8]> = TableDefinition::new("known_devices");
/// Firm id -> `accounts::sso::SsoConfig`: the firm's identity provider (issuer, client id and
/// secret, default role, "Require SSO"), as the seam's JSON (`accounts::sso::storage::CONFIGS`;
/// its domains, flows and links are tables the seam declares there).
pub const SSO_CONFIGS: TableDefinition<u64, &[u8]> = TableDefinition::new("sso_configs");
/// Firm id -> `accounts::mfa_required::Requirement`: whether the firm's owner requires a second
/// factor of every member, and who set it when. No row: not required.
pub const FIRM_MFA_REQUIRED: TableDefinition<u64, &[u8]> =
    TableDefinition::new("firm_mfa_required");
/// Firm id -> `accounts::price_sharing::Consent`: whether the firm shares what it pays (annual
/// cost per seat) with other firms, and who chose when. No row: not shared (issue 32).
pub const FIRM_PRICE_SHARING: TableDefinition<u64, &[u8]> =
    TableDefinition::new("firm_price_sharing");
/// Firm id -> `accounts::storage::deletion::Deletion`: the firm's deletion, scheduled with its
/// grace period (issue 46). No row: none. Created by the first schedule; missing reads as empty.
pub const FIRM_DELETIONS: TableDefinition<u64, &[u8]> = TableDefinition::new("firm_deletions");
/// Offered account id -> `accounts::storage::handover::Offer`: the pending offer of the install's
/// operator role (issue 77), at most one row. Created by the first offer; missing reads as empty.
pub const OPERATOR_HANDOVERS: TableDefinition<u64, &[u8]> =
    TableDefinition::new("operator_handovers");
/// firm id -> the maps of ids of each import the firm came through (`decisions::storage::imported`).
pub const IMPORTED_IDS: TableDefinition<u64, &[u8]> = TableDefinition::new("imported_ids");
/// (user id, vendor id, month as 202611) -> how many times the member opened the vendor's profile
/// that month (`vendor_profile::views`). Created by the first view; missing reads as empty.
pub const PROFILE_VIEWS: TableDefinition<(u64, u64, u32), u64> =
    TableDefinition::new("profile_views");
