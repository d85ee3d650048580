//! /api/firm/invitations and /api/firm/members/{id}/reset-link: the one-time links owners and
//! admins hand to people. A link is answered once, in full, so it can be copied; only its token's
//! hash is kept (`accounts::links`).

use axum::extract::State;
use axum::http::StatusCode;

use super::model::{InvitationCreated, InvitationView, Invitations, NewInvitation, ResetLinkView};
use crate::accounts::AccountsState;
use crate::accounts::audit::{self, AuditAction};
use crate::accounts::links;
use crate::accounts::lockout::{self, NamesAddress};
use crate::accounts::{self, Email};
use crate::platform::blocking::Blocking;
use crate::platform::caller::{FirmMember, FirmRole};
use crate::platform::clock::now_secs;
use crate::platform::clock::rfc3339;
use crate::platform::error::{Result, forbidden, not_found};
use crate::platform::extract::{Json, Path};
use crate::platform::ids::{InvitationId, MemberId};

const OWNERS_INVITE_OWNERS: &str = "Only an owner can invite someone as an owner.";

/// POST /api/firm/invitations: invites a person by email with a role (owners and admins).
#[utoipa::path(post, path = "/firm/invitations", tag = "firm",
    request_body = NewInvitation,
    responses(
        (status = 201, body = InvitationCreated),
        (status = 400, description = "An invalid email or role", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOwnerOrAdminOrForeignOrigin,
        (status = 409, description = "The email already has an account", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn create_invitation(
    State(state): State<AccountsState>,
    member: FirmMember,
    Json(body): Json<NewInvitation>,
) -> Result<(StatusCode, Json<InvitationCreated>)> {
    member.role.may_manage()?;
    let email = Email::parse(&body.email)?;
    let role = FirmRole::parse(&body.role)?;
    if role == FirmRole::Owner && member.role != FirmRole::Owner {
        return Err(forbidden(OWNERS_INVITE_OWNERS));
    }
    let base = links::base(&state.config);
    let me = member.user;
    let (invitation, link) = state
        .blocking(move |app| {
            // A 409 says the address has an account: counted per address, whatever the answer.
            lockout::count_address(app, NamesAddress::Invitation, &email)?;
            let (invitation, link) = accounts::invite(app, &me, &email, role, base.as_deref())?;
            audit::record(
                &app.store,
                me.firm.id,
                Some(&me),
                AuditAction::InvitationCreated,
                format!("Invited {} as {}", invitation.email, role.code()),
            );
            Ok((invitation, link))
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(InvitationCreated {
            invitation: InvitationView::of(&invitation),
            link: link.url,
            emailed: link.emailed,
        }),
    ))
}

/// GET /api/firm/invitations: the firm's pending invitations (owners and admins).
#[utoipa::path(get, path = "/firm/invitations", tag = "firm",
    responses(
        (status = 200, body = Invitations),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOwnerOrAdmin,
    ))]
pub(super) async fn list_invitations(
    State(state): State<AccountsState>,
    member: FirmMember,
) -> Result<Json<Invitations>> {
    member.role.may_manage()?;
    let firm_id = member.firm;
    let all = state
        .blocking(move |app| accounts::firm_invitations(app, firm_id))
        .await?;
    let now = now_secs();
    Ok(Json(Invitations {
        items: all
            .iter()
            .filter(|i| i.is_pending(now))
            .map(InvitationView::of)
            .collect(),
    }))
}

/// DELETE /api/firm/invitations/{id}: withdraws an invitation; its link stops working.
#[utoipa::path(delete, path = "/firm/invitations/{invitation_id}", tag = "firm",
    params(("invitation_id" = u64, Path, description = "An invitation id")),
    responses(
        (status = 204, description = "Withdrawn (or already used or withdrawn)"),
        (status = 400, description = "An invalid id", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOwnerOrAdminOrForeignOrigin,
        (status = 404, description = "No such invitation in the firm", body = crate::platform::error::ErrorBody),
    ))]
pub(super) async fn revoke_invitation(
    State(state): State<AccountsState>,
    member: FirmMember,
    Path(id): Path<InvitationId>,
) -> Result<StatusCode> {
    let id = id.get();
    member.role.may_manage()?;
    let me = member.user;
    state
        .blocking(move |app| {
            let invitation =
                accounts::revoke_invitation(app, me.firm.id, id)?.ok_or_else(|| {
                    not_found(format!("There is no invitation with id {id} in your firm"))
                })?;
            audit::record(
                &app.store,
                me.firm.id,
                Some(&me),
                AuditAction::InvitationRevoked,
                format!("Withdrew the invitation of {}", invitation.email),
            );
            Ok(())
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// POST /api/firm/members/{user_id}/reset-link: a one-time password-reset link for a member
/// (owners and admins; 15 minutes; the member's sessions end when it is used).
#[utoipa::path(post, path = "/firm/members/{user_id}/reset-link", tag = "firm",
    params(("user_id" = u64, Path, description = "A member's account id")),
    responses(
        (status = 201, body = ResetLinkView),
        (status = 400, description = "An invalid id", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOwnerOrAdminOrForeignOrigin,
        (status = 404, description = "No such member in the firm", body = crate::platform::error::ErrorBody),
    ))]
pub(super) async fn member_reset_link(
    State(state): State<AccountsState>,
    member: FirmMember,
    Path(user_id): Path<MemberId>,
) -> Result<(StatusCode, Json<ResetLinkView>)> {
    let user_id = user_id.get();
    member.role.may_manage()?;
    let base = links::base(&state.config);
    let me = member.user;
    let view = state
        .blocking(move |app| {
            let target = super::routes::find_member(app, &me, user_id)?;
            // An owner's password is an owner's to hand out.
            if target.firm_role == FirmRole::Owner
                && me.firm_role != FirmRole::Owner
                && target.id != me.id
            {
                return Err(forbidden(
                    "Only an owner can issue a reset link for an owner.",
                ));
            }
            let (link, issued) = accounts::issue_reset_link(app, &target, &me, base.as_deref())?;
            audit::record(
                &app.store,
                me.firm.id,
                Some(&me),
                AuditAction::ResetLinkIssued,
                format!("Issued a password-reset link for {}", target.name),
            );
            tracing::info!(target: "security", user_id, by = me.id, "reset link issued");
            Ok(ResetLinkView {
                link: issued.url,
                emailed: issued.emailed,
                expires_at: rfc3339(link.expires_at),
            })
        })
        .await?;
    Ok((StatusCode::CREATED, Json(view)))
}
