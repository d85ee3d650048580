//! A second factor: time-based one-time codes (RFC 6238, 30-second steps, 6 digits, SHA-1 as
//! every authenticator app reads it) and ten single-use recovery codes.
//!
//! - Setup stores a pending secret; confirming it with a code turns the factor on and answers the
//!   recovery codes, once (only their SHA-256 is kept: each is 80 random bits, far beyond an
//!   offline guess, so a slow hash would add nothing but time to every sign-in).
//! - A code is accepted once: the last accepted step is kept and that step and earlier ones are
//!   refused, so a code seen over a shoulder cannot be replayed within its window.
//! - Sign-in with a right password and a confirmed factor answers a five-minute, single-use
//!   token (stored hashed, in the store, so any node finishes it); `verify` with a code then
//!   starts the session as sign-in does. Wrong codes count in the sign-in limits.
//! - Turning the factor off and changing the password ask for a current code (step-up).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum_extra::extract::cookie::CookieJar;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::AccountsState;
use super::audit::{self, AuditAction};
use super::client_ip::ClientIp;
use super::limiter;
use super::lockout::{self, ACCOUNT_WINDOW, PAIR_FAILURES, SignInLimits, refused_is_fine};
pub use super::model::{Challenge, Factor};
use super::model::{Email, User, UserEnvelope, UserView};
use super::sessions::{self, COOKIE, CurrentUser, TokenHash};
use super::storage::{self, mfa::Change};
use crate::platform::blocking::Blocking;
use crate::platform::error::{AppError, Result, bad_request, conflict, unauthorized};
use crate::platform::extract::Json;

pub const ISSUER: &str = "Litstack";
/// How long the second step of a sign-in may take.
pub const CHALLENGE_SECS: i64 = 5 * 60;
pub const RECOVERY_CODES: usize = 10;
const STEP_SECS: u64 = 30;

pub const WRONG_CODE: &str = "That code is not right. Check that your phone's time is correct, \
    or use one of your recovery codes.";
/// A right code whose step was used already: most often the code that just confirmed the setup
/// or signed in, typed again before the app shows the next one.
pub const REPLAYED: &str = "This code was just used. Wait for the next one.";
pub const CHALLENGE_GONE: &str =
    "This sign-in has expired or was already finished. Sign in again with your password.";
const NO_FACTOR: &str = "Two-step sign-in is not on for your account.";

/// The TOTP of `secret` for `account` (an email), as authenticator apps read it.
pub(crate) fn totp(secret: &[u8], account: &str) -> Result<totp_rs::Totp> {
    totp_rs::Builder::new()
        .with_secret(secret.to_vec())
        .with_issuer(Some(ISSUER))
        // The otpauth label separates issuer and account with a colon.
        .with_account_name(account.replace(':', ""))
        .build()
        .map_err(|e| anyhow::anyhow!("building a TOTP: {e}").into())
}

/// The time step `code` is right for at `now` (one step either side for a phone's clock drift).
pub fn matching_step(secret: &[u8], code: &str, now: u64) -> Option<u64> {
    let totp = totp_rs::Builder::new()
        .with_secret(secret.to_vec())
        .with_step_duration(STEP_SECS)
        .build_noncompliant();
    totp.check(code, now)
}

/// What a code given for an account amounts to.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A right TOTP code, for a step not used before.
    Totp,
    /// A right recovery code, now used up; `left` remain.
    Recovery {
        left: usize,
    },
    Wrong,
    Replayed,
    /// The account has no confirmed factor.
    NoFactor,
}

pub(crate) fn is_totp_code(code: &str) -> bool {
    code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit())
}

pub(crate) fn recovery_hash(code: &str) -> TokenHash {
    let normal: String = code
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    Sha256::digest(normal.as_bytes()).into()
}

