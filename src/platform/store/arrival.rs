//! A firm arriving from another install's archive (`litstack firms import`, the operator's import
//! screen): what each domain's loader (`registry::Load::Rows`) needs to write the archive's rows as
//! rows of a new firm. Nothing in an archive is trusted: every row is parsed into its domain's
//! type, and every id in it is the other install's, so each goes through a map to this install's
//! (`user`, `vendor`, `category`) or is given afresh by the loader.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;

use crate::platform::error::{Result, bad_request};
use crate::platform::firm_id::FirmId;

/// Where the ids of people who had left an imported firm count down from (`Arrival::user`).
const FORMER_MEMBERS: u64 = i64::MAX as u64;

/// A vendor or category of the archive's catalog, and what this install's catalog has for it.
#[derive(Debug, Clone)]
pub struct Matched {
    /// Its name in the archive's catalog.
    pub name: String,
    /// This install's id for it; `None` when this catalog has no such entry.
    pub here: Option<u64>,
}

/// The firm being written, and the maps from the archive's ids to this install's.
pub struct Arrival {
    firm: Option<FirmId>,
    /// The archive's member ids to the new accounts' ids.
    users: BTreeMap<u64, u64>,
    vendors: BTreeMap<u64, Matched>,
    categories: BTreeMap<u64, Matched>,
    /// Other ids a later table names (a decision's, say), by the table that gave them.
    ids: BTreeMap<&'static str, BTreeMap<u64, u64>>,
    /// Rows a loader leaves for the end of the import (the earlier maps of ids, say).
    pub stash: BTreeMap<&'static str, Vec<serde_json::Value>>,
    /// When the import runs (Unix seconds).
    pub now: i64,
    /// What the import could not carry over as it was, for the operator's report.
    pub notes: Vec<String>,
}

impl Arrival {
    pub fn new(
        vendors: BTreeMap<u64, Matched>,
        categories: BTreeMap<u64, Matched>,
        now: i64,
    ) -> Arrival {
        Arrival {
            firm: None,
            users: BTreeMap::new(),
            vendors,
            categories,
            ids: BTreeMap::new(),
            stash: BTreeMap::new(),
            now,
            notes: Vec::new(),
        }
    }

    /// The new firm, once the firms table's loader made it.
    pub fn firm(&self) -> Result<FirmId> {
        self.firm
            .ok_or_else(|| bad_request("The archive holds no firm (tables/firms.json is empty)"))
    }

    pub fn set_firm(&mut self, firm: FirmId) {
        self.firm = Some(firm);
    }

    pub fn add_user(&mut self, archived: u64, here: u64) {
        self.users.insert(archived, here);
    }

    /// This install's id for the person `archived` of the archive: a member's new account, or,
    /// for someone who had left the firm (a contract's responsible person, an old scorecard's
    /// author), an id of their own that no account here has or will have (ids count up from 1;
    /// these count down from the largest a PostgreSQL `bigint` holds). Their records keep the
    /// names they were written with, as a former member's do on the install they came from.
    pub fn user(&self, archived: u64) -> Result<u64> {
        Ok(match self.users.get(&archived) {
            Some(&here) => here,
            None => FORMER_MEMBERS - archived.min(FORMER_MEMBERS),
        })
    }

    /// The new accounts' ids, the archive's ids mapped to them.
    pub fn users(&self) -> &BTreeMap<u64, u64> {
        &self.users
    }

    /// The archive's vendors this catalog has, to this install's ids.
    pub fn vendor_map(&self) -> BTreeMap<u64, u64> {
        matched(&self.vendors)
    }

    /// The archive's categories this catalog has, to this install's ids.
    pub fn category_map(&self) -> BTreeMap<u64, u64> {
        matched(&self.categories)
    }

    /// This install's id for the archive's vendor `archived`; a vendor this catalog lacks is a
    /// 400 that names it.
    pub fn vendor(&self, archived: u64) -> Result<u64> {
        found(&self.vendors, archived, "vendor", "Manage Vendors")
    }

