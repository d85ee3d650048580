//! A firm's archive (`firms::archive`) loaded into this install as a new firm: `litstack firms
//! import FILE` and the operator's `POST /api/admin/firms/import`. Nothing in the archive is
//! trusted. The zip and each file are size-capped; the manifest's format, schema and every file's
//! SHA-256 and row count are checked before anything is written; every row is parsed through its
//! domain's type by the loader its table declares (`registry::Load`), with this install's ids:
//! the archive's vendors and categories are matched to this catalog by name (or a merged name,
//! or the website), and an unmatched one a row names refuses the import, naming it. The new firm
//! is unverified, shares no prices, has no single-sign-on domain confirmed; its members have no
//! password (the operator gives each a reset link, or they sign in through single sign-on).
//! Everything is written in one transaction: a refused import leaves nothing behind.

use std::collections::BTreeMap;
use std::io::Read as _;

use axum::body::Bytes;
use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::accounts::audit::{self, AuditAction};
use crate::accounts::{AccountsState, Email};
use crate::platform::blocking::Blocking;
use crate::platform::caller::AdminUser;
use crate::platform::error::{ErrorBody, Result, bad_request, conflict};
use crate::platform::extract::Json;
use crate::platform::firm_id::FirmId;
use crate::platform::store::Store;
use crate::platform::store::arrival::{Arrival, Matched};
use crate::platform::store::postgres::changes::Change;
use crate::platform::store::registry::{Export, Load};

use super::archive::{FORMAT, FORMAT_VERSION};

/// The largest archive taken (the zip as uploaded).
pub const MAX_ARCHIVE: usize = 256 << 20;
/// The most one file of the archive may hold, unpacked.
const MAX_FILE: u64 = 512 << 20;
/// The most all files of the archive may hold together, unpacked.
const MAX_UNPACKED: u64 = 1 << 30;
/// The most the manifest may hold.
const MAX_MANIFEST: u64 = 16 << 20;
/// The most files an archive may hold.
const MAX_FILES: usize = 200;

/// What an import did, for the operator.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportedFirm {
    /// The new firm's id on this install.
    pub firm_id: u64,
    pub name: String,
    /// Its members, each without a password until they use a reset link (or single sign-on).
    pub members: usize,
    /// The members, by role: the operator gives an owner a reset link
    /// (`POST /api/admin/users/{user_id}/reset-link`), and the owner the others theirs.
    pub people: Vec<ImportedPerson>,
    /// Rows written, by table.
    pub tables: Vec<TableRows>,
    /// The archive's tables this install does not take, and why.
    pub left_out: Vec<LeftOut>,
    /// What was carried over differently from the archive, in words.
    pub notes: Vec<String>,
}

#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportedPerson {
    /// Their account's id on this install.
    pub user_id: u64,
    pub name: String,
    pub email: String,
    pub role: crate::platform::caller::FirmRole,
}

#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct TableRows {
    pub table: String,
    pub rows: usize,
}

#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct LeftOut {
    pub table: String,
    pub why: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Manifest {
    format: String,
    format_version: u32,
    schema_version: u64,
    files: Vec<Listed>,
}

#[derive(Deserialize)]
struct Listed {
    path: String,
    rows: usize,
    bytes: u64,
    sha256: String,
}

/// The catalog the archive's rows name (`catalog.json`).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ArchivedCatalog {
    categories: Vec<ArchivedEntry>,
    vendors: Vec<ArchivedEntry>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ArchivedEntry {
    id: u64,
    name: String,
    #[serde(default)]
    website_url: Option<String>,
}

