//! Schema migrations: each step brings a file written by an older Litstack up to the next
//! schema version, inside the one write transaction that opening the store runs.

use redb::{ReadableTable, ReadableTableMetadata, WriteTransaction};

use super::SHORTLIST_REMOVED;
use super::seam::{self, Index, Key, On, Table};
use super::{
    ADOPTION, BOOKING_BLOCKS, BOOKING_CHANGES, BOOKING_IDENTITIES, CATEGORIES, FIRM_AUDIT,
    FIRM_MEMBERS, FIRMS, MEETING_CLICKS, ONBOARDING, PAST_RECS, PICKS, SHORTLIST, USER_EMAILS,
    USER_RESPONSES, USERS, VENDOR_BOOKING_SOURCES, VENDOR_SOURCES, VENDORS,
};
use super::{
    DEMO_DATES, DISMISSED, FIRM_PRICE_SHARING, META, OpenError, SAVED_VIEWS, SCHEMA_VERSION, codec,
};
mod notices;
mod shapes;

impl super::FileStore {
    /// Brings the file's schema up to this version's; says whether a step left enough pages
    /// free that the file should be compacted to give them back to the disk.
    pub(super) fn migrate(&self) -> Result<bool, OpenError> {
        let fail = |e: anyhow::Error| OpenError::Other(self.path().to_path_buf(), e);
        let txn = self.write().map_err(|e| fail(e.into()))?;
        let current = {
            let meta = txn.open_table(META).map_err(|e| fail(e.into()))?;
            meta.get("schema_version")
                .map_err(|e| fail(e.into()))?
                .map(|v| v.value())
                .unwrap_or(0)
        };
        if current > SCHEMA_VERSION {
            return Err(OpenError::TooNew(
                self.path().to_path_buf(),
                current,
                SCHEMA_VERSION,
            ));
        }
        if current < 1 {
            create_tables(&txn).map_err(fail)?;
        }
        if current == 1 {
            identities_in_runs(&txn).map_err(fail)?;
        }
        if current < 3 {
            vendor_sources_and_no_invented_partners(&txn).map_err(fail)?;
        }
        if current < 4 {
            dismissals_with_reasons(&txn).map_err(fail)?;
        }
        if current < 5 {
            meeting_clicks_by_owner(&txn).map_err(fail)?;
        }
        if current < 6 {
            firms_from_accounts(&txn).map_err(fail)?;
        }
        if current < 7 {
            shortlist_authors(&txn).map_err(fail)?;
        }
        if current < 8 {
            booking_sources_with_provenance(&txn).map_err(fail)?;
        }
        if current < 9 {
            bookings_in_blocks(&txn, self.path()).map_err(fail)?;
        }
        // Version 10: new bookings blocks hold columns (`row_blocks::columns`). The blocks of
        // encoded rows are still read, so nothing is converted: the version makes an older
        // binary refuse the file as too new instead of calling a block of columns damaged.
        if current < 11 {
            seam_values_in_json(&txn, 11).map_err(fail)?;
        }
        // Version 12: the onboarding answers and the price-sharing choices move onto the seam.
        if current < 12 {
            seam_values_in_json(&txn, 12).map_err(fail)?;
            // And the notices' choices and unsubscribe secret move to tables the seam declares.
            notices::prefs_and_secret_on_the_seam(&txn).map_err(fail)?;
        }
        // Version 13: the tech stack's answers, contracts and calendar feeds move onto the seam
        // (its renewal reminders' claims keep their plain integer: nothing to convert), the
        // feeds keyed by their hash too; so do the decisions and their records' versions.
        if current < 13 {
            seam_values_in_json(&txn, 13).map_err(fail)?;
            feeds_keyed_by_hash(&txn).map_err(fail)?;
        }
        // Version 14: the meeting clicks, single sign-on, the recommendations' picks, cleared picks,
        // dismissals and history, the firms' second-factor requirements and the operator role's
        // offer move onto the seam: each click's kind into its value; the
        // providers' values become JSON, and the domain claims, flows and links are keyed by their
        // holder and a hash (`sso_rekeyed`).
        if current < 14 {
            seam_values_in_json(&txn, 14).map_err(fail)?;
            click_kinds_in_values(&txn).map_err(fail)?;
            sso_rekeyed(&txn).map_err(fail)?;
        }
        // Version 15: the questionnaire responses move onto the seam, keyed by their firm
        // (`responses_keyed_by_firm`); the latest per category keep their plain integer. The
        // accounts' second factors and known devices move onto the seam, and the month's "What
        // firms pay" moves out of the settings onto it. The settings themselves move onto the
        // seam, the sign-up mode among them (`settings_on_the_seam`), and so do the pending
        // second-factor sign-ins (`pending_sign_ins_let_go`) and the password-reset links
        // (`reset_links_on_the_seam`), and the firms' scheduled deletions.
        if current < 15 {
            seam_values_in_json(&txn, 15).map_err(fail)?;
            responses_keyed_by_firm(&txn).map_err(fail)?;
            what_firms_pay_on_the_seam(&txn).map_err(fail)?;
            settings_on_the_seam(&txn).map_err(fail)?;
            pending_sign_ins_let_go(&txn).map_err(fail)?;
            reset_links_on_the_seam(&txn).map_err(fail)?;
        }
        // Version 16: the invitations move onto the seam, keyed by their firm and their token's
        // hash (`invitations_on_the_seam`), the catalog's seeding markers into the settings
        // (`catalog_markers_in_the_settings`), and the vendors' logos onto the seam
        // (`logos_on_the_seam`).
        if current < 16 {
            invitations_on_the_seam(&txn).map_err(fail)?;
            catalog_markers_in_the_settings(&txn).map_err(fail)?;
            logos_on_the_seam(&txn).map_err(fail)?;
        }
        // Version 17: the firms' audit log moves onto the seam (`audit_on_the_seam`).
        if current < 17 {
            audit_on_the_seam(&txn).map_err(fail)?;
        }
        // Version 18: why sessions ended moves onto the seam (`ended_sessions_on_the_seam`).
        if current < 18 {
            ended_sessions_on_the_seam(&txn).map_err(fail)?;
        }
        // Version 19: the sessions move onto the seam with their devices (`sessions_on_the_seam`).
        if current < 19 {
            sessions_on_the_seam(&txn).map_err(fail)?;
        }
        // Version 20: the firms move onto the seam (`firms_on_the_seam`).
        if current < 20 {
            firms_on_the_seam(&txn).map_err(fail)?;
        }
        // Version 21: the catalog moves onto the seam: its values become JSON, a category's
        // without its id (`categories_on_the_seam`).
        if current < 21 {
            seam_values_in_json(&txn, 21).map_err(fail)?;
            categories_on_the_seam(&txn).map_err(fail)?;
        }
        // Version 22: the accounts move onto the seam, keyed by their firm and id, with their
        // indexes by id and by email in place of the members' and emails' tables
        // (`users_on_the_seam`).
        if current < 22 {
            users_on_the_seam(&txn).map_err(fail)?;
        }
        // Version 23: the vendor accounts' records leave their table of JSON documents by a
        // text key for a typed table each (`vendor_accounts_in_their_tables`).
        if current < 23 {
            vendor_accounts_in_their_tables(&txn).map_err(fail)?;
        }
        // Version 24: the identities' runs fill redb's pages (`identity_runs_fill_their_pages`).
        let mut compact = false;
        if current < 24 {
            compact = identity_runs_fill_their_pages(&txn, self.path()).map_err(fail)?;
        }
        // Later schema versions add their steps here: `if current < 25 { ... }`.
        if current < SCHEMA_VERSION {
            let mut meta = txn.open_table(META).map_err(|e| fail(e.into()))?;
            meta.insert("schema_version", SCHEMA_VERSION)
                .map_err(|e| fail(e.into()))?;
        }
        txn.commit().map_err(|e| fail(e.into()))?;
        Ok(compact)
    }
}

/// The saved views as schema 10 declared them on the seam, their values in bincode.
const V10_SAVED_VIEWS: Table<(u64, u64), shapes::SavedView> = Table::new(
    "saved_views",
    SAVED_VIEWS,
    &["firm_id", "id"],
    Some("saved_views"),
);

/// The shortlist's tables as schema 10 declared them on the seam, their values in bincode (its
/// follow-ups hold a plain integer, and its indexes nothing: neither is converted).
const V10_SHORTLIST: Table<(u64, u64), shapes::Entry> =
    Table::new("shortlist", SHORTLIST, &["firm_id", "vendor_id"], None);
const V10_SHORTLIST_REMOVED: Table<(u64, u64), shapes::Removed> = Table::new(
    "shortlist_removed",
    SHORTLIST_REMOVED,
    &["firm_id", "vendor_id"],
    None,
);
const V10_DEMO_DATES: Table<(u64, u64), shapes::DemoDate> =
    Table::new("demo_dates", DEMO_DATES, &["firm_id", "vendor_id"], None);

/// The onboarding answers as schema 11 declared them (before the seam), their values in bincode.
const V11_ONBOARDING: Table<u64, shapes::Onboarding> =
    Table::new("onboarding", ONBOARDING, &["firm_id"], None);

/// The notices as schema 11 declared them (before the seam), their values in bincode.
const V11_NOTICES: Table<(u64, u64), shapes::Notice> = Table::new(
    "notices",
    super::NOTICES,
    &["user_id", "id"],
    Some("notices"),
);