/// Judges `code` against `factor` at `now`, and says how the factor changes (the step or the
/// recovery code used up).
fn judge(factor: Option<Factor>, code: &str, now: i64) -> (Change, Verdict) {
    let Some(mut factor) = factor.filter(Factor::is_on) else {
        return (Change::Keep, Verdict::NoFactor);
    };
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if is_totp_code(&code) {
        return match matching_step(&factor.secret, &code, now.max(0) as u64) {
            None => (Change::Keep, Verdict::Wrong),
            Some(step) if step <= factor.last_used_step => (Change::Keep, Verdict::Replayed),
            Some(step) => {
                factor.last_used_step = step;
                (Change::Put(factor), Verdict::Totp)
            }
        };
    }
    if code.len() > 64 {
        return (Change::Keep, Verdict::Wrong);
    }
    let hash = recovery_hash(&code);
    let found = factor
        .recovery
        .iter()
        .position(|h| bool::from(h.ct_eq(&hash)));
    match found {
        Some(i) => {
            factor.recovery.remove(i);
            let left = factor.recovery.len();
            (Change::Put(factor), Verdict::Recovery { left })
        }
        None => (Change::Keep, Verdict::Wrong),
    }
}

/// Judges `code` for `user_id` and stores what it used up, in one step.
fn use_code(app: &AccountsState, user_id: u64, code: &str) -> Result<Verdict> {
    // The phone's codes follow the world's time, not a clock set for a rehearsal.
    let now = crate::platform::clock::system_secs();
    storage::mfa::change_factor(&app.store, user_id, |factor| Ok(judge(factor, code, now)))
}

/// Whether the account signs in with a second factor.
pub fn has_factor(app: &AccountsState, user_id: u64) -> Result<bool> {
    Ok(storage::mfa::find_factor(&app.store, user_id)?.is_some_and(|f| f.is_on()))
}

/// Starts the second step of a sign-in for `user_id`: the token for the browser.
pub fn start_challenge(app: &AccountsState, user_id: u64) -> Result<String> {
    let (token, hash) = sessions::new_token();
    let challenge = Challenge {
        user_id,
        expires_at: crate::platform::clock::now_secs() + CHALLENGE_SECS,
    };
    storage::mfa::create_challenge(&app.store, &hash, &challenge)?;
    Ok(token)
}

/// The pending sign-in `hash` names, if it is still open at `now`.
fn open_challenge(app: &AccountsState, hash: &TokenHash, now: i64) -> Result<Challenge> {
    storage::mfa::find_challenge(&app.store, hash)?
        .filter(|c| c.expires_at >= now)
        .ok_or_else(|| unauthorized(CHALLENGE_GONE))
}

/// A step-up: refuses (400, counted like a wrong current password) unless `code` is a current
/// code or an unused recovery code of `user`'s factor. Accounts without a factor pass.
pub fn step_up(app: &AccountsState, user: &User, client: &str, code: Option<&str>) -> Result<()> {
    if !has_factor(app, user.id)? {
        return Ok(());
    }
    let key = format!("mfa-{}", lockout::password_change_key(&user.email, client));
    limiter::check(app, &key, PAIR_FAILURES, ACCOUNT_WINDOW)?;
    let code = code.map(str::trim).unwrap_or("");
    if code.is_empty() {
        return Err(bad_request(
            "Enter a current code from your authenticator app (or a recovery code).",
        ));
    }
    let verdict = use_code(app, user.id, code)?;
    match verdict {
        Verdict::Totp | Verdict::NoFactor => Ok(()),
        Verdict::Recovery { left } => {
            recovery_used(app, user, left);
            Ok(())
        }
        Verdict::Wrong | Verdict::Replayed => {
            refused_is_fine(limiter::hit(app, &key, PAIR_FAILURES, ACCOUNT_WINDOW))?;
            tracing::warn!(target: "security", user_id = user.id, "a step-up code was refused");
            Err(bad_request(if verdict == Verdict::Replayed {
                REPLAYED
            } else {
                WRONG_CODE
            }))
        }
    }
}

fn recovery_used(app: &AccountsState, user: &User, left: usize) {
    tracing::info!(target: "security", user_id = user.id, left, "a recovery code was used");
    audit::record(
        &app.store,
        user.firm.id,
        Some(user),
        AuditAction::RecoveryCodeUsed,
        format!("{} used a recovery code ({left} left)", user.name),
    );
}

pub(crate) fn new_secret() -> Vec<u8> {
    let mut bytes = vec![0u8; 20];
    rand::rng().fill_bytes(&mut bytes);
    bytes
}

