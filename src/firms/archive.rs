//! A firm's archive: everything the firm holds on this install, so that it can take its data and
//! leave (`POST /api/firm/export` for its owners, `litstack firms export` for the operator). The
//! tables come from the registry of data (`crate::registry`): every table a firm's rows live in
//! is either read through its domain (`Export::Rows`) or named in the manifest with why it is
//! left out (`Export::Left`); no field the registry marks secret is ever written.
//!
//! The archive is a zip: `manifest.json` (format, schema version, the firm, each file's rows
//! and SHA-256, and the former members its rows name), `README.txt` and `people.csv` and
//! `for-people/*.csv` (for a person: `archive_people`), `catalog.json` (the categories and
//! vendors of this install, which the rows name by this install's ids: another install matches
//! them by name, `firms::import`), and `tables/<table>.json` (one JSON array per table).

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::accounts::audit::{self, AuditAction};
use crate::accounts::{self, AccountsState, ClientIp};
use crate::platform::blocking::Blocking;
use crate::platform::caller::{FirmMember, FirmRole};
use crate::platform::clock::rfc3339;
use crate::platform::download::CsvFile;
use crate::platform::error::{ErrorBody, Result, forbidden, not_found};
use crate::platform::extract::Json;
use crate::platform::firm_id::FirmId;
use crate::platform::store::Store;
use crate::platform::store::registry::{Export, Taker, Taking};

/// What the manifest calls this kind of file.
pub const FORMAT: &str = "litstack-firm-archive";
/// The archive's own layout; an importer refuses a newer one.
/// Format 2 added `catalog.json`, which an import matches vendors and categories by.
pub const FORMAT_VERSION: u32 = 2;

pub const OWNERS_ONLY: &str = "Only an owner of your firm can export all of its data.";

/// A firm's archive, ready to hand over.
pub struct Archive {
    pub bytes: Vec<u8>,
    pub file_name: String,
    /// Files in it (the manifest aside) and the rows of its tables.
    pub files: usize,
    pub rows: usize,
}

/// The archive of firm `firm_id`, taken by `by` at `now` (Unix seconds). A firm that does not
/// exist is a 404.
pub fn build(app: &AccountsState, firm_id: u64, by: Taker, now: i64) -> Result<Archive> {
    let store = &app.store;
    let firm = accounts::find_firm(store, firm_id)?
        .ok_or_else(|| not_found(format!("There is no firm with id {firm_id}")))?;
    let taking = Taking {
        firm: firm.id,
        members: accounts::firm_members(app, firm.id)?
            .iter()
            .map(|u| u.id)
            .collect(),
        by,
        decided_rounds: decided_rounds(store, firm.id)?,
    };
    let mut files: Vec<(String, Vec<u8>, usize)> = Vec::new();
    let mut left = Vec::new();
    let mut members = Vec::new();
    let mut named = std::collections::BTreeSet::new();
    for table in crate::registry::tables().filter(|t| t.is_firm_data()) {
        match table.export {
            Export::Rows { read, .. } => {
                let mut rows = read(store, &taking)?;
                for row in &mut rows {
                    strip(row, table.secrets);
                    people(row, &mut named);
                }
                if table.name == "users" {
                    members = rows.clone();
                }
                let bytes = serde_json::to_vec_pretty(&rows).map_err(anyhow::Error::from)?;
                files.push((format!("tables/{}.json", table.name), bytes, rows.len()));
            }
            Export::Left(why) => left.push(json!({ "table": table.name, "why": why })),
        }
    }
    files.insert(
        0,
        ("people.csv".into(), people_csv(&members)?, members.len()),
    );
    let catalog = crate::catalog::Catalog::load(store)?;
    files.insert(1, catalog_json(&catalog)?);
    let for_people = super::archive_people::files(app, firm.id, &catalog)?;
    files.insert(
        0,
        super::archive_people::readme(&firm.name, now, &for_people),
    );
    files.splice(2..2, for_people);
    // People the rows name who are no longer members (a contract's responsible person who left,
    // say): listed, so that an import tells them from an id that names no one.
    for member in &taking.members {
        named.remove(member);
    }

    let manifest = json!({
        "format": FORMAT,
        "formatVersion": FORMAT_VERSION,
        "schemaVersion": crate::platform::store::SCHEMA_VERSION,
        "litstackVersion": env!("CARGO_PKG_VERSION"),
        "exportedAt": rfc3339(now),
        "takenBy": match by {
            Taker::Operator => "operator",
            Taker::Member { .. } => "owner",
        },
        "firm": { "id": firm.id.get(), "name": firm.name },
        "files": files.iter().map(|(path, bytes, rows)| json!({
            "path": path,
            "rows": rows,
            "bytes": bytes.len(),
            "sha256": hex::encode(Sha256::digest(bytes)),
        })).collect::<Vec<_>>(),
        "leftOut": left,
        "formerMembers": named,
    });
    let manifest = serde_json::to_vec_pretty(&manifest).map_err(anyhow::Error::from)?;
    let rows = files
        .iter()
        .filter(|f| f.0.starts_with("tables/"))
        .map(|f| f.2)
        .sum();
    let count = files.len();
    let bytes = zip(&manifest, &files)?;
    let day = &rfc3339(now)[..10];
    Ok(Archive {
        bytes,
        file_name: format!("litstack-firm-{}-{day}.zip", firm.id.get()),
        files: count,
        rows,
    })
}

