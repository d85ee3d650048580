//! What a signed catalog says: its name, version, days and keys, and the catalog itself —
//! categories, vendors with every fact and where it came from, merges and retirements. Vendors
//! are named by a publisher-assigned UUID, never by an install's own sequence number. No person
//! is named: a fact the publisher's administrator entered reads "publisher".

use std::collections::{BTreeMap, HashSet};

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::signed::PublicKey;
use crate::catalog::facts::{Provenance, RowFact, Soc2, Sso, Stated, VendorFacts};
use crate::catalog::vendor_checks::{self, NAME_MAX};
use crate::catalog::{BookingSource, Vendor};
use crate::platform::firm_size::FirmSize;
use crate::platform::upload::truncate;

/// Where a fact came from, as a feed carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum FeedProvenance {
    Page {
        url: String,
        checked_on: String,
    },
    /// Entered by the publishing install's administrator (who is not named).
    Publisher {
        on: String,
    },
    Estimate,
    /// Supplied by the vendor, approved by the publishing install's operator (neither named).
    Vendor {
        vendor: String,
        on: String,
    },
}

impl FeedProvenance {
    fn of(p: &Provenance) -> FeedProvenance {
        match p {
            Provenance::Page { url, checked_on } => FeedProvenance::Page {
                url: url.clone(),
                checked_on: checked_on.clone(),
            },
            Provenance::Administrator { on, .. } | Provenance::Publisher { on, .. } => {
                FeedProvenance::Publisher { on: on.clone() }
            }
            Provenance::Estimate => FeedProvenance::Estimate,
            // The evidence an operator saw stays with the install that saw it.
            Provenance::Vendor { vendor, on, .. }
            | Provenance::VendorAttested { vendor, on, .. } => FeedProvenance::Vendor {
                vendor: vendor.clone(),
                on: on.clone(),
            },
        }
    }

    /// As stored here, for the feed named `feed`.
    pub fn stored(&self, feed: &str) -> Provenance {
        match self {
            FeedProvenance::Page { url, checked_on } => Provenance::Page {
                url: url.clone(),
                checked_on: checked_on.clone(),
            },
            FeedProvenance::Publisher { on } => Provenance::Publisher {
                feed: feed.to_string(),
                on: on.clone(),
            },
            FeedProvenance::Estimate => Provenance::Estimate,
            FeedProvenance::Vendor { vendor, on } => Provenance::Vendor {
                vendor: vendor.clone(),
                account_id: None,
                approved_by: None,
                on: on.clone(),
            },
        }
    }
}

/// A fact and where it came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fact<T> {
    pub value: T,
    pub provenance: FeedProvenance,
}

/// One vendor of the feed. Every field but `id` is a fact the apply compares one by one
/// (`facts`); an absent one is "Not stated".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FeedVendor {
    /// The publisher's UUID for this vendor.
    pub id: String,
    pub name: String,
    pub category: String,
    pub active: bool,
    #[serde(default)]
    pub firm_sizes: Vec<FirmSize>,
    #[serde(default)]
    pub practice_areas: Vec<String>,
    #[serde(default)]
    pub geo_focus: Option<String>,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub website: Option<Fact<String>>,
    #[serde(default)]
    pub booking_link: Option<Fact<String>>,
    #[serde(default)]
    pub logo: Option<Fact<String>>,
    #[serde(default)]
    pub description: Option<Fact<String>>,
    #[serde(default)]
    pub highlights: Option<Fact<Vec<String>>>,
    #[serde(default)]
    pub integrations: Option<Fact<Vec<String>>>,
    #[serde(default)]
    pub price: Option<Fact<u8>>,
    #[serde(default)]
    pub stated_price: Option<Fact<String>>,
    #[serde(default)]
    pub pricing_model: Option<Fact<String>>,
    #[serde(default)]
    pub soc2: Option<Fact<Soc2>>,
    #[serde(default)]
    pub iso27001: Option<Fact<bool>>,
    #[serde(default)]
    pub hipaa_baa: Option<Fact<bool>>,
    #[serde(default)]
    pub sso: Option<Fact<Sso>>,
    #[serde(default)]
    pub mfa: Option<Fact<bool>>,
    #[serde(default)]
    pub data_location: Option<Fact<String>>,
    #[serde(default)]
    pub ai_training: Option<Fact<bool>>,
    #[serde(default)]
    pub data_export: Option<Fact<bool>>,
    #[serde(default)]
    pub trust_page: Option<Fact<String>>,
}

/// A vendor as this install holds it: the row, its facts and its booking link's source.
pub struct Held<'a> {
    pub vendor: &'a Vendor,
    pub facts: Option<&'a VendorFacts>,
    pub booking: Option<&'a BookingSource>,
    pub category: &'a str,
}

