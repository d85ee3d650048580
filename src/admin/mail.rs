//! The operator's mail screen: the SMTP settings (the password never shown again), a test message
//! that shows the mail server's answer, and the outbox — what is queued, sent or failed, with the
//! server's last answer — where a message can be retried or dropped.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use crate::mail::settings::Security;
use crate::mail::storage::{self, Outcome};
use crate::mail::{MailSettings, MailState, MessageKind, Queued, Status, letters, sender};
use crate::platform::blocking::Blocking;
use crate::platform::caller::AdminUser;
use crate::platform::clock::{now_secs, rfc3339};
use crate::platform::error::{Result, bad_request, conflict, not_found};
use crate::platform::extract::{Json, Path};
use crate::platform::ids::MessageId;

/// How many messages the outbox lists.
const OUTBOX_ROWS: usize = 200;

/// The mail settings as the operator sees them: everything but the password.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailSettingsView {
    /// Mail is on: messages are queued and sent.
    pub enabled: bool,
    /// `smtp(s)://user@host:port`, without the password.
    pub smtp_url: Option<String>,
    pub host: Option<String>,
    pub port: Option<u16>,
    pub security: Option<Security>,
    pub username: Option<String>,
    pub has_password: bool,
    pub from: Option<String>,
    pub allow_plain: bool,
    /// The address the links in mail start with (`--public-url`, or the loopback address the
    /// server listens on). None: mail that carries a link (invitations, reset links, notices) is
    /// not sent, since its link would point nowhere this install knows.
    pub public_address: Option<String>,
}

impl MailSettingsView {
    fn of(
        settings: Option<&MailSettings>,
        config: &crate::platform::config::Config,
    ) -> MailSettingsView {
        let target = settings.and_then(|s| s.target().ok());
        let url = settings
            .and_then(|s| url::Url::parse(&s.smtp_url).ok())
            .map(|mut u| {
                // Neither part can fail on an smtp(s) URL with a host.
                let _ = u.set_password(None);
                u.to_string().trim_end_matches('/').to_string()
            });
        MailSettingsView {
            enabled: settings.is_some(),
            smtp_url: url,
            host: target.as_ref().map(|t| t.host.clone()),
            port: target.as_ref().map(|t| t.port),
            security: target.as_ref().map(|t| t.security),
            username: target.as_ref().and_then(|t| t.username.clone()),
            has_password: target.as_ref().is_some_and(|t| t.password.is_some()),
            from: settings.map(|s| s.from.clone()),
            allow_plain: settings.is_some_and(|s| s.allow_plain),
            public_address: config.public_origin(),
        }
    }
}

/// PUT /api/admin/mail.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MailSettingsChange {
    /// `smtp://user@host:587` or `smtps://user@host:465`; a password in it is taken.
    #[schema(max_length = 2000)]
    pub smtp_url: String,
    /// A new password; absent or null keeps the stored one (when the URL has none).
    #[schema(max_length = 1000)]
    pub password: Option<String>,
    /// The address messages come from: `Litstack <litstack@firm.example>`.
    #[schema(max_length = 320)]
    pub from: String,
    /// Allow plain SMTP to a host that is not this machine.
    #[serde(default)]
    pub allow_plain: bool,
}

/// GET /api/admin/mail: the mail settings, without the password.
#[utoipa::path(get, path = "/admin/mail", tag = "admin",
    responses(
        (status = 200, body = MailSettingsView),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperator,
    ))]
pub(super) async fn get_mail(
    State(state): State<MailState>,
    _: AdminUser,
) -> Result<Json<MailSettingsView>> {
    let settings = state.blocking(|app| storage::settings(&app.store)).await?;
    Ok(Json(MailSettingsView::of(settings.as_ref(), &state.config)))
}

