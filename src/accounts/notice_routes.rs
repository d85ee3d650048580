//! The notifications' HTTP side (the domain is `notifications/`, below the accounts; its routes
//! need the signed-in person, so they live here): the bell's list and "read", a person's
//! preferences per kind, and the one-click unsubscribe target a mail provider's server posts to.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};

use super::{AccountsState, CurrentUser, storage};
use crate::notifications::model::{LIST_LIMIT, NoticeKind, Pref, Stored};
use crate::notifications::{storage as notices, token};
use crate::platform::blocking::Blocking;
use crate::platform::clock::rfc3339;
use crate::platform::error::{ErrorBody, Result, bad_request};
use crate::platform::extract::{Json, Query};
use crate::platform::firm_id::FirmId;

/// One notice under the bell.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeView {
    pub id: u64,
    pub kind: NoticeKind,
    pub title: String,
    pub body: String,
    /// A path in the app to open, or empty.
    pub link: String,
    /// RFC 3339, UTC.
    pub created_at: String,
    pub read: bool,
}

impl NoticeView {
    fn of(s: Stored) -> NoticeView {
        NoticeView {
            id: s.id,
            kind: s.kind,
            title: s.title,
            body: s.body,
            link: s.link,
            created_at: rfc3339(s.created_at),
            read: s.read,
        }
    }
}

/// The caller's newest notices (at most 50), newest first, and how many are unread.
#[derive(Serialize, utoipa::ToSchema)]
pub struct NoticeList {
    pub unread: usize,
    pub items: Vec<NoticeView>,
}

/// POST /api/notifications/read: `{ids: [..]}` or `{all: true}`.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkRead {
    /// The notices to mark read; ids that are not the caller's are ignored.
    pub ids: Option<Vec<u64>>,
    /// Every notice of the caller.
    pub all: Option<bool>,
}

fn list_of(store: &crate::platform::store::Store, user_id: u64) -> Result<NoticeList> {
    let (unread, items) = notices::list(store, user_id, LIST_LIMIT)?;
    Ok(NoticeList {
        unread,
        items: items.into_iter().map(NoticeView::of).collect(),
    })
}

/// GET /api/notifications: the bell.
#[utoipa::path(get, path = "/notifications", tag = "notifications",
    responses(
        (status = 200, body = NoticeList),
        crate::platform::error::NotSignedIn,
    ))]
pub async fn list_notices(
    State(state): State<AccountsState>,
    current: CurrentUser,
) -> Result<Json<NoticeList>> {
    let user_id = current.user.id;
    Ok(Json(
        state
            .blocking(move |app| list_of(&app.store, user_id))
            .await?,
    ))
}

/// POST /api/notifications/read: marks the caller's notices read (ids of others are ignored) and
/// answers the bell as it is now.
#[utoipa::path(post, path = "/notifications/read", tag = "notifications",
    request_body = MarkRead,
    responses(
        (status = 200, body = NoticeList),
        (status = 400, description = "Neither ids nor all", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        crate::platform::error::TooLarge,
    ))]
pub async fn mark_read(
    State(state): State<AccountsState>,
    current: CurrentUser,
    Json(body): Json<MarkRead>,
) -> Result<Json<NoticeList>> {
    let ids = match (body.ids, body.all) {
        // Ids are 64-bit signed in the API document (and in PostgreSQL): a larger one names no
        // notice and is a mistake worth telling.
        (Some(ids), None | Some(false)) if ids.iter().any(|&id| i64::try_from(id).is_err()) => {
            return Err(bad_request(
                "ids must be notice ids from GET /api/notifications.",
            ));
        }
        (Some(ids), None | Some(false)) if ids.len() <= 200 => Some(ids),
        (Some(_), None | Some(false)) => {
            return Err(bad_request("Mark at most 200 notices read at once."));
        }
        (None, Some(true)) => None,
        _ => {
            return Err(bad_request(
                "Send either the ids of the notices to mark read, or \"all\": true.",
            ));
        }
    };
    let (firm, user_id) = (current.user.firm.id, current.user.id);
    Ok(Json(
        state
            .blocking(move |app| {
                notices::mark_read(&app.store, firm, user_id, ids.as_deref())?;
                list_of(&app.store, user_id)
            })
            .await?,
    ))
}