/// The firms' price-sharing choices as schema 11 declared them (before the seam), in bincode.
const V11_PRICE_SHARING: Table<u64, shapes::Consent> =
    Table::new("firm_price_sharing", FIRM_PRICE_SHARING, &["firm_id"], None);

/// The tech stack's tables as schema 12 declared them (before the seam), their values in bincode.
const V12_ADOPTION: Table<(u64, u64), shapes::Adoption> = Table::new(
    "category_adoption",
    ADOPTION,
    &["firm_id", "category_id"],
    None,
);
const V12_CONTRACTS: Table<(u64, u64), shapes::Contract> = Table::new(
    "tool_contracts",
    super::CONTRACTS,
    &["firm_id", "vendor_id"],
    None,
);
/// Until schema 13: firm id -> `shapes::Feed` in bincode.
const V12_CALENDAR_FEEDS: redb::TableDefinition<u64, &[u8]> =
    redb::TableDefinition::new("calendar_feeds");

/// The calendar feeds as schema 13 keys them: (firm id, the first 63 bits of the token's hash),
/// with their index by the latter (`techstack::storage::contracts::FEEDS`).
const V13_CALENDAR_FEEDS: Table<(u64, u64), shapes::Feed> =
    Table::declare("calendar_feeds", &["firm_id", "hash_prefix"], None)
        .indexed(&[&V13_FEEDS_BY_HASH]);
const V13_FEEDS_BY_HASH: Index = Index::new("calendar_feeds_by_hash", On::Key(1));
/// The decisions and their records' versions as schema 12 declared them (before the seam), their
/// values in bincode. (The imports' maps beside them were always JSON: nothing to convert.)
const V12_DECISIONS: Table<(u64, u64), shapes::Decision> = Table::new(
    "decisions",
    super::DECISIONS,
    &["firm_id", "id"],
    Some("decisions"),
);
const V12_DECISION_VERSIONS: Table<(u64, u64, u64), shapes::DecisionVersion> = Table::new(
    "decision_versions",
    super::DECISION_VERSIONS,
    &["firm_id", "decision_id", "n"],
    None,
);

/// The firms' second-factor requirements and the operator role's offer as schema 13 declared
/// them (before the seam), their values in bincode.
const V13_MFA_REQUIRED: Table<u64, shapes::Requirement> = Table::new(
    "firm_mfa_required",
    super::FIRM_MFA_REQUIRED,
    &["firm_id"],
    None,
);
const V13_OPERATOR_HANDOVERS: Table<u64, shapes::Offer> = Table::new(
    "operator_handovers",
    super::OPERATOR_HANDOVERS,
    &["to_user"],
    None,
);

/// The meeting clicks as schema 13 declared them (before the seam), their values in bincode.
const V13_MEETING_CLICKS: Table<(u64, u64, u64), shapes::MeetingClick> = Table::new(
    "meeting_clicks",
    MEETING_CLICKS,
    &["user_id", "vendor_id", "id"],
    Some("meeting_clicks"),
);
/// Until schema 14, (user id, click id) -> vendor id: a user's clicks in time order.
const V13_MEETING_CLICK_TIMES: redb::TableDefinition<(u64, u64), u64> =
    redb::TableDefinition::new("meeting_click_times");
/// Until schema 14, click id -> 1 for a website click (a booking click had no row).
const V13_MEETING_CLICK_KINDS: redb::TableDefinition<u64, u8> =
    redb::TableDefinition::new("meeting_click_kinds");

/// Single sign-on's providers as schema 13 declared them (before the seam), in bincode.
const V13_SSO_CONFIGS: Table<u64, shapes::SsoConfig> =
    Table::new("sso_configs", super::SSO_CONFIGS, &["firm_id"], None);
/// Until schema 14: lower-cased domain -> every firm's `shapes::DomainClaim`s, in bincode.
const V13_SSO_DOMAINS: redb::TableDefinition<&str, &[u8]> =
    redb::TableDefinition::new("sso_domains");
/// Until schema 14: the SHA-256 of a flow's state -> `shapes::Flow`, in bincode.
const V13_SSO_FLOWS: redb::TableDefinition<&[u8], &[u8]> = redb::TableDefinition::new("sso_flows");
/// Until schema 14: "issuer\nsubject" -> `shapes::SsoLink`, in bincode.
const V13_SSO_LINKS: redb::TableDefinition<&str, &[u8]> = redb::TableDefinition::new("sso_links");

/// Single sign-on's tables as schema 14 keys them (`accounts::sso::storage`): by their holder,
/// then the first 63 bits of the SHA-256 of the domain, of the state (its hash's own) or of the
/// identity, found by the latter through an index; the flows by their age too.
const V14_SSO_DOMAINS: Table<(u64, u64), shapes::DomainClaim> =
    Table::declare("sso_domains", &["firm_id", "domain_key"], None)
        .indexed(&[&V14_SSO_DOMAINS_BY_DOMAIN]);
const V14_SSO_DOMAINS_BY_DOMAIN: Index = Index::new("sso_domains_by_domain", On::Key(1));
const V14_SSO_FLOWS: Table<(u64, u64), shapes::StoredFlow> =
    Table::declare("sso_flows", &["firm_id", "state_key"], None)
        .indexed(&[&V14_SSO_FLOWS_BY_STATE, &V14_SSO_FLOWS_BY_AGE]);
const V14_SSO_FLOWS_BY_STATE: Index = Index::new("sso_flows_by_state", On::Key(1));
const V14_SSO_FLOWS_BY_AGE: Index = Index::new("sso_flows_by_age", On::Field("created_at"));
const V14_SSO_LINKS: Table<(u64, u64), shapes::SsoLink> =
    Table::declare("sso_links", &["user_id", "identity_key"], None)
        .indexed(&[&V14_SSO_LINKS_BY_IDENTITY]);
const V14_SSO_LINKS_BY_IDENTITY: Index = Index::new("sso_links_by_identity", On::Key(1));

/// The recommendations' tables as schema 13 declared them (before the seam), their values in
/// bincode.
const V13_PICKS: Table<(u64, u64), shapes::PickSet> =
    Table::new("picks", PICKS, &["firm_id", "category_id"], None);
const V13_PICKS_CLEARED: Table<(u64, u64), shapes::ClearedSet> = Table::new(
    "picks_cleared",
    super::PICKS_CLEARED,
    &["firm_id", "category_id"],
    None,
);
const V13_DISMISSALS: Table<(u64, u64), shapes::Dismissal> =
    Table::new("dismissals", DISMISSED, &["firm_id", "vendor_id"], None);
const V13_PAST_RECS: Table<(u64, u64, u64), shapes::PastRec> = Table::new(
    "past_recommendations",
    PAST_RECS,
    &["firm_id", "category_id", "vendor_id"],
    None,
);

/// Until schema 15: response id -> `shapes::Response` in bincode.
const V14_RESPONSES: redb::TableDefinition<u64, &[u8]> = redb::TableDefinition::new("responses");
/// The questionnaire responses as schema 15 keys them (`recommend::storage::RESPONSES`): by their
/// firm, then their id.
const V15_RESPONSES: Table<(u64, u64), shapes::Response> =
    Table::declare("responses", &["firm_id", "id"], Some("responses"));
/// The accounts' second factors and known devices as schema 14 declared them (before the seam),
/// their values in bincode.
const V14_USER_FACTORS: Table<u64, shapes::Factor> =
    Table::new("user_factors", super::USER_FACTORS, &["user_id"], None);
const V14_KNOWN_DEVICES: Table<u64, Vec<shapes::KnownDevice>> =
    Table::new("known_devices", super::KNOWN_DEVICES, &["user_id"], None);
/// The firms' scheduled deletions as schema 14 declared them (before the seam), in bincode.
const V14_FIRM_DELETIONS: Table<u64, shapes::Deletion> =
    Table::new("firm_deletions", super::FIRM_DELETIONS, &["firm_id"], None);

/// The seam's tables whose redb values an older schema wrote in bincode, each declared with the
/// frozen shape its values had then (`shapes.rs`) and the schema version that converts it. The
/// one list the conversion to JSON reads: a domain that moves onto the seam adds its tables here,
/// with their frozen shapes and the new version, in the release that moves it. Each is converted
/// once, by the schema version that first stores its values as JSON (a file already at that
/// version never runs its step again).
const SEAM_TABLES_IN_BINCODE: &[(u64, &dyn InBincode)] = &[
    (11, &V10_SAVED_VIEWS),
    (11, &V10_SHORTLIST),
    (11, &V10_SHORTLIST_REMOVED),
    (11, &V10_DEMO_DATES),
    (12, &V11_ONBOARDING),
    (12, &V11_NOTICES),
    (12, &V11_PRICE_SHARING),
    (13, &V12_ADOPTION),
    (13, &V12_CONTRACTS),
    (13, &V12_DECISIONS),
    (13, &V12_DECISION_VERSIONS),
    (14, &V13_MFA_REQUIRED),
    (14, &V13_OPERATOR_HANDOVERS),
    (14, &V13_MEETING_CLICKS),
    (14, &V13_SSO_CONFIGS),
    (14, &V13_PICKS),
    (14, &V13_PICKS_CLEARED),
    (14, &V13_DISMISSALS),
    (14, &V13_PAST_RECS),
    (15, &V14_USER_FACTORS),
    (15, &V14_KNOWN_DEVICES),
    (15, &V14_FIRM_DELETIONS),
    (21, &V20_VENDORS),
    (21, &V20_VENDOR_SOURCES),
    (21, &V20_VENDOR_BOOKING_SOURCES),
    (21, &V20_VENDOR_FACTS),
];

