//! Mail: the messages Litstack sends (invitations, password resets, role changes, the operator's
//! test), written into a durable outbox in the same transaction as their cause and sent by a
//! background sender through the operator's SMTP server. Without mail settings nothing is queued:
//! every link is shown to the person who made it, as before.
//!
//! Below the accounts (which queue their messages in their own transactions) and above the ground;
//! the operator's screen is `admin::mail`.

pub mod letters;
pub mod model;
pub mod sender;
pub mod settings;
pub mod storage;

pub use model::{Letter, MessageKind, Queued, Status};
pub use settings::MailSettings;

use crate::platform::error::Result;
use crate::platform::store::Store;

/// What mail needs: the store (outbox, settings) and the server's settings.
#[derive(Clone)]
pub struct MailState {
    pub store: std::sync::Arc<Store>,
    pub config: std::sync::Arc<crate::platform::config::Config>,
}

/// The mail settings, when mail is on.
pub fn settings(store: &Store) -> Result<Option<MailSettings>> {
    storage::settings(store)
}
