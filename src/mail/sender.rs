//! The background sender: every couple of seconds it takes the due messages (a claim, so on a hub
//! one node sends each), hands each to the mail server and records the answer. A message whose
//! attempt fails waits longer each time (`model::RETRY_AFTER_SECS`), then waits for the operator.

use std::time::Duration;

use lettre::message::header::{Header, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::MailState;
use super::model::Queued;
use super::settings::MailSettings;
use super::storage::{self, Outcome};
use crate::platform::blocking::Blocking;
use crate::platform::clock::now_secs;

/// How often the sender looks for due messages.
const EVERY: Duration = Duration::from_secs(2);
/// Messages one look takes at most.
const BATCH: usize = 20;

/// `List-Unsubscribe: <url>` (RFC 2369).
#[derive(Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(
            s.trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .into(),
        ))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), format!("<{}>", self.0))
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
#[derive(Clone)]
struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribePost)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".into())
    }
}

/// The message as the mail server gets it; `unsubscribe`: its one-click address, if it has one.
fn compose(
    settings: &MailSettings,
    q: &Queued,
    unsubscribe: Option<&str>,
) -> Result<Message, Outcome> {
    let from = settings
        .mailbox()
        .map_err(|e| Outcome::Retry(format!("the From address is not valid: {e}")))?;
    let to: Mailbox =
        q.to.parse()
            .map_err(|_| Outcome::Refused("the recipient is not a valid email address".into()))?;
    let (Some(text), Some(html)) = (&q.text, &q.html) else {
        return Err(Outcome::Refused("the message has no body any more".into()));
    };
    let mut builder = Message::builder();
    if let Some(url) = unsubscribe {
        builder = builder
            .header(ListUnsubscribe(url.to_string()))
            .header(ListUnsubscribePost);
    }
    builder
        .from(from)
        .to(to)
        .subject(&q.subject)
        .message_id(Some(q.message_id.clone()))
        .date_now()
        .multipart(MultiPart::alternative_plain_html(
            text.clone(),
            html.clone(),
        ))
        .map_err(|e| Outcome::Refused(format!("the message could not be written: {e}")))
}

/// One attempt at `q`: the server's answer, or why it could not be had.
pub async fn attempt(
    transport: &AsyncSmtpTransport<Tokio1Executor>,
    settings: &MailSettings,
    q: &Queued,
    unsubscribe: Option<&str>,
) -> Outcome {
    let message = match compose(settings, q, unsubscribe) {
        Ok(message) => message,
        Err(outcome) => return outcome,
    };
    match transport.send(message).await {
        Ok(response) => {
            let words: Vec<&str> = response.message().collect();
            Outcome::Sent(format!("{} {}", response.code(), words.join(" ")))
        }
        Err(e) if e.is_permanent() => Outcome::Refused(e.to_string()),
        Err(e) => Outcome::Retry(e.to_string()),
    }
}

/// Sends what is due, once.
pub async fn send_due(state: &MailState) -> crate::platform::error::Result<usize> {
    let Some(settings) = state.blocking(|app| storage::settings(&app.store)).await? else {
        return Ok(0);
    };
    let transport = settings.transport()?;
    let due = state
        .blocking(|app| storage::claim_due(&app.store, now_secs(), BATCH))
        .await?;
    let count = due.len();
    for q in due {
        let id = q.id;
        let unsubscribe = state
            .blocking(move |app| storage::unsubscribe_url(&app.store, id))
            .await?;
        let outcome = attempt(&transport, &settings, &q, unsubscribe.as_deref()).await;
        // The recipient is personal data: the log names the message, not the person.
        match &outcome {
            Outcome::Sent(_) => {
                tracing::info!(target: "mail", id = q.id, kind = q.kind.code(), "sent")
            }
            Outcome::Retry(why) => {
                tracing::warn!(target: "mail", id = q.id, kind = q.kind.code(), "not sent, will retry: {why}")
            }
            Outcome::Refused(why) => {
                tracing::warn!(target: "mail", id = q.id, kind = q.kind.code(), "refused: {why}")
            }
        }
        let id = q.id;
        state
            .blocking(move |app| storage::finish(&app.store, id, &outcome, now_secs()))
            .await?;
    }
    Ok(count)
}

/// Runs the sender for the life of the server, the first pass at once.
pub fn spawn(state: MailState) {
    crate::platform::periodic::every(Duration::ZERO, EVERY, "sending the outbox", move || {
        let state = state.clone();
        async move { send_due(&state).await.map(drop) }
    });
}
