//! Accounts: sign-up, sign-in, sessions and roles. The first account created is the admin;
//! others are promoted with `litstack users promote EMAIL`.

pub mod audit;
mod audit_entry;
pub mod budget;
mod client_ip;
pub mod devices;
pub mod limiter;
mod link_routes;
pub mod links;
pub mod lockout;
pub mod mfa;
pub mod mfa_required;
pub mod model;
mod notice_routes;
pub mod password;
pub mod price_sharing;
mod routes;
pub mod sessions;
pub mod settings;
pub mod sso;
pub(crate) mod storage;
pub mod text;
mod windows;

use crate::platform::firm_id::FirmId;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use budget::WriteBudgets;
pub use client_ip::{ClientIp, TrustedProxy};
pub use limiter::RateLimiter;
pub use model::{Email, EndReason, EndedSession, UserEnvelope, UserView, parse_firm_size};
pub use sessions::SessionCache;
// Who is asking is ground every domain takes from `platform::caller`; named here for the
// accounts' own files.
use crate::platform::caller::{AdminUser, CurrentUser, Firm, FirmRole, TokenHash, User};
pub use storage::export;

use std::sync::{Arc, Mutex};

use axum::extract::FromRef;

use crate::platform::config::Config;
use crate::platform::error::Result;
use crate::platform::store::Store;

/// What the accounts need: the store, the settings, the session cache, the sign-in limiter, the
/// password hashing slots and the setup token, and whom to tell when a firm changes.
#[derive(Clone)]
pub struct AccountsState {
    pub store: Arc<Store>,
    pub config: Arc<Config>,
    pub sessions: Arc<SessionCache>,
    pub limiter: Arc<RateLimiter>,
    pub hashing: password::HashingSlots,
    pub setup_token: Arc<Mutex<Option<String>>>,
    pub firm_changed: FirmChanged,
}

/// Told after a committed write that changed a firm's record or its members: what counts across
/// firms (the peer figures) recounts it. Set by the app, so accounts know no domain above them.
#[derive(Clone)]
pub struct FirmChanged(Arc<dyn Fn(FirmId) + Send + Sync>);

impl FirmChanged {
    pub fn new(tell: impl Fn(FirmId) + Send + Sync + 'static) -> FirmChanged {
        FirmChanged(Arc::new(tell))
    }

    /// Tells no one: for a state built for the accounts alone (their unit tests, a command).
    pub fn nobody() -> FirmChanged {
        FirmChanged::new(|_| {})
    }

    pub fn tell(&self, firm: FirmId) {
        (self.0)(firm)
    }
}

/// The /api/auth routes: each one's path and method are in its handler's `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AccountsState: FromRef<S>,
    crate::platform::caller::Sessions: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(routes::sign_up))
        .routes(routes!(routes::sign_in))
        .routes(routes!(routes::sign_out))
        .routes(routes!(routes::me))
        .routes(routes!(routes::change_password))
        .routes(routes!(routes::setup_status))
        .routes(routes!(link_routes::look_up_invitation))
        .routes(routes!(link_routes::reset_password))
        .routes(routes!(link_routes::forgot_password))
        .routes(routes!(mfa::status))
        .routes(routes!(mfa::setup))
        .routes(routes!(mfa::confirm))
        .routes(routes!(mfa::disable))
        .routes(routes!(mfa::verify))
        .routes(routes!(devices::list))
        .routes(routes!(devices::end_one))
        .routes(routes!(devices::sign_out_others))
        .merge(sso::router())
        // Notifications (`notice_routes`).
        .routes(routes!(notice_routes::list_notices))
        .routes(routes!(notice_routes::mark_read))
        .routes(routes!(notice_routes::get_prefs, notice_routes::put_prefs))
        .routes(routes!(
            notice_routes::look_up_unsubscribe,
            notice_routes::unsubscribe
        ))
}

/// Every account, by id. For figures across firms (peer adoption), never for display.
pub fn all_users(store: &Store) -> Result<Vec<User>> {
    storage::all_users(store)
}

/// Every firm, by id. For figures across firms and the operator's list.
pub fn all_firms(store: &Store) -> Result<Vec<Firm>> {
    storage::all_firms(store)
}

pub fn find_firm(store: &Store, id: u64) -> Result<Option<Firm>> {
    storage::find_firm(store, id)
}

/// The firm an operator names by id (a path, a body, the command line), checked to exist: an
/// unknown id is a 404 naming it. With the signed-in user's firm, the way to a `FirmId`.
pub fn existing_firm(app: &AccountsState, id: u64) -> Result<FirmId> {
    find_firm(&app.store, id)?
        .map(|firm| firm.id)
        .ok_or_else(|| crate::platform::error::not_found(format!("There is no firm with id {id}")))
}