/// The catalog's vendor tables as schema 20 kept them (before the seam), their values in bincode.
const V20_VENDORS: Table<u64, shapes::Vendor> =
    Table::new("vendors", super::VENDORS, &["id"], Some("vendors"));
const V20_VENDOR_SOURCES: Table<u64, shapes::VendorSource> = Table::new(
    "vendor_sources",
    super::VENDOR_SOURCES,
    &["vendor_id"],
    None,
);
const V20_VENDOR_BOOKING_SOURCES: Table<u64, shapes::BookingSource> = Table::new(
    "vendor_booking_sources",
    super::VENDOR_BOOKING_SOURCES,
    &["vendor_id"],
    None,
);
const V20_VENDOR_FACTS: Table<u64, shapes::VendorFacts> =
    Table::new("vendor_facts", super::VENDOR_FACTS, &["vendor_id"], None);

/// The month's "What firms pay" as schema 15 stores it (`vendor_profile::price_snapshot`): the
/// head at id 1, the vendors' rows by vendor id.
const V15_WHAT_FIRMS_PAY_HEAD: Table<u64, shapes::SnapshotHead> =
    Table::declare("what_firms_pay_head", &["id"], None);
const V15_WHAT_FIRMS_PAY: Table<u64, shapes::SnapshotEntry> =
    Table::declare("what_firms_pay", &["vendor_id"], None);

/// Version 15: the month's "What firms pay", until now settings rows in bincode (the head at
/// `what_firms_pay`, a vendor's row at `what_firms_pay/<vendor id>`), moves to its two seam
/// tables as JSON. A head of the daily snapshots before holds no month: it counted as no
/// snapshot, so it and its rows (of another shape) are dropped, and the first read draws the
/// month as it would have.
fn what_firms_pay_on_the_seam(txn: &WriteTransaction) -> anyhow::Result<()> {
    const HEAD: &str = "what_firms_pay";
    const PREFIX: &str = "what_firms_pay/";
    if !super::registry::has_table(txn, "settings")? {
        return Ok(());
    }
    let (head, rows) = {
        let mut settings = txn.open_table(super::SETTINGS)?;
        let head = settings.remove(HEAD)?.map(|v| v.value().to_vec());
        let mut rows = Vec::new();
        for entry in settings.range(PREFIX..)? {
            let (key, value) = entry?;
            let Some(vendor) = key.value().strip_prefix(PREFIX) else {
                break;
            };
            rows.push((vendor.to_string(), value.value().to_vec()));
        }
        for (vendor, _) in &rows {
            settings.remove(format!("{PREFIX}{vendor}").as_str())?;
        }
        (head, rows)
    };
    let Some(head) = head else {
        return Ok(());
    };
    let head: shapes::SnapshotHead = codec::decode(&head)?;
    let month = chrono::NaiveDate::parse_from_str(&format!("{}-01", head.month), "%Y-%m-%d");
    if head.month.len() != 7 || month.is_err() {
        tracing::info!(day = %head.month, "a daily \"What firms pay\" left behind: the month is drawn afresh");
        return Ok(());
    }
    let entries: Vec<(u64, shapes::SnapshotEntry)> = rows
        .iter()
        .map(|(vendor, value)| Ok((vendor.parse()?, codec::decode(value)?)))
        .collect::<anyhow::Result<_>>()?;
    seam::in_schema_step(txn, |tx| {
        tx.insert_many(&V15_WHAT_FIRMS_PAY, &entries)?;
        tx.insert(&V15_WHAT_FIRMS_PAY_HEAD, 1, &head)
    })?;
    tracing::info!(month = %head.month, vendors = entries.len(), "\"What firms pay\" moved out of the settings");
    Ok(())
}

/// Version 15: the settings are the seam's table `settings` (`store::settings`), each a JSON
/// value. The catalog feed's records were JSON already; the mail settings were bincode, and the
/// sign-up mode was META's `sign_up_invite_only` (1: invite-only), which becomes the setting
/// `sign_up` that hub mode has always had.
fn settings_on_the_seam(txn: &WriteTransaction) -> anyhow::Result<()> {
    const MAIL: &str = "mail";
    const INVITE_ONLY: &str = "sign_up_invite_only";
    let mut settings = txn.open_table(super::SETTINGS)?;
    let mail = settings.get(MAIL)?.map(|v| v.value().to_vec());
    if let Some(mail) = mail {
        let mail: shapes::MailSettings = codec::decode(&mail)?;
        settings.insert(MAIL, seam::value::encode(MAIL, &mail)?.as_slice())?;
    }
    let invite_only = txn
        .open_table(META)?
        .remove(INVITE_ONLY)?
        .map(|v| v.value());
    if let Some(invite_only) = invite_only {
        let mode = if invite_only == 1 {
            "invite-only"
        } else {
            "open"
        };
        settings.insert("sign_up", seam::value::encode("sign_up", &mode)?.as_slice())?;
    }
    Ok(())
}

/// Version 16: the catalog's seeding markers (the first launch's catalog, the shipped vendor
/// facts brought once) move from META, where they held 1, into the settings, as hub mode has
/// always kept them: the JSON number 1. The sample bookings' marker stays with the bookings.
fn catalog_markers_in_the_settings(txn: &WriteTransaction) -> anyhow::Result<()> {
    for marker in ["seeded:catalog", "seeded:vendor-facts"] {
        let found = txn.open_table(META)?.remove(marker)?.is_some();
        if found {
            txn.open_table(super::SETTINGS)?
                .insert(marker, seam::value::encode(marker, &1)?.as_slice())?;
        }
    }
    Ok(())
}

/// The vendors' logo copies of schema 15: "{vendor id:016x}:{sha256}" -> the image, in bincode.
const V15_LOGOS: redb::TableDefinition<&str, &[u8]> = redb::TableDefinition::new("vendor_logos");
const V16_LOGOS: Table<(u64, u64), shapes::StoredLogo> =
    Table::declare("vendor_logos", &["vendor_id", "sha_key"], None);

/// Version 16: the vendors' logo copies move onto the seam, keyed by (vendor, the first 63 bits of
/// the image's SHA-256) with the whole hash in the value, as JSON (the image in base64).
fn logos_on_the_seam(txn: &WriteTransaction) -> anyhow::Result<()> {
    if !super::registry::has_table(txn, "vendor_logos")? {
        return Ok(());
    }
    let mut logos = Vec::new();
    for entry in txn.open_table(V15_LOGOS)?.iter()? {
        let (key, value) = entry?;
        let key = key.value();
        let parsed = key.split_once(':').and_then(|(vendor, sha)| {
            let first = u64::from_str_radix(sha.get(..16)?, 16).ok()?;
            Some((
                u64::from_str_radix(vendor, 16).ok()?,
                first,
                sha.to_string(),
            ))
        });
        let (vendor, first, sha256) =
            parsed.ok_or_else(|| anyhow::anyhow!("a stored logo's key {key} cannot be read"))?;
        let logo: shapes::Logo = codec::decode(value.value())?;
        logos.push((
            (vendor, first & seam::MAX_PART),
            shapes::StoredLogo { sha256, logo },
        ));
    }
    txn.delete_table(V15_LOGOS)?;
    seam::in_schema_step(txn, |tx| {
        for (key, stored) in &logos {
            tx.insert(&V16_LOGOS, *key, stored)?;
        }
        Ok(())
    })?;
    Ok(())
}

/// The pending second-factor sign-ins of schema 14, keyed by their token's hash.
const V14_MFA_CHALLENGES: redb::TableDefinition<&[u8], &[u8]> =
    redb::TableDefinition::new("mfa_challenges");

/// Version 15: the pending second-factor sign-ins move onto the seam, keyed by their person and
/// found by their token through an index. A sign-in lasts five minutes: those pending at the
/// upgrade go (their people sign in again), and the seam makes the table anew at the first.
fn pending_sign_ins_let_go(txn: &WriteTransaction) -> anyhow::Result<()> {
    if super::registry::has_table(txn, "mfa_challenges")? {
        txn.delete_table(V14_MFA_CHALLENGES)?;
    }
    Ok(())
}

/// The password-reset links of schema 14, keyed by their token's hash.
const V14_RESET_LINKS: redb::TableDefinition<&[u8], &[u8]> =
    redb::TableDefinition::new("reset_links");
const V15_RESET_BY_TOKEN: Index = Index::new("reset_links_by_token", On::Key(1));
const V15_RESET_LINKS: Table<(u64, u64), shapes::ResetLink> =
    Table::declare("reset_links", &["user_id", "token_key"], None).indexed(&[&V15_RESET_BY_TOKEN]);

