//! Pulling a signed catalog: the file checked (signature, feed name, a newer version), then
//! applied in one catalog transaction with the install's record of it, or refused with nothing
//! changed.
//!
//! Fact by fact: a fact this install never changed takes the feed's; a fact the administrator
//! changed here stays while the feed keeps its own value, and when the feed changes that same fact
//! too, both are kept as a `Conflict` for the operator to choose from (the local value serving
//! meanwhile).

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::Serialize;
use serde_json::Value;

use super::payload::{FeedVendor, Held, Payload, same_value};
use super::signed::{Envelope, PublicKey};
use super::state::{Applied, Attempt, Conflict, StableId, StableIds, Subscription};
use super::storage::{self, IDS, SUBSCRIPTION};
use crate::catalog::facts::{Provenance, RowFact, VendorFacts};
use crate::catalog::storage::removal;
use crate::catalog::vendor_checks::{self, FEED_ADDED_MAX};
use crate::catalog::{BookingSource, Catalog, SharedCatalog, Vendor, VendorImport, VendorSource};
use crate::platform::error::{AppError, Result, bad_request};
use crate::platform::store::Store;
use crate::platform::upload::truncate;

/// What a pull did.
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PullReport {
    pub feed: String,
    pub version: u64,
    /// Vendors new to this install.
    pub added: usize,
    /// Vendors with at least one fact changed.
    pub updated: usize,
    /// Facts this install changed that the feed left alone, kept.
    pub kept_local: usize,
    /// Facts both changed: the operator chooses (Manage Vendors).
    pub conflicts: usize,
    /// Vendors the feed retired or merged away, now inactive here.
    pub made_inactive: usize,
    /// Facts left out because a link failed the import's checks.
    pub left_out: Vec<String>,
    /// The feed is past its expiry day.
    pub stale: bool,
    pub message: String,
}

/// The facts whose value here was entered by this install's administrator.
fn local_edits(
    facts: Option<&VendorFacts>,
    booking: Option<&crate::catalog::BookingSource>,
) -> HashSet<String> {
    let mut out = HashSet::new();
    let admin = |p: &Provenance| matches!(p, Provenance::Administrator { .. });
    let Some(f) = facts else { return out };
    for (fact, p) in &f.row {
        if admin(p) {
            out.insert(fact.name().to_string());
        }
    }
    if !f.row.contains_key(&RowFact::BookingLink) && booking.is_some_and(|b| b.imported().is_some())
    {
        out.insert("bookingLink".into());
    }
    let s = &f.security;
    let stated = [
        (
            "statedPrice",
            f.stated_price.as_ref().map(|s| &s.provenance),
        ),
        (
            "pricingModel",
            f.pricing_model.as_ref().map(|s| &s.provenance),
        ),
        ("soc2", s.soc2.as_ref().map(|s| &s.provenance)),
        ("iso27001", s.iso27001.as_ref().map(|s| &s.provenance)),
        ("hipaaBaa", s.hipaa_baa.as_ref().map(|s| &s.provenance)),
        ("sso", s.sso.as_ref().map(|s| &s.provenance)),
        ("mfa", s.mfa.as_ref().map(|s| &s.provenance)),
        (
            "dataLocation",
            s.data_location.as_ref().map(|s| &s.provenance),
        ),
        ("aiTraining", s.ai_training.as_ref().map(|s| &s.provenance)),
        ("dataExport", s.data_export.as_ref().map(|s| &s.provenance)),
        ("trustPage", s.trust_page.as_ref().map(|s| &s.provenance)),
    ];
    for (name, p) in stated {
        if p.is_some_and(admin) {
            out.insert(name.into());
        }
    }
    out
}

/// Checks `bytes` and applies them. `public_key` is the operator's key for the publisher (needed
/// on the first pull; later versions may be signed by any key the last one trusts). A refusal is
/// a 400 whose message says why; then nothing was written but the attempt.
pub fn pull(
    store: &Store,
    catalog: &SharedCatalog,
    bytes: &[u8],
    public_key: Option<PublicKey>,
) -> Result<PullReport> {
    let outcome = check_and_apply(store, catalog, bytes, public_key);
    let attempt = Attempt {
        at: crate::platform::clock::now_secs(),
        ok: outcome.is_ok(),
        message: match &outcome {
            Ok(report) => report.message.clone(),
            Err(e) => e.to_string(),
        },
    };
    note_attempt(store, attempt)?;
    outcome
}