/// One kind of notice and how the caller gets it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KindPref {
    pub kind: NoticeKind,
    pub label: String,
    pub email: bool,
    pub in_app: bool,
    /// About the account's security: its email cannot be turned off.
    pub security: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct NoticePrefs {
    pub kinds: Vec<KindPref>,
}

/// How to get one kind.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PrefChange {
    pub email: bool,
    pub in_app: bool,
}

/// PUT /api/me/notifications: the kinds to change (a kind left out stays as it is).
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PrefsChange {
    pub role_changed: Option<PrefChange>,
    pub new_sign_in: Option<PrefChange>,
    pub demo_follow_up: Option<PrefChange>,
    pub renewal_reminder: Option<PrefChange>,
    pub decision_approval: Option<PrefChange>,
    pub demo_answered: Option<PrefChange>,
}

impl PrefsChange {
    fn into_list(self) -> Vec<(NoticeKind, PrefChange)> {
        [
            (NoticeKind::RoleChanged, self.role_changed),
            (NoticeKind::NewSignIn, self.new_sign_in),
            (NoticeKind::DemoFollowUp, self.demo_follow_up),
            (NoticeKind::RenewalReminder, self.renewal_reminder),
            (NoticeKind::DecisionApproval, self.decision_approval),
            (NoticeKind::DemoAnswered, self.demo_answered),
        ]
        .into_iter()
        .filter_map(|(kind, change)| change.map(|c| (kind, c)))
        .collect()
    }
}

pub const SECURITY_EMAIL: &str = "Emails about your account's security cannot be turned off: they tell you when someone else may be using it.";

fn prefs_of(store: &crate::platform::store::Store, user_id: u64) -> Result<NoticePrefs> {
    let chosen = notices::prefs(store, user_id)?;
    Ok(NoticePrefs {
        kinds: NoticeKind::ALL
            .into_iter()
            .filter(|kind| !kind.operators_duty())
            .map(|kind| {
                let pref = chosen.get(&kind).copied().unwrap_or_default();
                KindPref {
                    kind,
                    label: kind.label().to_string(),
                    email: pref.mails(kind),
                    in_app: pref.in_app,
                    security: kind.security(),
                }
            })
            .collect(),
    })
}

/// GET /api/me/notifications: for each kind, whether the caller gets it by email and in the app.
#[utoipa::path(get, path = "/me/notifications", tag = "notifications",
    responses(
        (status = 200, body = NoticePrefs),
        crate::platform::error::NotSignedIn,
    ))]
pub async fn get_prefs(
    State(state): State<AccountsState>,
    current: CurrentUser,
) -> Result<Json<NoticePrefs>> {
    let user_id = current.user.id;
    Ok(Json(
        state
            .blocking(move |app| prefs_of(&app.store, user_id))
            .await?,
    ))
}

/// PUT /api/me/notifications `{"roleChanged": {"email": false, "inApp": true}, ..}`: the kinds
/// sent change, the others stay. A security kind's email cannot be turned off (400).
#[utoipa::path(put, path = "/me/notifications", tag = "notifications",
    request_body = PrefsChange,
    responses(
        (status = 200, body = NoticePrefs),
        (status = 400, description = "An unknown kind, or a security email turned off", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        crate::platform::error::TooLarge,
    ))]