fn fact<T: Clone>(value: Option<&T>, provenance: FeedProvenance) -> Option<Fact<T>> {
    value.map(|value| Fact {
        value: value.clone(),
        provenance,
    })
}

fn nonempty(s: &String) -> Option<&String> {
    (!s.is_empty()).then_some(s)
}

fn nonempty_list(l: &Vec<String>) -> Option<&Vec<String>> {
    (!l.is_empty()).then_some(l)
}

fn stated<T: Clone>(s: Option<&Stated<T>>) -> Option<Fact<T>> {
    s.map(|s| Fact {
        value: s.value.clone(),
        provenance: FeedProvenance::of(&s.provenance),
    })
}

impl FeedVendor {
    /// The vendor `held` as a feed carries it, under the stable id `id`.
    pub fn of(id: &str, held: &Held) -> FeedVendor {
        let v = held.vendor;
        let row = |fact: RowFact| -> FeedProvenance {
            held.facts
                .and_then(|f| f.row.get(&fact))
                .map_or(FeedProvenance::Estimate, FeedProvenance::of)
        };
        let booking = held
            .facts
            .and_then(|f| f.row.get(&RowFact::BookingLink))
            .map(FeedProvenance::of)
            .or_else(|| {
                held.booking.map(|b| match b {
                    BookingSource::Checked {
                        source_url,
                        verified_on,
                    } => FeedProvenance::Page {
                        url: source_url.clone(),
                        checked_on: verified_on.clone(),
                    },
                    BookingSource::Imported(by) => FeedProvenance::Publisher { on: by.on.clone() },
                })
            })
            .unwrap_or(FeedProvenance::Estimate);
        let sec = held.facts.map(|f| &f.security);
        FeedVendor {
            id: id.to_string(),
            name: v.name.clone(),
            category: held.category.to_string(),
            active: v.is_active,
            firm_sizes: v.firm_sizes_supported.clone(),
            practice_areas: v.practice_areas_supported.clone(),
            geo_focus: v.geo_focus.clone(),
            tags: v.tags.clone(),
            website: fact(v.website_url.as_ref(), row(RowFact::Website)),
            booking_link: fact(v.booking_url.as_ref(), booking),
            logo: fact(v.logo_url.as_ref(), row(RowFact::Logo)),
            description: fact(nonempty(&v.description), row(RowFact::Description)),
            highlights: fact(nonempty_list(&v.short_highlights), row(RowFact::Highlights)),
            integrations: fact(nonempty_list(&v.integrations), row(RowFact::Integrations)),
            price: fact(v.price_bracket.as_ref(), row(RowFact::Price)),
            stated_price: stated(held.facts.and_then(|f| f.stated_price.as_ref())),
            pricing_model: stated(held.facts.and_then(|f| f.pricing_model.as_ref())),
            soc2: stated(sec.and_then(|s| s.soc2.as_ref())),
            iso27001: stated(sec.and_then(|s| s.iso27001.as_ref())),
            hipaa_baa: stated(sec.and_then(|s| s.hipaa_baa.as_ref())),
            sso: stated(sec.and_then(|s| s.sso.as_ref())),
            mfa: stated(sec.and_then(|s| s.mfa.as_ref())),
            data_location: stated(sec.and_then(|s| s.data_location.as_ref())),
            ai_training: stated(sec.and_then(|s| s.ai_training.as_ref())),
            data_export: stated(sec.and_then(|s| s.data_export.as_ref())),
            trust_page: stated(sec.and_then(|s| s.trust_page.as_ref())),
        }
    }

    /// Every fact by its name (the JSON field's), `null` when not stated.
    pub fn facts(&self) -> BTreeMap<String, Value> {
        let Value::Object(mut map) = serde_json::to_value(self).expect("a vendor is plain JSON")
        else {
            unreachable!("a struct serializes to an object")
        };
        map.remove("id");
        map.into_iter().collect()
    }

    /// The vendor whose facts are `facts` (as `facts()` gives them), under `id`.
    pub fn from_facts(id: &str, facts: BTreeMap<String, Value>) -> Result<FeedVendor, String> {
        let mut map: serde_json::Map<String, Value> = facts.into_iter().collect();
        map.insert("id".into(), Value::String(id.to_string()));
        serde_json::from_value(Value::Object(map)).map_err(|e| e.to_string())
    }