/// PUT /api/admin/mail: sets the mail server and the From address; mail is on from now.
#[utoipa::path(put, path = "/admin/mail", tag = "admin",
    request_body = MailSettingsChange,
    responses(
        (status = 200, body = MailSettingsView),
        (status = 400, description = "An invalid URL or address", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn put_mail(
    State(state): State<MailState>,
    AdminUser(admin): AdminUser,
    Json(body): Json<MailSettingsChange>,
) -> Result<Json<MailSettingsView>> {
    let mut url = url::Url::parse(body.smtp_url.trim()).map_err(|_| {
        bad_request("The SMTP address is not a URL: use smtp://user@mail.example.com:587 or smtps://user@mail.example.com:465")
    })?;
    let stored = state.blocking(|app| storage::settings(&app.store)).await?;
    let password = match (&body.password, url.password()) {
        (Some(p), _) => Some(p.clone()).filter(|p| !p.is_empty()),
        (None, Some(_)) => None,
        (None, None) => stored
            .as_ref()
            .and_then(|s| s.target().ok())
            .filter(|t| t.host == url.host_str().unwrap_or_default())
            .and_then(|t| t.password),
    };
    if let Some(p) = password {
        if url.username().is_empty() {
            return Err(bad_request(
                "A password needs a user: smtp://user@mail.example.com:587",
            ));
        }
        url.set_password(Some(
            &percent_encoding::utf8_percent_encode(&p, percent_encoding::NON_ALPHANUMERIC)
                .to_string(),
        ))
        .map_err(|()| bad_request("The SMTP address cannot take a password"))?;
    }
    let settings = MailSettings::parse(url.as_str(), &body.from, body.allow_plain)?;
    let view = MailSettingsView::of(Some(&settings), &state.config);
    state
        .blocking(move |app| storage::set_settings(&app.store, Some(&settings)))
        .await?;
    tracing::info!(target: "security", user_id = admin.id, "mail settings changed");
    Ok(Json(view))
}

/// DELETE /api/admin/mail: turns mail off; queued messages wait until it is on again.
#[utoipa::path(delete, path = "/admin/mail", tag = "admin",
    responses(
        (status = 204, description = "Mail is off"),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
    ))]
pub(super) async fn delete_mail(
    State(state): State<MailState>,
    AdminUser(admin): AdminUser,
) -> Result<StatusCode> {
    state
        .blocking(|app| storage::set_settings(&app.store, None))
        .await?;
    tracing::info!(target: "security", user_id = admin.id, "mail turned off");
    Ok(StatusCode::NO_CONTENT)
}

/// POST /api/admin/mail/test.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TestMail {
    /// Where to send it; absent: the operator's own address.
    #[schema(max_length = 254)]
    pub to: Option<String>,
}

/// What the mail server answered a test message.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestMailAnswer {
    pub sent: bool,
    /// The server's answer, or why it could not be reached.
    pub answer: String,
}

/// POST /api/admin/mail/test: sends a test message now, outside the outbox, and shows the mail
/// server's answer.
#[utoipa::path(post, path = "/admin/mail/test", tag = "admin",
    request_body = TestMail,
    responses(
        (status = 200, body = TestMailAnswer),
        (status = 400, description = "An invalid address", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 409, description = "Mail is not set up", body = crate::platform::error::ErrorBody),
    ))]
pub(super) async fn test_mail(
    State(state): State<MailState>,
    AdminUser(admin): AdminUser,
    Json(body): Json<TestMail>,
) -> Result<Json<TestMailAnswer>> {
    let to = match body.to.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        Some(to) => crate::accounts::Email::parse(to)?.as_str().to_string(),
        None => admin.email.clone(),
    };
    let settings = state
        .blocking(|app| storage::settings(&app.store))
        .await?
        .ok_or_else(|| conflict("Mail is not set up: save the mail server first."))?;
    let letter = letters::test(&to, &admin.name);
    let message = Queued::new(
        0,
        &letter,
        crate::mail::model::new_message_id(&settings.domain()),
        now_secs(),
    );
    let outcome = sender::attempt(&settings.transport()?, &settings, &message, None).await;
    tracing::info!(target: "mail", by = admin.id, sent = matches!(outcome, Outcome::Sent(_)), "test message");
    Ok(Json(match outcome {
        Outcome::Sent(answer) => TestMailAnswer { sent: true, answer },
        Outcome::Retry(answer) | Outcome::Refused(answer) => TestMailAnswer {
            sent: false,
            answer,
        },
    }))
}

/// One message of the outbox, without its body.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutboxItem {
    pub id: u64,
    pub kind: MessageKind,
    pub to: String,
    pub subject: String,
    pub status: Status,
    pub attempts: u32,
    #[schema(format = DateTime)]
    pub created_at: String,
    /// When the next attempt is made (queued messages).
    #[schema(format = DateTime)]
    pub next_attempt_at: Option<String>,
    /// The mail server's last answer, or why it could not be reached.
    pub last_answer: Option<String>,
    #[schema(format = DateTime)]
    pub sent_at: Option<String>,
}

