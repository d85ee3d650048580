//! Publishing this install's catalog as a signed feed (`litstack catalog publish`): the next
//! version, every vendor under its stable id (a new UUID for a vendor published for the first
//! time), and the vendors gone since — merged into another (their name now leads to it) or
//! retired.

use std::collections::HashMap;

use chrono::Days;

use super::payload::{
    FeedCategory, FeedKeys, FeedMerge, FeedVendor, Held, Payload, check_feed_name,
};
use super::signed::{Envelope, PublicKey, SecretKey};
use super::state::{Published, StableId, StableIds};
use super::storage::{self, IDS, PUBLISHED};
use crate::catalog::Catalog;
use crate::catalog::storage::removal;
use crate::platform::error::{Result, bad_request};
use crate::platform::store::Store;

/// What the publisher chooses.
pub struct Publication<'k> {
    pub feed: String,
    /// Days from today to the expiry (1-3650).
    pub expires_in_days: u32,
    pub key: &'k SecretKey,
    /// Further keys installs should trust from this version on (the next key, while rotating).
    pub also_trust: Vec<PublicKey>,
    /// Key ids installs must never trust again.
    pub revoke: Vec<String>,
}

/// Builds the next version of the feed, records its stable ids and version, and signs it.
pub fn publish(store: &Store, p: &Publication) -> Result<(Envelope, Payload)> {
    check_feed_name(&p.feed).map_err(bad_request)?;
    if !(1..=3650).contains(&p.expires_in_days) {
        return Err(bad_request("--expires-in-days must be between 1 and 3650"));
    }
    if p.revoke.contains(&p.key.public().id()) {
        return Err(bad_request(
            "the signing key is among the revoked ones: sign with a key that stays trusted",
        ));
    }
    let catalog = Catalog::load(store)?;
    let mut tx = store.begin()?;
    removal::lock_in(&mut tx)?;
    let mut ids: StableIds = storage::get_in(&mut tx, IDS)?.unwrap_or_default();
    let mut published: Published = storage::get_in(&mut tx, PUBLISHED)?.unwrap_or_default();
    let version = published.0.get(&p.feed).copied().unwrap_or(0) + 1;

    let mut vendors = Vec::with_capacity(catalog.vendors.len());
    for v in &catalog.vendors {
        let stable = ids.0.entry(v.id).or_insert_with(|| StableId {
            id: uuid::Uuid::new_v4().to_string(),
            name: v.name.clone(),
        });
        stable.name = v.name.clone();
        let held = Held {
            vendor: v,
            facts: catalog.facts(v.id),
            booking: catalog.booking_source(v.id),
            category: catalog
                .category(v.category_id)
                .map_or("", |c| c.name.as_str()),
        };
        let mut vendor = FeedVendor::of(&stable.id, &held);
        // A logo copied here is published as the address it was copied from: another install
        // has neither the copy nor this install's vendor ids.
        if let Some(logo) = vendor.logo.as_mut()
            && crate::catalog::logos::is_served(&logo.value)
        {
            match crate::catalog::logos::source_of(store, &logo.value)? {
                Some(source) => logo.value = source,
                None => vendor.logo = None,
            }
        }
        vendors.push(vendor);
    }
    // Vendors published once and gone since: merged where their name leads to a vendor now.
    let present: HashMap<u64, &str> = ids
        .0
        .iter()
        .filter(|(id, _)| catalog.vendor(**id).is_some())
        .map(|(&id, s)| (id, s.id.as_str()))
        .collect();
    let (mut merged, mut retired) = (Vec::new(), Vec::new());
    for (id, stable) in &ids.0 {
        if present.contains_key(id) {
            continue;
        }
        match catalog
            .aliases()
            .get(&stable.name.to_lowercase())
            .and_then(|into| present.get(into))
        {
            Some(into) => merged.push(FeedMerge {
                from: stable.id.clone(),
                into: (*into).to_string(),
            }),
            None => retired.push(stable.id.clone()),
        }
    }
    let today = crate::platform::clock::today();
    let expires = today
        .checked_add_days(Days::new(u64::from(p.expires_in_days)))
        .unwrap_or(today);
    let mut trusted = vec![p.key.public()];
    trusted.extend(p.also_trust.iter().filter(|k| **k != p.key.public()));
    let payload = Payload {
        feed: p.feed.clone(),
        version,
        published_on: today.format("%Y-%m-%d").to_string(),
        expires_on: expires.format("%Y-%m-%d").to_string(),
        keys: FeedKeys {
            trusted,
            revoked: p.revoke.clone(),
        },
        categories: catalog
            .categories
            .iter()
            .map(|c| FeedCategory {
                name: c.name.clone(),
                stage: c.stage,
            })
            .collect(),
        vendors,
        merged,
        retired,
    };
    let text = serde_json::to_string(&payload).map_err(anyhow::Error::from)?;
    // What is signed is checked as a puller will check it, before anything is recorded.
    Payload::parse(&text)
        .map_err(|e| bad_request(format!("this catalog cannot be published: {e}")))?;
    published.0.insert(p.feed.clone(), version);
    storage::put_in(&mut tx, IDS, &ids)?;
    storage::put_in(&mut tx, PUBLISHED, &published)?;
    tx.commit()?;
    Ok((Envelope::sign(text, &[p.key]), payload))
}
