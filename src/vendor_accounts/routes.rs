//! A vendor's handlers: claim a listing, take up a mailed link, sign in and out (with the firm
//! sign-in's limits and an authenticator app), see the listing and propose changes to it, read
//! what the operator decided, and the sessions. Every route past sign-in takes `VendorCaller`,
//! which only a vendor session gives.

use std::time::Duration;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum_extra::extract::cookie::CookieJar;
use serde::{Deserialize, Serialize};

use super::VendorAccountsState;
use super::caller::{self, VendorCaller};
use super::model::{
    Account, LINK_DAYS, Link, LinkKind, PROPOSAL_MAIL_EVERY_SECS, Proposal, ProposalMailed,
    Session, Status, Totp,
};
use super::proposals::{self, FieldChange, ProposedChanges};
use super::storage::{
    self, ACCOUNTS, Change, EMAILS, LINKS, NOTICES, PROPOSALS, PROPOSALS_MAILED, SESSIONS,
};
use crate::accounts::lockout::SignInLimits;
use crate::accounts::model::{Email, NewPassword, parse_name};
use crate::accounts::{ClientIp, limiter, links, password};
use crate::catalog::facts::VendorFactsView;
use crate::notifications::model::{Notice as OperatorNotice, NoticeKind};
use crate::notifications::storage::Delivery;
use crate::platform::blocking::Blocking;
use crate::platform::caller::{SessionLimits, hash_token};
use crate::platform::clock::{now_secs, rfc3339};
use crate::platform::error::{
    ErrorBody, Result, bad_request, conflict, gone, not_found, unauthorized,
};
use crate::platform::extract::{Json, Path};
use crate::platform::ids::{ProposalId, VendorAccountId};

const INVALID_CREDENTIALS: &str = "That email and password do not match a vendor account.";
const LINK_GONE: &str =
    "This link is not valid any more: it was used, or more than 7 days passed. Ask for a new one.";

// ---- What a vendor is shown ----

/// The signed-in vendor account and its listing as firms see it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorMe {
    pub account: AccountView,
    pub listing: ListingView,
    /// Notices not read yet.
    pub unread: usize,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountView {
    pub id: u64,
    pub name: String,
    pub email: String,
    /// Sign-in asks for a code from an authenticator app.
    pub has_factor: bool,
    /// Recovery codes not used yet (0 without an authenticator).
    pub recovery_codes_left: usize,
}

/// The listing's facts as firms see them, each with where it came from.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingView {
    pub id: u64,
    pub name: String,
    pub website_url: Option<String>,
    pub booking_url: Option<String>,
    /// The logo Litstack serves (`/api/logos/...`), or a link it has not copied.
    pub logo_url: Option<String>,
    pub description: String,
    pub short_highlights: Vec<String>,
    pub integrations: Vec<String>,
    pub facts: VendorFactsView,
}

fn listing_view(state: &VendorAccountsState, vendor_id: u64) -> Result<ListingView> {
    let catalog = state.catalog.load();
    let vendor = catalog
        .vendor(vendor_id)
        .ok_or_else(|| not_found("Your listing is no longer in the catalog"))?;
    let view = crate::catalog::vendor_view(&catalog, vendor);
    Ok(ListingView {
        id: vendor.id,
        name: vendor.name.clone(),
        website_url: vendor.website_url.clone(),
        booking_url: vendor.booking_url.clone(),
        logo_url: vendor.logo_url.clone(),
        description: vendor.description.clone(),
        short_highlights: vendor.short_highlights.clone(),
        integrations: vendor.integrations.clone(),
        facts: view.facts,
    })
}

fn account_view(account: &Account) -> AccountView {
    AccountView {
        id: account.id,
        name: account.name.clone(),
        email: account.email.clone(),
        has_factor: account.has_factor(),
        recovery_codes_left: account
            .totp
            .as_ref()
            .filter(|t| t.confirmed)
            .map_or(0, |t| t.recovery.len()),
    }
}

fn me(state: &VendorAccountsState, account: &Account) -> Result<VendorMe> {
    let unread = storage::range(&state.accounts.store, &NOTICES, &[account.id])?
        .iter()
        .filter(|(_, n)| !n.read)
        .count();
    Ok(VendorMe {
        account: account_view(account),
        listing: listing_view(state, account.vendor_id)?,
        unread,
    })
}

// ---- Claim and links ----

/// A listing as the claim form offers it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClaimableListing {
    pub id: u64,
    pub name: String,
    /// The registrable domain an address must be at to claim it; `None` when the listing can only
    /// be invited (no website, or a website on a shared host).
    pub domain: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ClaimableListings {
    pub items: Vec<ClaimableListing>,
}

/// GET /api/vendor/listings: the catalog's active listings by name, each with the domain a claim
/// needs. Public: names and websites are the catalog's own public facts.
#[utoipa::path(get, path = "/vendor/listings", tag = "vendor", security(()),
    responses((status = 200, body = ClaimableListings)))]