/// Loads the archive `bytes` as a new firm of `app`'s install.
pub fn import(app: &AccountsState, bytes: &[u8], now: i64) -> Result<ImportedFirm> {
    let mut files = unpack(bytes)?;
    let catalog: ArchivedCatalog = take_json(&mut files, "catalog.json")?;
    let mut arrival = Arrival::new(
        match_vendors(&app.store, &catalog.vendors)?,
        match_categories(&app.store, &catalog.categories)?,
        now,
    );
    refuse_taken_emails(&app.store, files.get("tables/users.json"))?;

    let mut tx = app.store.begin()?;
    let mut tables = Vec::new();
    let mut left_out = Vec::new();
    for table in crate::registry::tables() {
        let path = format!("tables/{}.json", table.name);
        let Some(rows) = files.remove(&path) else {
            continue;
        };
        match table.export {
            Export::Rows {
                load: Load::Rows(load),
                ..
            } => {
                let rows = load(&mut tx, &mut arrival, rows)?;
                tables.push(TableRows {
                    table: table.name.into(),
                    rows,
                });
            }
            Export::Rows {
                load: Load::Left(why),
                ..
            }
            | Export::Left(why) => left_out.push(LeftOut {
                table: table.name.into(),
                why: why.into(),
            }),
        }
    }
    for path in files.keys() {
        let table = path.trim_start_matches("tables/").trim_end_matches(".json");
        left_out.push(LeftOut {
            table: table.into(),
            why: "this install has no such table".into(),
        });
    }
    crate::decisions::storage::imported::finish_in(&mut tx, &mut arrival)?;
    let firm = arrival.firm()?;
    let members = arrival.users().len();
    for &user_id in arrival.users().values() {
        tx.record_change(Change::User { user_id });
    }
    tx.record_change(Change::Peers { firm_id: firm });
    tx.commit()?;
    app.firm_changed.tell(firm);

    let name = crate::accounts::find_firm(&app.store, firm.get())?
        .map(|f| f.name)
        .unwrap_or_default();
    let mut people: Vec<ImportedPerson> = crate::accounts::firm_members(app, firm)?
        .into_iter()
        .map(|u| ImportedPerson {
            user_id: u.id,
            name: u.name,
            email: u.email,
            role: u.firm_role,
        })
        .collect();
    people.sort_by(|a, b| (a.role, &a.name).cmp(&(b.role, &b.name)));
    let rows: usize = tables.iter().map(|t| t.rows).sum();
    audit::record(
        &app.store,
        firm,
        None,
        AuditAction::FirmImported,
        format!("The operator imported the firm from an archive ({rows} rows)"),
    );
    tracing::info!(target: "security", firm_id = firm.get(), members, rows,
        "a firm was imported from an archive");
    Ok(ImportedFirm {
        firm_id: firm.get(),
        name,
        members,
        people,
        tables,
        left_out,
        notes: arrival.notes,
    })
}

