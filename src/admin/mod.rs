//! Administration that belongs to no single domain: downloading a consistent backup, the
//! accounts locked by failed sign-ins, which the operator can unlock, and deleting or merging a
//! vendor, which every domain that names vendors takes part in (`vendors`); handing the operator
//! role to another account (`handover`).

pub mod handover;
pub mod mail;
pub mod storage;
pub mod vendors;

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;

use crate::accounts::audit::{self, AuditAction};
use crate::accounts::lockout::{self, LockedAccount};
use crate::accounts::{AccountsState, ClientIp, mfa};
use crate::platform::blocking::Blocking;
use crate::platform::caller::AdminUser;
use crate::platform::error::{Result, not_found};
use crate::platform::extract::{Json, Path};
use crate::platform::ids::AccountId;
use crate::platform::store::backup;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// What a vendor's delete or merge needs: the store, the catalog it changes, the bookings (a
/// vendor named by imported bookings is not deleted) and the peer figures (a merge recounts the
/// firms whose stack or shortlist moved).
#[derive(Clone)]
pub struct VendorsState {
    pub store: std::sync::Arc<crate::platform::store::Store>,
    pub catalog: crate::catalog::SharedCatalog,
    pub bookings: crate::bookings::SharedBookings,
    pub peers: crate::peers::Peers,
}

/// The administration routes: each one's path and method are in its handler's
/// `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AccountsState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
    VendorsState: axum::extract::FromRef<S>,
    crate::mail::MailState: axum::extract::FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(mail::get_mail, mail::put_mail, mail::delete_mail))
        .routes(routes!(mail::test_mail))
        .routes(routes!(mail::outbox))
        .routes(routes!(mail::retry_message))
        .routes(routes!(mail::drop_message))
        .routes(routes!(download_backup))
        .routes(routes!(locked_accounts))
        .routes(routes!(unlock_account))
        .routes(routes!(vendors::delete_vendor_route))
        .routes(routes!(vendors::merge_vendors_route))
        .routes(routes!(handover::get_handover, handover::offer_handover))
        .routes(routes!(handover::withdraw_handover))
        .routes(routes!(handover::get_offer_to_me))
        .routes(routes!(handover::accept_offer))
        .routes(routes!(handover::decline_offer))
}

/// The accounts some client may not sign in to now.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct LockedAccounts {
    pub items: Vec<LockedAccount>,
}

/// GET /api/admin/locked-accounts: accounts locked by failed sign-ins, the longest-locked first.
#[utoipa::path(get, path = "/admin/locked-accounts", tag = "admin",
    responses(
        (status = 200, body = LockedAccounts),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperator,
    ))]
async fn locked_accounts(
    State(state): State<AccountsState>,
    _: AdminUser,
) -> Result<Json<LockedAccounts>> {
    let items = state.blocking(lockout::locked_accounts).await?;
    Ok(Json(LockedAccounts { items }))
}

/// POST /api/admin/users/{user_id}/unlock: ends every sign-in lock of the account, from any
/// client, at once.
#[utoipa::path(post, path = "/admin/users/{user_id}/unlock", tag = "admin",
    params(("user_id" = u64, Path, description = "An account id")),
    responses(
        (status = 204, description = "Unlocked (or was not locked)"),
        (status = 400, description = "The id is not a whole number", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such account", body = crate::platform::error::ErrorBody),
    ))]
async fn unlock_account(
    State(state): State<AccountsState>,
    AdminUser(admin): AdminUser,
    Path(user_id): Path<AccountId>,
) -> Result<StatusCode> {
    let user_id = user_id.get();
    if !state
        .blocking(move |app| lockout::unlock(app, user_id))
        .await?
    {
        return Err(not_found(format!("There is no account with id {user_id}")));
    }
    tracing::info!(target: "security", user_id, by = admin.id, "account unlocked");
    Ok(StatusCode::NO_CONTENT)
}

/// The body of `POST /api/admin/backup`.
#[derive(serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BackupRequest {
    /// A current code of the operator's second factor (or a recovery code); asked only of an
    /// operator who has one.
    #[serde(default)]
    pub code: Option<String>,
}

/// POST /api/admin/backup: a backup file made through one read transaction while the server runs.
/// It holds every secret of the install, so it is asked for as a firm's archive is: an operator
/// with a second factor gives a current code (wrong ones counted per account), and an audit entry
/// in the operator's firm records each download.
#[utoipa::path(post, path = "/admin/backup", tag = "admin",
    request_body = BackupRequest,
    responses(
        (status = 200, description = "A redb database file (attachment)",
            content_type = "application/octet-stream", body = Vec<u8>),
        (status = 400, description = "A second-factor code is missing or wrong",
            body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 409, description = "Hub mode: the data is in PostgreSQL, backed up with its own tools",
            body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
        crate::platform::error::TooManyWrongCodes,
    ))]
async fn download_backup(
    State(state): State<AccountsState>,
    AdminUser(admin): AdminUser,
    ClientIp(ip): ClientIp,
    Json(body): Json<serde_json::Map<String, serde_json::Value>>,
) -> Result<impl IntoResponse> {
    // Read as an object first: serde takes `[]` for a struct whose fields all have defaults.
    let body: BackupRequest = serde_json::from_value(serde_json::Value::Object(body))
        .map_err(|e| crate::platform::error::bad_request(format!("Invalid request: {e}")))?;
    if state.store.is_hub() {
        return Err(crate::platform::error::conflict(HUB_BACKUP));
    }
    let bytes = state
        .blocking(move |app| {
            mfa::step_up(app, &admin, &ip, body.code.as_deref())?;
            let dir = tempfile_dir(&app.config.storage.data_dir)?;
            let path = dir.join("backup.redb");
            let rows =
                backup::backup_to(app.store.file()?, &path, &crate::registry::redb_tables())?;
            let bytes = std::fs::read(&path).map_err(anyhow::Error::from)?;
            let _ = std::fs::remove_dir_all(&dir);
            audit::record(
                &app.store,
                admin.firm.id,
                Some(&admin),
                AuditAction::BackupDownloaded,
                format!(
                    "{} downloaded a backup of the whole install ({rows} rows)",
                    admin.name
                ),
            );
            tracing::info!(target: "security", user_id = admin.id, rows, bytes = bytes.len(), "backup downloaded");
            Ok(bytes)
        })
        .await?;
    let name = format!(
        "litstack-backup-{}.redb",
        crate::platform::clock::now().format("%Y%m%d-%H%M%S")
    );
    Ok((
        [
            (header::CONTENT_TYPE, "application/octet-stream".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        bytes,
    ))
}

/// Why a hub node offers no backup file.
pub const HUB_BACKUP: &str = "This server keeps its data in PostgreSQL: back it up with the \
     database's own tools (pg_dump, or your provider's backups and replicas).";

/// A private scratch directory inside the data directory (same disk, same permissions).
fn tempfile_dir(data_dir: &std::path::Path) -> anyhow::Result<std::path::PathBuf> {
    use rand::RngCore;
    let mut id = [0u8; 8];
    rand::rng().fill_bytes(&mut id);
    let dir = data_dir.join(format!(".backup-{}", hex::encode(id)));
    std::fs::create_dir(&dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700))?;
    }
    Ok(dir)
}