pub async fn claimable_listings(
    State(state): State<VendorAccountsState>,
) -> Result<Json<ClaimableListings>> {
    let catalog = state.catalog.load();
    let mut items: Vec<ClaimableListing> = catalog
        .vendors
        .iter()
        .filter(|v| v.is_active)
        .map(|v| ClaimableListing {
            id: v.id,
            name: v.name.clone(),
            domain: super::claim::listing_domain(&v.name, v.website_url.as_deref()).ok(),
        })
        .collect();
    items.sort_by_key(|l| l.name.to_lowercase());
    Ok(Json(ClaimableListings { items }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClaimBody {
    pub vendor_id: u64,
    /// An address at the listing's own domain.
    pub email: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Sent {
    pub message: String,
}

/// POST /api/vendor/claims: mails a link to an address at the listing's registrable domain. A
/// listing with no website, or on a shared host, and an address at a public mail service, a
/// shared host or an internationalised name are refused: the operator invites those.
#[utoipa::path(post, path = "/vendor/claims", tag = "vendor", security(()),
    request_body = ClaimBody,
    responses(
        (status = 202, body = Sent),
        (status = 400, description = "The address cannot claim this listing, or mail is off", body = ErrorBody),
        (status = 404, description = "No such listing", body = ErrorBody),
        crate::platform::error::ForeignOrigin,
        crate::platform::error::TooManyAttempts,
    ))]
pub async fn claim_listing(
    State(state): State<VendorAccountsState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ClaimBody>,
) -> Result<(StatusCode, Json<Sent>)> {
    let email = Email::parse(&body.email)?;
    let catalog = state.catalog.load();
    let vendor = catalog
        .vendor(body.vendor_id)
        .filter(|v| v.is_active)
        .ok_or_else(|| not_found(format!("There is no listing with id {}", body.vendor_id)))?;
    let domain = super::claim::listing_domain(&vendor.name, vendor.website_url.as_deref())?;
    super::claim::check_address(&vendor.name, &domain, email.as_str())?;
    let (client_key, address_key) = (
        format!("vendor-claim:{ip}"),
        format!("vendor-claim:{}", email.key()),
    );
    limiter::from_handler(&state.accounts, move |app| {
        limiter::hit(app, &client_key, 10, Duration::from_secs(3600))?;
        limiter::hit(app, &address_key, 3, Duration::from_secs(3600))
    })
    .await?;
    let base = links::mailed_base(&state.accounts.config)?;
    let vendor_id = vendor.id;
    let vendor_name = vendor.name.clone();
    let to = email.as_str().to_string();
    state
        .blocking(move |app| {
            storage::write(&app.accounts.store, |change| {
                let Some(settings) = change.mail_settings()? else {
                    return Err(bad_request(
                        "This Litstack does not send mail, so a listing cannot be claimed by \
                         email: ask its operator for an invitation",
                    ));
                };
                let (token, hash) = crate::accounts::sessions::new_token();
                let now = now_secs();
                change.sweep(now)?;
                change.put(
                    &LINKS,
                    storage::token_key(&hash),
                    &Link {
                        kind: LinkKind::Claim,
                        vendor_id,
                        email: to.clone(),
                        created_at: now,
                        expires_at: now + LINK_DAYS * 86_400,
                        invited_by: None,
                    },
                )?;
                let letter = crate::mail::letters::vendor_access(
                    &to,
                    &vendor_name,
                    None,
                    &format!("{base}/vendor/join#{token}"),
                    LINK_DAYS,
                );
                change.mail(&crate::mail::storage::Outgoing::new(&settings, letter), now)
            })
        })
        .await?;
    tracing::info!(target: "security", vendor_id, "vendor listing claim mailed");
    Ok((
        StatusCode::ACCEPTED,
        Json(Sent {
            message: format!(
                "We sent a link to {}. It works once and for {LINK_DAYS} days.",
                email.as_str()
            ),
        }),
    ))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LinkBody {
    /// The token after `#` in the mailed link.
    pub token: String,
}

/// What a link is for, before the person takes it up.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkView {
    pub vendor_name: String,
    pub email: String,
    /// Whether the operator invited the address (else it claimed the listing).
    pub invited: bool,
}

fn valid_link(store: &crate::platform::store::Store, token: &str) -> Result<Link> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(gone(LINK_GONE));
    }
    storage::get(store, &LINKS, storage::token_key(&hash_token(token)))?
        .filter(|l| l.expires_at > now_secs())
        .ok_or_else(|| gone(LINK_GONE))
}

/// POST /api/vendor/links/check: which listing and address a mailed link is for.
#[utoipa::path(post, path = "/vendor/links/check", tag = "vendor", security(()),
    request_body = LinkBody,
    responses(
        (status = 200, body = LinkView),
        (status = 400, description = "A malformed body", body = ErrorBody),
        (status = 410, description = "The link was used or expired", body = ErrorBody),
        crate::platform::error::ForeignOrigin,
    ))]