/// `litstack firms export FIRM --out FILE`: the operator writes firm `firm_id`'s archive to
/// `out`, which must not exist yet (readable by its owner only), and the firm's audit log says so.
pub fn export_to_file(
    app: &AccountsState,
    firm_id: u64,
    out: &std::path::Path,
) -> anyhow::Result<Archive> {
    use std::io::Write as _;
    let archive = build(
        app,
        firm_id,
        Taker::Operator,
        crate::platform::clock::now_secs(),
    )
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(out)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => {
                anyhow::anyhow!("{} already exists; choose a new file name", out.display())
            }
            _ => anyhow::anyhow!("cannot write {}: {e}", out.display()),
        })?;
    crate::platform::store::restrict_file(out);
    file.write_all(&archive.bytes)?;
    file.sync_all()?;
    let firm = FirmId::from_stored(firm_id);
    audit::record(
        &app.store,
        firm,
        None,
        AuditAction::FirmExported,
        format!(
            "The operator (command line) exported all of the firm's data ({} rows in {} files)",
            archive.rows, archive.files
        ),
    );
    tracing::info!(target: "security", firm_id, rows = archive.rows,
        "a firm's archive was exported from the command line");
    Ok(archive)
}

/// Takes every field named in `secrets` out of `row`, at any depth.
fn strip(row: &mut Value, secrets: &[&str]) {
    match row {
        Value::Object(map) => {
            map.retain(|key, _| !secrets.contains(&key.as_str()));
            for value in map.values_mut() {
                strip(value, secrets);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| strip(v, secrets)),
        _ => {}
    }
}

/// The fields of a row, at any depth, that name a person of the firm by their account's id: what
/// an import maps to its own accounts (`store::arrival::Arrival::user`).
pub const PERSON_FIELDS: &[&str] = &["user_id", "by_user", "set_by", "responsible_user_id"];

/// Adds every person `row` names (`PERSON_FIELDS`) to `named`.
fn people(row: &Value, named: &mut std::collections::BTreeSet<u64>) {
    match row {
        Value::Object(map) => {
            for (key, value) in map {
                match value.as_u64() {
                    Some(id) if PERSON_FIELDS.contains(&key.as_str()) => {
                        named.insert(id);
                    }
                    _ => people(value, named),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| people(v, named)),
        _ => {}
    }
}

/// The members as a spreadsheet opens them: name, email, role, joined.
fn people_csv(members: &[Value]) -> Result<Vec<u8>> {
    let mut csv = CsvFile::default();
    csv.row(["Name", "Email", "Role", "Joined"])?;
    for m in members {
        let joined = m["created_at"].as_i64().map(rfc3339).unwrap_or_default();
        csv.row([
            m["name"].as_str().unwrap_or(""),
            m["email"].as_str().unwrap_or(""),
            m["role"].as_str().unwrap_or(""),
            joined.get(..10).unwrap_or(""),
        ])?;
    }
    Ok(csv.finish())
}

/// `catalog.json`: the categories and vendors by this install's ids, with what another install
/// can know them by (name or label, website).
fn catalog_json(catalog: &crate::catalog::Catalog) -> Result<(String, Vec<u8>, usize)> {
    let categories: Vec<Value> = catalog
        .categories
        .iter()
        .map(|c| json!({ "id": c.id, "name": c.name, "label": c.label }))
        .collect();
    let vendors: Vec<Value> = catalog
        .vendors
        .iter()
        .map(|v| json!({ "id": v.id, "name": v.name, "websiteUrl": v.website_url }))
        .collect();
    let rows = vendors.len();
    let bytes = serde_json::to_vec_pretty(&json!({ "categories": categories, "vendors": vendors }))
        .map_err(anyhow::Error::from)?;
    Ok(("catalog.json".into(), bytes, rows))
}

/// The (category, round) of every round a final decision of the firm holds.
fn decided_rounds(store: &Store, firm: FirmId) -> Result<Vec<(u64, u32)>> {
    let mut categories: Vec<u64> = crate::decisions::storage::list(store, firm)?
        .iter()
        .map(|d| d.terms.category_id)
        .collect();
    categories.sort_unstable();
    categories.dedup();
    let mut out = Vec::new();
    for category in categories {
        let facts = crate::decisions::record::category_decisions(store, firm, category)?;
        out.extend(facts.decided_rounds.into_iter().map(|r| (category, r)));
    }
    Ok(out)
}

fn zip(manifest: &[u8], files: &[(String, Vec<u8>, usize)]) -> Result<Vec<u8>> {
    use std::io::Write as _;
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .unix_permissions(0o600);
    let add = |out: &mut zip::ZipWriter<_>, path: &str, bytes: &[u8]| -> anyhow::Result<()> {
        out.start_file(path, options)?;
        out.write_all(bytes)?;
        Ok(())
    };
    add(&mut out, "manifest.json", manifest)?;
    for (path, bytes, _) in files {
        add(&mut out, path, bytes)?;
    }
    let cursor = out.finish().map_err(anyhow::Error::from)?;
    Ok(cursor.into_inner())
}

/// The body of `POST /api/firm/export`.
#[derive(serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExportRequest {
    /// A current code of the owner's second factor (or a recovery code); asked only of an owner
    /// who has one.
    #[serde(default)]
    pub code: Option<String>,
}

/// POST /api/firm/export: the firm's archive, everything it holds on this install (owners; an
/// owner with a second factor gives a current code). An audit entry records who took it.
#[utoipa::path(post, path = "/firm/export", tag = "firm",
    request_body = ExportRequest,
    responses(
        (status = 200, description = "The firm's archive (a zip: manifest.json, people.csv and \
            tables/<table>.json)", content_type = "application/zip", body = Vec<u8>),
        (status = 400, description = "A second-factor code is missing or wrong", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOwnerOrForeignOrigin,
        crate::platform::error::TooLarge,
        crate::platform::error::TooManyWrongCodes,
    ))]
pub(super) async fn export_firm(
    State(state): State<AccountsState>,
    member: FirmMember,
    ClientIp(ip): ClientIp,
    Json(body): Json<serde_json::Map<String, Value>>,
) -> Result<impl IntoResponse> {
    let body: ExportRequest = super::object_body(body)?;
    let user = member.user;
    if user.firm_role != FirmRole::Owner {
        return Err(forbidden(OWNERS_ONLY));
    }
    let archive = state
        .blocking(move |app| {
            accounts::mfa::step_up(app, &user, &ip, body.code.as_deref())?;
            let now = crate::platform::clock::now_secs();
            let taker = Taker::Member { user_id: user.id };
            let archive = build(app, user.firm.id.get(), taker, now)?;
            audit::record(
                &app.store,
                user.firm.id,
                Some(&user),
                AuditAction::FirmExported,
                format!(
                    "{} exported all of the firm's data ({} rows in {} files)",
                    user.name, archive.rows, archive.files
                ),
            );
            tracing::info!(target: "security", user_id = user.id, firm_id = user.firm.id.get(),
                rows = archive.rows, "a firm's archive was exported");
            Ok(archive)
        })
        .await?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}\"", archive.file_name),
            ),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        archive.bytes,
    ))
}