/// Records a pull's outcome (a fetch that failed before any file arrived, too).
pub fn note_attempt(store: &Store, attempt: Attempt) -> Result<()> {
    let mut tx = store.begin()?;
    removal::lock_in(&mut tx)?;
    let mut sub: Subscription = storage::get_in(&mut tx, SUBSCRIPTION)?.unwrap_or_default();
    sub.last_attempt = Some(attempt);
    storage::put_in(&mut tx, SUBSCRIPTION, &sub)?;
    tx.commit()?;
    Ok(())
}

fn check_and_apply(
    store: &Store,
    catalog: &SharedCatalog,
    bytes: &[u8],
    public_key: Option<PublicKey>,
) -> Result<PullReport> {
    let envelope = Envelope::parse(bytes).map_err(bad_request)?;
    let sub: Subscription = storage::get(store, SUBSCRIPTION)?.unwrap_or_default();
    let trusted = sub.trusted_keys(public_key);
    if trusted.is_empty() {
        return Err(bad_request(
            "This install follows no catalog yet: give the publisher's public key (it starts with \
             \"ed25519:\") to check the file's signature. Nothing was applied.",
        ));
    }
    let (text, signer) = envelope
        .verified(&trusted, &sub.revoked)
        .map_err(|e| bad_request(capitalized(&e)))?;
    let payload = Payload::parse(text).map_err(|e| bad_request(capitalized(&e)))?;
    if payload.keys.revoked.contains(&signer.id()) {
        return Err(bad_request(
            "The file is signed by a key it revokes itself. Nothing was applied.",
        ));
    }
    if !check_sequence(&sub, &payload)? {
        return Ok(up_to_date(&payload));
    }
    let snapshot = catalog.load_full();
    let report = apply(store, &snapshot, payload, public_key)?;
    crate::catalog::reload(store, catalog)?;
    Ok(report)
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Whether `payload` may follow what `sub` applied: the same feed, a newer version (`true`), or
/// the very version applied (`false`: nothing to do; every node of a hub pulls on the schedule).
fn check_sequence(sub: &Subscription, payload: &Payload) -> Result<bool> {
    let Some(applied) = &sub.applied else {
        return Ok(true);
    };
    if applied.feed != payload.feed {
        return Err(bad_request(format!(
            "The file is the catalog \"{}\"; this install follows \"{}\". Nothing was applied.",
            payload.feed, applied.feed
        )));
    }
    if payload.version < applied.version {
        return Err(bad_request(format!(
            "The file is version {} of \"{}\", older than version {} applied here: only a newer \
             version is applied. Nothing was applied.",
            payload.version, payload.feed, applied.version
        )));
    }
    Ok(payload.version > applied.version)
}

fn up_to_date(payload: &Payload) -> PullReport {
    PullReport {
        feed: payload.feed.clone(),
        version: payload.version,
        stale: payload.expires() < crate::platform::clock::today(),
        message: format!(
            "Version {} of \"{}\" is applied already: nothing newer to apply.",
            payload.version, payload.feed
        ),
        ..PullReport::default()
    }
}

fn apply(
    store: &Store,
    catalog: &Catalog,
    mut payload: Payload,
    public_key: Option<PublicKey>,
) -> Result<PullReport> {
    // A feed names a category by its name or its label.
    let category_ids: HashMap<String, u64> = catalog
        .categories
        .iter()
        .flat_map(|c| {
            [
                (c.label.to_lowercase(), c.id),
                (c.name.to_lowercase(), c.id),
            ]
        })
        .collect();
    if let Some(v) = payload
        .vendors
        .iter()
        .find(|v| !category_ids.contains_key(&v.category.to_lowercase()))
    {
        return Err(bad_request(format!(
            "The feed puts {} in the category \"{}\", which this install does not have. Nothing \
             was applied.",
            v.name, v.category
        )));
    }
    let mut report = PullReport {
        feed: payload.feed.clone(),
        version: payload.version,
        ..PullReport::default()
    };
    for v in &mut payload.vendors {
        report.left_out.extend(v.check_links());
        // Every other field passes the record's one validation, or nothing is applied.
        let mut vendor = blank_vendor(0);
        v.write_into(&payload.feed, 0, &mut vendor, &mut VendorFacts::default());
        if let Err(e) = vendor_checks::check_vendor(&vendor) {
            return Err(bad_request(format!(
                "The feed's vendor \"{}\" cannot be applied: {e}. Nothing was applied.",
                truncate(&v.name, 60)
            )));
        }
    }

    let mut tx = store.begin()?;
    removal::lock_in(&mut tx)?;
    // Read again under the lock: another pull may have applied meanwhile.
    let mut sub: Subscription = storage::get_in(&mut tx, SUBSCRIPTION)?.unwrap_or_default();
    if !check_sequence(&sub, &payload)? {
        return Ok(up_to_date(&payload));
    }
    let mut ids: StableIds = storage::get_in(&mut tx, IDS)?.unwrap_or_default();
    let mut conflicts: Vec<Conflict> = Vec::new();
    let mut last_feed = BTreeMap::new();
    {
        let mut writes = VendorImport::open(&mut tx)?;
        let mut vendors: BTreeMap<u64, Vendor> =
            writes.vendors()?.into_iter().map(|v| (v.id, v)).collect();
        let mut claimed: HashSet<u64> = HashSet::new();
        for fv in &payload.vendors {
            let by_id = ids.vendor_of(&fv.id).filter(|id| vendors.contains_key(id));
            // First contact: the vendor of that name (or alias) that no other feed vendor holds.
            let local_id = by_id.or_else(|| {
                let lower = fv.name.to_lowercase();
                vendors
                    .values()
                    .find(|v| v.name.to_lowercase() == lower)
                    .map(|v| v.id)
                    .or_else(|| catalog.aliases().get(&lower).copied())
                    .filter(|id| vendors.contains_key(id))
                    .filter(|id| {
                        !ids.0.get(id).is_some_and(|s| {
                            payload
                                .vendors
                                .iter()
                                .any(|o| o.id.eq_ignore_ascii_case(&s.id) && o.id != fv.id)
                        })
                    })
            });
            let category_id = category_ids[&fv.category.to_lowercase()];
            let feed_facts = fv.facts();
            let final_vendor = match local_id {
                None => {
                    let id = writes.new_id(None)?;
                    let mut vendor = blank_vendor(id);
                    let mut facts = VendorFacts::default();
                    fv.write_into(&payload.feed, category_id, &mut vendor, &mut facts);
                    writes.put(&vendor, &VendorSource::default())?;
                    writes.put_facts(id, &facts)?;
                    report.added += 1;
                    if report.added > FEED_ADDED_MAX {
                        return Err(bad_request(format!(
                            "The feed would add more than {FEED_ADDED_MAX} vendors to this \
                             install, and one pull adds at most {FEED_ADDED_MAX}: ask its \
                             publisher to check the catalog. Nothing was applied."
                        )));
                    }
                    vendor
                }
                Some(id) => {
                    if !claimed.insert(id) {
                        return Err(bad_request(format!(
                            "Two vendors of the feed are {} here. Nothing was applied.",
                            vendors[&id].name
                        )));
                    }
                    let local = vendors[&id].clone();
                    let (facts, booking, here) = held_here(&mut writes, catalog, &local, &fv.id)?;
                    let edits = local_edits(Some(&facts), booking.as_ref());
                    let last = sub.last_feed.get(&fv.id);
                    let mut chosen = BTreeMap::new();
                    let mut kept = HashSet::new();
                    let mut booking_from_feed = false;
                    for (name, feed_value) in &feed_facts {
                        let local_value = here.get(name);
                        let last_value = last.and_then(|l| l.get(name));
                        let edited = match last_value {
                            Some(l) => !same_value(local_value, Some(l)),
                            None => edits.contains(name),
                        };
                        let take_feed = if same_value(local_value, Some(feed_value)) || !edited {
                            true
                        } else if last_value.is_some_and(|l| same_value(Some(l), Some(feed_value)))
                        {
                            // A choice still open from an earlier version stays open.
                            match sub
                                .conflicts
                                .iter()
                                .find(|c| c.stable_id == fv.id && c.fact == *name)
                            {
                                Some(open) => conflicts.push(Conflict {
                                    local: local_value.cloned().unwrap_or(Value::Null),
                                    vendor_id: id,
                                    ..open.clone()
                                }),
                                None => report.kept_local += 1,
                            }
                            false
                        } else {
                            conflicts.push(Conflict {
                                stable_id: fv.id.clone(),
                                vendor_id: id,
                                fact: name.clone(),
                                local: local_value.cloned().unwrap_or(Value::Null),
                                feed: feed_value.clone(),
                            });
                            false
                        };
                        let value = if take_feed {
                            feed_value
                        } else {
                            local_value.unwrap_or(&Value::Null)
                        };
                        if take_feed
                            && name == "bookingLink"
                            && !same_value(local_value, Some(feed_value))
                        {
                            booking_from_feed = true;
                        }
                        if !take_feed {
                            kept.insert(name.clone());
                        }
                        chosen.insert(name.clone(), value.clone());
                    }
                    let merged = FeedVendor::from_facts(&fv.id, chosen).map_err(|e| {
                        AppError::from(anyhow::anyhow!("a fact of {} cannot be kept: {e}", fv.name))
                    })?;
                    let mut vendor = local.clone();
                    let mut new_facts = facts.clone();
                    merged.write_into(&payload.feed, category_id, &mut vendor, &mut new_facts);
                    restore_provenance(&mut new_facts, &facts, |name| kept.contains(name));
                    if vendor != local || new_facts != facts {
                        writes.put(&vendor, &writes.source(id)?)?;
                        writes.put_facts(id, &new_facts)?;
                        report.updated += 1;
                    }
                    if booking_from_feed && booking.is_some() {
                        writes.put_booking_source(id, None)?;
                    }
                    vendor
                }
            };
            ids.0.insert(
                final_vendor.id,
                StableId {
                    id: fv.id.clone(),
                    name: final_vendor.name.clone(),
                },
            );
            vendors.insert(final_vendor.id, final_vendor);
            last_feed.insert(fv.id.clone(), feed_facts);
        }
        // Retired and merged away: inactive here, never deleted (a decision may name them).
        let gone = payload
            .retired
            .iter()
            .chain(payload.merged.iter().map(|m| &m.from));
        for stable in gone {
            if let Some(id) = ids.vendor_of(stable)
                && let Some(v) = vendors.get_mut(&id)
                && v.is_active
            {
                v.is_active = false;
                let v = v.clone();
                writes.put(&v, &writes.source(id)?)?;
                report.made_inactive += 1;
            }
        }
        let mut names = HashSet::new();
        if let Some(v) = vendors
            .values()
            .find(|v| !names.insert(v.name.to_lowercase()))
        {
            return Err(bad_request(format!(
                "The feed names a vendor \"{}\", and another vendor of this install has that name: \
                 rename or merge it on Manage Vendors first. Nothing was applied.",
                v.name
            )));
        }
    }
    report.conflicts = conflicts.len();
    let today = crate::platform::clock::today();
    report.stale = payload.expires() < today;
    sub.applied = Some(Applied {
        feed: payload.feed.clone(),
        version: payload.version,
        published_on: payload.published_on.clone(),
        expires_on: payload.expires_on.clone(),
        applied_at: crate::platform::clock::now_secs(),
    });
    sub.trusted = payload
        .keys
        .trusted
        .iter()
        .filter(|k| !payload.keys.revoked.contains(&k.id()))
        .copied()
        .collect();
    for r in &payload.keys.revoked {
        if !sub.revoked.contains(r) {
            sub.revoked.push(r.clone());
        }
    }
    if public_key.is_some() {
        sub.public_key = public_key;
    }
    sub.last_feed = last_feed;
    sub.conflicts = conflicts;
    report.message = summary(&report);
    storage::put_in(&mut tx, SUBSCRIPTION, &sub)?;
    storage::put_in(&mut tx, IDS, &ids)?;
    removal::commit(tx)?;
    Ok(report)
}

/// A vendor's stored facts and booking link's source, and every fact of it as a feed writes them
/// under the stable id `stable`.
fn held_here(
    writes: &mut VendorImport,
    catalog: &Catalog,
    local: &Vendor,
    stable: &str,
) -> Result<(VendorFacts, Option<BookingSource>, BTreeMap<String, Value>)> {
    let facts = writes.facts(local.id)?;
    let booking = writes.booking_source(local.id)?;
    let category = catalog
        .category(local.category_id)
        .map_or("", |c| c.name.as_str());
    let held = Held {
        vendor: local,
        facts: Some(&facts),
        booking: booking.as_ref(),
        category,
    };
    let here = FeedVendor::of(stable, &held).facts();
    Ok((facts, booking, here))
}

/// Gives the facts `keep_old` names their provenance (and value) of `old` back: after
/// `write_into` credited every fact to the feed, the facts that kept this install's value keep
/// this install's provenance.
fn restore_provenance(new: &mut VendorFacts, old: &VendorFacts, keep_old: impl Fn(&str) -> bool) {
    for fact in RowFact::ALL {
        if keep_old(fact.name()) {
            match old.row.get(&fact) {
                Some(p) => new.row.insert(fact, p.clone()),
                None => new.row.remove(&fact),
            };
        }
    }
    macro_rules! restore {
        ($($name:literal => $($field:ident).+;)*) => {
            $(if keep_old($name) { new.$($field).+ = old.$($field).+.clone(); })*
        };
    }
    restore! {
        "statedPrice" => stated_price;
        "pricingModel" => pricing_model;
        "soc2" => security.soc2;
        "iso27001" => security.iso27001;
        "hipaaBaa" => security.hipaa_baa;
        "sso" => security.sso;
        "mfa" => security.mfa;
        "dataLocation" => security.data_location;
        "aiTraining" => security.ai_training;
        "dataExport" => security.data_export;
        "trustPage" => security.trust_page;
    }
}

fn blank_vendor(id: u64) -> Vendor {
    Vendor {
        id,
        name: String::new(),
        category_id: 0,
        website_url: None,
        booking_url: None,
        logo_url: None,
        description: String::new(),
        short_highlights: Vec::new(),
        integrations: Vec::new(),
        price_bracket: None,
        firm_sizes_supported: Vec::new(),
        practice_areas_supported: Vec::new(),
        geo_focus: None,
        tags: Vec::new(),
        is_recommended_partner: false,
        partner_level: None,
        is_active: true,
        needs_review: false,
    }
}

/// `n` and the noun, singular for one.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn summary(r: &PullReport) -> String {
    let mut parts = vec![format!(
        "Applied version {} of \"{}\": {} added, {} updated",
        r.version,
        r.feed,
        count(r.added, "vendor", "vendors"),
        r.updated
    )];
    if r.made_inactive > 0 {
        parts.push(format!("{} made inactive", r.made_inactive));
    }
    if r.kept_local > 0 {
        parts.push(format!(
            "{} kept",
            count(
                r.kept_local,
                "fact you changed here",
                "facts you changed here"
            )
        ));
    }
    let mut text = parts.join(", ");
    text.push('.');
    if r.conflicts > 0 {
        text.push_str(&format!(
            " {} changed both here and in the feed: choose which to keep on Manage Vendors.",
            count(r.conflicts, "fact", "facts")
        ));
    }
    if !r.left_out.is_empty() {
        text.push_str(&format!(
            " {} left out because a link failed the checks.",
            match r.left_out.len() {
                1 => "1 fact was".to_string(),
                n => format!("{n} facts were"),
            }
        ));
    }
    if r.stale {
        text.push_str(" The feed is past its expiry day: ask its publisher for a newer version.");
    }
    text
}