pub async fn check_vendor_link(
    State(state): State<VendorAccountsState>,
    Json(body): Json<LinkBody>,
) -> Result<Json<LinkView>> {
    let link = state
        .blocking(move |app| valid_link(&app.accounts.store, &body.token))
        .await?;
    let vendor_name = state
        .catalog
        .load()
        .vendor(link.vendor_id)
        .map(|v| v.name.clone())
        .ok_or_else(|| gone(LINK_GONE))?;
    Ok(Json(LinkView {
        vendor_name,
        email: link.email,
        invited: link.kind == LinkKind::Invitation,
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AcceptBody {
    pub token: String,
    /// The person's name, 1-100 characters.
    pub name: String,
    /// 8-128 characters, not a common one.
    pub password: String,
}

/// POST /api/vendor/links/accept: makes the link's vendor account, signs it in and tells the
/// operators of a claim.
#[utoipa::path(post, path = "/vendor/links/accept", tag = "vendor", security(()),
    request_body = AcceptBody,
    responses(
        (status = 201, body = VendorMe),
        (status = 400, description = "A bad name or password", body = ErrorBody),
        (status = 409, description = "The address has a vendor account already", body = ErrorBody),
        (status = 410, description = "The link was used or expired", body = ErrorBody),
        crate::platform::error::ForeignOrigin,
    ))]
pub async fn accept_vendor_link(
    State(state): State<VendorAccountsState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    Json(body): Json<AcceptBody>,
) -> Result<impl IntoResponse> {
    let name = parse_name(&body.name)?;
    let link = state
        .blocking({
            let token = body.token.clone();
            move |app| valid_link(&app.accounts.store, &token)
        })
        .await?;
    let vendor_name = state
        .catalog
        .load()
        .vendor(link.vendor_id)
        .map(|v| v.name.clone())
        .ok_or_else(|| gone(LINK_GONE))?;
    let password = NewPassword::parse(&body.password, &[&name, &link.email, &vendor_name])?;
    let slot = state.accounts.hashing.slot().await;
    let hashed = tokio::task::spawn_blocking({
        let password = password.as_str().to_string();
        move || password::hash(&password)
    })
    .await??;
    drop(slot);
    let device = crate::accounts::devices::of_request(&headers, &ip).device;
    let base = links::base(&state.accounts.config);
    let token_hash = hash_token(&body.token);
    let (token, session_hash) = crate::accounts::sessions::new_token();
    let lifetime = state.accounts.config.session_absolute.as_secs() as i64;
    let account = state
        .blocking(move |app| {
            let operators = operators(&app.accounts.store)?;
            storage::write(&app.accounts.store, |change| {
                // Read again inside the write: a link is taken up once.
                let link_key = storage::token_key(&token_hash);
                let link = change
                    .get(&LINKS, link_key.clone())?
                    .filter(|l| l.expires_at > now_secs())
                    .ok_or_else(|| gone(LINK_GONE))?;
                change.delete(&LINKS, link_key)?;
                let now = now_secs();
                let id = change.next_id(&ACCOUNTS)?;
                let email_key = link.email.to_lowercase();
                change.put_new(
                    &EMAILS,
                    email_key.clone(),
                    &id,
                    "This address has a vendor account already: sign in instead",
                )?;
                let account = Account {
                    id,
                    vendor_id: link.vendor_id,
                    name: name.clone(),
                    email: link.email.clone(),
                    email_key,
                    password_hash: hashed,
                    created_at: now,
                    invited_by: link.invited_by,
                    totp: None,
                };
                change.put(&ACCOUNTS, id, &account)?;
                start_session(change, &session_hash, id, &device, now, lifetime)?;
                if link.kind == LinkKind::Claim {
                    tell_operators(
                        change,
                        &operators,
                        &claimed(&vendor_name, &account),
                        base.as_deref(),
                        now,
                    )?;
                }
                Ok(account)
            })
        })
        .await?;
    tracing::info!(target: "security", vendor_id = account.vendor_id, account = account.id, "vendor account made");
    let me = state.blocking(move |app| me(app, &account)).await?;
    let jar = jar.add(caller::session_cookie(&state, token));
    Ok((StatusCode::CREATED, jar, Json(me)))
}

fn start_session(
    change: &mut Change,
    hash: &[u8; 32],
    account_id: u64,
    device: &str,
    now: i64,
    lifetime: i64,
) -> Result<()> {
    use rand::Rng;
    change.sweep(now)?;
    change.put(
        &SESSIONS,
        storage::token_key(hash),
        &Session {
            id: rand::rng().random_range(1..(1u64 << 53)),
            account_id,
            created_at: now,
            expires_at: now + lifetime,
            device: device.to_string(),
            last_seen: now,
        },
    )
}

/// What every operator is told, under the bell and by mail.
struct ToOperators<'a> {
    kind: NoticeKind,
    title: String,
    body: String,
    link: &'a str,
    action: &'a str,
    /// The vendor whose proposals this is about: each operator is mailed about them at most
    /// once every `PROPOSAL_MAIL_EVERY_SECS`, and told only under the bell in between, so a
    /// vendor cannot flood the operator's inbox. `None`: always mailed.
    mail_once_an_hour_for: Option<u64>,
}

fn tell_operators(
    change: &mut Change,
    operators: &[crate::platform::caller::User],
    told: &ToOperators,
    base: Option<&str>,
    now: i64,
) -> Result<()> {
    for operator in operators {
        let letter = crate::mail::letters::notice(
            told.kind.message_kind(),
            operator.firm.id.get(),
            &operator.email,
            &operator.name,
            &told.title,
            &told.body,
            Some((
                told.action,
                &format!("{}{}", base.unwrap_or_default(), told.link),
            )),
        );
        // A notice without the install's address is not mailed (`Delivery::base`).
        let base = match told.mail_once_an_hour_for {
            Some(vendor) if base.is_some() && !mail_due(change, vendor, operator.id, now)? => None,
            _ => base,
        };
        change.notify(&Delivery {
            notice: OperatorNotice {
                kind: told.kind,
                user_id: operator.id,
                firm_id: operator.firm.id.get(),
                title: told.title.clone(),
                body: told.body.clone(),
                link: told.link.to_string(),
                created_at: now,
            },
            letter,
            base: base.map(str::to_string),
        })?;
    }
    Ok(())
}

/// Whether `operator` may be mailed about `vendor`'s proposals now: not within
/// `PROPOSAL_MAIL_EVERY_SECS` of the last such mail. A mail due is noted as sent.
fn mail_due(change: &mut Change, vendor: u64, operator: u64, now: i64) -> Result<bool> {
    if change
        .get(&PROPOSALS_MAILED, (vendor, operator))?
        .is_some_and(|m| m.until > now)
    {
        return Ok(false);
    }
    change.put(
        &PROPOSALS_MAILED,
        (vendor, operator),
        &ProposalMailed {
            until: now + PROPOSAL_MAIL_EVERY_SECS,
        },
    )?;
    Ok(true)
}

/// That a listing was claimed: who proved an address at its domain.
fn claimed(vendor: &str, account: &Account) -> ToOperators<'static> {
    ToOperators {
        kind: NoticeKind::VendorClaim,
        title: format!("{vendor}'s listing was claimed"),
        body: format!(
            "{} ({}) proved an address at {vendor}'s domain and now keeps its listing. If they \
             should not, remove the account under Manage Vendors → Vendor accounts.",
            account.name, account.email
        ),
        link: "/admin/vendors#vendor-accounts",
        action: "See the vendor accounts",
        mail_once_an_hour_for: None,
    }
}