/// Ten new recovery codes (80 random bits each, as `xxxx-xxxx-xxxx-xxxx-xxxx` in hex) and their
/// hashes.
pub(crate) fn new_recovery_codes() -> (Vec<String>, Vec<TokenHash>) {
    (0..RECOVERY_CODES)
        .map(|_| {
            let mut bytes = [0u8; 10];
            rand::rng().fill_bytes(&mut bytes);
            let hex = hex::encode(bytes);
            let code = (0..5)
                .map(|i| &hex[i * 4..i * 4 + 4])
                .collect::<Vec<_>>()
                .join("-");
            let hash = recovery_hash(&code);
            (code, hash)
        })
        .unzip()
}

/// The QR code of `uri` as an SVG document (rendered here, no outside service).
pub(crate) fn qr_svg(uri: &str) -> Result<String> {
    let code = qrcode::QrCode::new(uri.as_bytes())
        .map_err(|e| anyhow::anyhow!("rendering the QR code: {e}"))?;
    Ok(code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(200, 200)
        .quiet_zone(true)
        .build())
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TotpSetup {
    /// The key in base32, for typing into an app that cannot scan.
    pub secret: String,
    /// `otpauth://totp/Litstack:<email>?secret=…&issuer=Litstack`
    pub otpauth_uri: String,
    /// The QR code of `otpauthUri`, an SVG document.
    pub qr_svg: String,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CodeBody {
    /// A 6-digit code from the authenticator app, or (where said) a recovery code.
    pub code: String,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VerifyBody {
    pub mfa_token: String,
    /// A 6-digit code from the authenticator app, or a recovery code.
    pub code: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodes {
    /// Ten single-use codes, shown this once.
    pub recovery_codes: Vec<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MfaStatus {
    /// Two-step sign-in is on for this account.
    pub enabled: bool,
    /// Unused recovery codes left.
    pub recovery_codes_left: usize,
}

/// GET /api/auth/mfa: whether two-step sign-in is on for the signed-in account.
#[utoipa::path(get, path = "/auth/mfa", tag = "auth",
    responses(
        (status = 200, body = MfaStatus),
        crate::platform::error::NotSignedIn,
    ))]
pub async fn status(
    State(state): State<AccountsState>,
    current: CurrentUser,
) -> Result<Json<MfaStatus>> {
    let id = current.user.id;
    let factor = state
        .blocking(move |app| storage::mfa::find_factor(&app.store, id))
        .await?
        .filter(Factor::is_on);
    Ok(Json(MfaStatus {
        enabled: factor.is_some(),
        recovery_codes_left: factor.map_or(0, |f| f.recovery.len()),
    }))
}

/// POST /api/auth/mfa/totp/setup: a new pending secret (replacing a pending one), its otpauth URI
/// and QR code. Two-step sign-in is on only once `confirm` gets a code.
#[utoipa::path(post, path = "/auth/mfa/totp/setup", tag = "auth",
    responses(
        (status = 200, body = TotpSetup),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 409, description = "Two-step sign-in is already on", body = crate::platform::error::ErrorBody),
    ))]
pub async fn setup(
    State(state): State<AccountsState>,
    current: CurrentUser,
) -> Result<Json<TotpSetup>> {
    let user = current.user;
    let secret = new_secret();
    let totp = totp(&secret, &user.email)?;
    let otpauth_uri = totp
        .to_url()
        .map_err(|e| anyhow::anyhow!("the otpauth URI: {e}"))?;
    let qr = qr_svg(&otpauth_uri)?;
    let encoded = totp.secret().to_base32();
    let id = user.id;
    state
        .blocking(move |app| {
            storage::mfa::change_factor(&app.store, id, |found| {
                if found.as_ref().is_some_and(Factor::is_on) {
                    return Err(conflict(
                        "Two-step sign-in is already on. Turn it off first to set up a new app.",
                    ));
                }
                let pending = Factor {
                    secret: secret.clone(),
                    created_at: crate::platform::clock::now_secs(),
                    confirmed_at: None,
                    last_used_step: 0,
                    recovery: Vec::new(),
                };
                Ok((Change::Put(pending), ()))
            })
        })
        .await?;
    Ok(Json(TotpSetup {
        secret: encoded,
        otpauth_uri,
        qr_svg: qr,
    }))
}