/// Saves the firm's record and shows it to its members' cached sessions and to the peer figures.
pub fn save_firm(app: &AccountsState, firm: &Firm) -> Result<()> {
    storage::save_firm(&app.store, firm)?;
    app.sessions.refresh_firm(firm);
    app.firm_changed.tell(firm.id);
    Ok(())
}

/// The firm's members, by user id.
pub fn firm_members(app: &AccountsState, firm_id: FirmId) -> Result<Vec<User>> {
    storage::firm_members(&app.store, firm_id)
}

/// When each of `users` last made a request, from their open sessions.
pub fn last_active(
    app: &AccountsState,
    users: &[User],
) -> Result<std::collections::HashMap<u64, i64>> {
    let ids: Vec<u64> = users.iter().map(|u| u.id).collect();
    storage::last_active(&app.store, &ids)
}

/// Deletes the account and ends every session of it at once, on every node.
pub fn remove_user(app: &AccountsState, user: &User) -> Result<()> {
    storage::remove_user(&app.store, user)?;
    app.sessions.forget_user(user.id, None);
    Ok(())
}

pub use storage::Merged as MergedFirms;

/// Writes an account and its firm straight into an open redb transaction (the benchmarks' setup
/// of many firms at once); the app creates accounts through sign-up.
#[doc(hidden)]
pub use storage::put_accounts;

pub fn find_by_email(app: &AccountsState, email: &Email) -> Result<Option<User>> {
    storage::find_user_by_email(&app.store, email)
}

/// Makes the account with `email` an administrator. Returns false when there is no such account.
pub fn promote(app: &AccountsState, email: &str) -> anyhow::Result<bool> {
    let email = Email::parse(email).map_err(|e| anyhow::anyhow!("{e}"))?;
    let Some(mut user) = find_by_email(app, &email).map_err(|e| anyhow::anyhow!("{e}"))? else {
        return Ok(false);
    };
    user.is_admin = true;
    storage::save_user(&app.store, &user).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(true)
}

/// Saves a user's changed details (its email unchanged) and shows them to its cached sessions.
pub fn save_details(app: &AccountsState, user: &User) -> Result<()> {
    storage::save_user(&app.store, user)?;
    app.sessions.refresh_user(user);
    // A new firm name or size moves the account's weight in the peer figures.
    app.firm_changed.tell(user.firm.id);
    Ok(())
}

/// Gives `user` the firm role `role` (set by `by`), telling them (the bell, and mail as they
/// chose) in the same transaction. `base`: where links point (`links::base`).
pub fn change_role(
    app: &AccountsState,
    user: &mut User,
    role: FirmRole,
    by: &User,
    base: Option<&str>,
) -> Result<()> {
    let before = user.firm_role;
    user.firm_role = role;
    let notice = (before != role).then(|| role_notice(user, role, by, base));
    storage::save_user_with_notice(&app.store, user, notice.as_ref())?;
    app.sessions.refresh_user(user);
    app.firm_changed.tell(user.firm.id);
    Ok(())
}

/// "Your role in X is now Y", for the bell and the mail.
fn role_notice(
    user: &User,
    role: FirmRole,
    by: &User,
    base: Option<&str>,
) -> crate::notifications::Delivery {
    use crate::notifications::{Delivery, Notice, NoticeKind};
    let letter = crate::mail::letters::role_changed(
        user.firm.id.get(),
        &user.email,
        &user.name,
        &user.firm.name,
        role.code(),
        &by.name,
    );
    Delivery {
        notice: Notice {
            kind: NoticeKind::RoleChanged,
            user_id: user.id,
            firm_id: user.firm.id.get(),
            title: letter.subject.clone(),
            body: format!("{} changed your role in {}.", by.name, user.firm.name),
            link: "/firm".to_string(),
            created_at: crate::platform::clock::now_secs(),
        },
        letter,
        base: base.map(str::to_string),
    }
}

/// Gives `user` a new email, saving its other changed details with it, and ends its sessions but
/// `keep`. An email another account holds is a 409 (one account per email).
pub fn change_email(
    app: &AccountsState,
    mut user: User,
    new_email: &Email,
    keep: &TokenHash,
) -> Result<User> {
    user.email = new_email.as_str().to_string();
    storage::save_new_email(&app.store, &user, new_email, keep)?;
    app.sessions.forget_user(user.id, Some(keep));
    tracing::info!(target: "security", user_id = user.id, "email changed; other sessions ended");
    app.sessions.refresh_user(&user);
    app.firm_changed.tell(user.firm.id);
    Ok(user)
}