/// The operators of the install: whom a claim and a proposal are told to.
/// Where an operator's notice of proposal `id` leads: the queue, naming the proposal, so the
/// notice can be ended when the proposal is decided (`end_proposal_notices`).
pub(super) fn proposal_link(id: u64) -> String {
    format!("/admin/vendors?proposal={id}#vendor-proposals")
}

/// Ends every operator's notice of proposal `id` ("Approve or reject it ...") once it is decided
/// or withdrawn: `how` says which.
pub(super) fn end_proposal_notices(
    change: &mut Change,
    store: &crate::platform::store::Store,
    id: u64,
    how: &str,
) -> Result<()> {
    let operators: Vec<u64> = operators(store)?.iter().map(|o| o.id).collect();
    change.resolve_notices(
        &operators,
        NoticeKind::VendorProposal,
        &proposal_link(id),
        how,
    )
}

pub(super) fn operators(
    store: &crate::platform::store::Store,
) -> Result<Vec<crate::platform::caller::User>> {
    Ok(crate::accounts::storage::all_users(store)?
        .into_iter()
        .filter(|u| u.is_admin)
        .collect())
}

// ---- Sign-in ----

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VendorSignIn {
    pub email: String,
    pub password: String,
    /// The authenticator app's 6-digit code, when the account has one.
    #[serde(default)]
    pub code: Option<String>,
}

/// A sign-in's answer: signed in, or a code is needed first.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorSignedIn {
    /// The password was right and the account asks for an authenticator code: send it again
    /// with `code`.
    pub code_required: bool,
    pub me: Option<VendorMe>,
}

/// POST /api/vendor/sign-in: a vendor account's sign-in, counted in the same limits as a firm's
/// (per client, per address, per pair).
#[utoipa::path(post, path = "/vendor/sign-in", tag = "vendor", security(()),
    request_body = VendorSignIn,
    responses(
        (status = 200, body = VendorSignedIn),
        (status = 400, description = "A malformed address", body = ErrorBody),
        (status = 401, description = "A wrong password or code", body = ErrorBody),
        crate::platform::error::ForeignOrigin,
        crate::platform::error::TooManyAttempts,
    ))]
pub async fn vendor_sign_in(
    State(state): State<VendorAccountsState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    Json(body): Json<VendorSignIn>,
) -> Result<impl IntoResponse> {
    let email = Email::parse(&body.email)?;
    if body.password.is_empty() {
        return Err(bad_request("Password is required"));
    }
    if body.password.len() > 1024 {
        return Err(unauthorized(INVALID_CREDENTIALS));
    }
    let limits = SignInLimits::new(&format!("vendor:{ip}"), &email);
    let early = limits.clone();
    limiter::from_handler(&state.accounts, move |app| early.check(app)).await?;
    let device = crate::accounts::devices::of_request(&headers, &ip).device;
    let previous = caller::token_hash(&jar);
    let slot = state.accounts.hashing.slot().await;
    let (token, hash) = crate::accounts::sessions::new_token();
    let lifetime = state.accounts.config.session_absolute.as_secs() as i64;
    let signed_in = state
        .blocking(move |app| {
            limits.check(&app.accounts)?;
            let store = &app.accounts.store;
            let found = storage::get(store, &EMAILS, email.key())?
                .map(|id| storage::get(store, &ACCOUNTS, id))
                .transpose()?
                .flatten();
            let Some(account) = found
                .as_ref()
                .filter(|a| password::verify(&body.password, &a.password_hash))
                .cloned()
            else {
                if found.is_none() {
                    password::burn_time(&body.password);
                }
                limits.count_failure(&app.accounts, None)?;
                return Err(unauthorized(INVALID_CREDENTIALS));
            };
            drop(slot);
            if account.has_factor() {
                let Some(code) = body
                    .code
                    .as_deref()
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                else {
                    return Ok(None);
                };
                if !take_code(store, account.id, code)? {
                    limits.count_failure(&app.accounts, None)?;
                    return Err(unauthorized(crate::accounts::mfa::WRONG_CODE));
                }
            }
            storage::write(store, |change| {
                if let Some(old) = previous {
                    change.delete(&SESSIONS, storage::token_key(&old))?;
                }
                start_session(change, &hash, account.id, &device, now_secs(), lifetime)
            })?;
            limits.succeeded(&app.accounts)?;
            // As the code left it (a recovery code used up).
            let account = storage::get(store, &ACCOUNTS, account.id)?.unwrap_or(account);
            Ok(Some(account))
        })
        .await?;
    let Some(account) = signed_in else {
        return Ok((
            jar,
            Json(VendorSignedIn {
                code_required: true,
                me: None,
            }),
        ));
    };
    tracing::info!(target: "security", account = account.id, "vendor signed in");
    let me = state.blocking(move |app| me(app, &account)).await?;
    let jar = jar.add(caller::session_cookie(&state, token));
    Ok((
        jar,
        Json(VendorSignedIn {
            code_required: false,
            me: Some(me),
        }),
    ))
}

