//! /api/firm: the signed-in person's firm, its members and their roles. Everyone in the firm reads;
//! owners and admins change; only an owner makes or unmakes an owner; a firm keeps one owner.

use axum::extract::State;
use axum::http::StatusCode;

use super::model::{
    FirmEnvelope, FirmUpdate, FirmView, MemberEnvelope, MemberView, Members, RoleChange,
};
use crate::accounts::AccountsState;
use crate::accounts::audit::{self, AuditAction};
use crate::accounts::model::parse_law_firm;
use crate::accounts::{self, parse_firm_size};
use crate::platform::blocking::Blocking;
use crate::platform::caller::{FirmMember, FirmRole, User};
use crate::platform::error::{Result, conflict, forbidden, not_found};
use crate::platform::extract::{Json, Path};
use crate::platform::ids::MemberId;

const LAST_OWNER: &str = "A firm needs at least one owner. Make another member an owner first.";
const OWNERS_ONLY: &str = "Only an owner can make someone an owner or change an owner's role.";

pub(super) fn firm_view(app: &AccountsState, user: &User) -> Result<FirmEnvelope> {
    let firm =
        accounts::find_firm(&app.store, user.firm.id.get())?.unwrap_or_else(|| user.firm.clone());
    let onboarding = crate::profile::load_onboarding(&app.store, firm.id)?;
    let mut view = FirmView::of(&firm, onboarding);
    view.mfa_required = accounts::mfa_required::firm_requires(app, firm.id)?;
    view.mfa_required_by_install = app.config.require_mfa;
    if user.firm_role == FirmRole::Owner {
        view.members_without_mfa = Some(accounts::mfa_required::members_without_factor(
            app, firm.id,
        )?);
    }
    Ok(FirmEnvelope { firm: view })
}

