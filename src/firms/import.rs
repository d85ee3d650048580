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
//!
//! Memory follows the rows written, not the archive: each file is hashed as it is unpacked,
//! never held whole; a loaded table's rows reach its loader one at a time (`arrival::Rows`) and
//! are parsed straight into their domain's types; a table this install leaves out is never
//! parsed. A file that would unpack to more than 100 times its packed size is refused unread.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufReader, Read as _};

use axum::body::Bytes;
use axum::extract::State;
use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::accounts::audit::{self, AuditAction};
use crate::accounts::{AccountsState, Email};
use crate::platform::blocking::Blocking;
use crate::platform::caller::AdminUser;
use crate::platform::error::{ErrorBody, Result, bad_request, conflict};
use crate::platform::extract::Json;
use crate::platform::firm_id::FirmId;
use crate::platform::store::Store;
use crate::platform::store::arrival::{Arrival, Matched, Rows};
use crate::platform::store::postgres::changes::Change;
use crate::platform::store::registry::{Export, Load};

use super::archive::{FORMAT, FORMAT_VERSION};

/// The largest archive taken (the zip as uploaded): it is held in memory while it is read.
pub const MAX_ARCHIVE: usize = 128 << 20;
/// The most one file of the archive may hold, unpacked.
const MAX_FILE: u64 = 64 << 20;
/// The most all files of the archive may hold together, unpacked.
const MAX_UNPACKED: u64 = 1 << 30;
/// The most the manifest and the catalog may hold, each.
const MAX_MANIFEST: u64 = 16 << 20;
/// The most files an archive may hold.
const MAX_FILES: usize = 200;
/// The most a file may unpack to, in times its packed size: JSON that Litstack writes packs to
/// a tenth or a twentieth; far more is a file made to fill memory or time.
const MAX_EXPANSION: u64 = 100;
/// Files up to this size unpacked are not held to `MAX_EXPANSION` (an empty table packs to
/// more than it holds, a few similar rows to little): they cannot fill anything.
const SMALL_FILE: u64 = 1 << 20;

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
    /// People the rows name who had left the firm (`archive::PERSON_FIELDS`).
    #[serde(default)]
    former_members: Vec<u64>,
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
    let Unpacked {
        mut zip,
        listed,
        former,
    } = unpack(bytes)?;
    let catalog: ArchivedCatalog = {
        let file = open(&mut zip, "catalog.json")?;
        serde_json::from_reader(BufReader::new(file))
            .map_err(|e| bad_request(format!("The archive's catalog.json cannot be read: {e}")))?
    };
    let mut arrival = Arrival::new(
        match_vendors(&app.store, &catalog.vendors)?,
        match_categories(&app.store, &catalog.categories)?,
        now,
    );
    drop(catalog);
    arrival.set_former(former);
    if let Some(users) = listed.get("tables/users.json") {
        let file = open(&mut zip, &users.path)?;
        let mut rows = Rows::new(&users.path, users.rows, BufReader::new(file));
        refuse_emails(&app.store, &mut rows)?;
    }

    let mut tx = app.store.begin()?;
    let mut tables = Vec::new();
    let mut left_out = Vec::new();
    let mut known = BTreeSet::new();
    for table in crate::registry::tables() {
        let path = format!("tables/{}.json", table.name);
        known.insert(path.clone());
        let Some(entry) = listed.get(&path) else {
            continue;
        };
        match table.export {
            Export::Rows {
                load: Load::Rows(load),
                ..
            } => {
                let file = open(&mut zip, &path)?;
                let mut rows = Rows::new(&path, entry.rows, BufReader::new(file));
                // A file that is not the list of rows it should be says so, rather than what
                // the loader made of the rows it got.
                let written = match load(&mut tx, &mut arrival, &mut rows) {
                    Ok(written) => written,
                    Err(e) => return Err(rows.error().unwrap_or(e)),
                };
                rows.finish()?;
                tables.push(TableRows {
                    table: table.name.into(),
                    rows: written,
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
    let unknown = listed
        .keys()
        .filter(|p| p.starts_with("tables/") && p.ends_with(".json"));
    for path in unknown.filter(|p| !known.contains(*p)) {
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

/// The archive opened, and the files its manifest lists, each checked as it is unpacked (and not
/// kept): its size, its expansion and its SHA-256. Refuses what is not a zip, a format or schema
/// newer than this install's, and a file missing, unlisted, too large, packed too tightly or not
/// matching the manifest. A table's rows are counted when it is loaded (`Rows::finish`).
fn unpack(bytes: &[u8]) -> Result<Unpacked<'_>> {
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
    let mut listed = BTreeMap::new();
    for file in manifest.files {
        let limit = if file.path == "catalog.json" {
            MAX_MANIFEST
        } else {
            MAX_FILE
        };
        check(&mut zip, &file, limit)?;
        listed.insert(file.path.clone(), file);
    }
    Ok(Unpacked {
        zip,
        listed,
        former: manifest.former_members,
    })
}

/// An archive whose listed files were each checked (`unpack`).
struct Unpacked<'a> {
    zip: Zip<'a>,
    listed: BTreeMap<String, Listed>,
    former: Vec<u64>,
}

type Zip<'a> = zip::ZipArchive<std::io::Cursor<&'a [u8]>>;

/// Unpacks the listed file `listed` without keeping it: refused before a byte is unpacked when
/// it would hold more than `limit` or expand more than `MAX_EXPANSION` times; then its size and
/// SHA-256 are held to the manifest's as it streams through.
fn check(zip: &mut Zip<'_>, listed: &Listed, limit: u64) -> Result<()> {
    let path = &listed.path;
    let file = open(zip, path)?;
    let (size, packed) = (file.size(), file.compressed_size());
    let biggest = size.max(listed.bytes);
    if biggest > limit {
        return Err(bad_request(format!(
            "The archive's {path} unpacks to {} MB, more than the {} MB an import takes of one \
             file: it is refused unread",
            mb(biggest),
            limit >> 20
        )));
    }
    if biggest > SMALL_FILE && biggest > packed.saturating_mul(MAX_EXPANSION) {
        return Err(bad_request(format!(
            "The archive's {path} unpacks to {} times its packed size ({} KB to {} MB), more \
             than the {MAX_EXPANSION} times a firm's data ever does: it is refused unread",
            biggest / packed.max(1),
            packed.div_ceil(1 << 10),
            mb(biggest),
        )));
    }
    let damaged = || {
        bad_request(format!(
            "The archive is damaged or incomplete: {path} does not match its manifest"
        ))
    };
    if size != listed.bytes {
        return Err(damaged());
    }
    let mut hash = Sha256::new();
    let mut seen = 0u64;
    let mut reader = file.take(listed.bytes + 1);
    let mut buf = vec![0u8; 64 << 10];
    loop {
        let n = reader
            .read(&mut buf)
            .map_err(|e| bad_request(format!("The archive's {path} cannot be unpacked: {e}")))?;
        if n == 0 {
            break;
        }
        hash.update(&buf[..n]);
        seen += n as u64;
    }
    if seen != listed.bytes || hex::encode(hash.finalize()) != listed.sha256.to_ascii_lowercase() {
        return Err(damaged());
    }
    Ok(())
}

/// `bytes` in whole megabytes, rounded, for a person.
fn mb(bytes: u64) -> u64 {
    (bytes + (1 << 19)) >> 20
}

/// The file `path` of the zip, to read.
fn open<'z, 'a>(
    zip: &'z mut Zip<'a>,
    path: &str,
) -> Result<zip::read::ZipFile<'z, std::io::Cursor<&'a [u8]>>> {
    zip.by_name(path).map_err(|_| {
        bad_request(format!(
            "The archive is incomplete: it has no {path} (its manifest lists it)"
        ))
    })
}

/// The file `path` of the zip, at most `limit` bytes (one more is refused).
fn read(zip: &mut Zip<'_>, path: &str, limit: u64) -> Result<Vec<u8>> {
    let file = zip.by_name(path).map_err(|_| {
        bad_request(format!(
            "This is not a Litstack firm archive: it has no {path}"
        ))
    })?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| bad_request(format!("The archive's {path} cannot be unpacked: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(bad_request(format!(
            "The archive's {path} is larger than the {} MB an import takes of it",
            limit >> 20
        )));
    }
    Ok(bytes)
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

/// Refuses an email the archive's members (`rows`, tables/users.json) hold twice (400, naming it
/// and both rows), then with a 409 every member whose email already has an account here: an
/// email belongs to one person, and to one firm. Checked again inside the import's transaction
/// (`accounts::storage::arrival`).
fn refuse_emails(store: &Store, rows: &mut Rows<'_>) -> Result<()> {
    #[derive(Deserialize)]
    struct Member {
        email: String,
    }
    let mut first: BTreeMap<String, usize> = BTreeMap::new();
    let mut taken = Vec::new();
    for (i, row) in rows.by_ref().enumerate() {
        let Ok(member) = serde_json::from_slice::<Member>(row.text()) else {
            continue; // The members' loader says what is wrong with the row.
        };
        let Ok(parsed) = Email::parse(&member.email) else {
            continue;
        };
        if let Some(earlier) = first.insert(parsed.key(), i) {
            return Err(bad_request(format!(
                "{} appears twice in the archive (tables/users.json, rows {} and {}): an email \
                 belongs to one person. Give each member their own email in the firm on its \
                 install, then export it again",
                parsed.as_str(),
                earlier + 1,
                i + 1
            )));
        }
        if crate::accounts::storage::find_user_by_email(store, &parsed)?.is_some() {
            taken.push(parsed.as_str().to_string());
        }
    }
    if let Some(e) = rows.error() {
        return Err(e);
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