/// Whether `code` is right for the account's confirmed factor: an authenticator code for a step
/// not used before (the step is kept so the same code cannot be used twice), or a recovery code
/// not used yet (then used up, and the account told how many are left).
fn take_code(store: &crate::platform::store::Store, id: u64, code: &str) -> Result<bool> {
    use crate::accounts::mfa::{is_totp_code, matching_step, recovery_hash};
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    storage::write(store, |change| {
        let Some(mut account) = change.get(&ACCOUNTS, id)? else {
            return Ok(false);
        };
        let Some(totp) = account.totp.as_mut().filter(|t| t.confirmed) else {
            return Ok(false);
        };
        if is_totp_code(&code) {
            let now = crate::platform::clock::system_secs() as u64;
            let Some(step) = matching_step(&totp.secret, &code, now) else {
                return Ok(false);
            };
            if totp.last_step.is_some_and(|last| step <= last) {
                return Ok(false);
            }
            totp.last_step = Some(step);
            change.put(&ACCOUNTS, id, &account)?;
            return Ok(true);
        }
        if code.len() > 64 {
            return Ok(false);
        }
        let hash = recovery_hash(&code);
        let Some(i) = totp.recovery.iter().position(|h| {
            hex::decode(h)
                .is_ok_and(|h| bool::from(subtle::ConstantTimeEq::ct_eq(&h[..], &hash[..])))
        }) else {
            return Ok(false);
        };
        totp.recovery.remove(i);
        let left = totp.recovery.len();
        change.put(&ACCOUNTS, id, &account)?;
        change.notice(
            id,
            "A recovery code was used to sign in",
            &format!(
                "{} left. If this was not you, end the sessions you do not know under \
                     Security and tell the operator.",
                if left == 1 {
                    "1 recovery code is".to_string()
                } else {
                    format!("{left} recovery codes are")
                }
            ),
            now_secs(),
        )?;
        tracing::info!(target: "security", account = id, left, "a vendor recovery code was used");
        Ok(true)
    })
}

/// POST /api/vendor/sign-out: ends this browser's vendor session.
#[utoipa::path(post, path = "/vendor/sign-out", tag = "vendor", security(()),
    responses(
        (status = 204, description = "Signed out"),
        crate::platform::error::ForeignOrigin,
    ))]
pub async fn vendor_sign_out(
    State(state): State<VendorAccountsState>,
    jar: CookieJar,
) -> Result<impl IntoResponse> {
    if let Some(hash) = caller::token_hash(&jar) {
        state
            .blocking(move |app| {
                storage::write(&app.accounts.store, |change| {
                    change.delete(&SESSIONS, storage::token_key(&hash))
                })
            })
            .await?;
    }
    Ok((StatusCode::NO_CONTENT, jar.add(caller::removal_cookie())))
}

/// GET /api/vendor/me: the signed-in vendor account and its listing.
#[utoipa::path(get, path = "/vendor/me", tag = "vendor", security(("vendorSession" = [])),
    responses((status = 200, body = VendorMe), crate::platform::error::NotSignedIn))]
pub async fn vendor_me(
    State(state): State<VendorAccountsState>,
    who: VendorCaller,
) -> Result<Json<VendorMe>> {
    Ok(Json(
        state.blocking(move |app| me(app, &who.account)).await?,
    ))
}

// ---- Proposals ----

/// A proposal as its listing's people and the operator see it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalView {
    pub id: u64,
    pub vendor_id: u64,
    pub vendor_name: String,
    /// Who proposed it, by their name then.
    pub by_name: String,
    /// RFC 3339, UTC.
    pub submitted_at: String,
    pub status: Status,
    pub decided_at: Option<String>,
    /// The operator's reason for a rejection.
    pub reason: Option<String>,
    /// What it changes against the listing as it is now (an open or withdrawn proposal), or what
    /// it changed against the listing at the decision (a decided one); a fact decided on its own
    /// keeps its row and says how (`decision`).
    pub changes: Vec<FieldChange>,
    /// Why an open proposal can no longer be approved as it is (the listing or the rules
    /// changed since), if so.
    pub problem: Option<String>,
}