/// POST /api/auth/mfa/totp/confirm: turns two-step sign-in on with a first code from the app;
/// answers ten recovery codes, shown this once.
#[utoipa::path(post, path = "/auth/mfa/totp/confirm", tag = "auth",
    request_body = CodeBody,
    responses(
        (status = 200, body = RecoveryCodes),
        (status = 400, description = "A wrong code, or no setup is pending", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 409, description = "Two-step sign-in is already on", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooManyWrongCodes,
    ))]
pub async fn confirm(
    State(state): State<AccountsState>,
    ClientIp(ip): ClientIp,
    current: CurrentUser,
    Json(body): Json<CodeBody>,
) -> Result<Json<RecoveryCodes>> {
    let code: String = body.code.chars().filter(|c| !c.is_whitespace()).collect();
    if !is_totp_code(&code) {
        return Err(bad_request(
            "Enter the 6-digit code your authenticator app shows.",
        ));
    }
    let user = current.user;
    let (codes, hashes) = new_recovery_codes();
    let now = crate::platform::clock::now_secs();
    let key = format!("mfa-{}", lockout::password_change_key(&user.email, &ip));
    let outcome = state
        .blocking(move |app| {
            limiter::check(app, &key, PAIR_FAILURES, ACCOUNT_WINDOW)?;
            let confirmed = storage::mfa::change_factor(&app.store, user.id, |found| {
                let Some(mut factor) = found else {
                    return Err(bad_request(
                        "No setup is pending. Start the setup again to get a new QR code.",
                    ));
                };
                if factor.is_on() {
                    return Err(conflict("Two-step sign-in is already on."));
                }
                let world = crate::platform::clock::system_secs() as u64;
                let Some(step) = matching_step(&factor.secret, &code, world) else {
                    return Ok((Change::Keep, false));
                };
                factor.confirmed_at = Some(now);
                factor.last_used_step = step;
                factor.recovery = hashes.clone();
                Ok((Change::Put(factor), true))
            })?;
            if !confirmed {
                refused_is_fine(limiter::hit(app, &key, PAIR_FAILURES, ACCOUNT_WINDOW))?;
                return Ok(false);
            }
            audit::record(
                &app.store,
                user.firm.id,
                Some(&user),
                AuditAction::MfaEnabled,
                format!("{} turned on two-step sign-in", user.name),
            );
            tracing::info!(target: "security", user_id = user.id, "two-step sign-in turned on");
            Ok(true)
        })
        .await?;
    if !outcome {
        return Err(bad_request(
            "That code is not right. Check that your phone's time is correct and enter the code \
             the app shows now.",
        ));
    }
    Ok(Json(RecoveryCodes {
        recovery_codes: codes,
    }))
}

/// DELETE /api/auth/mfa/totp: turns two-step sign-in off; needs a current code or a recovery
/// code.
#[utoipa::path(delete, path = "/auth/mfa/totp", tag = "auth",
    request_body = CodeBody,
    responses(
        (status = 204, description = "Two-step sign-in is off"),
        (status = 400, description = "A missing or wrong code, two-step sign-in is not on, or the firm or the install requires it", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        crate::platform::error::TooManyWrongCodes,
    ))]