    /// This install's id for the archive's category `archived`.
    pub fn category(&self, archived: u64) -> Result<u64> {
        found(&self.categories, archived, "category", "the catalog")
    }

    /// Remembers that the archive's `archived` row of `table` is `here` now.
    pub fn map_id(&mut self, table: &'static str, archived: u64, here: u64) {
        self.ids.entry(table).or_default().insert(archived, here);
    }

    /// Every id of `table` mapped so far, the archive's to this install's.
    pub fn ids(&self, table: &'static str) -> BTreeMap<u64, u64> {
        self.ids.get(table).cloned().unwrap_or_default()
    }

    /// This install's id of the archive's row `archived` of `table`, mapped earlier.
    pub fn id(&self, table: &'static str, archived: u64) -> Result<u64> {
        self.ids
            .get(table)
            .and_then(|ids| ids.get(&archived))
            .copied()
            .ok_or_else(|| {
                bad_request(format!(
                    "The archive names row {archived} of {table}, which it does not hold: the \
                     archive is damaged"
                ))
            })
    }
}

fn matched(entries: &BTreeMap<u64, Matched>) -> BTreeMap<u64, u64> {
    entries
        .iter()
        .filter_map(|(&archived, m)| Some((archived, m.here?)))
        .collect()
}

fn found(matched: &BTreeMap<u64, Matched>, archived: u64, what: &str, where_: &str) -> Result<u64> {
    match matched.get(&archived) {
        Some(Matched {
            here: Some(here), ..
        }) => Ok(*here),
        Some(Matched { name, here: None }) => Err(bad_request(format!(
            "The firm's data names the {what} \"{name}\", which this install's catalog does not \
             have: add it in {where_} (the same name or website), then import again"
        ))),
        None => Err(bad_request(format!(
            "The firm's data names {what} {archived}, which the archive's catalog does not list: \
             the archive is damaged"
        ))),
    }
}

/// Row `index` of the archive's `table`, parsed as its domain's type `T`: a row that is not what
/// Litstack writes is a 400 that says where it is.
pub fn parse<T: DeserializeOwned>(table: &str, index: usize, row: serde_json::Value) -> Result<T> {
    serde_json::from_value(row).map_err(|e| {
        bad_request(format!(
            "The archive's tables/{table}.json, row {}, is not what Litstack writes: {e}",
            index + 1
        ))
    })
}

/// Every row of the archive's `table`, parsed as `T`.
pub fn parse_all<T: DeserializeOwned>(table: &str, rows: Vec<serde_json::Value>) -> Result<Vec<T>> {
    rows.into_iter()
        .enumerate()
        .map(|(i, row)| parse(table, i, row))
        .collect()
}

/// A row stored under keys outside its value (`registry::keyed`): the keys, and the value (under
/// "value" when it was not an object).
pub fn unkeyed<T: DeserializeOwned>(
    table: &str,
    index: usize,
    row: serde_json::Value,
    keys: &[&str],
) -> Result<(Vec<u64>, T)> {
    let serde_json::Value::Object(mut fields) = row else {
        return Err(bad_request(format!(
            "The archive's tables/{table}.json, row {}, is not an object",
            index + 1
        )));
    };
    let mut ids = Vec::new();
    for key in keys {
        let id = fields
            .remove(*key)
            .and_then(|v| v.as_u64())
            .ok_or_else(|| {
                bad_request(format!(
                    "The archive's tables/{table}.json, row {}, has no {key}",
                    index + 1
                ))
            })?;
        ids.push(id);
    }
    let value = match fields.remove("value") {
        Some(value) if fields.is_empty() => value,
        Some(value) => {
            fields.insert("value".into(), value);
            serde_json::Value::Object(fields)
        }
        None => serde_json::Value::Object(fields),
    };
    Ok((ids, parse(table, index, value)?))
}