pub(super) fn proposal_view(state: &VendorAccountsState, p: &Proposal) -> ProposalView {
    let catalog = state.catalog.load();
    let vendor = catalog.vendor(p.vendor_id);
    let facts = catalog.facts(p.vendor_id).cloned().unwrap_or_default();
    let decided = p.fact_decisions.clone();
    let (changes, problem) = match (&p.decided_changes, vendor) {
        (Some(kept), _) => (kept.clone(), None),
        (None, Some(vendor)) => match proposals::diff(vendor, &facts, &p.changes) {
            Ok(live) => {
                // The facts decided one by one, and the rest as they compare with the listing now.
                let mut rows = decided;
                let waiting: Vec<_> = live
                    .into_iter()
                    .filter(|r| !rows.iter().any(|d| d.field == r.field))
                    .collect();
                rows.extend(waiting);
                rows.sort_by_key(|r| proposals::place(&r.field));
                (rows, None)
            }
            Err(e) => (decided, Some(e.to_string())),
        },
        (None, None) => (
            decided,
            Some("The listing is no longer in the catalog".into()),
        ),
    };
    ProposalView {
        id: p.id,
        vendor_id: p.vendor_id,
        vendor_name: vendor.map(|v| v.name.clone()).unwrap_or_default(),
        by_name: p.by_name.clone(),
        submitted_at: rfc3339(p.submitted_at),
        status: p.status,
        decided_at: p.decided_at.map(rfc3339),
        reason: p.reason.clone(),
        changes,
        problem: (p.status == Status::Open).then_some(problem).flatten(),
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ProposalList {
    pub items: Vec<ProposalView>,
}

/// The most open proposals one listing may have.
const MOST_OPEN: usize = 10;

/// GET /api/vendor/proposals: the listing's proposals, newest first, by any of its people.
#[utoipa::path(get, path = "/vendor/proposals", tag = "vendor", security(("vendorSession" = [])),
    responses((status = 200, body = ProposalList), crate::platform::error::NotSignedIn))]
pub async fn list_proposals(
    State(state): State<VendorAccountsState>,
    who: VendorCaller,
) -> Result<Json<ProposalList>> {
    let vendor_id = who.account.vendor_id;
    let items = state
        .blocking(move |app| {
            let mut all: Vec<Proposal> = storage::all(&app.accounts.store, &PROPOSALS)?
                .into_iter()
                .filter(|p| p.vendor_id == vendor_id)
                .collect();
            all.reverse();
            Ok(all.iter().map(|p| proposal_view(app, p)).collect())
        })
        .await?;
    Ok(Json(ProposalList { items }))
}

/// POST /api/vendor/proposals: proposes changes to the listing's facts, checked now as the
/// operator's edit checks them; it waits for the operator.
#[utoipa::path(post, path = "/vendor/proposals", tag = "vendor", security(("vendorSession" = [])),
    request_body = ProposedChanges,
    responses(
        (status = 201, body = ProposalView),
        (status = 400, description = "A bad field or link, or nothing changes", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 409, description = "Too many proposals wait already", body = ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub async fn propose_change(
    State(state): State<VendorAccountsState>,
    who: VendorCaller,
    Json(body): Json<serde_json::Value>,
) -> Result<(StatusCode, Json<ProposalView>)> {
    let account = who.account;
    let (vendor_name, labels) = {
        let catalog = state.catalog.load();
        let vendor = catalog
            .vendor(account.vendor_id)
            .ok_or_else(|| not_found("Your listing is no longer in the catalog"))?;
        let facts = catalog.facts(vendor.id).cloned().unwrap_or_default();
        let changes = proposals::diff(vendor, &facts, &body)?;
        if changes.is_empty() {
            return Err(bad_request(
                "This proposal changes nothing: the listing already states every value in it",
            ));
        }
        let labels: Vec<String> = changes.into_iter().map(|c| c.label).collect();
        (vendor.name.clone(), labels)
    };
    let base = links::base(&state.accounts.config);
    let proposal = state
        .blocking(move |app| {
            let operators = operators(&app.accounts.store)?;
            storage::write(&app.accounts.store, |change| {
                let open = change
                    .range(&PROPOSALS, &[])?
                    .into_iter()
                    .filter(|(_, p)| p.vendor_id == account.vendor_id && p.status == Status::Open)
                    .count();
                if open >= MOST_OPEN {
                    return Err(conflict(format!(
                        "Your listing has {MOST_OPEN} proposals waiting for the operator: withdraw one, or wait for a decision"
                    )));
                }
                let id = change.next_id(&PROPOSALS)?;
                let proposal = Proposal {
                    id,
                    vendor_id: account.vendor_id,
                    account_id: account.id,
                    by_name: account.name.clone(),
                    changes: body,
                    submitted_at: now_secs(),
                    status: Status::Open,
                    decided_at: None,
                    decided_by: None,
                    reason: None,
                    decided_changes: None,
                    fact_decisions: Vec::new(),
                };
                change.put(&PROPOSALS, id, &proposal)?;
                // The operators learn what waits for them; the values are in the queue.
                let told = ToOperators {
                    kind: NoticeKind::VendorProposal,
                    title: format!("{vendor_name} proposed changes to its listing"),
                    body: format!(
                        "{} proposed: {}. Approve or reject it under Manage Vendors → Proposals \
                         from vendors.",
                        account.name,
                        labels.join(", ")
                    ),
                    link: &proposal_link(id),
                    action: "See the proposals",
                    mail_once_an_hour_for: Some(account.vendor_id),
                };
                change.sweep(proposal.submitted_at)?;
                tell_operators(change, &operators, &told, base.as_deref(), proposal.submitted_at)?;
                Ok(proposal)
            })
        })
        .await?;
    Ok((StatusCode::CREATED, Json(proposal_view(&state, &proposal))))
}

/// POST /api/vendor/proposals/{id}/withdraw: takes back an open proposal of the listing.
#[utoipa::path(post, path = "/vendor/proposals/{id}/withdraw", tag = "vendor", security(("vendorSession" = [])),
    params(("id" = u64, Path, description = "A proposal id")),
    responses(
        (status = 200, body = ProposalView),
        (status = 400, description = "A malformed id", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 404, description = "No such proposal of this listing", body = ErrorBody),
        (status = 409, description = "Decided already", body = ErrorBody),
    ))]