pub async fn disable(
    State(state): State<AccountsState>,
    ClientIp(ip): ClientIp,
    current: CurrentUser,
    Json(body): Json<CodeBody>,
) -> Result<StatusCode> {
    let user = current.user;
    state
        .blocking(move |app| {
            if !has_factor(app, user.id)? {
                return Err(bad_request(NO_FACTOR));
            }
            if let Some(by) = super::mfa_required::required_by(app, &user)? {
                return Err(bad_request(super::mfa_required::stays_on(by)));
            }
            step_up(app, &user, &ip, Some(&body.code))?;
            storage::mfa::change_factor(&app.store, user.id, |_| Ok((Change::Delete, ())))?;
            audit::record(
                &app.store,
                user.firm.id,
                Some(&user),
                AuditAction::MfaDisabled,
                format!("{} turned off two-step sign-in", user.name),
            );
            tracing::info!(target: "security", user_id = user.id, "two-step sign-in turned off");
            Ok(())
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// POST /api/auth/mfa/verify (public): finishes a sign-in that answered `mfaRequired` with a
/// code from the app or a recovery code, and starts the session as sign-in does.
#[utoipa::path(post, path = "/auth/mfa/verify", tag = "auth", security(()),
    request_body = VerifyBody,
    responses(
        (status = 200, description = "Signed in; the session cookie is set", body = UserEnvelope),
        (status = 400, description = "Invalid input", body = crate::platform::error::ErrorBody),
        (status = 401, description = "A wrong or already used code, the sign-in expired, or the \
            account was removed meanwhile", body = crate::platform::error::ErrorBody),
        (status = 403, description = "A foreign origin, or the firm is disabled", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
        crate::platform::error::TooManyAttempts,
    ))]
pub async fn verify(
    State(state): State<AccountsState>,
    ClientIp(ip): ClientIp,
    headers: axum::http::HeaderMap,
    jar: CookieJar,
    Json(body): Json<VerifyBody>,
) -> Result<impl IntoResponse> {
    let device = super::devices::of_request(&headers, &ip);
    let base = super::links::base(&state.config);
    let token = body.mfa_token.trim();
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(unauthorized(CHALLENGE_GONE));
    }
    if body.code.trim().is_empty() {
        return Err(bad_request("Enter the code from your authenticator app."));
    }
    let hash = sessions::hash_token(token);
    let previous = jar.get(COOKIE).map(|c| sessions::hash_token(c.value()));
    let code = body.code;
    let client = ip.clone();
    let (user, token) = state
        .blocking(move |app| {
            let challenge = open_challenge(app, &hash, crate::platform::clock::now_secs())?;
            let Some(user) = app.load_user(challenge.user_id)? else {
                return Err(unauthorized(CHALLENGE_GONE));
            };
            let limits = SignInLimits::new(&client, &Email::parse(&user.email)?);
            limits.check(app)?;
            let verdict = use_code(app, user.id, &code)?;
            match verdict {
                Verdict::Totp => {}
                Verdict::Recovery { left } => recovery_used(app, &user, left),
                Verdict::Wrong | Verdict::Replayed | Verdict::NoFactor => {
                    limits.count_failure(app, Some(user.id))?;
                    // The log says what the screen said: a used code is not a wrong one.
                    let what = match verdict {
                        Verdict::Replayed => "a second-factor code that was just used",
                        _ => "a wrong second-factor code",
                    };
                    audit::record(
                        &app.store,
                        user.firm.id,
                        None,
                        AuditAction::MfaSignInFailed,
                        format!("A sign-in to {} gave {what}", user.email),
                    );
                    tracing::warn!(target: "security", user_id = user.id, "a second-factor code was refused");
                    return Err(match verdict {
                        Verdict::Replayed => unauthorized(REPLAYED),
                        _ => unauthorized(WRONG_CODE),
                    });
                }
            }
            // Single use: of two requests with the same token, one gets the session.
            if storage::mfa::take_challenge(&app.store, &hash)?.is_none() {
                return Err(unauthorized(CHALLENGE_GONE));
            }
            if user.firm.disabled {
                return Err(crate::platform::error::forbidden(sessions::FIRM_DISABLED));
            }
            let (token, session) = sessions::new_token();
            if !storage::rotate_session(&app.store, previous.as_ref(), &session, user.id)? {
                return Err(unauthorized(sessions::ACCOUNT_GONE));
            }
            if let Some(old) = previous {
                app.sessions.forget(&old);
            }
            super::devices::record(
                app,
                &session,
                &user,
                &device,
                super::devices::Started::SignIn {
                    base: base.as_deref(),
                },
            );
            limits.succeeded(app)?;
            Ok((user, token))
        })
        .await?;
    tracing::info!(target: "security", user_id = user.id, client = %ip, "sign-in with a second factor succeeded");
    let jar = jar.add(sessions::session_cookie(&state, token));
    Ok((
        jar,
        Json(UserEnvelope {
            user: UserView::from(&user),
        }),
    ))
}

impl From<totp_rs::TotpError> for AppError {
    fn from(e: totp_rs::TotpError) -> AppError {
        anyhow::anyhow!("TOTP: {e}").into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238, appendix B: the SHA-1 key "12345678901234567890"; its 8-digit codes end in
    /// these 6 digits (a 6-digit code is the same number mod 10^6).
    #[test]
    fn the_step_check_matches_rfc_6238s_test_vectors() {
        let secret = b"12345678901234567890";
        for (time, code) in [
            (59u64, "287082"),
            (1_111_111_109, "081804"),
            (1_111_111_111, "050471"),
            (1_234_567_890, "005924"),
            (2_000_000_000, "279037"),
        ] {
            assert_eq!(matching_step(secret, code, time), Some(time / 30), "{time}");
        }
        // One step either side is accepted, two are not.
        assert_eq!(matching_step(secret, "287082", 59 + 30), Some(1));
        assert_eq!(matching_step(secret, "287082", 59 + 60), None);
        assert_eq!(matching_step(secret, "287083", 59), None);
    }

    fn confirmed(codes: &[&str]) -> Factor {
        Factor {
            secret: b"12345678901234567890".to_vec(),
            created_at: 0,
            confirmed_at: Some(1),
            last_used_step: 0,
            recovery: codes.iter().map(|c| recovery_hash(c)).collect(),
        }
    }

    #[test]
    fn a_code_is_accepted_once_and_a_recovery_code_once() {
        let factor = confirmed(&["aaaa-bbbb"]);
        let (change, verdict) = judge(Some(factor), "287082", 59);
        assert_eq!(verdict, Verdict::Totp);
        let Change::Put(factor) = change else {
            panic!("the step is kept")
        };
        assert_eq!(factor.last_used_step, 1);
        let (_, again) = judge(Some(factor.clone()), "287 082", 59);
        assert_eq!(again, Verdict::Replayed);

        let (change, used) = judge(Some(factor), "AAAA BBBB", 59);
        assert_eq!(used, Verdict::Recovery { left: 0 });
        let Change::Put(factor) = change else {
            panic!("the code is used up")
        };
        assert_eq!(judge(Some(factor), "aaaa-bbbb", 59).1, Verdict::Wrong);
        let mut pending = confirmed(&[]);
        pending.confirmed_at = None;
        assert_eq!(judge(Some(pending), "287082", 59).1, Verdict::NoFactor);
        assert_eq!(judge(None, "287082", 59).1, Verdict::NoFactor);
    }

    #[test]
    fn recovery_codes_are_ten_distinct_and_hash_as_typed_loosely() {
        let (codes, hashes) = new_recovery_codes();
        assert_eq!(codes.len(), 10);
        let distinct: std::collections::HashSet<_> = hashes.iter().collect();
        assert_eq!(distinct.len(), 10);
        assert_eq!(codes[0].len(), 24);
        assert_eq!(recovery_hash(&codes[0].to_uppercase()), hashes[0]);
    }

    #[test]
    fn an_expired_challenge_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let app = AccountsState {
            store: std::sync::Arc::new(crate::platform::store::open_file(dir.path()).unwrap()),
            config: std::sync::Arc::new(crate::platform::config::Config::for_data_dir(dir.path())),
            sessions: Default::default(),
            limiter: Default::default(),
            hashing: Default::default(),
            setup_token: Default::default(),
            firm_changed: super::super::FirmChanged::nobody(),
        };
        let new = storage::NewUser {
            name: "Ann".into(),
            email: Email::parse("ann@doe.com").unwrap(),
            firm: storage::FirmChoice::New {
                name: "Doe LLP".into(),
                size: None,
            },
            password_hash: "hash".into(),
        };
        let ann = storage::create_user(&app.store, new, &[1; 32], |_| Ok(())).unwrap();
        let token = start_challenge(&app, ann.id).unwrap();
        let hash = sessions::hash_token(&token);
        let now = crate::platform::clock::now_secs();
        assert_eq!(open_challenge(&app, &hash, now).unwrap().user_id, ann.id);
        let late = open_challenge(&app, &hash, now + CHALLENGE_SECS + 1);
        assert!(matches!(late, Err(AppError::Unauthorized(m)) if m == CHALLENGE_GONE));
    }
}
