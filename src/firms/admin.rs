//! /api/admin/firms: the operator's view of every firm. Verifying a firm makes it evidence for
//! other firms (peer counts, shares, outcomes); disabling it keeps its members from signing in.

use axum::extract::State;
use axum::http::StatusCode;

use super::model::{
    AdminFirm, AdminFirmEnvelope, AdminFirmUpdate, AdminFirms, InstallSettings, ResetLinkView,
};
use crate::accounts::AccountsState;
use crate::accounts::audit::{self, AuditAction};
use crate::accounts::{self, settings};
use crate::platform::blocking::Blocking;
use crate::platform::caller::AdminUser;
use crate::platform::clock::rfc3339;
use crate::platform::error::{Result, conflict, not_found};
use crate::platform::extract::{Json, Path};
use crate::platform::ids::{AccountId, NamedFirmId};

/// GET /api/admin/firms: every firm, with how many members it has.
#[utoipa::path(get, path = "/admin/firms", tag = "admin",
    responses(
        (status = 200, body = AdminFirms),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperator,
    ))]
pub(super) async fn list_firms(
    State(state): State<AccountsState>,
    _: AdminUser,
) -> Result<Json<AdminFirms>> {
    let items = state
        .blocking(|app| {
            let mut members = std::collections::HashMap::<u64, usize>::new();
            for user in accounts::all_users(&app.store)? {
                *members.entry(user.firm.id.get()).or_default() += 1;
            }
            let due: std::collections::HashMap<u64, i64> =
                crate::accounts::storage::deletion::all_due_times(&app.store)?
                    .into_iter()
                    .collect();
            Ok(accounts::all_firms(&app.store)?
                .iter()
                .map(|f| {
                    let id = f.id.get();
                    AdminFirm::of(
                        f,
                        members.get(&id).copied().unwrap_or(0),
                        due.get(&id).copied(),
                    )
                })
                .collect())
        })
        .await?;
    Ok(Json(AdminFirms { items }))
}

/// PATCH /api/admin/firms/{firm_id}: verifies or unverifies, disables or enables a firm. A
/// disabled firm's members are signed out at their next request.
#[utoipa::path(patch, path = "/admin/firms/{firm_id}", tag = "admin",
    params(("firm_id" = u64, Path, description = "A firm id")),
    request_body = AdminFirmUpdate,
    responses(
        (status = 200, body = AdminFirmEnvelope),
        (status = 400, description = "An invalid id or field", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such firm", body = crate::platform::error::ErrorBody),
        (status = 409, description = "The operator's own firm cannot be disabled", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn operator_update_firm(
    State(state): State<AccountsState>,
    AdminUser(admin): AdminUser,
    Path(firm_id): Path<NamedFirmId>,
    Json(body): Json<serde_json::Map<String, serde_json::Value>>,
) -> Result<Json<AdminFirmEnvelope>> {
    let body: AdminFirmUpdate = super::object_body(body)?;
    let firm_id = firm_id.get();
    // Disabling the operator's own firm would sign the operator out and leave nobody able to
    // enable it again.
    if body.disabled == Some(true) && firm_id == admin.firm.id.get() {
        return Err(conflict(
            "You cannot disable your own firm: you would lose access to Litstack, and nobody could enable it again.",
        ));
    }
    let firm = state
        .blocking(move |app| {
            let mut firm = accounts::find_firm(&app.store, firm_id)?
                .ok_or_else(|| not_found(format!("There is no firm with id {firm_id}")))?;
            if let Some(verified) = body.verified {
                firm.verified = verified;
            }
            if let Some(disabled) = body.disabled {
                firm.disabled = disabled;
            }
            accounts::save_firm(app, &firm)?;
            let members = accounts::firm_members(app, firm.id)?.len();
            let due = crate::accounts::storage::deletion::find(&app.store, firm.id)?;
            Ok(AdminFirm::of(&firm, members, due.map(|d| d.due_at)))
        })
        .await?;
    tracing::info!(target: "security", firm_id, by = admin.id, verified = firm.verified, disabled = firm.disabled, "firm changed by the operator");
    Ok(Json(AdminFirmEnvelope { firm }))
}

/// POST /api/admin/users/{user_id}/reset-link: a one-time password-reset link for any account
/// (the operator helping a person whose firm has no one else to ask).
#[utoipa::path(post, path = "/admin/users/{user_id}/reset-link", tag = "admin",
    params(("user_id" = u64, Path, description = "An account id")),
    responses(
        (status = 201, body = ResetLinkView),
        (status = 400, description = "An invalid id", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such account", body = crate::platform::error::ErrorBody),
    ))]
pub(super) async fn operator_reset_link(
    State(state): State<AccountsState>,
    AdminUser(admin): AdminUser,
    Path(user_id): Path<AccountId>,
) -> Result<(StatusCode, Json<ResetLinkView>)> {
    let user_id = user_id.get();
    let base = crate::accounts::links::base(&state.config);
    let view = state
        .blocking(move |app| {
            let target = app
                .load_user(user_id)?
                .ok_or_else(|| not_found(format!("There is no account with id {user_id}")))?;
            let (link, issued) = accounts::issue_reset_link(app, &target, &admin, base.as_deref())?;
            audit::record(
                &app.store,
                target.firm.id,
                Some(&admin),
                AuditAction::ResetLinkIssued,
                format!(
                    "The operator issued a password-reset link for {}",
                    target.name
                ),
            );
            tracing::info!(target: "security", user_id, by = admin.id, "reset link issued by the operator");
            Ok(ResetLinkView {
                link: issued.url,
                emailed: issued.emailed,
                expires_at: rfc3339(link.expires_at),
            })
        })
        .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// GET /api/admin/settings: the install's sign-up mode.
#[utoipa::path(get, path = "/admin/settings", tag = "admin",
    responses(
        (status = 200, body = InstallSettings),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperator,
    ))]
pub(super) async fn get_settings(
    State(state): State<AccountsState>,
    _: AdminUser,
) -> Result<Json<InstallSettings>> {
    let sign_up = state.blocking(settings::sign_up_mode).await?;
    Ok(Json(InstallSettings { sign_up }))
}

/// PUT /api/admin/settings: sets the sign-up mode (`open` or `invite-only`).
#[utoipa::path(put, path = "/admin/settings", tag = "admin",
    request_body = InstallSettings,
    responses(
        (status = 200, body = InstallSettings),
        (status = 400, description = "An unknown mode", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn put_settings(
    State(state): State<AccountsState>,
    AdminUser(admin): AdminUser,
    Json(body): Json<InstallSettings>,
) -> Result<Json<InstallSettings>> {
    let mode = body.sign_up;
    state
        .blocking(move |app| settings::set_sign_up_mode(app, mode))
        .await?;
    tracing::info!(target: "security", by = admin.id, sign_up = mode.code(), "sign-up mode changed");
    Ok(Json(InstallSettings { sign_up: mode }))
}