/// When serving a network address with no account yet, creates the one-time setup token that the
/// first (admin) sign-up must present, so a stranger on the network cannot claim the install.
pub fn require_setup_token_if_unclaimed(app: &AccountsState) -> anyhow::Result<Option<String>> {
    use rand::RngCore;
    if storage::has_users(&app.store).map_err(|e| anyhow::anyhow!("{e}"))? {
        return Ok(None);
    }
    let mut bytes = [0u8; 12];
    rand::rng().fill_bytes(&mut bytes);
    let mut token = hex::encode(bytes);
    // In hub mode every node must accept the same token: the first node to start stores it, the
    // others take that one.
    match storage::shared_setup_token(&app.store, &token).map_err(|e| anyhow::anyhow!("{e}"))? {
        Some(shared) => token = shared,
        None => return Ok(None),
    }
    *app.setup_token.lock().expect("setup token lock") = Some(token.clone());
    Ok(Some(token))
}

/// Drops expired sign-in throttling windows (in memory, or in the database in hub mode).
pub fn sweep_rate_limits(app: &AccountsState) -> Result<()> {
    limiter::sweep(app, std::time::Duration::from_secs(3600))
}

/// A one-time link as it was handed out: where it leads (shown once; only its token's hash is
/// kept) and whether it was also mailed to the person (mail is on).
pub struct IssuedLink {
    pub url: String,
    pub emailed: bool,
}

/// Invites `email` into `by`'s firm with `role`: returns the stored invitation and its link
/// (`<base>/join#<token>`, relative without a base: `links::link`), queued to the invited address
/// in the same transaction when mail is on.
/// An earlier pending invitation of the same email to the firm is withdrawn in the same
/// transaction, so one link is live per person, even of two invitations sent at once. An email with an account is a 409: an account belongs to one firm.
pub fn invite(
    app: &AccountsState,
    by: &User,
    email: &Email,
    role: FirmRole,
    base: Option<&str>,
) -> Result<(links::Invitation, IssuedLink)> {
    if find_by_email(app, email)?.is_some() {
        return Err(crate::platform::error::conflict(
            "An account with this email already exists. A person belongs to one firm: ask them to use another email, or remove that account first.",
        ));
    }
    let (token, hash) = sessions::new_token();
    // Before anything is written: a link that cannot be mailed refuses the invitation whole.
    let settings = crate::mail::settings(&app.store)?;
    let url = links::link(base, &format!("/join#{token}"), settings.is_some())?;
    let now = crate::platform::clock::now_secs();
    let mail = settings.map(|settings| {
        let letter = crate::mail::letters::invitation(
            by.firm.id.get(),
            email.as_str(),
            &by.firm.name,
            &by.name,
            role.code(),
            &url,
            links::INVITATION_DAYS,
        );
        crate::mail::storage::Outgoing::new(&settings, letter)
    });
    let invitation = storage::links::create_invitation(
        &app.store,
        links::Invitation {
            id: 0,
            firm_id: by.firm.id.get(),
            email: email.as_str().to_string(),
            email_key: email.key(),
            role,
            token_hash: hash,
            created_at: now,
            expires_at: now + links::INVITATION_DAYS * 86_400,
            invited_by: by.id,
            invited_by_name: by.name.clone(),
            used_at: None,
            revoked_at: None,
        },
        mail.as_ref(),
    )?;
    let emailed = mail.is_some();
    Ok((invitation, IssuedLink { url, emailed }))
}

/// Every invitation the firm made, oldest first.
pub fn firm_invitations(app: &AccountsState, firm_id: FirmId) -> Result<Vec<links::Invitation>> {
    storage::links::firm_invitations(&app.store, firm_id)
}

/// Withdraws the firm's invitation `id`; `None` when the firm has no such invitation.
pub fn revoke_invitation(
    app: &AccountsState,
    firm_id: FirmId,
    id: u64,
) -> Result<Option<links::Invitation>> {
    storage::links::revoke_invitation(&app.store, firm_id, id, crate::platform::clock::now_secs())
}

