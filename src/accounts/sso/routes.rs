//! /api/firm/sso (the owner's settings), /api/auth/sso/{discover,start,callback} (the sign-in)
//! and /api/admin/firms/sso-domains (the operator's confirmations).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;

use super::domains;
use super::model::{
    AdminDomainClaim, AdminDomainClaims, CallbackQuery, DomainDecision, DomainStatus, DomainView,
    EmailQuery, FLOW_SECS, Flow, SsoConfig, SsoDiscovery, SsoLink, SsoSettingsUpdate,
    SsoSettingsView,
};
use super::oidc::{self, IssuerRules};
use super::storage;
use crate::accounts::audit::{self, AuditAction};
use crate::accounts::devices::{self, SessionDevice};
use crate::accounts::model::{Email, User};
use crate::accounts::sessions::{self, COOKIE, CurrentUser};
use crate::accounts::storage::{FirmChoice, NewUser};
use crate::accounts::{AccountsState, AdminUser, ClientIp, FirmRole, password};
use crate::platform::blocking::Blocking;
use crate::platform::clock::{now_secs, rfc3339};
use crate::platform::error::{Result, bad_request, forbidden, not_found};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::firm_id::FirmId;
use crate::platform::ids::NamedFirmId;

const OWNERS_ONLY: &str = "Only the firm's owners can see and change its single sign-on.";

fn owner(current: &CurrentUser) -> Result<&User> {
    if current.user.firm_role != FirmRole::Owner {
        return Err(forbidden(OWNERS_ONLY));
    }
    Ok(&current.user)
}

fn view(config: Option<&SsoConfig>, claims: &[super::model::DomainClaim]) -> SsoSettingsView {
    SsoSettingsView {
        configured: config.is_some(),
        issuer: config.map(|c| c.issuer.clone()).unwrap_or_default(),
        client_id: config.map(|c| c.client_id.clone()).unwrap_or_default(),
        client_secret_set: config.is_some_and(|c| !c.client_secret.is_empty()),
        domains: claims
            .iter()
            .map(|c| DomainView {
                domain: c.domain.clone(),
                status: c.status,
            })
            .collect(),
        default_role: config.map_or(FirmRole::Viewer, |c| c.default_role),
        require_sso: config.is_some_and(|c| c.require_sso),
    }
}

/// GET /api/firm/sso: the firm's single sign-on (owners only; the client secret is never shown).
#[utoipa::path(get, path = "/firm/sso", tag = "firm",
    responses(
        (status = 200, body = SsoSettingsView),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOwner,
    ))]
pub(super) async fn get_sso_settings(
    State(state): State<AccountsState>,
    current: CurrentUser,
) -> Result<Json<SsoSettingsView>> {
    let firm = owner(&current)?.firm.id;
    let answer = state
        .blocking(move |app| {
            let (config, claims) = storage::settings(&app.store, firm)?;
            Ok(view(config.as_ref(), &claims))
        })
        .await?;
    Ok(Json(answer))
}

