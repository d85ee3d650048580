//! Notifications: what happened to a person (their role changed, a new sign-in, the day after a
//! booked demo; renewal reminders next), shown under the bell and mailed as each person chose per
//! kind. A cause writes its `Delivery` in its own transaction (`storage::deliver_in`, or
//! `storage::deliver` alone), which reads the person's preferences there: no cause knows them.
//! Every mail that is not about the account's security carries a one-click unsubscribe address
//! (RFC 8058) with a signed token (`token.rs`).
//!
//! Below the accounts (which deliver in their transactions) and above `mail/`; the HTTP routes,
//! which need the signed-in person, are `accounts::notice_routes`.

pub mod model;
pub mod storage;
pub mod token;

pub use model::{Notice, NoticeKind, Pref, Stored};
pub use storage::Delivery;

/// "A new sign-in to your account": a security notice (its email cannot be turned off, and it
/// carries no unsubscribe), with where and when, and what to do if it was not the person.
#[expect(
    clippy::too_many_arguments,
    reason = "each is one fact of the sign-in, named at the call"
)]
pub fn new_sign_in(
    user_id: u64,
    firm_id: u64,
    to: &str,
    name: &str,
    device: &str,
    address: &str,
    base: Option<&str>,
    now: i64,
) -> Delivery {
    let title = NoticeKind::NewSignIn.label().to_string();
    let at = crate::platform::clock::rfc3339(now)
        .replace('T', " ")
        .replace('Z', " UTC");
    let reset = base.map_or_else(
        || "Litstack's sign-in page".to_string(),
        |base| format!("{base}/auth/forgot-password"),
    );
    let body = format!(
        "Your Litstack account was signed in to from a device it had not been used on: {device}, \
         address {address}, at {at}. If this was not you, reset your password at {reset} and \
         sign out everywhere else on your profile."
    );
    let link = "/profile#sessions".to_string();
    Delivery {
        letter: crate::mail::letters::notice(
            NoticeKind::NewSignIn.message_kind(),
            firm_id,
            to,
            name,
            &title,
            &body,
            Some((
                "See where you're signed in",
                &format!("{}{link}", base.unwrap_or_default()),
            )),
        ),
        notice: Notice {
            kind: NoticeKind::NewSignIn,
            user_id,
            firm_id,
            title,
            body,
            link,
            created_at: now,
        },
        base: base.map(str::to_string),
    }
}