/// The operator's choice for a conflict: the feed's value (with its provenance) or this
/// install's. Either way the conflict is closed; the fact is compared with the feed's again at
/// the next version.
pub fn resolve(
    store: &Store,
    catalog: &SharedCatalog,
    vendor_id: u64,
    fact: &str,
    take_feed: bool,
) -> Result<()> {
    let snapshot = catalog.load_full();
    let mut tx = store.begin()?;
    removal::lock_in(&mut tx)?;
    let mut sub: Subscription = storage::get_in(&mut tx, SUBSCRIPTION)?.unwrap_or_default();
    let Some(at) = sub
        .conflicts
        .iter()
        .position(|c| c.vendor_id == vendor_id && c.fact == fact)
    else {
        return Err(crate::platform::error::not_found(
            "There is no such open choice: it was made already, or a newer feed version replaced it.",
        ));
    };
    let conflict = sub.conflicts.remove(at);
    let feed_name = sub
        .applied
        .as_ref()
        .map_or(String::new(), |a| a.feed.clone());
    if take_feed {
        let mut writes = VendorImport::open(&mut tx)?;
        let Some(local) = writes.vendors()?.into_iter().find(|v| v.id == vendor_id) else {
            return Err(crate::platform::error::not_found(format!(
                "There is no vendor with id {vendor_id}"
            )));
        };
        let (facts, booking, mut all) =
            held_here(&mut writes, &snapshot, &local, &conflict.stable_id)?;
        all.insert(conflict.fact.clone(), conflict.feed.clone());
        let chosen = FeedVendor::from_facts(&conflict.stable_id, all)
            .map_err(|e| AppError::from(anyhow::anyhow!("the feed's value cannot be kept: {e}")))?;
        let mut vendor = local.clone();
        let mut new_facts = facts.clone();
        chosen.write_into(&feed_name, local.category_id, &mut vendor, &mut new_facts);
        // Only the chosen fact changes: every other keeps its provenance here.
        restore_provenance(&mut new_facts, &facts, |name| name != conflict.fact);
        let source = writes.source(vendor_id)?;
        writes.put(&vendor, &source)?;
        writes.put_facts(vendor_id, &new_facts)?;
        if conflict.fact == "bookingLink" && booking.is_some() {
            writes.put_booking_source(vendor_id, None)?;
        }
    }
    storage::put_in(&mut tx, SUBSCRIPTION, &sub)?;
    removal::commit(tx)?;
    crate::catalog::reload(store, catalog)?;
    Ok(())
}