/// PUT /api/firm/sso: sets the firm's identity provider, its domains (each pending until the
/// operator confirms it), the default role of people created at their first sign-in, and
/// "Require SSO". The issuer's discovery document is fetched and must name the same issuer.
#[utoipa::path(put, path = "/firm/sso", tag = "firm",
    request_body = SsoSettingsUpdate,
    responses(
        (status = 200, body = SsoSettingsView),
        (status = 400, description = "Invalid input, a public or taken domain, or a provider that does not answer as one", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOwnerOrForeignOrigin,
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn put_sso_settings(
    State(state): State<AccountsState>,
    current: CurrentUser,
    Json(body): Json<SsoSettingsUpdate>,
) -> Result<Json<SsoSettingsView>> {
    let me = owner(&current)?.clone();
    let rules = IssuerRules {
        allow_http: state.config.sso_allow_http,
    };
    let issuer = oidc::parse_issuer(&body.issuer, rules).map_err(bad_request)?;
    let client_id = body.client_id.trim().to_string();
    if client_id.is_empty() || client_id.len() > 500 {
        return Err(bad_request(
            "The client id is required (at most 500 characters)",
        ));
    }
    let domains = domains::parse_claims(&body.domains)?;
    let default_role = body.default_role.unwrap_or(FirmRole::Viewer);
    if default_role == FirmRole::Owner {
        return Err(bad_request(
            "People created at their first sign-in cannot be owners: pick viewer, member or admin",
        ));
    }
    let new_secret = body
        .client_secret
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty());
    if new_secret.as_ref().is_some_and(|s| s.len() > 1000) {
        return Err(bad_request(
            "The client secret is too long (at most 1000 characters)",
        ));
    }
    let firm = me.firm.id;
    let owner = me.id;
    let (saved, owner_has_factor) = state
        .blocking(move |app| {
            Ok((
                storage::config(&app.store, firm)?,
                super::super::mfa::has_factor(app, owner)?,
            ))
        })
        .await?;
    // Break-glass needs a second factor: an owner without one would lock themselves out of the
    // password sign-in the moment the provider fails.
    if body.require_sso && !owner_has_factor {
        return Err(bad_request(super::REQUIRE_SSO_NEEDS_FACTOR));
    }
    let client_secret = match (new_secret, saved) {
        (Some(secret), _) => secret,
        (None, Some(saved)) => saved.client_secret,
        (None, None) => {
            return Err(bad_request(
                "The client secret is required: your identity provider shows it with the client id",
            ));
        }
    };
    oidc::discover(&state.config.outbound(), &issuer)
        .await
        .map_err(bad_request)?;
    let config = SsoConfig {
        firm_id: firm.get(),
        issuer,
        client_id,
        client_secret,
        default_role,
        require_sso: body.require_sso,
        updated_at: now_secs(),
    };
    let answer = state
        .blocking(move |app| {
            let claims = storage::save_config(&app.store, &config, &domains)?;
            audit::record(
                &app.store,
                firm,
                Some(&me),
                AuditAction::SsoSettingsChanged,
                format!(
                    "Single sign-on set: issuer {}, domains {}, default role {}, require SSO {}",
                    config.issuer,
                    domains.join(", "),
                    config.default_role.code(),
                    if config.require_sso { "on" } else { "off" }
                ),
            );
            Ok(view(Some(&config), &claims))
        })
        .await?;
    tracing::info!(target: "security", firm_id = firm.get(), by = current.user.id, "single sign-on settings changed");
    Ok(Json(answer))
}

/// The firm whose provider signs in `email`, with its settings: its domain confirmed, its
/// provider set. `Err` 400 for an email that is not one.
fn provider_for(app: &AccountsState, email: &str) -> Result<Option<(FirmId, SsoConfig)>> {
    let email = Email::parse(email)?;
    let Some(domain) = domains::of_email(email.as_str()) else {
        return Ok(None);
    };
    let Some(firm) = storage::confirmed_firm(&app.store, &domain)? else {
        return Ok(None);
    };
    Ok(storage::config(&app.store, firm)?.map(|c| (firm, c)))
}

/// GET /api/auth/sso/discover?email= (public): whether the email's domain signs in through its
/// firm's identity provider. It tells only that a domain uses single sign-on, never whether an
/// account exists.
#[utoipa::path(get, path = "/auth/sso/discover", tag = "auth", security(()),
    params(EmailQuery),
    responses(
        (status = 200, body = SsoDiscovery),
        (status = 400, description = "Not an email address", body = crate::platform::error::ErrorBody),
    ))]
pub(super) async fn sso_discover(
    State(state): State<AccountsState>,
    Query(query): Query<EmailQuery>,
) -> Result<Json<SsoDiscovery>> {
    let email = query.email;
    let found = state.blocking(move |app| provider_for(app, &email)).await?;
    Ok(Json(SsoDiscovery {
        sso: found.is_some(),
    }))
}

/// A path of this app to return to: `/` unless it is one (never another site's address).
fn return_path(raw: Option<&str>) -> String {
    match raw {
        Some(p)
            if p.starts_with('/')
                && !p.starts_with("//")
                && !p.contains('\\')
                && !p.chars().any(char::is_control)
                && !p.starts_with("/api/")
                && !p.starts_with("/auth/")
                && p.len() <= 500 =>
        {
            p.to_string()
        }
        _ => "/".to_string(),
    }
}

fn found(location: &str) -> Response {
    (
        StatusCode::FOUND,
        [(header::LOCATION, location.to_string())],
    )
        .into_response()
}

/// GET /api/auth/sso/start?email= (public): 302 to the firm's identity provider when the email's
/// domain is confirmed for a firm with single sign-on. The flow (state, nonce, PKCE verifier) is
/// kept in the store for ten minutes, so any node finishes it.
#[utoipa::path(get, path = "/auth/sso/start", tag = "auth", security(()),
    params(EmailQuery),
    responses(
        (status = 302, description = "To the firm's identity provider; to /auth/sign-in?sso=provider when it did not answer"),
        (status = 400, description = "Not an email address", body = crate::platform::error::ErrorBody),
        (status = 404, description = "The email's domain has no single sign-on", body = crate::platform::error::ErrorBody),
    ))]