pub async fn withdraw_proposal(
    State(state): State<VendorAccountsState>,
    who: VendorCaller,
    Path(id): Path<ProposalId>,
) -> Result<Json<ProposalView>> {
    let vendor_id = who.account.vendor_id;
    let proposal = state
        .blocking(move |app| {
            storage::write(&app.accounts.store, |change| {
                let mut p = change
                    .get(&PROPOSALS, id.get())?
                    .filter(|p| p.vendor_id == vendor_id)
                    .ok_or_else(|| not_found(format!("Your listing has no proposal {id}")))?;
                if p.status != Status::Open {
                    return Err(conflict("This proposal was decided already"));
                }
                p.status = Status::Withdrawn;
                p.decided_at = Some(now_secs());
                change.put(&PROPOSALS, p.id, &p)?;
                let how = format!(
                    "{} withdrew this proposal: nothing is left to decide.",
                    p.by_name
                );
                end_proposal_notices(change, &app.accounts.store, p.id, &how)?;
                Ok(p)
            })
        })
        .await?;
    Ok(Json(proposal_view(&state, &proposal)))
}

// ---- Notices ----

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorNoticeView {
    pub id: u64,
    pub title: String,
    pub body: String,
    pub created_at: String,
    pub read: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct VendorNotices {
    pub items: Vec<VendorNoticeView>,
}

/// GET /api/vendor/stats: by month, how many distinct verified firms opened the listing's profile
/// and its scheduler, each only for a closed month and from 5 firms up (the month in progress
/// shows none); a firm counts once a month however often its people look.
#[utoipa::path(get, path = "/vendor/stats", tag = "vendor", security(("vendorSession" = [])),
    responses((status = 200, body = super::stats::VendorStats), crate::platform::error::NotSignedIn))]
pub async fn vendor_stats(
    State(state): State<VendorAccountsState>,
    who: VendorCaller,
) -> Result<Json<super::stats::VendorStats>> {
    let vendor = who.account.vendor_id;
    let stats = state
        .blocking(move |app| {
            super::stats::for_vendor(
                &app.accounts.store,
                vendor,
                crate::platform::clock::now_secs(),
            )
        })
        .await?;
    Ok(Json(stats))
}

/// GET /api/vendor/notices: what the account was told, newest first.
#[utoipa::path(get, path = "/vendor/notices", tag = "vendor", security(("vendorSession" = [])),
    responses((status = 200, body = VendorNotices), crate::platform::error::NotSignedIn))]
pub async fn vendor_notices(
    State(state): State<VendorAccountsState>,
    who: VendorCaller,
) -> Result<Json<VendorNotices>> {
    let id = who.account.id;
    let mut items: Vec<VendorNoticeView> = state
        .blocking(move |app| storage::range(&app.accounts.store, &NOTICES, &[id]))
        .await?
        .into_iter()
        .map(|(_, n)| VendorNoticeView {
            id: n.id,
            title: n.title,
            body: n.body,
            created_at: rfc3339(n.created_at),
            read: n.read,
        })
        .collect();
    items.reverse();
    Ok(Json(VendorNotices { items }))
}

/// POST /api/vendor/notices/read: marks every notice of the account read.
#[utoipa::path(post, path = "/vendor/notices/read", tag = "vendor", security(("vendorSession" = [])),
    responses(
        (status = 204, description = "All read"),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
    ))]
pub async fn read_vendor_notices(
    State(state): State<VendorAccountsState>,
    who: VendorCaller,
) -> Result<StatusCode> {
    let id = who.account.id;
    state
        .blocking(move |app| {
            storage::write(&app.accounts.store, |change| {
                for (key, mut n) in change.range(&NOTICES, &[id])? {
                    if !n.read {
                        n.read = true;
                        change.put(&NOTICES, key, &n)?;
                    }
                }
                Ok(())
            })
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

// ---- Sessions and the second factor ----

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorSessionView {
    pub id: u64,
    pub device: String,
    pub created_at: String,
    pub expires_at: String,
    /// The session of this request.
    pub current: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct VendorSessions {
    pub items: Vec<VendorSessionView>,
}

/// GET /api/vendor/sessions: where the account is signed in.
#[utoipa::path(get, path = "/vendor/sessions", tag = "vendor", security(("vendorSession" = [])),
    responses((status = 200, body = VendorSessions), crate::platform::error::NotSignedIn))]
pub async fn vendor_sessions(
    State(state): State<VendorAccountsState>,
    who: VendorCaller,
) -> Result<Json<VendorSessions>> {
    let (id, current) = (who.account.id, who.session_id);
    let now = now_secs();
    let limits = SessionLimits::of(&state.accounts.config);
    let mut items: Vec<VendorSessionView> = state
        .blocking(move |app| storage::all(&app.accounts.store, &SESSIONS))
        .await?
        .into_iter()
        .filter(|s| s.account_id == id && s.is_open(limits, now))
        .map(|s| VendorSessionView {
            id: s.id,
            device: s.device,
            created_at: rfc3339(s.created_at),
            expires_at: rfc3339(s.expires_at),
            current: s.id == current,
        })
        .collect();
    items.sort_by(|a, b| b.created_at.cmp(&a.created_at));
    Ok(Json(VendorSessions { items }))
}

/// DELETE /api/vendor/sessions/{id}: ends one of the account's sessions.
#[utoipa::path(delete, path = "/vendor/sessions/{id}", tag = "vendor", security(("vendorSession" = [])),
    params(("id" = u64, Path, description = "A session id from the list")),
    responses(
        (status = 204, description = "Ended"),
        (status = 400, description = "A malformed id", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 404, description = "No such session of this account", body = ErrorBody),
    ))]