/// Version 15: the password-reset links move onto the seam, keyed by (person, the first 63 bits
/// of the token's hash) and found by the latter through an index, as JSON.
fn reset_links_on_the_seam(txn: &WriteTransaction) -> anyhow::Result<()> {
    if !super::registry::has_table(txn, "reset_links")? {
        return Ok(());
    }
    let links: Vec<shapes::ResetLink> = txn
        .open_table(V14_RESET_LINKS)?
        .iter()?
        .map(|e| codec::decode(e?.1.value()))
        .collect::<anyhow::Result<_>>()?;
    txn.delete_table(V14_RESET_LINKS)?;
    seam::in_schema_step(txn, |tx| {
        for link in &links {
            let mut first = [0; 8];
            first.copy_from_slice(&link.token_hash[..8]);
            let key = u64::from_be_bytes(first) & seam::MAX_PART;
            tx.insert(&V15_RESET_LINKS, (link.user_id, key), link)?;
        }
        Ok(())
    })?;
    Ok(())
}

/// The invitations of schema 15: by id, found by their token's hash through a table of its own
/// and listed per firm through another.
const V15_INVITATIONS: redb::TableDefinition<u64, &[u8]> =
    redb::TableDefinition::new("invitations");
const V15_INVITATION_TOKENS: redb::TableDefinition<&[u8], u64> =
    redb::TableDefinition::new("invitation_tokens");
const V15_FIRM_INVITATIONS: redb::TableDefinition<(u64, u64), ()> =
    redb::TableDefinition::new("firm_invitations");
const V16_INVITATIONS_BY_TOKEN: Index = Index::new("invitations_by_token", On::Field("token_key"));
const V16_INVITATIONS: Table<(u64, u64), shapes::StoredInvitation> =
    Table::declare("invitations", &["firm_id", "id"], Some("invitations"))
        .indexed(&[&V16_INVITATIONS_BY_TOKEN]);

/// Version 16: the invitations move onto the seam, keyed by (firm, id) and found by the first 63
/// bits of their token's hash through an index, as JSON. Their ids and their sequence (META's
/// `seq:invitations`) stay.
fn invitations_on_the_seam(txn: &WriteTransaction) -> anyhow::Result<()> {
    if !super::registry::has_table(txn, "invitations")? {
        return Ok(());
    }
    let invitations: Vec<shapes::Invitation> = txn
        .open_table(V15_INVITATIONS)?
        .iter()?
        .map(|e| codec::decode(e?.1.value()))
        .collect::<anyhow::Result<_>>()?;
    txn.delete_table(V15_INVITATIONS)?;
    txn.delete_table(V15_INVITATION_TOKENS)?;
    txn.delete_table(V15_FIRM_INVITATIONS)?;
    seam::in_schema_step(txn, |tx| {
        for invitation in invitations {
            let key = (invitation.firm_id, invitation.id);
            let stored = shapes::StoredInvitation {
                token_key: hash_key(&invitation.token_hash),
                invitation,
            };
            tx.insert(&V16_INVITATIONS, key, &stored)?;
        }
        Ok(())
    })?;
    Ok(())
}

/// Version 17: the firms' audit log moves onto the seam. Its keys (firm, id) and its sequence
/// (META's `seq:audit`) stay; each line becomes its JSON without the key's firm and id, its action
/// by its code.
fn audit_on_the_seam(txn: &WriteTransaction) -> anyhow::Result<()> {
    if !super::registry::has_table(txn, "firm_audit")? {
        return Ok(());
    }
    let mut lines = txn.open_table(FIRM_AUDIT)?;
    let mut rewritten = Vec::new();
    for row in lines.iter()? {
        let (key, value) = row?;
        let entry: shapes::AuditEntry = codec::decode(value.value())?;
        let action = shapes::AUDIT_ACTIONS
            .get(entry.action as usize)
            .ok_or_else(|| {
                anyhow::anyhow!("an audit line of an unknown action {}", entry.action)
            })?;
        let line = shapes::AuditLine {
            at: entry.at,
            actor: entry.actor,
            action: action.to_string(),
            detail: entry.detail,
        };
        rewritten.push((key.value(), serde_json::to_vec(&line)?));
    }
    for (key, json) in rewritten {
        lines.insert(key, json.as_slice())?;
    }
    Ok(())
}