pub(super) async fn sso_start(
    State(state): State<AccountsState>,
    Query(query): Query<EmailQuery>,
) -> Result<Response> {
    let email = query.email;
    let hint = email.trim().to_string();
    let found_provider = state.blocking(move |app| provider_for(app, &email)).await?;
    let Some((firm, config)) = found_provider else {
        return Err(not_found(
            "Your email's domain has no single sign-on here: sign in with your password.",
        ));
    };
    // The provider sends the browser back to the install's own address, never to one a request
    // named; an install that does not know its address cannot offer single sign-on.
    let Some(base) = crate::accounts::links::base(&state.config) else {
        tracing::warn!(
            firm_id = firm.get(),
            "single sign-on needs --public-url on this install"
        );
        return Ok(refused("address"));
    };
    let redirect_uri = format!("{base}/api/auth/sso/callback");
    let started = oidc::start(
        &state.config.outbound(),
        &config.issuer,
        &config.client_id,
        &config.client_secret,
        &redirect_uri,
        &hint,
    )
    .await;
    let started = match started {
        Ok(started) => started,
        Err(e) => {
            tracing::warn!(firm_id = firm.get(), error = %e, "the firm's identity provider did not answer");
            return Ok(refused("provider"));
        }
    };
    let flow = Flow {
        firm_id: firm.get(),
        nonce: started.nonce,
        pkce_verifier: started.pkce_verifier,
        redirect_uri,
        return_path: return_path(query.return_to.as_deref()),
        created_at: now_secs(),
    };
    let key = sessions::hash_token(&started.state);
    state
        .blocking(move |app| storage::put_flow(&app.store, &key, &flow))
        .await?;
    Ok(found(&started.authorize_url))
}

/// Why the sign-in page shows an SSO error (`/auth/sign-in?sso=<code>`).
fn refused(code: &str) -> Response {
    found(&format!("/auth/sign-in?sso={code}"))
}

/// GET /api/auth/sso/callback (public): where the provider sends the browser back. Checks the
/// ID token, finds or creates the account, starts a session and 302s to the app; every refusal
/// is a 302 to `/auth/sign-in?sso=<code>`.
#[utoipa::path(get, path = "/auth/sso/callback", tag = "auth", security(()),
    params(CallbackQuery),
    responses(
        (status = 302, description = "Signed in (the session cookie is set) to the app, or to /auth/sign-in?sso=<why>"),
        (status = 400, description = "A query no provider sends (a parameter twice, say)", body = crate::platform::error::ErrorBody),
    ))]
pub(super) async fn sso_callback(
    State(state): State<AccountsState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    Query(query): Query<CallbackQuery>,
) -> Response {
    let device = devices::of_request(&headers, &ip);
    let base = crate::accounts::links::base(&state.config);
    match finish(&state, &jar, query, device, base).await {
        Ok((path, token)) => {
            let jar = jar.add(sessions::session_cookie(&state, token));
            (jar, found(&path)).into_response()
        }
        Err(code) => refused(code),
    }
}

/// The callback's work; `Err` is the code the sign-in page explains.
async fn finish(
    state: &AccountsState,
    jar: &CookieJar,
    query: CallbackQuery,
    device: SessionDevice,
    base: Option<String>,
) -> std::result::Result<(String, String), &'static str> {
    if query.error.is_some() {
        return Err("cancelled");
    }
    let (Some(code), Some(flow_state)) = (
        query.code.filter(|c| !c.is_empty()),
        query.state.filter(|s| !s.is_empty()),
    ) else {
        return Err("invalid");
    };
    let key = sessions::hash_token(&flow_state);
    let taken = state
        .blocking(move |app| {
            let Some(flow) = storage::take_flow(&app.store, &key)? else {
                return Ok(None);
            };
            let config = storage::config(&app.store, FirmId::from_stored(flow.firm_id))?;
            Ok(Some((flow, config)))
        })
        .await
        .map_err(|_| "failed")?;
    let Some((flow, config)) = taken else {
        return Err("expired");
    };
    if now_secs() - flow.created_at > FLOW_SECS {
        return Err("expired");
    }
    let Some(config) = config else {
        return Err("not-configured");
    };
    let identity = oidc::finish(
        &state.config.outbound(),
        &config.issuer,
        &config.client_id,
        &config.client_secret,
        &flow.redirect_uri,
        &code,
        &flow.pkce_verifier,
        &flow.nonce,
    )
    .await
    .map_err(|r| {
        tracing::warn!(target: "security", firm_id = flow.firm_id, why = r.code, detail = %r.detail, "single sign-on refused");
        r.code
    })?;
    let previous = jar.get(COOKIE).map(|c| sessions::hash_token(c.value()));
    let firm = FirmId::from_stored(flow.firm_id);
    let path = flow.return_path.clone();
    let outcome = state
        .blocking(move |app| {
            sign_in(
                app,
                firm,
                &config,
                identity,
                previous.as_ref(),
                (&device, base.as_deref()),
            )
        })
        .await
        .map_err(|e| {
            tracing::error!(firm_id = firm.get(), error = %e, "single sign-on failed");
            "failed"
        })?;
    outcome.map(|token| (path, token))
}

