//! Where a person is signed in: each session's device (a short summary of the browser's
//! User-Agent, "Chrome on Windows"; the full string is never kept) and address, listed on
//! /profile with "Sign out" per session and "Sign out everywhere else".

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::AccountsState;
pub use super::model::SessionDevice;
use super::sessions::{CurrentUser, TokenHash};
use super::storage;
use crate::platform::blocking::Blocking;
use crate::platform::error::{Result, not_found};
use crate::platform::extract::{Json, Path};

/// A short readable summary of a User-Agent: the browser and the system, nothing else.
pub fn summarize(user_agent: &str) -> String {
    let ua = user_agent;
    let browser = if ua.contains("Edg/") || ua.contains("Edge/") {
        Some("Edge")
    } else if ua.contains("OPR/") || ua.contains("Opera") {
        Some("Opera")
    } else if ua.contains("Firefox/") || ua.contains("FxiOS/") {
        Some("Firefox")
    } else if ua.contains("Chrome/") || ua.contains("CriOS/") || ua.contains("Chromium/") {
        Some("Chrome")
    } else if ua.contains("Safari/") {
        Some("Safari")
    } else {
        None
    };
    let system = if ua.contains("iPhone") || ua.contains("iPad") || ua.contains("iPod") {
        Some("iOS")
    } else if ua.contains("Android") {
        Some("Android")
    } else if ua.contains("Windows") {
        Some("Windows")
    } else if ua.contains("CrOS") {
        Some("ChromeOS")
    } else if ua.contains("Mac OS X") || ua.contains("Macintosh") {
        Some("macOS")
    } else if ua.contains("Linux") {
        Some("Linux")
    } else {
        None
    };
    match (browser, system) {
        (Some(b), Some(s)) => format!("{b} on {s}"),
        (Some(b), None) => b.to_string(),
        (None, Some(s)) => format!("A browser on {s}"),
        (None, None) => "Unknown device".to_string(),
    }
}

/// The device of a request that starts a session.
pub fn of_request(headers: &HeaderMap, address: &str) -> SessionDevice {
    let ua = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    SessionDevice {
        device: summarize(ua),
        address: address.chars().take(64).collect(),
        started_at: crate::platform::clock::now_secs(),
    }
}

/// How a session started: a sign-up tells nobody; a sign-in from a new device does.
#[derive(Debug, Clone, Copy)]
pub enum Started<'a> {
    SignUp,
    /// `base`: the install's address for the mail's links (`links::base`).
    SignIn {
        base: Option<&'a str>,
    },
}

/// Notes the device of the session `hash` just started for `user`. On a sign-in, a device and
/// address the account had not signed in from before gives the notice "A new sign-in to your
/// account" (bell and mail, as the person chose; mail only when it is on and the install knows its
/// address) in the same transaction. A failure is logged: the session works, and the list shows
/// it as an unknown device.
pub fn record(
    app: &AccountsState,
    hash: &TokenHash,
    user: &super::model::User,
    device: &SessionDevice,
    started: Started<'_>,
) {
    let base = match started {
        Started::SignUp => None,
        Started::SignIn { base } => Some(base),
    };
    let notice = base.map(|base| {
        crate::notifications::new_sign_in(
            user.id,
            user.firm.id.get(),
            &user.email,
            &user.name,
            &device.device,
            &device.address,
            base,
            device.started_at,
        )
    });
    let noted = storage::devices::put_device(&app.store, hash, user.id, device, notice.as_ref());
    match noted {
        Ok(true) => {
            tracing::info!(target: "security", user_id = user.id, "sign-in from a new device")
        }
        Ok(false) => {}
        Err(e) => tracing::warn!(error = %e, "a session's device was not saved"),
    }
}

/// The opaque id a session is named by in the API: never its token hash.
pub fn session_id(hash: &TokenHash) -> String {
    let mut digest = Sha256::new();
    digest.update(hash);
    digest.update(b"session-id");
    hex::encode(digest.finalize())[..16].to_string()
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    /// Names the session in `DELETE /api/auth/sessions/{id}`.
    pub id: String,
    pub device: String,
    pub address: String,
    /// RFC 3339.
    pub started_at: String,
    /// RFC 3339; written back every few minutes, not at every request.
    pub last_seen: String,
    /// The session of this request.
    pub current: bool,
}

/// The caller's sessions that are still open, the current one first, then the latest seen.
fn open_sessions(
    app: &AccountsState,
    user_id: u64,
) -> Result<Vec<(TokenHash, super::model::Session, Option<SessionDevice>)>> {
    let now = crate::platform::clock::now_secs();
    let (idle, absolute) = (
        app.config.session_idle.as_secs() as i64,
        app.config.session_absolute.as_secs() as i64,
    );
    let mut open = storage::sessions::of_user(&app.store, user_id)?;
    open.retain(|(_, s, _)| now - s.last_seen <= idle && now - s.created_at <= absolute);
    Ok(open)
}