/// The table `old` as an older schema keyed it, or `None` when the file has no such table, or
/// has it keyed as the seam keys it already (written by this version: a test's file, marked older
/// to run the steps before).
fn older_table<'t, K: redb::Key + 'static>(
    txn: &'t WriteTransaction,
    old: redb::TableDefinition<'static, K, &'static [u8]>,
) -> anyhow::Result<Option<redb::Table<'t, K, &'static [u8]>>> {
    if !super::registry::has_table(txn, redb::TableHandle::name(&old))? {
        return Ok(None);
    }
    match txn.open_table(old) {
        Ok(table) => Ok(Some(table)),
        Err(redb::TableError::TableTypeMismatch { .. }) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// Why sessions ended, as schema 17 kept them: by the whole SHA-256 of the token, in bincode.
const V17_ENDED_SESSIONS: redb::TableDefinition<&[u8], &[u8]> =
    redb::TableDefinition::new("ended_sessions");
const V18_ENDED_BY_TIME: Index = Index::new("ended_sessions_by_time", On::Key(1));
const V18_ENDED_SESSIONS: Table<(u64, u64), shapes::StoredEnded> =
    Table::declare("ended_sessions", &["token_key", "ended_at"], None)
        .indexed(&[&V18_ENDED_BY_TIME]);

/// Version 18: why sessions ended moves onto the seam, keyed by the first 63 bits of the token's
/// hash and when it ended, found past its week through an index on the time, as JSON with the
/// whole hash and the reason by its code.
fn ended_sessions_on_the_seam(txn: &WriteTransaction) -> anyhow::Result<()> {
    let Some(old) = older_table(txn, V17_ENDED_SESSIONS)? else {
        return Ok(());
    };
    let notes: Vec<shapes::StoredEnded> = old
        .iter()?
        .map(|e| {
            let (key, value) = e?;
            let ended: shapes::EndedSession = codec::decode(value.value())?;
            let token_hash: [u8; 32] = key
                .value()
                .try_into()
                .map_err(|_| anyhow::anyhow!("an ended session's key is no SHA-256"))?;
            Ok(shapes::StoredEnded {
                token_hash,
                reason: ended.reason.code().to_string(),
                firm_name: ended.firm_name,
                at: ended.at,
            })
        })
        .collect::<anyhow::Result<_>>()?;
    drop(old);
    txn.delete_table(V17_ENDED_SESSIONS)?;
    seam::in_schema_step(txn, |tx| {
        for note in &notes {
            let key = (hash_key(&note.token_hash), note.at.max(0) as u64);
            tx.insert(&V18_ENDED_SESSIONS, key, note)?;
        }
        Ok(())
    })?;
    Ok(())
}

/// The sessions as schema 18 kept them, and what each was started from: by the whole SHA-256 of
/// the token, in bincode.
const V18_SESSIONS: redb::TableDefinition<&[u8], &[u8]> = redb::TableDefinition::new("sessions");
const V18_SESSION_DEVICES: redb::TableDefinition<&[u8], &[u8]> =
    redb::TableDefinition::new("session_devices");
const V19_SESSIONS_BY_TOKEN: Index = Index::new("sessions_by_token", On::Key(1));
const V19_SESSIONS: Table<(u64, u64), shapes::StoredSession> =
    Table::declare("sessions", &["user_id", "token_key"], None).indexed(&[&V19_SESSIONS_BY_TOKEN]);

/// Version 19: the sessions move onto the seam, keyed by their person and the first 63 bits of
/// their token's hash, found by the latter through an index, as JSON with the whole hash and what
/// the session was started from (the devices' table goes).
fn sessions_on_the_seam(txn: &WriteTransaction) -> anyhow::Result<()> {
    let hash_of = |key: &[u8]| -> anyhow::Result<[u8; 32]> {
        key.try_into()
            .map_err(|_| anyhow::anyhow!("a session's key is no SHA-256"))
    };
    let mut devices = std::collections::HashMap::new();
    if super::registry::has_table(txn, "session_devices")? {
        for entry in txn.open_table(V18_SESSION_DEVICES)?.iter()? {
            let (key, value) = entry?;
            let device: shapes::SessionDevice = codec::decode(value.value())?;
            devices.insert(hash_of(key.value())?, device);
        }
        txn.delete_table(V18_SESSION_DEVICES)?;
    }
    let Some(old) = older_table(txn, V18_SESSIONS)? else {
        return Ok(());
    };
    let mut sessions = Vec::new();
    for entry in old.iter()? {
        let (key, value) = entry?;
        let session: shapes::Session = codec::decode(value.value())?;
        let token_hash = hash_of(key.value())?;
        let stored = shapes::StoredSession {
            token_hash,
            created_at: session.created_at,
            last_seen: session.last_seen,
            device: devices.remove(&token_hash),
        };
        sessions.push(((session.user_id, hash_key(&token_hash)), stored));
    }
    drop(old);
    txn.delete_table(V18_SESSIONS)?;
    seam::in_schema_step(txn, |tx| {
        for (key, session) in &sessions {
            tx.insert(&V19_SESSIONS, *key, session)?;
        }
        Ok(())
    })?;
    Ok(())
}

/// The accounts as schema 22 declares them on the seam.
const V22_USERS_BY_ID: Index = Index::new("users_by_id", On::Key(1));
const V22_USERS_BY_EMAIL: Index = Index::new("users_by_email", On::Field("email_key"));
const V22_USERS: Table<(u64, u64), shapes::StoredUser> =
    Table::declare("users", &["firm_id", "id"], Some("users"))
        .indexed(&[&V22_USERS_BY_ID, &V22_USERS_BY_EMAIL]);

/// Version 22: each account of before (keyed by id, in bincode, its firm in the value) is keyed
/// by (its firm, its id) as the seam's JSON, written through the seam so its indexes by id and by
/// email are made with it; the members' and the emails' tables, which those indexes replace, go.
/// Ids and the sequence (META's `seq:users`) stay.
fn users_on_the_seam(txn: &WriteTransaction) -> anyhow::Result<()> {
    for gone in ["firm_members", "user_emails"] {
        if super::registry::has_table(txn, gone)? {
            txn.delete_table(redb::TableDefinition::<u64, u64>::new(gone))?;
        }
    }
    let Some(old) = older_table(txn, USERS)? else {
        return Ok(());
    };
    let mut users = Vec::new();
    for entry in old.iter()? {
        let user: V6User = codec::decode(entry?.1.value())?;
        let stored = shapes::StoredUser {
            email_key: seam::text_key(&user.email.to_lowercase()),
            name: user.name,
            email: user.email,
            firm_role: user.firm_role,
            password_hash: user.password_hash,
            is_admin: user.is_admin,
            created_at: user.created_at,
        };
        users.push(((user.firm_id, user.id), stored));
    }
    drop(old);
    txn.delete_table(USERS)?;
    seam::in_schema_step(txn, |tx| {
        for (key, user) in &users {
            tx.insert(&V22_USERS, *key, user)?;
        }
        Ok(())
    })?;
    Ok(())
}

/// The vendor accounts until schema 23: one table of JSON documents (the seam's JSON values)
/// whose key's prefix named the kind: `account:` and 16 hex digits of the id, `email:` and the
/// address's key, `session:` and `link:` and the hex SHA-256 of the token, `proposal:` and the id,
/// `notice:` and the account's and the notice's ids, `mailed:` and the vendor's and the operator's,
/// and `seq:` and the name of a sequence (its value the last id given).
const V22_VENDOR_DOCS: redb::TableDefinition<&str, &[u8]> =
    redb::TableDefinition::new("vendor_accounts");

/// The vendor accounts' tables as schema 23 declares them, with their values as they were.
const V23_VENDOR_ACCOUNTS: Table<u64, serde_json::Value> =
    Table::declare("vendor_accounts", &["id"], Some("vendor_accounts"));
const V23_VENDOR_EMAILS: Table<String, serde_json::Value> =
    Table::declare("vendor_account_emails", &["email_key"], None);
const V23_VENDOR_SESSIONS: Table<String, serde_json::Value> =
    Table::declare("vendor_sessions", &["token_hash"], None);
const V23_VENDOR_LINKS: Table<String, serde_json::Value> =
    Table::declare("vendor_links", &["token_hash"], None);
const V23_VENDOR_PROPOSALS: Table<u64, serde_json::Value> =
    Table::declare("vendor_proposals", &["id"], Some("vendor_proposals"));
const V23_VENDOR_NOTICES: Table<(u64, u64), serde_json::Value> = Table::declare(
    "vendor_notices",
    &["account_id", "id"],
    Some("vendor_notices"),
);
const V23_VENDOR_PROPOSALS_MAILED: Table<(u64, u64), serde_json::Value> = Table::declare(
    "vendor_proposals_mailed",
    &["vendor_id", "operator_id"],
    None,
);

/// Version 23: each vendor-account document moves to its kind's table, keyed by what its key held
/// after the prefix, its JSON as it was; a `seq:` document becomes its table's sequence.
fn vendor_accounts_in_their_tables(txn: &WriteTransaction) -> anyhow::Result<()> {
    let Some(old) = older_table(txn, V22_VENDOR_DOCS)? else {
        return Ok(());
    };
    let mut docs = Vec::new();
    for entry in old.iter()? {
        let (key, value) = entry?;
        let json: serde_json::Value = seam::value::decode("vendor_accounts", value.value())?;
        docs.push((key.value().to_string(), json));
    }
    drop(old);
    txn.delete_table(V22_VENDOR_DOCS)?;
    let hex = |key: &str, digits: &str| {
        u64::from_str_radix(digits, 16)
            .map_err(|_| anyhow::anyhow!("the vendor-account document {key} has no id in its key"))
    };
    let pair = |key: &str, rest: &str| -> anyhow::Result<(u64, u64)> {
        let (first, second) = rest
            .split_once(':')
            .ok_or_else(|| anyhow::anyhow!("the vendor-account document {key} has one id"))?;
        Ok((hex(key, first)?, hex(key, second)?))
    };
    for (key, value) in &docs {
        let (kind, rest) = key.split_once(':').unwrap_or((key.as_str(), ""));
        seam::in_schema_step(txn, |tx| match kind {
            "account" => tx.insert(&V23_VENDOR_ACCOUNTS, hex(key, rest)?, value),
            "email" => tx.insert(&V23_VENDOR_EMAILS, rest.to_string(), value),
            "session" => tx.insert(&V23_VENDOR_SESSIONS, rest.to_string(), value),
            "link" => tx.insert(&V23_VENDOR_LINKS, rest.to_string(), value),
            "proposal" => tx.insert(&V23_VENDOR_PROPOSALS, hex(key, rest)?, value),
            "notice" => tx.insert(&V23_VENDOR_NOTICES, pair(key, rest)?, value),
            "mailed" => tx.insert(&V23_VENDOR_PROPOSALS_MAILED, pair(key, rest)?, value),
            "seq" => {
                let last = value.as_u64().unwrap_or(0);
                match rest {
                    "accounts" => tx.bump_sequence(&V23_VENDOR_ACCOUNTS, last),
                    "proposals" => tx.bump_sequence(&V23_VENDOR_PROPOSALS, last),
                    "notices" => tx.bump_sequence(&V23_VENDOR_NOTICES, last),
                    _ => Ok(()),
                }
            }
            _ => {
                Err(anyhow::anyhow!("the vendor-account document {key} is of no known kind").into())
            }
        })?;
    }
    Ok(())
}

/// Version 20: the firms move onto the seam. Their ids, keys and sequence (META's `seq:firms`)
/// stay; each record becomes its JSON without the id, which is its key.
fn firms_on_the_seam(txn: &WriteTransaction) -> anyhow::Result<()> {
    without_their_ids(txn, FIRMS, |firm: shapes::Firm| shapes::StoredFirm {
        name: firm.name,
        size: firm.size,
        created_at: firm.created_at,
        verified: firm.verified,
        disabled: firm.disabled,
    })
}

/// Version 21: each category of before becomes the seam's JSON without its id, which is its key.
fn categories_on_the_seam(txn: &WriteTransaction) -> anyhow::Result<()> {
    without_their_ids(txn, super::CATEGORIES, |category: shapes::Category| {
        shapes::StoredCategory {
            name: category.name,
            stage: category.stage,
        }
    })
}

/// Rewrites each value of `table` (bincode, its id inside) as the seam's JSON of what `stored`
/// makes of it, without the id (the key). A value already in that JSON (a file written by a later
/// version, marked older by a test) stays as it is.
fn without_their_ids<Old, New>(
    txn: &WriteTransaction,
    table: redb::TableDefinition<u64, &[u8]>,
    stored: impl Fn(Old) -> New,
) -> anyhow::Result<()>
where
    Old: serde::de::DeserializeOwned,
    New: serde::Serialize + serde::de::DeserializeOwned,
{
    if !super::registry::has_table(txn, redb::TableHandle::name(&table))? {
        return Ok(());
    }
    let mut rows = txn.open_table(table)?;
    let mut rewritten = Vec::new();
    for row in rows.iter()? {
        let (id, value) = row?;
        if serde_json::from_slice::<New>(value.value()).is_ok() {
            continue;
        }
        let old: Old = codec::decode(value.value())?;
        rewritten.push((id.value(), serde_json::to_vec(&stored(old))?));
    }
    for (id, json) in rewritten {
        rows.insert(id, json.as_slice())?;
    }
    Ok(())
}

/// A seam table whose redb values are still bincode.
trait InBincode {
    fn name(&self) -> &'static str;
    /// Rewrites every value as the seam's JSON (`seam::value`); answers the rows rewritten.
    fn to_json(&self, txn: &WriteTransaction) -> anyhow::Result<u64>;
}

impl<K: Key, V: serde::Serialize + serde::de::DeserializeOwned> InBincode for Table<K, V> {
    fn name(&self) -> &'static str {
        self.name
    }
    fn to_json(&self, txn: &WriteTransaction) -> anyhow::Result<u64> {
        // A table the file never had stays so (opening it would make it, empty).
        if !super::registry::has_table(txn, redb::TableHandle::name(&self.redb))? {
            return Ok(0);
        }
        let mut rows = txn.open_table(self.redb)?;
        // Read whole before any is rewritten (redb writes no table it iterates): a seam table
        // holds a firm's own rows, a few thousand at most.
        // A value already in JSON (a file written by a later version, marked older by a test)
        // stays as it is: bincode never reads as a whole JSON document of the shape.
        let mut old: Vec<(K, V)> = Vec::new();
        for row in rows.iter()? {
            let (key, value) = row?;
            if serde_json::from_slice::<V>(value.value()).is_err() {
                old.push((K::from_redb(key.value()), codec::decode(value.value())?));
            }
        }
        for (key, value) in &old {
            let json = seam::value::encode(self.name, value)?;
            rows.insert(key.as_redb(), json.as_slice())?;
        }
        Ok(old.len() as u64)
    }
}

/// Versions 11 and on: the seam's values on redb are the JSON PostgreSQL's `jsonb` holds (so a
/// value grows a field without a migration on either engine, `seam::value`), not bincode; each
/// version converts the tables that moved onto the seam with it.
fn seam_values_in_json(txn: &WriteTransaction, version: u64) -> anyhow::Result<()> {
    for (_, table) in SEAM_TABLES_IN_BINCODE.iter().filter(|(v, _)| *v == version) {
        let rows = table.to_json(txn)?;
        if rows > 0 {
            tracing::info!(
                table = table.name(),
                rows,
                "stored values rewritten as JSON"
            );
        }
    }
    Ok(())
}

/// Version 13: a calendar feed, keyed until then by its firm alone, is keyed by (firm, the first
/// 63 bits of its token's hash) and indexed by the latter, so its URL finds it without reading
/// every firm's feed. Its value becomes the seam's JSON on the way; the seam's insert writes the
/// index.
fn feeds_keyed_by_hash(txn: &WriteTransaction) -> anyhow::Result<()> {
    if !super::registry::has_table(txn, "calendar_feeds")? {
        return Ok(());
    }
    let feeds: Vec<shapes::Feed> = txn
        .open_table(V12_CALENDAR_FEEDS)?
        .iter()?
        .map(|e| codec::decode(e?.1.value()))
        .collect::<anyhow::Result<_>>()?;
    txn.delete_table(V12_CALENDAR_FEEDS)?;
    seam::in_schema_step(txn, |tx| {
        for feed in &feeds {
            let mut first = [0; 8];
            first.copy_from_slice(&feed.token_hash[..8]);
            let prefix = u64::from_be_bytes(first) & seam::MAX_PART;
            tx.insert(&V13_CALENDAR_FEEDS, (feed.firm_id, prefix), feed)?;
        }
        Ok(())
    })?;
    if !feeds.is_empty() {
        tracing::info!(feeds = feeds.len(), "calendar feeds keyed by their hash");
    }
    Ok(())
}

/// Version 14, after the clicks' values are JSON: a website click says so in its value (a value
/// without a kind is a booking click); the user's time order and the kinds' table go (a user's
/// clicks are one range of the clicks' own table).
fn click_kinds_in_values(txn: &WriteTransaction) -> anyhow::Result<()> {
    // The clicks as JSON, whatever their fields: the kind is added to what is there.
    const CLICKS: Table<(u64, u64, u64), serde_json::Value> = Table::new(
        "meeting_clicks",
        MEETING_CLICKS,
        &["user_id", "vendor_id", "id"],
        None,
    );
    let mut websites = std::collections::HashSet::new();
    if super::registry::has_table(txn, "meeting_click_kinds")? {
        for entry in txn.open_table(V13_MEETING_CLICK_KINDS)?.iter()? {
            let (id, kind) = entry?;
            if kind.value() == 1 {
                websites.insert(id.value());
            }
        }
        txn.delete_table(V13_MEETING_CLICK_KINDS)?;
    }
    let mut keys = Vec::new();
    if super::registry::has_table(txn, "meeting_click_times")? {
        for entry in txn.open_table(V13_MEETING_CLICK_TIMES)?.iter()? {
            let (key, vendor) = entry?;
            let (user, id) = key.value();
            if websites.contains(&id) {
                keys.push((user, vendor.value(), id));
            }
        }
        txn.delete_table(V13_MEETING_CLICK_TIMES)?;
    }
    seam::in_schema_step(txn, |tx| {
        for &key in &keys {
            if let Some(mut click) = tx.get(&CLICKS, key)? {
                click["kind"] = "WEBSITE".into();
                tx.insert(&CLICKS, key, &click)?;
            }
        }
        Ok(())
    })?;
    if !keys.is_empty() {
        tracing::info!(clicks = keys.len(), "website clicks say so in their values");
    }
    Ok(())
}

/// Version 15: a questionnaire response, keyed until then by its id alone (its firm in its value),
/// is keyed by (firm, id), so a firm's responses are one range and its purge and merge find them
/// without reading every firm's. Its value becomes the seam's JSON on the way.
fn responses_keyed_by_firm(txn: &WriteTransaction) -> anyhow::Result<()> {
    if !super::registry::has_table(txn, "responses")? {
        return Ok(());
    }
    let responses: Vec<shapes::Response> = txn
        .open_table(V14_RESPONSES)?
        .iter()?
        .map(|e| codec::decode(e?.1.value()))
        .collect::<anyhow::Result<_>>()?;
    txn.delete_table(V14_RESPONSES)?;
    seam::in_schema_step(txn, |tx| {
        for response in &responses {
            tx.insert(&V15_RESPONSES, (response.firm_id, response.id), response)?;
        }
        Ok(())
    })?;
    if !responses.is_empty() {
        tracing::info!(
            responses = responses.len(),
            "questionnaire responses keyed by their firm"
        );
    }
    Ok(())
}

/// The first 63 bits of a hash, as schema 14 keys single sign-on's rows by.
fn hash_key(hash: &[u8]) -> u64 {
    let mut first = [0; 8];
    first.copy_from_slice(&hash[..8]);
    u64::from_be_bytes(first) & seam::MAX_PART
}

/// `hash_key` of a text's SHA-256.
fn text_key(text: &str) -> u64 {
    use sha2::Digest;
    hash_key(&sha2::Sha256::digest(text.as_bytes()))
}

/// Version 14: single sign-on's domain claims (a list per domain until then), flows (keyed by
/// their state's hash) and links (keyed by their identity's text) are keyed by their holder and a
/// hash of what keyed them, one row each, as the seam's JSON; the seam's inserts write the
/// indexes. A flow keeps its state's whole hash in its value, which its key holds a part of.
fn sso_rekeyed(txn: &WriteTransaction) -> anyhow::Result<()> {
    let mut claims: Vec<shapes::DomainClaim> = Vec::new();
    if super::registry::has_table(txn, "sso_domains")? {
        for entry in txn.open_table(V13_SSO_DOMAINS)?.iter()? {
            let listed: Vec<shapes::DomainClaim> = codec::decode(entry?.1.value())?;
            claims.extend(listed);
        }
        txn.delete_table(V13_SSO_DOMAINS)?;
    }
    let mut flows: Vec<shapes::StoredFlow> = Vec::new();
    if super::registry::has_table(txn, "sso_flows")? {
        for entry in txn.open_table(V13_SSO_FLOWS)?.iter()? {
            let (state, flow) = entry?;
            flows.push(shapes::StoredFlow {
                state_hash: state.value().try_into()?,
                flow: codec::decode(flow.value())?,
            });
        }
        txn.delete_table(V13_SSO_FLOWS)?;
    }
    let mut links: Vec<shapes::SsoLink> = Vec::new();
    if super::registry::has_table(txn, "sso_links")? {
        for entry in txn.open_table(V13_SSO_LINKS)?.iter()? {
            links.push(codec::decode(entry?.1.value())?);
        }
        txn.delete_table(V13_SSO_LINKS)?;
    }
    seam::in_schema_step(txn, |tx| {
        for claim in &claims {
            let key = (claim.firm_id, text_key(&claim.domain));
            tx.insert(&V14_SSO_DOMAINS, key, claim)?;
        }
        for flow in &flows {
            let key = (flow.flow.firm_id, hash_key(&flow.state_hash));
            tx.insert(&V14_SSO_FLOWS, key, flow)?;
        }
        for link in &links {
            let identity = format!("{}\n{}", link.issuer, link.subject);
            tx.insert(&V14_SSO_LINKS, (link.user_id, text_key(&identity)), link)?;
        }
        Ok(())
    })?;
    if claims.len() + flows.len() + links.len() > 0 {
        tracing::info!(
            claims = claims.len(),
            flows = flows.len(),
            links = links.len(),
            "single sign-on's rows keyed for the seam"
        );
    }
    Ok(())
}

/// Version 8: a booking link's source says what kind it is: every stored one was checked against
/// a page (`Checked`); an administrator's import without a page (`Imported`) is new.
fn booking_sources_with_provenance(txn: &WriteTransaction) -> anyhow::Result<()> {
    use shapes::{BookingSource, CheckedBookingSourceV7};
    let mut table = txn.open_table(VENDOR_BOOKING_SOURCES)?;
    let old: Vec<(u64, CheckedBookingSourceV7)> = table
        .iter()?
        .map(|e| {
            e.map_err(anyhow::Error::from)
                .and_then(|(k, v)| Ok((k.value(), codec::decode(v.value())?)))
        })
        .collect::<anyhow::Result<_>>()?;
    for (vendor_id, v7) in old {
        let source = BookingSource::Checked {
            source_url: v7.source_url,
            verified_on: v7.verified_on,
        };
        table.insert(vendor_id, codec::encode(&source).as_slice())?;
    }
    Ok(())
}

/// Until schema 9, booking id -> one encoded booking.
const V8_BOOKINGS: redb::TableDefinition<u64, &[u8]> = redb::TableDefinition::new("bookings");

/// Bookings converted between two progress lines.
const PROGRESS_EVERY: u64 = 1_000_000;

/// Version 9: the bookings move from one row per booking to blocks of many (`row_blocks`). The
/// old rows are freed only when the transaction commits, so the file may first grow by about
/// their size (unless the blocks find free pages in it: at 10M it did not grow): the step refuses
/// to start without that much free disk. It is one transaction, like every
/// step: a kill leaves the file as it was, and the next start converts it again.
fn bookings_in_blocks(txn: &WriteTransaction, file: &std::path::Path) -> anyhow::Result<()> {
    use super::row_blocks::EncodedBuilder;
    txn.open_table(BOOKING_CHANGES)?;
    let mut blocks = txn.open_table(BOOKING_BLOCKS)?;
    {
        let old = txn.open_table(V8_BOOKINGS)?;
        let rows = old.len()?;
        if rows > 0 {
            let stats = old.stats()?;
            let needed = stats.stored_bytes() + 8 * rows + ROOM_TO_SPARE;
            let dir = file.parent().unwrap_or(std::path::Path::new("."));
            let what = format!("stores the {rows} bookings in blocks");
            room_for(needed, super::space::free_bytes_of(dir), &what, dir)?;
            tracing::info!(
                bookings = rows,
                needs_mb = needed.div_ceil(1 << 20),
                "converting the stored bookings into blocks, once, at this version's first start"
            );
            let started = std::time::Instant::now();
            let mut block = EncodedBuilder::default();
            let mut converted = 0u64;
            for entry in old.iter()? {
                let (id, row) = entry?;
                let (id, row) = (id.value(), row.value());
                if !block.fits(id, row) {
                    let (first, value) = block.take();
                    blocks.insert(first, value.as_slice())?;
                }
                block.push(id, row);
                converted += 1;
                if converted.is_multiple_of(PROGRESS_EVERY) {
                    tracing::info!(
                        converted,
                        of = rows,
                        "converting the stored bookings into blocks"
                    );
                }
            }
            if !block.is_empty() {
                let (first, value) = block.take();
                blocks.insert(first, value.as_slice())?;
            }
            tracing::info!(
                bookings = converted,
                elapsed_ms = started.elapsed().as_millis() as u64,
                "the stored bookings are in blocks"
            );
        }
    }
    txn.delete_table(V8_BOOKINGS)?;
    Ok(())
}

/// Free disk asked beyond the rows' own bytes: the blocks' pages and redb's own.
const ROOM_TO_SPARE: u64 = 64 << 20;

/// Refuses a step that rewrites the bookings (`what` this version does) when the disk of `dir`
/// has less than `needed` bytes free (unknown free space is not refused: the write itself would
/// then tell).
fn room_for(
    needed: u64,
    free: Option<u64>,
    what: &str,
    dir: &std::path::Path,
) -> anyhow::Result<()> {
    match free {
        Some(free) if free < needed => anyhow::bail!(
            "this version {what}, which needs about {} MB free on the disk of {} for the \
             conversion, and {} MB are free; free some space and start again (the database is \
             unchanged)",
            needed.div_ceil(1 << 20),
            dir.display(),
            free >> 20,
        ),
        _ => Ok(()),
    }
}

/// Version 1: every table exists, so readers never meet a missing table.
fn create_tables(txn: &WriteTransaction) -> anyhow::Result<()> {
    txn.open_table(META)?;
    txn.open_table(USERS)?;
    txn.open_table(USER_EMAILS)?;
    txn.open_table(V18_SESSIONS)?;
    txn.open_table(ONBOARDING)?;
    txn.open_table(CATEGORIES)?;
    txn.open_table(VENDORS)?;
    txn.open_table(V4_MEETING_CLICKS)?;
    txn.open_table(ADOPTION)?;
    txn.open_table(V8_BOOKINGS)?;
    txn.open_table(BOOKING_IDENTITIES)?;
    txn.open_table(V14_RESPONSES)?;
    txn.open_table(USER_RESPONSES)?;
    txn.open_table(PICKS)?;
    txn.open_table(V3_DISMISSED)?;
    txn.open_table(PAST_RECS)?;
    Ok(())
}

/// Version 2: booking identities move from one row per booking (identity -> id) to runs of
/// consecutive ids (first id -> identities), which an import writes and reads many times faster.
fn identities_in_runs(txn: &WriteTransaction) -> anyhow::Result<()> {
    const V1_KEYS: redb::TableDefinition<&[u8], u64> = redb::TableDefinition::new("booking_keys");
    const RUN: usize = 65_536;
    let mut by_id: Vec<(u64, [u8; 16])> = Vec::new();
    {
        let old = txn.open_table(V1_KEYS)?;
        for entry in old.iter()? {
            let (key, id) = entry?;
            let key: [u8; 16] = key.value().try_into()?;
            by_id.push((id.value(), key));
        }
    }
    txn.delete_table(V1_KEYS)?;
    by_id.sort_unstable();
    let mut runs = txn.open_table(BOOKING_IDENTITIES)?;
    let mut i = 0;
    while i < by_id.len() {
        let first = by_id[i].0;
        let mut blob = Vec::new();
        while i < by_id.len()
            && by_id[i].0 == first + (blob.len() / 16) as u64
            && blob.len() < RUN * 16
        {
            blob.extend_from_slice(&by_id[i].1);
            i += 1;
        }
        runs.insert(first, blob.as_slice())?;
    }
    Ok(())
}

/// Version 24: the identities' runs are cut again into runs of at most `IDENTITIES_PER_RUN`,
/// consecutive runs joined first. Runs of exactly 1 MiB each took a leaf of 2 MiB, and a day's
/// import its own run, most of its page empty. The old runs are freed only when the transaction
/// commits, so the file first grows by their size (refused without that much free disk); says
/// whether there were runs to cut, and the file is then compacted (`FileStore::open`).
fn identity_runs_fill_their_pages(
    txn: &WriteTransaction,
    file: &std::path::Path,
) -> anyhow::Result<bool> {
    use super::{IDENTITIES_PER_RUN, IDENTITY_LEN};
    let mut runs = txn.open_table(BOOKING_IDENTITIES)?;
    let keys: Vec<u64> = (runs.iter()?)
        .map(|entry| Ok(entry?.0.value()))
        .collect::<anyhow::Result<_>>()?;
    if keys.is_empty() {
        return Ok(false);
    }
    let stats = runs.stats()?;
    let needed = stats.stored_bytes() + ROOM_TO_SPARE;
    let dir = file.parent().unwrap_or(std::path::Path::new("."));
    room_for(
        needed,
        super::space::free_bytes_of(dir),
        "cuts the bookings' identities into runs that fill their pages",
        dir,
    )?;
    tracing::info!(
        runs = keys.len(),
        needs_mb = needed.div_ceil(1 << 20),
        "cutting the bookings' identities into runs that fill their pages, once, at this \
         version's first start"
    );
    let started = std::time::Instant::now();
    // The identities read but not stored again yet, from the id `carry_from` on: always before
    // the next run's key, so a run stored from them never lands on a run still to read.
    let (mut carry, mut carry_from) = (Vec::<u8>::new(), 0u64);
    let full = IDENTITIES_PER_RUN * IDENTITY_LEN;
    for key in keys {
        let carried = (carry.len() / IDENTITY_LEN) as u64;
        if !carry.is_empty() && carry_from + carried != key {
            runs.insert(carry_from, carry.as_slice())?;
            carry.clear();
        }
        if carry.is_empty() {
            carry_from = key;
        }
        let Some(run) = runs.remove(key)? else {
            continue;
        };
        carry.extend_from_slice(run.value());
        drop(run);
        while carry.len() >= full {
            runs.insert(carry_from, &carry[..full])?;
            carry.drain(..full);
            carry_from += IDENTITIES_PER_RUN as u64;
        }
    }
    if !carry.is_empty() {
        runs.insert(carry_from, carry.as_slice())?;
    }
    tracing::info!(
        elapsed_ms = started.elapsed().as_millis() as u64,
        "the bookings' identities fill their pages"
    );
    Ok(true)
}

/// The partner values the first shipped catalog (data/vendors.csv until schema 3) gave vendors:
/// (vendor id, partnerLevel), each with the recommended-partner star. They were invented sample
/// values, not relationships, and no catalog carries them any more.
const INVENTED_PARTNERS: [(u64, &str); 22] = [
    (2, "Gold"),
    (8, "Silver"),
    (11, "Gold"),
    (14, "Silver"),
    (22, "Silver"),
    (33, "Gold"),
    (43, "Gold"),
    (44, "Silver"),
    (53, "Silver"),
    (56, "Gold"),
    (63, "Silver"),
    (67, "Gold"),
    (73, "Gold"),
    (85, "Silver"),
    (93, "Gold"),
    (95, "Silver"),
    (104, "Silver"),
    (115, "Gold"),
    (120, "Silver"),
    (126, "Gold"),
    (135, "Gold"),
    (137, "Bronze"),
];

/// Version 3: the `VENDOR_SOURCES` table exists, and a vendor that still holds exactly the
/// invented partner values the seed gave it (level and star both unchanged, so no admin set
/// them) loses them. A vendor whose partner values an admin changed keeps what the admin chose.
fn vendor_sources_and_no_invented_partners(txn: &WriteTransaction) -> anyhow::Result<()> {
    use shapes::Vendor;
    txn.open_table(VENDOR_SOURCES)?;
    let mut vendors = txn.open_table(VENDORS)?;
    let mut cleared = 0;
    for (id, level) in INVENTED_PARTNERS {
        let Some(bytes) = vendors.get(id)?.map(|v| v.value().to_vec()) else {
            continue;
        };
        let mut vendor: Vendor = codec::decode(&bytes)?;
        if vendor.is_recommended_partner && vendor.partner_level.as_deref() == Some(level) {
            vendor.is_recommended_partner = false;
            vendor.partner_level = None;
            vendors.insert(id, codec::encode(&vendor).as_slice())?;
            cleared += 1;
        }
    }
    if cleared > 0 {
        tracing::info!(
            vendors = cleared,
            "cleared the sample partner values the first catalog shipped with"
        );
    }
    Ok(())
}

/// Until schema 3 a dismissal was only its time, in the table "dismissed".
const V3_DISMISSED: redb::TableDefinition<(u64, u64), i64> =
    redb::TableDefinition::new("dismissed");

/// Version 4: dismissals carry a reason. Each old one moves to `DISMISSED` as "no reason given",
/// keeping its time, and the old table goes.
fn dismissals_with_reasons(txn: &WriteTransaction) -> anyhow::Result<()> {
    use shapes::{DismissReason, Dismissal};
    let mut new = txn.open_table(DISMISSED)?;
    let old: Vec<((u64, u64), i64)> = match txn.open_table(V3_DISMISSED) {
        Ok(table) => table
            .iter()?
            .map(|e| e.map(|(k, v)| (k.value(), v.value())))
            .collect::<Result<_, _>>()?,
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok(()),
        Err(e) => return Err(e.into()),
    };
    for (key, at) in old {
        let dismissal = Dismissal {
            at,
            reason: DismissReason::NotGiven,
        };
        new.insert(key, codec::encode(&dismissal).as_slice())?;
    }
    txn.delete_table(V3_DISMISSED)?;
    Ok(())
}

/// Until schema 4 meeting clicks were keyed by click id alone, so one user's clicks could only be
/// found by walking everyone's.
const V4_MEETING_CLICKS: redb::TableDefinition<u64, &[u8]> =
    redb::TableDefinition::new("meeting_clicks");

/// Version 5: meeting clicks move to `MEETING_CLICKS`, keyed by (user, vendor, click id), with the
/// user's time order in `MEETING_CLICK_TIMES`; the old table goes.
fn meeting_clicks_by_owner(txn: &WriteTransaction) -> anyhow::Result<()> {
    use shapes::MeetingClickKeys;
    let mut by_owner = txn.open_table(MEETING_CLICKS)?;
    let mut times = txn.open_table(V13_MEETING_CLICK_TIMES)?;
    let moved = match txn.open_table(V4_MEETING_CLICKS) {
        Ok(old) => {
            let mut moved = 0u64;
            for entry in old.iter()? {
                let (_, value) = entry?;
                let click: MeetingClickKeys = codec::decode(value.value())?;
                by_owner.insert((click.user_id, click.vendor_id, click.id), value.value())?;
                times.insert((click.user_id, click.id), click.vendor_id)?;
                moved += 1;
            }
            moved
        }
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok(()),
        Err(e) => return Err(e.into()),
    };
    txn.delete_table(V4_MEETING_CLICKS)?;
    if moved > 0 {
        tracing::info!(clicks = moved, "meeting clicks indexed by user and vendor");
    }
    Ok(())
}

/// An account as schema 5 stored it: its firm was the name it typed.
#[derive(serde::Deserialize)]
struct V5User {
    id: u64,
    name: String,
    email: String,
    law_firm: String,
    firm_size: Option<crate::platform::firm_size::FirmSize>,
    password_hash: String,
    is_admin: bool,
    created_at: i64,
}

/// An account as schemas 6 to 21 store it (the accounts storage's `StoredUser`, frozen here).
#[derive(serde::Serialize, serde::Deserialize)]
struct V6User {
    id: u64,
    name: String,
    email: String,
    firm_id: u64,
    firm_role: shapes::FirmRole,
    password_hash: String,
    is_admin: bool,
    created_at: i64,
}

/// A questionnaire response as schema 5 stored it: by its author alone.
#[derive(serde::Deserialize)]
struct V5Response {
    id: u64,
    user_id: u64,
    category_id: u64,
    answers: Vec<(u64, Vec<String>)>,
    at: i64,
}

/// Version 6: firms. Each account becomes the owner of a firm of its own, named by its law-firm
/// text, whose id is the account's id: every table keyed by the account's id (tech stack,
/// shortlist, picks, dismissals, history, onboarding) is then keyed by its firm's id without
/// moving a row. Accounts are never merged by name; the operator merges firms. The first
/// administrator's firm is verified. Responses keep their author and name their firm.
fn firms_from_accounts(txn: &WriteTransaction) -> anyhow::Result<()> {
    use shapes::{Firm, FirmRole};
    let mut users = txn.open_table(USERS)?;
    let mut firms = txn.open_table(FIRMS)?;
    let mut members = txn.open_table(FIRM_MEMBERS)?;
    let old: Vec<V5User> = users
        .iter()?
        .map(|e| {
            e.map_err(anyhow::Error::from)
                .and_then(|(_, v)| codec::decode(v.value()))
        })
        .collect::<anyhow::Result<_>>()?;
    for user in &old {
        let firm = Firm {
            id: user.id,
            name: user.law_firm.clone(),
            size: user.firm_size,
            created_at: user.created_at,
            verified: user.is_admin,
            disabled: false,
        };
        firms.insert(firm.id, codec::encode(&firm).as_slice())?;
        members.insert((firm.id, user.id), ())?;
    }
    for user in old.iter() {
        let stored = V6User {
            id: user.id,
            name: user.name.clone(),
            email: user.email.clone(),
            firm_id: user.id,
            firm_role: FirmRole::Owner,
            password_hash: user.password_hash.clone(),
            is_admin: user.is_admin,
            created_at: user.created_at,
        };
        users.insert(user.id, codec::encode(&stored).as_slice())?;
    }
    // New firms are numbered past every account id, so none takes an old account's rows.
    let handed_out = txn
        .open_table(META)?
        .get("seq:users")?
        .map(|v| v.value())
        .unwrap_or(0);
    super::bump_sequence(txn, "firms", handed_out)?;

    let mut responses = txn.open_table(V14_RESPONSES)?;
    let old_responses: Vec<V5Response> = responses
        .iter()?
        .map(|e| {
            e.map_err(anyhow::Error::from)
                .and_then(|(_, v)| codec::decode(v.value()))
        })
        .collect::<anyhow::Result<_>>()?;
    for r in old_responses {
        let new = shapes::Response {
            id: r.id,
            user_id: r.user_id,
            firm_id: r.user_id,
            category_id: r.category_id,
            answers: r.answers,
            at: r.at,
        };
        responses.insert(r.id, codec::encode(&new).as_slice())?;
    }
    if !old.is_empty() {
        tracing::info!(
            accounts = old.len(),
            "each account is now the owner of a firm of its own"
        );
    }
    Ok(())
}

/// A shortlist entry as schema 6 stored it: no author on its note or its status changes.
#[derive(serde::Serialize, serde::Deserialize)]
struct V6Entry {
    status: shapes::Status,
    note: String,
    reject_reason: Option<String>,
    history: Vec<V6StatusChange>,
    outcome: shapes::Outcome,
    added_at: i64,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct V6StatusChange {
    status: shapes::Status,
    at: i64,
}

/// Version 7: a firm's shortlist is written by several people, so each entry keeps who wrote its
/// note and made each status change (what was written before has no author), and why the vendor
/// was recommended, kept as it was: an entry from before keeps the latest recommendation it
/// showed until now.
fn shortlist_authors(txn: &WriteTransaction) -> anyhow::Result<()> {
    use shapes::{Entry, PastRec, Recorded, StatusChange};
    let mut latest: std::collections::HashMap<(u64, u64), PastRec> = Default::default();
    if let Ok(past) = txn.open_table(PAST_RECS) {
        for row in past.iter()? {
            let (key, value) = row?;
            let (firm_id, _, vendor_id) = key.value();
            let rec: PastRec = codec::decode(value.value())?;
            let slot = latest
                .entry((firm_id, vendor_id))
                .or_insert_with(|| rec.clone());
            if (rec.at, std::cmp::Reverse(rec.rank)) > (slot.at, std::cmp::Reverse(slot.rank)) {
                *slot = rec;
            }
        }
    }
    let mut table = txn.open_table(SHORTLIST)?;
    let old: Vec<((u64, u64), V6Entry)> = table
        .iter()?
        .map(|e| {
            e.map_err(anyhow::Error::from)
                .and_then(|(k, v)| Ok((k.value(), codec::decode(v.value())?)))
        })
        .collect::<anyhow::Result<_>>()?;
    for (key, e) in old {
        let entry = Entry {
            status: e.status,
            note: e.note,
            note_by: None,
            note_at: None,
            reject_reason: e.reject_reason,
            history: e
                .history
                .into_iter()
                .map(|h| StatusChange {
                    status: h.status,
                    at: h.at,
                    by: None,
                })
                .collect(),
            outcome: e.outcome,
            added_at: e.added_at,
            recorded: latest.remove(&key).map(|rec| Recorded {
                reasons: rec.strengths,
                at: rec.at,
            }),
        };
        table.insert(key, codec::encode(&entry).as_slice())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