/// Finds, links or creates the account of a verified identity and starts its session.
fn sign_in(
    app: &AccountsState,
    firm: FirmId,
    config: &SsoConfig,
    identity: oidc::Identity,
    previous: Option<&sessions::TokenHash>,
    (device, base): (&SessionDevice, Option<&str>),
) -> Result<std::result::Result<String, &'static str>> {
    let Some(email) = identity.email.as_deref().and_then(|e| Email::parse(e).ok()) else {
        return Ok(Err("no-email"));
    };
    let domain = domains::of_email(email.as_str()).unwrap_or_default();
    if storage::confirmed_firm(&app.store, &domain)? != Some(firm) {
        return Ok(Err("domain"));
    }
    let linked = match storage::link(&app.store, &config.issuer, &identity.subject)? {
        Some(link) => app.load_user(link.user_id)?,
        None => None,
    };
    let (token, hash) = sessions::new_token();
    let now = now_secs();
    let link = SsoLink {
        issuer: config.issuer.clone(),
        subject: identity.subject.clone(),
        user_id: 0,
        created_at: now,
    };
    let user = match linked {
        Some(user) => {
            if user.firm.id != firm {
                return Ok(Err("other-firm"));
            }
            user
        }
        None => match crate::accounts::find_by_email(app, &email)? {
            Some(user) => {
                if user.firm.id != firm {
                    return Ok(Err("other-firm"));
                }
                // Only the provider's word that the address is theirs links an account.
                if !identity.email_verified {
                    return Ok(Err("unverified"));
                }
                storage::put_link(
                    &app.store,
                    firm,
                    &SsoLink {
                        user_id: user.id,
                        ..link
                    },
                )?;
                user
            }
            None => {
                let name = identity
                    .name
                    .as_deref()
                    .and_then(|n| crate::accounts::model::parse_name(n).ok())
                    .unwrap_or_else(|| email.as_str().split('@').next().unwrap_or("").to_string());
                let new = NewUser {
                    name,
                    email: email.clone(),
                    firm: FirmChoice::Sso {
                        firm,
                        role: config.default_role,
                    },
                    password_hash: password::unusable_hash(),
                };
                let user = crate::accounts::storage::create_user(&app.store, new, &hash, |_| {
                    Err(forbidden("Single sign-on never creates the first account"))
                })?;
                storage::put_link(
                    &app.store,
                    firm,
                    &SsoLink {
                        user_id: user.id,
                        ..link
                    },
                )?;
                app.firm_changed.tell(user.firm.id);
                audit::record(
                    &app.store,
                    firm,
                    None,
                    AuditAction::SsoAccountCreated,
                    format!(
                        "{} ({}) was created at their first single sign-on, as {}",
                        user.name,
                        user.email,
                        user.firm_role.code()
                    ),
                );
                // A new account: its first device is no news to anyone.
                devices::record(app, &hash, &user, device, devices::Started::SignUp);
                tracing::info!(target: "security", user_id = user.id, "account created at single sign-on");
                audit::record(
                    &app.store,
                    firm,
                    Some(&user),
                    AuditAction::SsoSignIn,
                    format!("{} signed in with single sign-on", user.name),
                );
                return Ok(Ok(token));
            }
        },
    };
    if user.firm.disabled {
        return Ok(Err("disabled"));
    }
    if !crate::accounts::storage::rotate_session(&app.store, previous, &hash, user.id)? {
        return Ok(Err("gone"));
    }
    if let Some(old) = previous {
        app.sessions.forget(old);
    }
    devices::record(app, &hash, &user, device, devices::Started::SignIn { base });
    audit::record(
        &app.store,
        firm,
        Some(&user),
        AuditAction::SsoSignIn,
        format!("{} signed in with single sign-on", user.name),
    );
    tracing::info!(target: "security", user_id = user.id, "single sign-on succeeded");
    Ok(Ok(token))
}