impl OutboxItem {
    fn of(q: &Queued) -> OutboxItem {
        OutboxItem {
            id: q.id,
            kind: q.kind,
            to: q.to.clone(),
            subject: q.subject.clone(),
            status: q.status,
            attempts: q.attempts,
            created_at: rfc3339(q.created_at),
            next_attempt_at: (q.status == Status::Queued).then(|| rfc3339(q.next_attempt_at)),
            last_answer: q.last_answer.clone(),
            sent_at: q.sent_at.map(rfc3339),
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Outbox {
    /// Mail is on; when off, queued messages wait.
    pub mail_enabled: bool,
    /// The newest 200 messages, newest first.
    pub items: Vec<OutboxItem>,
}

/// GET /api/admin/outbox: the newest messages and where each is.
#[utoipa::path(get, path = "/admin/outbox", tag = "admin",
    responses(
        (status = 200, body = Outbox),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperator,
    ))]
pub(super) async fn outbox(State(state): State<MailState>, _: AdminUser) -> Result<Json<Outbox>> {
    let (settings, items) = state
        .blocking(|app| {
            Ok((
                storage::settings(&app.store)?,
                storage::recent(&app.store, OUTBOX_ROWS)?,
            ))
        })
        .await?;
    Ok(Json(Outbox {
        mail_enabled: settings.is_some(),
        items: items.iter().map(OutboxItem::of).collect(),
    }))
}

/// POST /api/admin/outbox/{id}/retry: sends a failed message again (from the first attempt).
#[utoipa::path(post, path = "/admin/outbox/{message_id}/retry", tag = "admin",
    params(("message_id" = u64, Path, description = "An outbox message id")),
    responses(
        (status = 200, body = OutboxItem),
        (status = 400, description = "An invalid id", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such message", body = crate::platform::error::ErrorBody),
        (status = 409, description = "The message was sent or dropped", body = crate::platform::error::ErrorBody),
    ))]
pub(super) async fn retry_message(
    State(state): State<MailState>,
    _: AdminUser,
    Path(id): Path<MessageId>,
) -> Result<Json<OutboxItem>> {
    change_message(&state, id, |id, q| match q.status {
        Status::Failed | Status::Queued => {
            q.status = Status::Queued;
            q.attempts = 0;
            q.next_attempt_at = now_secs();
            q.claimed_until = None;
            Ok(())
        }
        Status::Sent | Status::Dropped => Err(conflict(format!(
            "Message {id} was {}: there is nothing to send again.",
            q.status.code()
        ))),
    })
    .await
}

/// DELETE /api/admin/outbox/{id}: drops a queued or failed message; it is never sent.
#[utoipa::path(delete, path = "/admin/outbox/{message_id}", tag = "admin",
    params(("message_id" = u64, Path, description = "An outbox message id")),
    responses(
        (status = 200, body = OutboxItem),
        (status = 400, description = "An invalid id", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such message", body = crate::platform::error::ErrorBody),
        (status = 409, description = "The message was already sent", body = crate::platform::error::ErrorBody),
    ))]
pub(super) async fn drop_message(
    State(state): State<MailState>,
    _: AdminUser,
    Path(id): Path<MessageId>,
) -> Result<Json<OutboxItem>> {
    change_message(&state, id, |id, q| match q.status {
        Status::Sent => Err(conflict(format!("Message {id} was already sent."))),
        _ => {
            q.status = Status::Dropped;
            q.claimed_until = None;
            q.text = None;
            q.html = None;
            Ok(())
        }
    })
    .await
}

/// Applies the operator's `change` to the message `id`, under its row's lock: a 404 for a message
/// that is not there.
async fn change_message(
    state: &MailState,
    id: MessageId,
    change: impl FnOnce(u64, &mut Queued) -> Result<()> + Send + 'static,
) -> Result<Json<OutboxItem>> {
    let id = id.get();
    let changed = state
        .blocking(move |app| storage::change(&app.store, id, |q| change(id, q)))
        .await?
        .ok_or_else(|| not_found(format!("There is no message {id} in the outbox")))?;
    Ok(Json(OutboxItem::of(&changed)))
}