/// The archive's files, checked against its manifest: JSON arrays by path (`catalog.json` as an
/// array of one object). Refuses what is not a zip, a format or schema newer than this install's,
/// and a file missing, unlisted, too large or not matching its SHA-256 or row count.
fn unpack(bytes: &[u8]) -> Result<BTreeMap<String, Vec<Value>>> {
    if bytes.len() > MAX_ARCHIVE {
        return Err(bad_request(format!(
            "The archive is larger than {} MB, the most an import takes",
            MAX_ARCHIVE >> 20
        )));
    }
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).map_err(|e| {
        bad_request(format!(
            "This is not a Litstack firm archive: it is not a complete zip file ({e})"
        ))
    })?;
    if zip.len() > MAX_FILES {
        return Err(bad_request(format!(
            "The archive holds {} files, more than a firm's archive does",
            zip.len()
        )));
    }
    let manifest = read(&mut zip, "manifest.json", MAX_MANIFEST)?;
    let manifest: Manifest = serde_json::from_slice(&manifest).map_err(|e| {
        bad_request(format!(
            "This is not a Litstack firm archive: its manifest.json cannot be read ({e})"
        ))
    })?;
    if manifest.format != FORMAT {
        return Err(bad_request(
            "This is not a Litstack firm archive: its manifest names another format",
        ));
    }
    if manifest.format_version > FORMAT_VERSION
        || manifest.schema_version > crate::platform::store::SCHEMA_VERSION
    {
        return Err(bad_request(
            "The archive was written by a newer Litstack than this install: update this install, \
             then import it",
        ));
    }
    if manifest.format_version < FORMAT_VERSION {
        return Err(bad_request(format!(
            "The archive is of format {}, which lacks the catalog its rows name: export the firm \
             again with this version of Litstack",
            manifest.format_version
        )));
    }
    let total = (manifest.files.iter()).fold(0u64, |sum, f| sum.saturating_add(f.bytes));
    if total > MAX_UNPACKED {
        return Err(bad_request(format!(
            "The archive unpacks to more than {} GB, the most an import takes",
            MAX_UNPACKED >> 30
        )));
    }
    let mut files = BTreeMap::new();
    for listed in &manifest.files {
        let bytes = read(&mut zip, &listed.path, listed.bytes.min(MAX_FILE))?;
        let damaged = || {
            bad_request(format!(
                "The archive is damaged or incomplete: {} does not match its manifest",
                listed.path
            ))
        };
        if bytes.len() as u64 != listed.bytes
            || hex::encode(Sha256::digest(&bytes)) != listed.sha256.to_ascii_lowercase()
        {
            return Err(damaged());
        }
        if !listed.path.ends_with(".json") {
            continue;
        }
        let rows = match serde_json::from_slice::<Value>(&bytes).map_err(|_| damaged())? {
            Value::Array(rows) => rows,
            object @ Value::Object(_) => vec![object],
            _ => return Err(damaged()),
        };
        if listed.path.starts_with("tables/") && rows.len() != listed.rows {
            return Err(damaged());
        }
        files.insert(listed.path.clone(), rows);
    }
    for name in zip.file_names() {
        let name = name.map_err(|e| {
            bad_request(format!("The archive's list of files cannot be read ({e})"))
        })?;
        if name != "manifest.json" && !manifest.files.iter().any(|f| f.path == name) {
            return Err(bad_request(format!(
                "The archive holds {name}, which its manifest does not list: it is not as \
                 Litstack wrote it"
            )));
        }
    }
    Ok(files)
}

/// The file `path` of the zip, at most `limit` bytes (one more is refused).
fn read<R: std::io::Read + std::io::Seek>(
    zip: &mut zip::ZipArchive<R>,
    path: &str,
    limit: u64,
) -> Result<Vec<u8>> {
    let file = zip.by_name(path).map_err(|_| {
        bad_request(format!(
            "The archive is incomplete: it has no {path} (its manifest lists it)"
        ))
    })?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| bad_request(format!("The archive's {path} cannot be unpacked: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(bad_request(format!(
            "The archive is damaged or incomplete: {path} does not match its manifest (it is \
             larger than the manifest says, or than an import takes)"
        )));
    }
    Ok(bytes)
}

fn take_json<T: serde::de::DeserializeOwned>(
    files: &mut BTreeMap<String, Vec<Value>>,
    path: &str,
) -> Result<T> {
    let value = files
        .remove(path)
        .and_then(|mut rows| rows.pop())
        .ok_or_else(|| bad_request(format!("The archive is incomplete: it has no {path}")))?;
    serde_json::from_value(value)
        .map_err(|e| bad_request(format!("The archive's {path} cannot be read: {e}")))
}

/// The archive's vendors matched to this catalog's: by name (ignoring case), by a name merged
/// into a vendor here, then by the website's host.
fn match_vendors(store: &Store, archived: &[ArchivedEntry]) -> Result<BTreeMap<u64, Matched>> {
    let catalog = crate::catalog::storage::load_catalog(store)?;
    let by_name: BTreeMap<String, u64> = catalog
        .vendors
        .iter()
        .map(|v| (v.name.trim().to_lowercase(), v.id))
        .collect();
    let by_host: BTreeMap<String, u64> = catalog
        .vendors
        .iter()
        .filter_map(|v| Some((host(v.website_url.as_deref()?)?, v.id)))
        .collect();
    Ok(archived
        .iter()
        .map(|entry| {
            let name = entry.name.trim().to_lowercase();
            let here = by_name
                .get(&name)
                .or_else(|| catalog.aliases.get(&name))
                .or_else(|| by_host.get(&host(entry.website_url.as_deref()?)?))
                .copied();
            (
                entry.id,
                Matched {
                    name: entry.name.clone(),
                    here,
                },
            )
        })
        .collect())
}