/// GET /api/auth/sessions: where the signed-in person is signed in.
#[utoipa::path(get, path = "/auth/sessions", tag = "auth",
    responses(
        (status = 200, body = Vec<SessionView>),
        crate::platform::error::NotSignedIn,
    ))]
pub async fn list(
    State(state): State<AccountsState>,
    current: CurrentUser,
) -> Result<Json<Vec<SessionView>>> {
    let (user_id, here) = (current.user.id, current.session);
    let open = state
        .blocking(move |app| open_sessions(app, user_id))
        .await?;
    let mut views: Vec<(bool, i64, SessionView)> = open
        .into_iter()
        .map(|(hash, session, device)| {
            let device = device.unwrap_or(SessionDevice {
                device: "Unknown device".into(),
                address: String::new(),
                started_at: session.created_at,
            });
            let current = hash == here;
            let view = SessionView {
                id: session_id(&hash),
                device: device.device,
                address: device.address,
                started_at: crate::platform::clock::rfc3339(session.created_at),
                last_seen: crate::platform::clock::rfc3339(session.last_seen),
                current,
            };
            (current, session.last_seen, view)
        })
        .collect();
    views.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    Ok(Json(views.into_iter().map(|(_, _, v)| v).collect()))
}

/// DELETE /api/auth/sessions/{id}: ends one of the signed-in person's sessions.
#[utoipa::path(delete, path = "/auth/sessions/{id}", tag = "auth",
    params(("id" = String, Path, description = "The session's id from the list")),
    responses(
        (status = 204, description = "The session ended"),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 404, description = "No session of yours has this id", body = crate::platform::error::ErrorBody),
    ))]
pub async fn end_one(
    State(state): State<AccountsState>,
    current: CurrentUser,
    Path(id): Path<String>,
) -> Result<StatusCode> {
    let user_id = current.user.id;
    state
        .blocking(move |app| {
            let open = storage::sessions::of_user(&app.store, user_id)?;
            let Some((hash, _, _)) = open.into_iter().find(|(h, _, _)| session_id(h) == id) else {
                return Err(not_found(
                    "You have no session with this id. It may have ended already.",
                ));
            };
            storage::delete_session(&app.store, &hash)?;
            app.sessions.forget(&hash);
            Ok(())
        })
        .await?;
    tracing::info!(target: "security", user_id, "a session was ended from the sessions list");
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedOutOthers {
    /// How many sessions ended.
    pub ended: usize,
}

/// POST /api/auth/sessions/sign-out-others: ends every session of the signed-in person but this
/// one ("Sign out everywhere else").
#[utoipa::path(post, path = "/auth/sessions/sign-out-others", tag = "auth",
    responses(
        (status = 200, body = SignedOutOthers),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
    ))]
pub async fn sign_out_others(
    State(state): State<AccountsState>,
    current: CurrentUser,
) -> Result<Json<SignedOutOthers>> {
    let (user_id, keep) = (current.user.id, current.session);
    let ended = state
        .blocking(move |app| {
            let open = storage::sessions::of_user(&app.store, user_id)?;
            let mut ended = 0;
            for (hash, _, _) in open.iter().filter(|(h, _, _)| *h != keep) {
                storage::delete_session(&app.store, hash)?;
                ended += 1;
            }
            app.sessions.forget_user(user_id, Some(&keep));
            Ok(ended)
        })
        .await?;
    tracing::info!(target: "security", user_id, ended, "signed out everywhere else");
    Ok(Json(SignedOutOthers { ended }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_agents_are_summed_up_in_a_few_words() {
        for (ua, want) in [
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
                "Chrome on Windows",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
                "Edge on Windows",
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
                "Safari on macOS",
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
                "Safari on iOS",
            ),
            (
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
                "Chrome on Android",
            ),
            (
                "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
                "Firefox on Linux",
            ),
            ("curl/8.4.0", "Unknown device"),
            ("", "Unknown device"),
        ] {
            assert_eq!(summarize(ua), want, "{ua}");
        }
    }

    #[test]
    fn a_session_id_is_short_stable_and_not_the_hash() {
        let id = session_id(&[7; 32]);
        assert_eq!(id.len(), 16);
        assert_eq!(id, session_id(&[7; 32]));
        assert_ne!(id, session_id(&[8; 32]));
        assert!(!hex::encode([7u8; 32]).starts_with(&id));
    }
}