pub async fn put_prefs(
    State(state): State<AccountsState>,
    current: CurrentUser,
    Json(body): Json<PrefsChange>,
) -> Result<Json<NoticePrefs>> {
    let mut changes = Vec::new();
    for (kind, change) in body.into_list() {
        if kind.security() && !change.email {
            return Err(bad_request(SECURITY_EMAIL));
        }
        changes.push((
            kind,
            Pref {
                email: change.email,
                in_app: change.in_app,
            },
        ));
    }
    let (firm, user_id) = (current.user.firm.id, current.user.id);
    Ok(Json(
        state
            .blocking(move |app| {
                notices::set_prefs(&app.store, firm, user_id, &changes)?;
                prefs_of(&app.store, user_id)
            })
            .await?,
    ))
}

/// `?token=`: the one-click unsubscribe token of a message.
#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeQuery {
    pub token: String,
}

/// What a token turns off.
#[derive(Serialize, utoipa::ToSchema)]
pub struct UnsubscribeView {
    pub kind: NoticeKind,
    pub label: String,
}

pub const BAD_TOKEN: &str = "This unsubscribe link is not valid. Check that you opened the whole link, or choose your messages under Notifications on your profile.";

/// The token's claim, with the firm of its person (who must still have an account).
fn claim(app: &AccountsState, raw: String) -> Result<(token::Unsubscribe, FirmId)> {
    let secret = notices::secret(&app.store)?;
    let claim = token::verify(&secret, &raw).ok_or_else(|| bad_request(BAD_TOKEN))?;
    if claim.kind.always_mailed() {
        return Err(bad_request(BAD_TOKEN));
    }
    let user = storage::find_user(&app.store, claim.user_id)?;
    let firm = user.ok_or_else(|| bad_request(BAD_TOKEN))?.firm.id;
    Ok((claim, firm))
}

/// GET /api/unsubscribe?token= (public): what the link would turn off; changes nothing.
#[utoipa::path(get, path = "/unsubscribe", tag = "notifications", security(()),
    params(UnsubscribeQuery),
    responses(
        (status = 200, body = UnsubscribeView),
        (status = 400, description = "A bad or forged token", body = ErrorBody),
    ))]
pub async fn look_up_unsubscribe(
    State(state): State<AccountsState>,
    Query(query): Query<UnsubscribeQuery>,
) -> Result<Json<UnsubscribeView>> {
    let (claim, _) = state.blocking(move |app| claim(app, query.token)).await?;
    Ok(Json(UnsubscribeView {
        kind: claim.kind,
        label: claim.kind.label().to_string(),
    }))
}

/// POST /api/unsubscribe?token= (public; RFC 8058 one-click: a mail provider's server posts
/// `List-Unsubscribe=One-Click`, with no cookie): turns that kind's email off for the token's
/// person and answers plain text.
#[utoipa::path(post, path = "/unsubscribe", tag = "notifications", security(()),
    params(UnsubscribeQuery),
    request_body(content = String, content_type = "application/x-www-form-urlencoded",
        description = "List-Unsubscribe=One-Click"),
    responses(
        (status = 200, description = "That kind's email is off", body = String, content_type = "text/plain"),
        (status = 400, description = "A bad or forged token", body = ErrorBody),
        crate::platform::error::ForeignOrigin,
        crate::platform::error::TooLarge,
    ))]
pub async fn unsubscribe(
    State(state): State<AccountsState>,
    Query(query): Query<UnsubscribeQuery>,
) -> Result<impl IntoResponse> {
    let label = state
        .blocking(move |app| {
            let (claim, firm) = claim(app, query.token)?;
            let current = notices::prefs(&app.store, claim.user_id)?
                .get(&claim.kind)
                .copied()
                .unwrap_or_default();
            notices::set_prefs(
                &app.store,
                firm,
                claim.user_id,
                &[(
                    claim.kind,
                    Pref {
                        email: false,
                        ..current
                    },
                )],
            )?;
            tracing::info!(target: "notifications", user_id = claim.user_id, kind = claim.kind.code(), "email turned off by one-click unsubscribe");
            Ok(claim.kind.label())
        })
        .await?;
    Ok((
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        )],
        format!("Unsubscribed: you will no longer get emails for \"{label}\".\n"),
    ))
}