fn match_categories(store: &Store, archived: &[ArchivedEntry]) -> Result<BTreeMap<u64, Matched>> {
    let catalog = crate::catalog::storage::load_catalog(store)?;
    Ok(archived
        .iter()
        .map(|entry| {
            let here = catalog
                .categories
                .iter()
                .find(|c| c.is_named(&entry.name))
                .map(|c| c.id);
            (
                entry.id,
                Matched {
                    name: entry.name.clone(),
                    here,
                },
            )
        })
        .collect())
}

/// A website's host without "www.", lower-cased.
fn host(url: &str) -> Option<String> {
    let host = url::Url::parse(url).ok()?.host_str()?.to_ascii_lowercase();
    Some(host.trim_start_matches("www.").to_string())
}

/// A 409 naming every member whose email already has an account here: an email belongs to one
/// firm. Checked again inside the import's transaction (`accounts::storage::arrival`).
fn refuse_taken_emails(store: &Store, members: Option<&Vec<Value>>) -> Result<()> {
    let mut taken = Vec::new();
    for member in members.into_iter().flatten() {
        let Some(email) = member["email"].as_str() else {
            continue;
        };
        let Ok(parsed) = Email::parse(email) else {
            continue; // The members' loader says what is wrong with it.
        };
        if crate::accounts::storage::find_user_by_email(store, &parsed)?.is_some() {
            taken.push(email.to_string());
        }
    }
    if taken.is_empty() {
        return Ok(());
    }
    Err(conflict(format!(
        "These people already have an account on this install, and an email belongs to one \
         firm: {}. Remove those accounts here, or change the emails in the firm and export it \
         again",
        taken.join(", ")
    )))
}

/// `litstack firms import FILE`: loads the archive at `path` as a new firm.
pub fn import_file(app: &AccountsState, path: &std::path::Path) -> anyhow::Result<ImportedFirm> {
    let meta = std::fs::metadata(path)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    if meta.len() > MAX_ARCHIVE as u64 {
        anyhow::bail!(
            "{} is larger than {} MB, the most an import takes",
            path.display(),
            MAX_ARCHIVE >> 20
        );
    }
    let bytes =
        std::fs::read(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    import(app, &bytes, crate::platform::clock::now_secs()).map_err(|e| anyhow::anyhow!("{e}"))
}

/// POST /api/admin/firms/import: the operator loads a firm's archive (the zip as the body) as a
/// new firm of this install. Refused with what to do when the archive is damaged, newer than this
/// install, names a vendor this catalog lacks, or holds an email with an account here.
#[utoipa::path(post, path = "/admin/firms/import", tag = "admin",
    request_body(content = Vec<u8>, content_type = "application/zip",
        description = "A firm's archive, as `litstack firms export` or the Firm page wrote it"),
    responses(
        (status = 201, description = "The firm, made from the archive", body = ImportedFirm),
        (status = 400, description = "Not a firm archive, damaged, newer than this install, or \
            naming a vendor or category this catalog lacks", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 409, description = "A member's email has an account on this install",
            body = ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn import_route(
    State(state): State<AccountsState>,
    admin: AdminUser,
    body: Bytes,
) -> Result<(axum::http::StatusCode, Json<ImportedFirm>)> {
    let by = admin.0.id;
    let imported = state
        .blocking(move |app| import(app, &body, crate::platform::clock::now_secs()))
        .await?;
    tracing::info!(target: "security", by, firm_id = imported.firm_id,
        "the operator imported a firm");
    Ok((axum::http::StatusCode::CREATED, Json(imported)))
}

/// The new firm's id, for a test that imported through `import`.
impl ImportedFirm {
    pub fn firm(&self) -> FirmId {
        FirmId::from_stored(self.firm_id)
    }
}