/// GET /api/firm: the signed-in person's firm.
#[utoipa::path(get, path = "/firm", tag = "firm",
    responses(
        (status = 200, body = FirmEnvelope),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn get_firm(
    State(state): State<AccountsState>,
    member: FirmMember,
) -> Result<Json<FirmEnvelope>> {
    let user = member.user;
    Ok(Json(
        state.blocking(move |app| firm_view(app, &user)).await?,
    ))
}

/// PATCH /api/firm: the firm's name, size and onboarding answers (owners and admins).
#[utoipa::path(patch, path = "/firm", tag = "firm",
    request_body = FirmUpdate,
    responses(
        (status = 200, body = FirmEnvelope),
        (status = 400, description = "An invalid name, size or answer", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 403, description = "Not an owner or admin of the firm, or a foreign origin", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn update_firm(
    State(state): State<AccountsState>,
    member: FirmMember,
    Json(body): Json<serde_json::Map<String, serde_json::Value>>,
) -> Result<Json<FirmEnvelope>> {
    let body: FirmUpdate = super::object_body(body)?;
    member.role.may_manage()?;
    let name = body.name.as_deref().map(parse_law_firm).transpose()?;
    let size = match body.size {
        Some(raw) => Some(parse_firm_size(raw.as_deref())?),
        None => None,
    };
    // Every field is checked before anything is written.
    let onboarding = body.onboarding.map(|a| a.parse()).transpose()?;
    let user = member.user;
    let answer = state
        .blocking(move |app| {
            let mut firm = accounts::find_firm(&app.store, user.firm.id.get())?
                .ok_or_else(|| not_found("Your firm no longer exists"))?;
            if let Some(answers) = &onboarding {
                crate::profile::save_onboarding(&app.store, firm.id, answers)?;
            }
            if let Some(name) = name {
                firm.name = name;
            }
            if let Some(size) = size {
                firm.size = size;
            }
            accounts::save_firm(app, &firm)?;
            firm_view(app, &user)
        })
        .await?;
    Ok(Json(answer))
}

/// The firm's members: owners, admins, members, viewers, each by name.
fn members_of(app: &AccountsState, me: &User) -> Result<Vec<User>> {
    let mut members = accounts::firm_members(app, me.firm.id)?;
    members.sort_by(|a, b| {
        (a.firm_role, a.name.to_lowercase(), a.id).cmp(&(b.firm_role, b.name.to_lowercase(), b.id))
    });
    Ok(members)
}

/// A member of `me`'s firm; anyone else (another firm's, or no one) is a 404 alike.
pub(super) fn find_member(app: &AccountsState, me: &User, user_id: u64) -> Result<User> {
    app.load_user(user_id)?
        .filter(|u| u.firm.id == me.firm.id)
        .ok_or_else(|| not_found(format!("There is no member with id {user_id} in your firm")))
}

/// GET /api/firm/members: everyone in the firm, with their role.
#[utoipa::path(get, path = "/firm/members", tag = "firm",
    responses(
        (status = 200, body = Members),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn list_members(
    State(state): State<AccountsState>,
    member: FirmMember,
) -> Result<Json<Members>> {
    let me = member.user;
    let my_id = me.id;
    let (members, seen) = state
        .blocking(move |app| {
            let members = members_of(app, &me)?;
            let seen = accounts::last_active(app, &members)?;
            Ok((members, seen))
        })
        .await?;
    Ok(Json(Members {
        items: members
            .iter()
            .map(|m| MemberView::of(m, my_id, seen.get(&m.id).copied()))
            .collect(),
    }))
}

/// PATCH /api/firm/members/{user_id}: changes a member's role.
#[utoipa::path(patch, path = "/firm/members/{user_id}", tag = "firm",
    params(("user_id" = u64, Path, description = "A member's account id")),
    request_body = RoleChange,
    responses(
        (status = 200, body = MemberEnvelope),
        (status = 400, description = "An invalid id or role", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotAllowedForRoleOrForeignOrigin,
        (status = 404, description = "No such member in the firm", body = crate::platform::error::ErrorBody),
        (status = 409, description = "The firm's last owner", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn change_role(
    State(state): State<AccountsState>,
    member: FirmMember,
    Path(user_id): Path<MemberId>,
    Json(body): Json<RoleChange>,
) -> Result<Json<MemberEnvelope>> {
    let user_id = user_id.get();
    let role = FirmRole::parse(&body.role)?;
    member.role.may_manage()?;
    let me = member.user;
    let base = crate::accounts::links::base(&state.config);
    let changed = state
        .blocking(move |app| {
            let mut target = find_member(app, &me, user_id)?;
            let touches_owner = role == FirmRole::Owner || target.firm_role == FirmRole::Owner;
            if touches_owner && me.firm_role != FirmRole::Owner {
                return Err(forbidden(OWNERS_ONLY));
            }
            if target.firm_role == FirmRole::Owner && role != FirmRole::Owner {
                let owners = accounts::firm_members(app, me.firm.id)?
                    .iter()
                    .filter(|u| u.firm_role == FirmRole::Owner)
                    .count();
                if owners <= 1 {
                    return Err(conflict(LAST_OWNER));
                }
            }
            let before = target.firm_role;
            accounts::change_role(app, &mut target, role, &me, base.as_deref())?;
            tracing::info!(target: "security", user_id, by = me.id, role = role.code(), "firm role changed");
            if before != role {
                let (action, detail) = if role == FirmRole::Owner {
                    (
                        AuditAction::OwnerAdded,
                        format!("Made {} an owner (was {})", target.name, before.code()),
                    )
                } else {
                    (
                        AuditAction::RoleChanged,
                        format!(
                            "Changed {}'s role from {} to {}",
                            target.name,
                            before.code(),
                            role.code()
                        ),
                    )
                };
                audit::record(&app.store, me.firm.id, Some(&me), action, detail);
            }
            let seen = accounts::last_active(app, std::slice::from_ref(&target))?;
            Ok(MemberView::of(&target, me.id, seen.get(&target.id).copied()))
        })
        .await?;
    Ok(Json(MemberEnvelope { member: changed }))
}

/// DELETE /api/firm/members/{user_id}: removes a member; their sessions end at once. What they
/// wrote for the firm stays the firm's.
#[utoipa::path(delete, path = "/firm/members/{user_id}", tag = "firm",
    params(("user_id" = u64, Path, description = "A member's account id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 400, description = "An invalid id", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotAllowedForRoleOrForeignOrigin,
        (status = 404, description = "No such member in the firm", body = crate::platform::error::ErrorBody),
        (status = 409, description = "The firm's last owner", body = crate::platform::error::ErrorBody),
    ))]
pub(super) async fn remove_member(
    State(state): State<AccountsState>,
    member: FirmMember,
    Path(user_id): Path<MemberId>,
) -> Result<StatusCode> {
    let user_id = user_id.get();
    member.role.may_manage()?;
    let me = member.user;
    state
        .blocking(move |app| {
            let target = find_member(app, &me, user_id)?;
            if target.firm_role == FirmRole::Owner {
                if me.firm_role != FirmRole::Owner {
                    return Err(forbidden(OWNERS_ONLY));
                }
                let owners = accounts::firm_members(app, me.firm.id)?
                    .iter()
                    .filter(|u| u.firm_role == FirmRole::Owner)
                    .count();
                if owners <= 1 {
                    return Err(conflict(LAST_OWNER));
                }
            }
            accounts::remove_user(app, &target)?;
            tracing::info!(target: "security", user_id, by = me.id, "member removed; sessions ended");
            audit::record(
                &app.store,
                me.firm.id,
                Some(&me),
                AuditAction::MemberRemoved,
                format!("Removed {} ({})", target.name, target.email),
            );
            Ok(())
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