/// A one-time password-reset link for `user`, issued by `by`: the stored link and its token.
pub fn issue_reset_link(
    app: &AccountsState,
    user: &User,
    by: &User,
    base: Option<&str>,
) -> Result<(links::ResetLink, IssuedLink)> {
    let now = crate::platform::clock::now_secs();
    let (token, hash) = sessions::new_token();
    let link = links::ResetLink {
        token_hash: hash,
        user_id: user.id,
        created_at: now,
        expires_at: now + links::RESET_MINUTES * 60,
        issued_by: by.id,
        used_at: None,
    };
    let settings = crate::mail::settings(&app.store)?;
    let url = links::link(
        base,
        &format!("/reset-password#{token}"),
        settings.is_some(),
    )?;
    let mail = settings.map(|settings| {
        let letter = crate::mail::letters::password_reset(
            user.firm.id.get(),
            &user.email,
            &user.name,
            &url,
            links::RESET_MINUTES,
        );
        crate::mail::storage::Outgoing::new(&settings, letter)
    });
    storage::links::create_reset_link(&app.store, &link, mail.as_ref())?;
    let emailed = mail.is_some();
    Ok((link, IssuedLink { url, emailed }))
}

/// A one-time password-reset link for the account of `email`, made by the operator on the
/// command line (`litstack users reset-link`), as the Firms screen makes one; the firm's audit
/// log says so. The link records the install's administrator as its issuer, or the account
/// itself (as a forgotten password's link does) on an install where no one has signed up yet,
/// such as a hub a firm was just imported into. `base`: the address people open Litstack at.
pub fn reset_link_for(
    app: &AccountsState,
    email: &str,
    base: &str,
) -> anyhow::Result<(User, IssuedLink)> {
    let as_anyhow = |e: crate::platform::error::AppError| anyhow::anyhow!("{e}");
    let email = Email::parse(email).map_err(as_anyhow)?;
    let user = find_by_email(app, &email)
        .map_err(as_anyhow)?
        .ok_or_else(|| anyhow::anyhow!("there is no account with the email {}", email.as_str()))?;
    let operator = storage::all_users(&app.store)
        .map_err(as_anyhow)?
        .into_iter()
        .find(|u| u.is_admin);
    let by = operator.as_ref().unwrap_or(&user);
    let (_, issued) = issue_reset_link(app, &user, by, Some(base)).map_err(as_anyhow)?;
    // The operator's account when there is one, as the Firms screen records it; none before
    // anyone has signed up (the log then shows no one signed in, and the detail says who did).
    audit::record(
        &app.store,
        user.firm.id,
        operator.as_ref(),
        audit::AuditAction::ResetLinkIssued,
        format!(
            "The operator issued a password-reset link for {} (command line)",
            user.name
        ),
    );
    tracing::info!(target: "security", user_id = user.id, "reset link issued from the command line");
    Ok((user, issued))
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::storage::{FirmChoice, NewUser};
    use super::*;

    /// The accounts' own state and nothing else, with a hook that records the firms it is told of.
    fn accounts_alone(dir: &std::path::Path) -> (AccountsState, Arc<Mutex<Vec<FirmId>>>) {
        let told = Arc::new(Mutex::new(Vec::new()));
        let seen = told.clone();
        let state = AccountsState {
            store: Arc::new(crate::platform::store::open_file(dir).unwrap()),
            config: Arc::new(Config::for_data_dir(dir)),
            sessions: Default::default(),
            limiter: Default::default(),
            hashing: Default::default(),
            setup_token: Default::default(),
            firm_changed: FirmChanged::new(move |firm| seen.lock().unwrap().push(firm)),
        };
        (state, told)
    }

    #[test]
    fn a_change_of_a_firm_or_of_a_members_details_is_told_to_whom_the_app_named() {
        let dir = tempfile::tempdir().unwrap();
        let (app, told) = accounts_alone(dir.path());
        let new = NewUser {
            name: "Ann".into(),
            email: Email::parse("ann@doe.com").unwrap(),
            firm: FirmChoice::New {
                name: "Doe LLP".into(),
                size: crate::platform::firm_size::FirmSize::parse("E6_20"),
            },
            password_hash: "hash".into(),
        };
        let ann = storage::create_user(&app.store, new, &[1; 32], |_| Ok(())).unwrap();
        assert!(
            told.lock().unwrap().is_empty(),
            "creating is the caller's to tell"
        );

        let mut firm = ann.firm.clone();
        firm.verified = true;
        save_firm(&app, &firm).unwrap();
        let mut renamed = ann.clone();
        renamed.name = "Ann Doe".into();
        save_details(&app, &renamed).unwrap();

        assert_eq!(*told.lock().unwrap(), [firm.id, firm.id]);
        let stored = find_firm(&app.store, firm.id.get()).unwrap().unwrap();
        assert!(stored.verified);
        let members = firm_members(&app, firm.id).unwrap();
        assert_eq!(
            members.iter().map(|u| u.name.as_str()).collect::<Vec<_>>(),
            ["Ann Doe"]
        );
    }
}
