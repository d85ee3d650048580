//! Version 12's step for the notifications, beside the generic one that rewrites the notices as
//! JSON (`V11_NOTICES`): a person's choices, keyed until then by (person, kind code) where the
//! seam's keys are integers, become one row per person, every kind's choice under its code; the
//! unsubscribe secret leaves the settings for a table of its own.

use std::collections::BTreeMap;

use redb::{ReadableTable, TableDefinition, WriteTransaction};

use super::shapes;
use crate::platform::store::registry::has_table;
use crate::platform::store::seam::value;
use crate::platform::store::{NOTICE_PREFS, SETTINGS, UNSUBSCRIBE_SECRET, codec};

/// Until schema 12: (user id, kind code) -> `shapes::NoticePref`.
const V11_NOTICE_PREFS: TableDefinition<(u64, &str), &[u8]> = TableDefinition::new("notice_prefs");
/// Until schema 12, the secret's bytes were this settings row.
const V11_SECRET_KEY: &str = "unsubscribe_secret";
/// The secret's one row in its own table.
const SECRET_ROW: u64 = 1;

pub(super) fn prefs_and_secret_on_the_seam(txn: &WriteTransaction) -> anyhow::Result<()> {
    if has_table(txn, "notice_prefs")? {
        let mut by_person: BTreeMap<u64, BTreeMap<String, shapes::NoticePref>> = BTreeMap::new();
        for entry in txn.open_table(V11_NOTICE_PREFS)?.iter()? {
            let (key, pref) = entry?;
            let (user_id, code) = key.value();
            // A code no kind had was never read: it is left behind.
            if serde_json::from_value::<shapes::NoticeKind>(code.into()).is_ok() {
                by_person
                    .entry(user_id)
                    .or_default()
                    .insert(code.to_string(), codec::decode(pref.value())?);
            }
        }
        txn.delete_table(V11_NOTICE_PREFS)?;
        let mut prefs = txn.open_table(NOTICE_PREFS)?;
        for (user_id, chosen) in &by_person {
            prefs.insert(user_id, value::encode("notice_prefs", chosen)?.as_slice())?;
        }
        if !by_person.is_empty() {
            tracing::info!(
                people = by_person.len(),
                "notice choices gathered by person"
            );
        }
    }
    if has_table(txn, "settings")? {
        let secret = txn
            .open_table(SETTINGS)?
            .remove(V11_SECRET_KEY)?
            .map(|v| v.value().to_vec());
        if let Some(secret) = secret {
            let hex = value::encode("unsubscribe_secret", &hex::encode(secret))?;
            txn.open_table(UNSUBSCRIBE_SECRET)?
                .insert(SECRET_ROW, hex.as_slice())?;
        }
    }
    Ok(())
}
