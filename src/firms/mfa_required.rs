//! PUT /api/firm/mfa-required: the owner's "Require two-step sign-in for every member" (see
//! `accounts::mfa_required` for what a required factor does to a session).

use axum::extract::State;

use super::model::FirmEnvelope;
use crate::accounts::audit::{self, AuditAction};
use crate::accounts::{self, AccountsState};
use crate::platform::blocking::Blocking;
use crate::platform::caller::{FirmMember, FirmRole};
use crate::platform::error::{Result, bad_request, forbidden};
use crate::platform::extract::Json;

pub const OWNERS_ONLY: &str = "Only an owner can require two-step sign-in for the firm.";
pub const OWN_FACTOR_FIRST: &str = "Set up two-step sign-in for your own account first (on your \
    profile, under \"Two-step sign-in\"), then require it for every member.";

#[derive(serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MfaRequiredBody {
    /// Whether every member must sign in with a second factor.
    pub required: bool,
}

/// PUT /api/firm/mfa-required: requires (or stops requiring) a second factor of every member
/// (owners only). Members without one set it up at their next request before anything else. An
/// owner without a factor must set one up first.
#[utoipa::path(put, path = "/firm/mfa-required", tag = "firm",
    request_body = MfaRequiredBody,
    responses(
        (status = 200, description = "Saved; the firm as `GET /api/firm` shows it", body = FirmEnvelope),
        (status = 400, description = "Invalid input, or the owner has no second factor yet", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOwnerOrForeignOrigin,
        (status = 409, description = "The firm was merged into another", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn put_mfa_required(
    State(state): State<AccountsState>,
    member: FirmMember,
    Json(body): Json<MfaRequiredBody>,
) -> Result<Json<FirmEnvelope>> {
    let user = member.user;
    if user.firm_role != FirmRole::Owner {
        return Err(forbidden(OWNERS_ONLY));
    }
    let answer = state
        .blocking(move |app| {
            if body.required && !accounts::mfa::has_factor(app, user.id)? {
                return Err(bad_request(OWN_FACTOR_FIRST));
            }
            let before = accounts::mfa_required::firm_requires(app, user.firm.id)?;
            accounts::mfa_required::set(app, &user, body.required)?;
            if before != body.required {
                audit::record(
                    &app.store,
                    user.firm.id,
                    Some(&user),
                    AuditAction::MfaRequiredChanged,
                    match body.required {
                        true => format!("{} required two-step sign-in for every member", user.name),
                        false => format!(
                            "{} stopped requiring two-step sign-in for every member",
                            user.name
                        ),
                    },
                );
                tracing::info!(target: "security", user_id = user.id, firm_id = user.firm.id.get(),
                    required = body.required, "the firm's second-factor requirement changed");
            }
            super::routes::firm_view(app, &user)
        })
        .await?;
    Ok(Json(answer))
}
