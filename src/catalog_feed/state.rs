//! What an install keeps about feeds (in `storage`'s rows): the stable id of each vendor, what it
//! published, and what it follows.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::signed::PublicKey;

/// A vendor's stable id and the name it had when last published or pulled (a vendor deleted or
/// merged here is then published as retired, or as merged into the vendor its name now leads to).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StableId {
    pub id: String,
    pub name: String,
}

/// Every vendor's stable id, by this install's vendor id. Entries of vendors gone from here stay.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct StableIds(pub BTreeMap<u64, StableId>);

impl StableIds {
    pub fn vendor_of(&self, stable: &str) -> Option<u64> {
        self.0
            .iter()
            .find(|(_, s)| s.id.eq_ignore_ascii_case(stable))
            .map(|(&id, _)| id)
    }
}

/// The last version this install published of each feed it publishes.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Published(pub BTreeMap<String, u64>);

/// How often the server pulls the feed by itself.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Schedule {
    /// Only when the operator or the command line pulls.
    #[default]
    Never,
    Daily,
    Weekly,
}

impl Schedule {
    pub fn every_secs(self) -> Option<i64> {
        match self {
            Schedule::Never => None,
            Schedule::Daily => Some(86_400),
            Schedule::Weekly => Some(7 * 86_400),
        }
    }
}

/// The feed version this install applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Applied {
    pub feed: String,
    pub version: u64,
    /// YYYY-MM-DD.
    pub published_on: String,
    /// YYYY-MM-DD.
    pub expires_on: String,
    /// Unix seconds.
    pub applied_at: i64,
}

/// A fact the operator changed here and the feed changed too: both stay until the operator
/// chooses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Conflict {
    /// The vendor's stable id.
    pub stable_id: String,
    pub vendor_id: u64,
    /// The fact's name as the feed names it (`bookingLink`, `hipaaBaa`, …).
    pub fact: String,
    /// This install's value, and the feed's (each as the feed writes a fact; `null`: not stated).
    pub local: Value,
    pub feed: Value,
}

/// The last pull, as the operator sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Attempt {
    /// Unix seconds.
    pub at: i64,
    pub ok: bool,
    pub message: String,
}

/// The feed this install follows.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Subscription {
    /// Where the server pulls from on its schedule: an http(s) address or a file's path.
    pub source: Option<String>,
    /// The publisher's key the operator gave.
    pub public_key: Option<PublicKey>,
    pub schedule: Schedule,
    pub applied: Option<Applied>,
    /// The keys the last applied version trusts for the next (the publisher's rotation).
    pub trusted: Vec<PublicKey>,
    /// Key ids revoked by any version applied: never trusted again.
    pub revoked: Vec<String>,
    /// The facts of each vendor as the feed last gave them, by stable id: what tells a local
    /// edit (a fact that differs from it) from a fact the feed changed.
    pub last_feed: BTreeMap<String, BTreeMap<String, Value>>,
    pub conflicts: Vec<Conflict>,
    pub last_attempt: Option<Attempt>,
}

impl Subscription {
    /// The keys a file may be signed by: those the last version trusts and the operator's.
    pub fn trusted_keys(&self, given: Option<PublicKey>) -> Vec<PublicKey> {
        let mut keys = self.trusted.clone();
        for key in given.into_iter().chain(self.public_key) {
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
        keys
    }
}