/// GET /api/admin/firms/sso-domains: every firm's claims to email domains, for the operator.
#[utoipa::path(get, path = "/admin/firms/sso-domains", tag = "admin",
    responses(
        (status = 200, body = AdminDomainClaims),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperator,
    ))]
pub(super) async fn list_sso_domains(
    State(state): State<AccountsState>,
    _: AdminUser,
) -> Result<Json<AdminDomainClaims>> {
    let items = state
        .blocking(|app| {
            let firms = crate::accounts::all_firms(&app.store)?;
            Ok(storage::all_claims(&app.store)?
                .into_iter()
                .map(|c| AdminDomainClaim {
                    firm_name: firms
                        .iter()
                        .find(|f| f.id.get() == c.firm_id)
                        .map(|f| f.name.clone())
                        .unwrap_or_default(),
                    domain: c.domain,
                    firm_id: c.firm_id,
                    status: c.status,
                    claimed_at: rfc3339(c.claimed_at),
                })
                .collect())
        })
        .await?;
    Ok(Json(AdminDomainClaims { items }))
}

/// PUT /api/admin/firms/{firm_id}/sso-domains/{domain}: the operator confirms or refuses a
/// firm's claim to an email domain. Only a confirmed domain takes effect.
#[utoipa::path(put, path = "/admin/firms/{firm_id}/sso-domains/{domain}", tag = "admin",
    params(
        ("firm_id" = u64, Path, description = "A firm id"),
        ("domain" = String, Path, description = "The claimed email domain"),
    ),
    request_body = DomainDecision,
    responses(
        (status = 200, body = AdminDomainClaim),
        (status = 400, description = "An invalid id, domain or status", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such claim", body = crate::platform::error::ErrorBody),
        (status = 409, description = "Another firm's claim to the domain is confirmed", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn decide_sso_domain(
    State(state): State<AccountsState>,
    AdminUser(admin): AdminUser,
    Path((firm_id, raw_domain)): Path<(NamedFirmId, String)>,
    Json(body): Json<DomainDecision>,
) -> Result<Json<AdminDomainClaim>> {
    let firm_id = firm_id.get();
    let domain = domains::normalise(&raw_domain)?;
    if body.status == DomainStatus::Pending {
        return Err(bad_request("The status must be confirmed or refused"));
    }
    let status = body.status;
    let claim = state
        .blocking(move |app| {
            let firm = crate::accounts::find_firm(&app.store, firm_id)?
                .ok_or_else(|| not_found(format!("There is no firm with id {firm_id}")))?;
            let claim = storage::decide(&app.store, firm.id, &domain, status, now_secs())?
                .ok_or_else(|| not_found(format!("{} has not claimed {domain}", firm.name)))?;
            let (action, verb) = match status {
                DomainStatus::Confirmed => (AuditAction::SsoDomainConfirmed, "confirmed"),
                _ => (AuditAction::SsoDomainRefused, "refused"),
            };
            audit::record(
                &app.store,
                firm.id,
                Some(&admin),
                action,
                format!("The operator {verb} the firm's claim to {domain} for single sign-on"),
            );
            Ok(AdminDomainClaim {
                domain: claim.domain,
                firm_id: claim.firm_id,
                firm_name: firm.name,
                status: claim.status,
                claimed_at: rfc3339(claim.claimed_at),
            })
        })
        .await?;
    tracing::info!(target: "security", firm_id, status = claim.status.code(), "SSO domain decided by the operator");
    Ok(Json(claim))
}

#[cfg(test)]
mod tests {
    use super::return_path;

    #[test]
    fn only_a_path_of_this_app_is_returned_to() {
        assert_eq!(return_path(Some("/trends?state=TX")), "/trends?state=TX");
        for bad in [
            None,
            Some(""),
            Some("//evil.example"),
            Some("https://evil.example"),
            Some("/\\evil.example"),
            Some("/x\ny"),
            Some("/api/auth/sign-out"),
            Some("/auth/sign-in"),
        ] {
            assert_eq!(return_path(bad), "/", "{bad:?}");
        }
    }
}
