//! Single sign-on (OpenID Connect) per firm. An owner sets the firm's identity provider and the
//! email domains it vouches for (/api/firm/sso); the operator confirms each domain claim
//! (/api/admin/firms/sso-domains) before it takes effect; people of a confirmed domain sign in at
//! the provider (/api/auth/sso/start, /callback), are linked to their account (issuer + subject)
//! or created in the firm with its default role. With "Require SSO" the firm's members cannot
//! sign in with a password; owners keep a break-glass password sign-in, audit-logged.
//!
//! Inside `accounts/`: sign-in reads it (the refusal), and accounts import no firm-level domain.

pub mod domains;
pub mod model;
pub mod oidc;
mod routes;
pub(crate) mod storage;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AccountsState;
use super::audit::{self, AuditAction};
use super::model::{FirmRole, User};
use crate::platform::error::{Result, forbidden};
use model::DomainStatus;

/// What a member of a firm that requires single sign-on is told at a password sign-in.
pub const USE_SSO: &str =
    "Your firm signs in with its identity provider: use Continue with your firm's sign-in.";

/// What an owner without a second factor is told at a password sign-in under "Require SSO".
pub const OWNER_NEEDS_FACTOR: &str = "Your firm signs in with its identity provider: use Continue \
     with your firm's sign-in. An owner's password sign-in needs two-step sign-in set up first.";

/// What an owner is told who turns "Require SSO" on without a second factor of their own.
pub const REQUIRE_SSO_NEEDS_FACTOR: &str = "Set up two-step sign-in on your profile before you \
     require single sign-on: it keeps your password sign-in for when the identity provider is down.";

/// The single sign-on routes.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AccountsState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(routes::get_sso_settings, routes::put_sso_settings))
        .routes(routes!(routes::sso_discover))
        .routes(routes!(routes::sso_start))
        .routes(routes!(routes::sso_callback))
        .routes(routes!(routes::list_sso_domains))
        .routes(routes!(routes::decide_sso_domain))
}

/// Whether the firm of `user` requires single sign-on: "Require SSO" is on and at least one of
/// its domains is confirmed (else nobody could sign in at all).
fn firm_requires_sso(app: &AccountsState, user: &User) -> Result<bool> {
    let (Some(config), claims) = storage::settings(&app.store, user.firm.id)? else {
        return Ok(false);
    };
    Ok(config.require_sso && claims.iter().any(|c| c.status == DomainStatus::Confirmed))
}

/// Whether `user` may sign in with a password although the firm requires single sign-on: its
/// owners may (break-glass), so a provider's outage cannot lock the firm out, and only with a
/// second factor, so a leaked password alone never gets past "Require SSO".
pub fn break_glass_allowed(app: &AccountsState, user: &User) -> Result<bool> {
    Ok(user.firm_role == FirmRole::Owner && super::mfa::has_factor(app, user.id)?)
}

/// The password sign-in's check, after the password was verified (so it tells a guesser
/// nothing): a 403 for a member of a firm that requires single sign-on; an owner's break-glass
/// sign-in passes and is written in the firm's audit log.
pub fn check_password_sign_in(app: &AccountsState, user: &User) -> Result<()> {
    if !firm_requires_sso(app, user)? {
        return Ok(());
    }
    if !break_glass_allowed(app, user)? {
        tracing::info!(target: "security", user_id = user.id, "password sign-in refused: the firm requires SSO");
        return Err(forbidden(if user.firm_role == FirmRole::Owner {
            OWNER_NEEDS_FACTOR
        } else {
            USE_SSO
        }));
    }
    audit::record(
        &app.store,
        user.firm.id,
        Some(user),
        AuditAction::BreakGlassSignIn,
        format!(
            "break-glass sign-in: {} signed in with a password and a second factor although the \
             firm requires single sign-on",
            user.name
        ),
    );
    tracing::warn!(target: "security", user_id = user.id, "break-glass sign-in");
    Ok(())
}