    /// Writes this vendor's facts into `vendor` (its id, partner fields and review flag are this
    /// install's and stay) and into `facts`, crediting each to its provenance under `feed`.
    pub fn write_into(
        &self,
        feed: &str,
        category_id: u64,
        vendor: &mut Vendor,
        facts: &mut VendorFacts,
    ) {
        let value = |f: &Option<Fact<String>>| f.as_ref().map(|f| f.value.clone());
        vendor.name = self.name.clone();
        vendor.category_id = category_id;
        vendor.is_active = self.active;
        vendor.firm_sizes_supported = self.firm_sizes.clone();
        vendor.practice_areas_supported = self.practice_areas.clone();
        vendor.geo_focus = self.geo_focus.clone();
        vendor.tags = self.tags.clone();
        vendor.website_url = value(&self.website);
        vendor.booking_url = value(&self.booking_link);
        vendor.logo_url = value(&self.logo);
        vendor.description = value(&self.description).unwrap_or_default();
        vendor.short_highlights = self
            .highlights
            .as_ref()
            .map(|f| f.value.clone())
            .unwrap_or_default();
        vendor.integrations = self
            .integrations
            .as_ref()
            .map(|f| f.value.clone())
            .unwrap_or_default();
        vendor.price_bracket = self.price.as_ref().map(|f| f.value);
        let mut row = BTreeMap::new();
        for (name, provenance) in [
            (
                RowFact::Website,
                self.website.as_ref().map(|f| &f.provenance),
            ),
            (
                RowFact::BookingLink,
                self.booking_link.as_ref().map(|f| &f.provenance),
            ),
            (RowFact::Logo, self.logo.as_ref().map(|f| &f.provenance)),
            (
                RowFact::Description,
                self.description.as_ref().map(|f| &f.provenance),
            ),
            (
                RowFact::Highlights,
                self.highlights.as_ref().map(|f| &f.provenance),
            ),
            (
                RowFact::Integrations,
                self.integrations.as_ref().map(|f| &f.provenance),
            ),
            (RowFact::Price, self.price.as_ref().map(|f| &f.provenance)),
        ] {
            // An estimate has no entry (the view reads a missing one as Litstack's estimate), but
            // the booking link's: it overrides where an imported link was checked.
            if let Some(p) = provenance
                .filter(|p| **p != FeedProvenance::Estimate || name == RowFact::BookingLink)
            {
                row.insert(name, p.stored(feed));
            }
        }
        facts.row = row;
        fn keep_as<T: Clone>(feed: &str, f: &Option<Fact<T>>) -> Option<Stated<T>> {
            f.as_ref().map(|f| Stated {
                value: f.value.clone(),
                provenance: f.provenance.stored(feed),
            })
        }
        facts.stated_price = keep_as(feed, &self.stated_price);
        facts.pricing_model = keep_as(feed, &self.pricing_model);
        let s = &mut facts.security;
        s.soc2 = keep_as(feed, &self.soc2);
        s.iso27001 = keep_as(feed, &self.iso27001);
        s.hipaa_baa = keep_as(feed, &self.hipaa_baa);
        s.sso = keep_as(feed, &self.sso);
        s.mfa = keep_as(feed, &self.mfa);
        s.data_location = keep_as(feed, &self.data_location);
        s.ai_training = keep_as(feed, &self.ai_training);
        s.data_export = keep_as(feed, &self.data_export);
        s.trust_page = keep_as(feed, &self.trust_page);
    }

    /// The vendor's links checked as every writer's are (`vendor_checks::link`: http(s), no user
    /// before the host, a public host): the facts that fail are left out, each with the reason. A
    /// source page that fails drops its fact too: a fact is never shown with a source no one can
    /// open.
    pub fn check_links(&mut self) -> Vec<String> {
        let mut dropped = Vec::new();
        let name = self.name.clone();
        let mut check = |label: &str, f: &mut Option<Fact<String>>, is_link: bool| {
            let Some(fact) = f.as_ref() else { return };
            let mut bad = None;
            if is_link && let Err(e) = vendor_checks::link(&fact.value) {
                bad = Some(e);
            }
            if let FeedProvenance::Page { url, .. } = &fact.provenance
                && let Err(e) = vendor_checks::link(url)
            {
                bad = Some(format!("its source {e}"));
            }
            if let Some(e) = bad {
                dropped.push(format!("{name}: {label} left out, {e}"));
                *f = None;
            }
        };
        check("website", &mut self.website, true);
        check("booking link", &mut self.booking_link, true);
        check("logo", &mut self.logo, true);
        check("trust page", &mut self.trust_page, true);
        check("description", &mut self.description, false);
        check("stated price", &mut self.stated_price, false);
        dropped
    }
}

/// A category as the feed names it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FeedCategory {
    pub name: String,
    pub stage: Option<u8>,
}

/// A vendor the publisher merged into another: `from` is gone, `into` kept.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FeedMerge {
    pub from: String,
    pub into: String,
}

/// The keys the publisher signs with: `trusted` for this and later versions (the current key and,
/// while it rotates, the next), `revoked` (key ids) never again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FeedKeys {
    pub trusted: Vec<PublicKey>,
    #[serde(default)]
    pub revoked: Vec<String>,
}