pub async fn end_vendor_session(
    State(state): State<VendorAccountsState>,
    who: VendorCaller,
    Path(id): Path<VendorAccountId>,
) -> Result<StatusCode> {
    let account = who.account.id;
    state
        .blocking(move |app| {
            storage::write(&app.accounts.store, |change| {
                let found = change
                    .range(&SESSIONS, &[])?
                    .into_iter()
                    .find(|(_, s)| s.account_id == account && s.id == id.get());
                let Some((key, _)) = found else {
                    return Err(not_found("Your account has no such session"));
                };
                change.delete(&SESSIONS, key)?;
                Ok(())
            })
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// POST /api/vendor/mfa/setup: a new authenticator secret for the account (replacing one not yet
/// confirmed); sign-in asks for codes once `confirm` gets one.
#[utoipa::path(post, path = "/vendor/mfa/setup", tag = "vendor", security(("vendorSession" = [])),
    responses(
        (status = 200, body = crate::accounts::mfa::TotpSetup),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 409, description = "An app is set up already", body = ErrorBody),
    ))]
pub async fn vendor_mfa_setup(
    State(state): State<VendorAccountsState>,
    who: VendorCaller,
) -> Result<Json<crate::accounts::mfa::TotpSetup>> {
    let account = who.account;
    if account.has_factor() {
        return Err(conflict(
            "An authenticator app is set up for this account already",
        ));
    }
    let secret = crate::accounts::mfa::new_secret();
    let totp = crate::accounts::mfa::totp(&secret, &account.email)?;
    let otpauth_uri = totp
        .to_url()
        .map_err(|e| anyhow::anyhow!("the otpauth URI: {e}"))?;
    let qr_svg = crate::accounts::mfa::qr_svg(&otpauth_uri)?;
    let encoded = totp.secret().to_base32();
    let id = account.id;
    state
        .blocking(move |app| {
            storage::write(&app.accounts.store, |change| {
                let mut account = change
                    .get(&ACCOUNTS, id)?
                    .ok_or_else(|| unauthorized(caller::SIGNED_OUT))?;
                account.totp = Some(Totp {
                    secret,
                    confirmed: false,
                    last_step: None,
                    recovery: Vec::new(),
                });
                change.put(&ACCOUNTS, id, &account)
            })
        })
        .await?;
    Ok(Json(crate::accounts::mfa::TotpSetup {
        secret: encoded,
        otpauth_uri,
        qr_svg,
    }))
}

/// The authenticator is on: the account, and its ten recovery codes, shown this once.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorFactorOn {
    pub me: VendorMe,
    /// Each signs in once in place of a code from the app. Only their hashes are kept.
    pub recovery_codes: Vec<String>,
}

/// POST /api/vendor/mfa/confirm: turns the authenticator on with a first code from it, and
/// answers ten recovery codes.
#[utoipa::path(post, path = "/vendor/mfa/confirm", tag = "vendor", security(("vendorSession" = [])),
    request_body = crate::accounts::mfa::CodeBody,
    responses(
        (status = 200, body = VendorFactorOn),
        (status = 400, description = "A wrong code, or no setup is pending", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
    ))]
pub async fn vendor_mfa_confirm(
    State(state): State<VendorAccountsState>,
    who: VendorCaller,
    Json(body): Json<crate::accounts::mfa::CodeBody>,
) -> Result<Json<VendorFactorOn>> {
    let id = who.account.id;
    let (codes, hashes) = crate::accounts::mfa::new_recovery_codes();
    let account = state
        .blocking(move |app| {
            storage::write(&app.accounts.store, |change| {
                let mut account = change
                    .get(&ACCOUNTS, id)?
                    .ok_or_else(|| unauthorized(caller::SIGNED_OUT))?;
                let Some(totp) = account.totp.as_mut().filter(|t| !t.confirmed) else {
                    return Err(bad_request(
                        "Start the setup first: no authenticator is waiting to be confirmed",
                    ));
                };
                let now = crate::platform::clock::system_secs() as u64;
                let Some(step) =
                    crate::accounts::mfa::matching_step(&totp.secret, body.code.trim(), now)
                else {
                    return Err(bad_request(crate::accounts::mfa::WRONG_CODE));
                };
                totp.confirmed = true;
                totp.last_step = Some(step);
                totp.recovery = hashes.iter().map(hex::encode).collect();
                change.put(&ACCOUNTS, id, &account)?;
                Ok(account)
            })
        })
        .await?;
    tracing::info!(target: "security", account = id, "vendor second factor on");
    let me = state.blocking(move |app| me(app, &account)).await?;
    Ok(Json(VendorFactorOn {
        me,
        recovery_codes: codes,
    }))
}