/// The signed payload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Payload {
    pub feed: String,
    pub version: u64,
    /// YYYY-MM-DD.
    pub published_on: String,
    /// YYYY-MM-DD: after it the feed is stale (still applied, shown as stale).
    pub expires_on: String,
    pub keys: FeedKeys,
    pub categories: Vec<FeedCategory>,
    pub vendors: Vec<FeedVendor>,
    #[serde(default)]
    pub merged: Vec<FeedMerge>,
    /// Vendors the publisher no longer lists: inactive here, never deleted.
    #[serde(default)]
    pub retired: Vec<String>,
}

/// A feed's name: what `--feed` takes and the payload carries.
pub fn check_feed_name(name: &str) -> Result<(), String> {
    let ok = !name.is_empty()
        && name.len() <= 60
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_'));
    if ok {
        Ok(())
    } else {
        Err(format!(
            "a feed's name is 1-60 letters, digits, dots, hyphens or underscores, not \"{}\"",
            truncate(name, 60)
        ))
    }
}

pub fn parse_day(raw: &str, what: &str) -> Result<NaiveDate, String> {
    NaiveDate::parse_from_str(raw, "%Y-%m-%d").map_err(|_| {
        format!(
            "its {what} \"{}\" is not a YYYY-MM-DD day",
            truncate(raw, 20)
        )
    })
}

impl Payload {
    /// Reads a verified payload and checks what a signature cannot: a name, days, UUIDs, no id
    /// or name twice, merges and retirements that name vendors the feed does not list.
    pub fn parse(text: &str) -> Result<Payload, String> {
        let payload: Payload = serde_json::from_str(text)
            .map_err(|e| format!("its catalog cannot be read ({e}). Nothing was applied."))?;
        let refuse = |why: String| Err(format!("the feed {why}. Nothing was applied."));
        if let Err(e) = check_feed_name(&payload.feed) {
            return refuse(format!("is misnamed: {e}"));
        }
        if payload.version == 0 {
            return refuse("has version 0; versions start at 1".into());
        }
        let published = parse_day(&payload.published_on, "publication day");
        let expires = parse_day(&payload.expires_on, "expiry");
        match (published, expires) {
            (Err(e), _) | (_, Err(e)) => return refuse(e),
            (Ok(p), Ok(e)) if e < p => return refuse("expires before it was published".into()),
            _ => {}
        }
        if payload.keys.trusted.is_empty() {
            return refuse("names no key to trust for its next version".into());
        }
        let mut ids = HashSet::new();
        let mut names = HashSet::new();
        for v in &payload.vendors {
            if uuid::Uuid::parse_str(&v.id).is_err() {
                return refuse(format!(
                    "names vendor \"{}\" by \"{}\", which is not a UUID",
                    truncate(&v.name, 60),
                    truncate(&v.id, 40)
                ));
            }
            if !ids.insert(v.id.to_ascii_lowercase()) {
                return refuse(format!("lists the id {} twice", v.id));
            }
            if v.name.trim().is_empty() || v.name.chars().count() > NAME_MAX {
                return refuse(format!(
                    "has a vendor named \"{}\": a name is 1-{NAME_MAX} characters",
                    truncate(&v.name, 60)
                ));
            }
            if !names.insert(v.name.to_lowercase()) {
                return refuse(format!(
                    "lists the vendor name \"{}\" twice",
                    truncate(&v.name, 60)
                ));
            }
            if v.price
                .as_ref()
                .is_some_and(|p| !(1..=4).contains(&p.value))
            {
                return refuse(format!(
                    "gives {} a price bracket outside 1-4",
                    truncate(&v.name, 60)
                ));
            }
        }
        for m in &payload.merged {
            if !ids.contains(&m.into.to_ascii_lowercase())
                || ids.contains(&m.from.to_ascii_lowercase())
            {
                return refuse(format!(
                    "merges {} into {}, which it does not list as kept",
                    m.from, m.into
                ));
            }
        }
        if let Some(r) = payload
            .retired
            .iter()
            .find(|r| ids.contains(&r.to_ascii_lowercase()))
        {
            return refuse(format!("both lists and retires {r}"));
        }
        Ok(payload)
    }

    pub fn expires(&self) -> NaiveDate {
        parse_day(&self.expires_on, "expiry").unwrap_or(NaiveDate::MIN)
    }
}

/// Whether two facts say the same thing, whatever their provenance.
pub fn same_value(a: Option<&Value>, b: Option<&Value>) -> bool {
    let value = |v: Option<&Value>| -> Value {
        match v {
            Some(Value::Object(o)) if o.contains_key("provenance") => {
                o.get("value").cloned().unwrap_or(Value::Null)
            }
            Some(v) => v.clone(),
            None => Value::Null,
        }
    };
    value(a) == value(b)
}
