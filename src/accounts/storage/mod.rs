//! The accounts' tables: users (`users.rs`, one account per email, case-insensitively), their
//! firms (`firms.rs`), sessions (`sessions.rs`) and the rest of an account's and a firm's own
//! rows, all on the storage seam; in hub mode also the sign-in throttling windows
//! (`rate_limits.rs`) and the first-launch setup token (`postgres.rs`). Nothing else opens them;
//! other domains go through the functions of `accounts`.

mod archive;
pub(crate) mod arrival;
pub(crate) mod audit;
pub(crate) mod deletion;
pub(crate) mod devices;
pub(crate) mod ended;
mod export;
pub(crate) mod firms;
pub(crate) mod handover;
pub(crate) mod links;
pub(crate) mod mfa;
pub(crate) mod mfa_required;
pub(super) mod postgres;
pub(crate) mod price_sharing;
pub(super) mod rate_limits;
pub(crate) mod sessions;
pub(crate) mod settings;
pub(crate) mod users;
pub(super) mod windows;

pub use export::export;

use super::model::TokenHash;
use super::model::{Email, EndReason, EndedSession, Firm, Session, User};
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::MERGED_FIRMS;
use crate::platform::store::postgres::changes::Change;
use crate::platform::store::registry::{
    Export, Holder, INSTALL_OWN, Load, Purge, Reference, Table, Target,
};
use crate::platform::store::seam;
use crate::platform::store::settings as install_settings;
use crate::platform::store::{Store, WriteTx};

const EMAIL_TAKEN: &str = "An account with this email already exists";

/// The install-wide lock sign-ups take turns on (and the creation of the setup token, a firm
/// merge and a firm deletion, which take it first).
const SIGN_UP_LOCK: i64 = 0x4c69_7473_0002;

/// A new account's details; the id, the admin flag and the creation time are the store's.
pub struct NewUser {
    pub name: String,
    pub email: Email,
    pub firm: FirmChoice,
    pub password_hash: String,
}

/// The firm a new account belongs to.
pub enum FirmChoice {
    /// A sign-up without an invitation: a new firm, with the person as its owner.
    New {
        name: String,
        size: Option<crate::platform::firm_size::FirmSize>,
    },
    /// A sign-up through an invitation (the hash of its token): the invitation's firm, with the
    /// role it fixed. The invitation must admit the new email; it is used up in the same step.
    Join { invitation: TokenHash },
    /// A first single sign-on: the firm whose provider vouched for the person, with its default
    /// role for them.
    Sso {
        firm: FirmId,
        role: crate::accounts::FirmRole,
    },
}

/// Creates the account and its first session (`session`) in one step. The first account is the
/// admin: `admit_first` runs only then, given the setup token the database holds (hub mode; always
/// `None` on redb, whose token lives in memory), and may refuse it. An email in use is a 409. An
/// invitation is used in the same step; after it, so a used link answers "already used" even to
/// the account it made.
pub fn create_user(
    store: &Store,
    new: NewUser,
    session: &TokenHash,
    admit_first: impl FnOnce(Option<String>) -> Result<()>,
) -> Result<User> {
    let NewUser {
        name,
        email,
        firm,
        password_hash,
    } = new;
    let mut tx = store.begin()?;
    let is_admin = open_sign_up_in(&mut tx, admit_first)?;
    let created_at = crate::platform::clock::now_secs();
    let (firm, role) = match firm {
        FirmChoice::New { name, size } => {
            // Refused before the firm is made, so a refused sign-up takes no firm id.
            refuse_taken_email_in(&mut tx, &email)?;
            let new = firms::NewFirm {
                name,
                size,
                created_at,
                // The operator's own firm is the first evidence the install has.
                verified: is_admin,
            };
            let firm = seam::within(&mut tx, |tx| firms::add_in(tx, new))?;
            (firm, crate::accounts::FirmRole::Owner)
        }
        FirmChoice::Join { invitation } => {
            let invitation =
                links::invitations::use_in(&mut tx, &invitation, &email.key(), created_at)?;
            refuse_taken_email_in(&mut tx, &email)?;
            let firm = FirmId::from_stored(invitation.firm_id);
            (joined_firm_in(&mut tx, firm)?, invitation.role)
        }
        FirmChoice::Sso { firm, role } => {
            refuse_taken_email_in(&mut tx, &email)?;
            (joined_firm_in(&mut tx, firm)?, role)
        }
    };
    let sign_up = SignUp {
        name,
        email,
        password_hash,
        is_admin,
        created_at,
    };
    let user = seam::within(&mut tx, |tx| {
        let stored = sign_up.stored(role);
        let id = users::add_in(tx, &firm, &stored)?;
        sessions::start_in(tx, session, id, created_at)?;
        Ok(sign_up.into_user(id, firm, role))
    })?;
    tx.commit()?;
    Ok(user)
}

/// A sign-up as the backends write it: its invitation, if any, already used.
struct SignUp {
    name: String,
    email: Email,
    password_hash: String,
    is_admin: bool,
    created_at: i64,
}

/// The `settings` name of hub mode's first-launch setup token (`shared_setup_token`).
const SETUP_TOKEN: &str = "setup_token";

/// Takes the sign-ups' turn inside `tx` (before any firm's: a merge and a deletion take it first
/// too) and answers whether the sign-up makes the install's first account, its admin, whom
/// `admit_first` may refuse given the setup token the database holds (hub mode's; the redb file
/// holds none, its token lives in memory). The token is claimed then, so no node accepts it again.
fn open_sign_up_in(
    tx: &mut WriteTx,
    admit_first: impl FnOnce(Option<String>) -> Result<()>,
) -> Result<bool> {
    seam::within(tx, |tx| {
        tx.lock_install(SIGN_UP_LOCK)?;
        let first = tx.is_empty(&users::USERS)?;
        if first {
            admit_first(install_settings::get::<String>(tx, SETUP_TOKEN)?)?;
            install_settings::remove(tx, SETUP_TOKEN)?;
        }
        Ok(first)
    })
}

impl SignUp {
    /// The account as stored, with its role.
    fn stored(&self, firm_role: crate::accounts::FirmRole) -> users::Stored {
        users::Stored {
            name: self.name.clone(),
            email: self.email.as_str().to_string(),
            email_key: users::email_key(self.email.as_str()),
            firm_role,
            password_hash: self.password_hash.clone(),
            is_admin: self.is_admin,
            created_at: self.created_at,
        }
    }

    /// The account, once the store gave it `id`.
    fn into_user(self, id: u64, firm: Firm, firm_role: crate::accounts::FirmRole) -> User {
        User {
            id,
            name: self.name,
            email: self.email.as_str().to_string(),
            firm,
            firm_role,
            password_hash: self.password_hash,
            is_admin: self.is_admin,
            created_at: self.created_at,
        }
    }
}

/// The existing firm a new account joins (an invitation's, or single sign-on's), inside the
/// sign-up's `tx`: key-shared to the commit (`Tx::firm_is_open`), so a merge or deletion of it
/// runs wholly before (and the firm is gone: a 404) or after (and the account moves or goes with
/// the firm's other members).
fn joined_firm_in(tx: &mut WriteTx, firm: FirmId) -> Result<Firm> {
    let gone = || crate::platform::error::not_found("This firm no longer exists");
    seam::within(tx, |tx| {
        if !tx.firm_is_open(firm)? {
            return Err(gone());
        }
        firms::find_in(tx, firm.get())?.ok_or_else(gone)
    })
}

/// A 409 when another account holds `email`, inside the sign-up's `tx` (which holds the sign-ups'
/// turn): checked before the account or its new firm is made, so a refused sign-up takes no id
/// (and, through an invitation, after the invitation's use: a used link says so even to the
/// account it made). Two sign-ups of one email at once on PostgreSQL: the second waits on the
/// sign-ups' turn, then finds the first's account.
fn refuse_taken_email_in(tx: &mut WriteTx, email: &Email) -> Result<()> {
    if seam::within(tx, |tx| users::holder_of(tx, email))?.is_some() {
        return Err(crate::platform::error::conflict(EMAIL_TAKEN));
    }
    Ok(())
}

pub fn find_user(store: &Store, id: u64) -> Result<Option<User>> {
    users::find(store, id)
}

/// Writes accounts and their firms as they are, ids and all, in one transaction: for setting up
/// many firms at once (benchmarks), never for the app's own sign-ups.
pub fn put_accounts(store: &Store, accounts: &[User]) -> Result<()> {
    seam::write(store, |tx| {
        for user in accounts {
            let firm = user.firm.id.get();
            tx.insert(&firms::FIRMS, firm, &firms::Stored::of(&user.firm))?;
            tx.insert(&users::USERS, (firm, user.id), &users::Stored::of(user))?;
            tx.bump_sequence(&users::USERS, user.id)?;
            tx.bump_sequence(&firms::FIRMS, firm)?;
        }
        Ok(())
    })
}

/// The first-launch setup token every node accepts: on the redb file, `offer` (one process owns
/// it); in hub mode the one the first node stored (`offer` if this is the first). `None` once an
/// account claimed the install.
pub fn shared_setup_token(store: &Store, offer: &str) -> Result<Option<String>> {
    match store {
        Store::File(_) => Ok(Some(offer.to_string())),
        Store::Postgres(db) => postgres::share_setup_token(db, offer),
    }
}

pub fn find_firm(store: &Store, id: u64) -> Result<Option<Firm>> {
    firms::find(store, id)
}

/// Every firm, by id.
pub fn all_firms(store: &Store) -> Result<Vec<Firm>> {
    firms::all(store)
}

/// Saves the firm's own record (name, size, verified, disabled); a missing firm is a 404. Every
/// member's cached copy of it is stale on the other nodes: each is announced.
pub fn save_firm(store: &Store, firm: &Firm) -> Result<()> {
    let mut tx = store.begin()?;
    seam::within(&mut tx, |tx| firms::save_in(tx, firm))?;
    for user_id in member_ids_in(&mut tx, firm.id)? {
        tx.record_change(Change::User { user_id });
    }
    tx.commit()?;
    Ok(())
}

/// The ids of the firm's members inside `tx`, by id.
fn member_ids_in(tx: &mut WriteTx, firm_id: FirmId) -> Result<Vec<u64>> {
    seam::within(tx, |tx| users::member_ids_in(tx, firm_id))
}

/// The firm's members, by user id.
pub fn firm_members(store: &Store, firm_id: FirmId) -> Result<Vec<User>> {
    users::members(store, firm_id)
}

/// The latest `last_seen` of each of `user_ids`' open sessions (accounts without one are absent).
pub fn last_active(store: &Store, user_ids: &[u64]) -> Result<std::collections::HashMap<u64, i64>> {
    sessions::last_active(store, user_ids)
}

/// The account `id`, held to the end of `tx`, or `None` when it is gone. On PostgreSQL: its
/// firm's row key-shared, then its own row lock, which its removal and a reset link's use take
/// too, so a write that holds it lands before a removal (which then takes what it wrote) or finds
/// the account gone; a firm's deletion or merge runs wholly before or after it. redb's one writer
/// holds it already. Two sign-ins of one account take turns on it.
pub(crate) fn hold_account_in(tx: &mut WriteTx, id: u64) -> Result<Option<User>> {
    users::hold_in(tx, id)
}

/// Ends every session of `user_id` but `keep` inside `tx`, which holds the account, noting `why`
/// for each (`ended`) so that the browsers still holding them are told. Answers how many ended.
pub(super) fn end_sessions_in(
    tx: &mut WriteTx,
    user_id: u64,
    keep: &TokenHash,
    why: EndedSession,
) -> Result<usize> {
    let hashes = seam::within(tx, |tx| sessions::end_others_in(tx, user_id, keep))?;
    ended::note_in(tx, &hashes, &why)?;
    Ok(hashes.len())
}

/// Deletes the account, every session of it and its notices and choices, in one transaction;
/// what it wrote for its firm stays the firm's.
pub fn remove_user(store: &Store, user: &User) -> Result<()> {
    let mut tx = store.begin()?;
    // First: the offer's lock comes before the account's, as in an accept.
    handover::forget_in(&mut tx, user.id)?;
    users::remove_in(&mut tx, user.id)?;
    let why = EndedSession::new(EndReason::Removed, Some(user.firm.name.clone()));
    end_sessions_in(&mut tx, user.id, &sessions::NO_SESSION, why)?;
    links::reset::forget_in(&mut tx, user.id)?;
    mfa::forget_in(&mut tx, user.id)?;
    devices::forget_in(&mut tx, user.id)?;
    crate::notifications::storage::forget_in(&mut tx, user.id)?;
    tx.commit()?;
    Ok(())
}

pub fn find_user_by_email(store: &Store, email: &Email) -> Result<Option<User>> {
    users::find_by_email(store, email)
}

/// Every account, by id.
pub fn all_users(store: &Store) -> Result<Vec<User>> {
    users::all(store)
}

pub fn has_users(store: &Store) -> Result<bool> {
    users::any(store)
}

/// Saves a user's record whose email is unchanged (its name, role, operator flag, firm id); the
/// firm's own record is `save_firm`'s.
pub fn save_user(store: &Store, user: &User) -> Result<()> {
    save_user_with_notice(store, user, None)
}

/// Saves `user` and writes the notice the change causes, in one transaction.
pub fn save_user_with_notice(
    store: &Store,
    user: &User,
    notice: Option<&crate::notifications::Delivery>,
) -> Result<()> {
    let mut tx = store.begin()?;
    users::save_in(&mut tx, user)?;
    if let Some(d) = notice {
        crate::notifications::storage::deliver_in(&mut tx, d)?;
    }
    tx.commit()?;
    Ok(())
}

/// Saves `user` (its password hash changed) and ends every other session of it, in one step.
/// Returns how many sessions ended.
pub fn save_password(store: &Store, user: &User, keep: &TokenHash) -> Result<usize> {
    let mut tx = store.begin()?;
    users::save_in(&mut tx, user)?;
    let why = EndedSession::new(EndReason::PasswordChanged, None);
    let ended = end_sessions_in(&mut tx, user.id, keep, why)?;
    tx.commit()?;
    Ok(ended)
}

/// Saves `user`, whose email changed to `new_email`, and ends its other sessions, in one step.
/// A new email that another account holds is a 409 and nothing is written.
pub fn save_new_email(
    store: &Store,
    user: &User,
    new_email: &Email,
    keep: &TokenHash,
) -> Result<()> {
    let mut tx = store.begin()?;
    // The sign-ups' turn first, as every write that gives an account an email takes it: another
    // account taking the email meanwhile is then seen.
    seam::within(&mut tx, |tx| tx.lock_install(SIGN_UP_LOCK))?;
    let holder = seam::within(&mut tx, |tx| users::holder_of(tx, new_email))?;
    // A change of case only keeps the account's own email.
    if holder.is_some_and(|((_, id), _)| id != user.id) {
        return Err(crate::platform::error::conflict(EMAIL_TAKEN));
    }
    users::save_in(&mut tx, user)?;
    let why = EndedSession::new(EndReason::EmailChanged, None);
    end_sessions_in(&mut tx, user.id, keep, why)?;
    tx.commit()?;
    Ok(())
}

/// Starts the session `hash` for `user_id`, ending `previous` (the browser's old one) if given;
/// `false`, writing nothing, when the account is gone (removed since the caller read it).
pub fn rotate_session(
    store: &Store,
    previous: Option<&TokenHash>,
    hash: &TokenHash,
    user_id: u64,
) -> Result<bool> {
    let mut tx = store.begin()?;
    if hold_account_in(&mut tx, user_id)?.is_none() {
        return Ok(false);
    }
    seam::within(&mut tx, |tx| {
        sessions::start_in(tx, hash, user_id, crate::platform::clock::now_secs())?;
        if let Some(old) = previous {
            sessions::end_in(tx, old)?;
        }
        Ok(())
    })?;
    tx.commit()?;
    Ok(true)
}

pub fn find_session(store: &Store, hash: &TokenHash) -> Result<Option<Session>> {
    sessions::find(store, hash)
}

/// Ends the session `hash` (a sign-out), under its account's hold.
pub fn delete_session(store: &Store, hash: &TokenHash) -> Result<()> {
    let Some(session) = sessions::find(store, hash)? else {
        return Ok(());
    };
    let mut tx = store.begin()?;
    // A session whose account is gone meanwhile is ended all the same.
    hold_account_in(&mut tx, session.user_id)?;
    seam::within(&mut tx, |tx| sessions::end_in(tx, hash).map(drop))?;
    tx.commit()?;
    Ok(())
}

/// Why the session `hash` was ended by the server (a password or email change, a reset link, a
/// removal from the firm), if that was within the last week.
pub fn find_ended_session(store: &Store, hash: &TokenHash) -> Result<Option<EndedSession>> {
    ended::find(store, hash)
}

/// Writes back a session's `last_seen`. Returns false (writing nothing) when the session is gone:
/// a concurrent sign-out must never be undone.
pub fn touch_session(store: &Store, hash: &TokenHash, session: &Session) -> Result<bool> {
    sessions::touch(store, hash, session.last_seen)
}

/// What a firm merge did in the accounts tables.
pub struct Merged {
    /// The kept firm, as it is after the merge.
    pub kept: Firm,
    /// The merged firm's record as it was; it no longer exists.
    pub gone: Firm,
    /// The accounts moved from `gone` to `kept`, by id.
    pub moved: Vec<u64>,
    /// Every member of `kept` after the merge (the moved ones too), by id.
    pub members: Vec<u64>,
}

/// Moves firm `from`'s members (roles kept) to firm `into` inside the caller's transaction (its
/// audit log moves in the registry's part of the merge, `audit::merge_firm_in`), keeps `into`
/// verified if either was, deletes `from` and remembers where it went (`store::merged`). Either
/// firm missing is a 404 naming it.
///
/// Taken first, and held to the commit: the sign-ups' turn (a sign-up through one of `from`'s
/// invitations then lands before, and its account moves, or after, and joins `into`), then both
/// firm rows (`firms::merge_in`), which makes a write that key-shares `from` first
/// (`Tx::open_firm`) wait and then find it gone rather than name a deleted firm.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<Merged> {
    deletion::hold_sign_ups_in(tx)?;
    let (kept, gone) = seam::within(tx, |tx| firms::merge_in(tx, into, from))?;
    let moved = seam::within(tx, |tx| users::move_in(tx, into, from))?;
    crate::platform::store::merged::record(tx, from.get(), into.get())?;
    let members = member_ids_in(tx, into)?;
    Ok(Merged {
        kept,
        gone,
        moved,
        members,
    })
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Table] = &[
    Table {
        name: "firms",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive::firm,
            load: Load::Rows(arrival::firms),
        },
        holder: Holder::Firm { column: "id" },
        redb: &[&firms::FIRMS],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    Table {
        name: "users",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive::members,
            load: Load::Rows(arrival::users),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&users::USERS, &users::BY_ID, &users::BY_EMAIL],
        postgres: true,
        secrets: &["password_hash"],
        refers_to: &[],
    },
    Table {
        name: "sessions",
        purge: Purge::ByKey,
        export: Export::Left(
            "sign-in sessions of this install: members sign in again where the firm goes",
        ),
        holder: Holder::Member { column: "user_id" },
        redb: &[&sessions::SESSIONS, &sessions::BY_TOKEN],
        postgres: true,
        secrets: &["token_hash"],
        refers_to: &[],
    },
    // Why a browser was signed out, by its token's hash, kept a week: names no firm or person.
    Table {
        name: "ended_sessions",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[&ended::NOTES, &ended::BY_TIME],
        postgres: true,
        secrets: &["token_hash"],
        refers_to: &[],
    },
    Table {
        name: "invitations",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive::invitations,
            load: Load::Left(
                "an invitation's link worked on the install that sent it: invite the people again",
            ),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[
            &links::invitations::INVITATIONS,
            &links::invitations::BY_TOKEN,
        ],
        postgres: true,
        secrets: &["token_hash"],
        refers_to: &[],
    },
    Table {
        name: "reset_links",
        purge: Purge::ByKey,
        export: Export::Left("one-time password links of this install"),
        holder: Holder::Member { column: "user_id" },
        redb: &[&links::reset::LINKS, &links::reset::BY_TOKEN],
        postgres: true,
        secrets: &["token_hash"],
        refers_to: &[],
    },
    Table {
        name: "firm_audit",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive::audit,
            load: Load::Rows(arrival::audit),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&audit::LINES],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    Table {
        name: "merged_firms",
        purge: Purge::By(archive::purge::merged_firms),
        export: Export::Left(
            "which of this install's firm ids were merged into the firm: the ids mean nothing elsewhere",
        ),
        holder: Holder::Firm { column: "into_id" },
        redb: &[&MERGED_FIRMS],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    Table {
        name: "user_factors",
        purge: Purge::ByKey,
        export: Export::Left(
            "second-factor secrets stay with this install: members set up a factor again",
        ),
        holder: Holder::Member { column: "user_id" },
        redb: &[&mfa::FACTORS],
        postgres: true,
        secrets: &["secret", "recovery"],
        refers_to: &[],
    },
    Table {
        name: "mfa_challenges",
        purge: Purge::ByKey,
        export: Export::Left("sign-ins in progress"),
        holder: Holder::Member { column: "user_id" },
        redb: &[
            &mfa::CHALLENGES,
            &mfa::CHALLENGES_BY_TOKEN,
            &mfa::CHALLENGES_BY_EXPIRY,
        ],
        postgres: true,
        secrets: &["token_hash"],
        refers_to: &[],
    },
    Table {
        name: "known_devices",
        purge: Purge::ByKey,
        export: Export::Left(
            "the devices members signed in from on this install, for its new-device mails",
        ),
        holder: Holder::Member { column: "user_id" },
        redb: &[&devices::KNOWN],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    Table {
        name: "firm_mfa_required",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive::mfa_required,
            load: Load::Rows(arrival::mfa_required),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&mfa_required::REQUIREMENTS],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    Table {
        name: "firm_price_sharing",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive::price_sharing,
            load: Load::Left(
                "a firm arrives sharing no prices: an owner chooses again on the Firm page",
            ),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&price_sharing::CONSENTS],
        postgres: true,
        secrets: &[],
        // Who chose is a field of the value (`by_user`), not a column; an import leaves the
        // table out, so no person's id needs mapping.
        refers_to: &[],
    },
    // A scheduled deletion: it goes with the firm, or with an undo.
    Table {
        name: "firm_deletions",
        export: Export::Left("the firm's scheduled deletion on this install"),
        purge: Purge::ByKey,
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&deletion::DELETIONS],
        postgres: true,
        secrets: &[],
        // Its value names who asked (`by_user`, with their name then): no column refers.
        refers_to: &[],
    },
    // The pending offer of the operator role: held by the offered account, so it goes with that
    // account's firm (the offering operator's firm is never deleted while it holds the role).
    Table {
        name: "operator_handovers",
        export: Export::Left("an offer of this install's operator role"),
        purge: Purge::ByKey,
        holder: Holder::Member { column: "to_user" },
        redb: &[&handover::OFFERS],
        postgres: true,
        secrets: &[],
        // Who offered is a field of the value (`from_user`), not a column.
        refers_to: &[Reference {
            column: "to_user",
            to: Target::User,
        }],
    },
    // Sign-in and sign-up windows: hub mode's (a firm's own install keeps them in memory).
    Table {
        name: "rate_limits",
        purge: Purge::ByKey,
        export: Export::Left("sign-in throttling of this install"),
        holder: Holder::Member { column: "user_id" },
        redb: &[],
        postgres: true,
        secrets: &["key"],
        refers_to: &[],
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::FirmRole;
    use crate::accounts::links::Invitation;
    use crate::platform::error::AppError;
    use crate::platform::store::PgStore;
    use crate::platform::store::testing::{file_store, on_both};

    /// A new account named Ann in a new firm; shared by the storage's other test modules.
    pub(super) fn new_user(email: &str) -> NewUser {
        NewUser {
            name: "Ann".into(),
            email: Email::parse(email).unwrap(),
            firm: FirmChoice::New {
                name: "Doe LLP".into(),
                size: crate::platform::firm_size::FirmSize::parse("E6_20"),
            },
            password_hash: "hash".into(),
        }
    }

    #[test]
    fn an_email_changed_in_case_only_still_finds_its_account_and_stays_taken() {
        on_both(|store| {
            let mut ann =
                create_user(store, new_user("ann@doe.com"), &[1; 32], |_| Ok(())).unwrap();
            ann.email = "Ann@Doe.com".into();
            let new = Email::parse("Ann@Doe.com").unwrap();
            save_new_email(store, &ann, &new, &[1; 32]).unwrap();

            let found = find_user_by_email(store, &Email::parse("ANN@doe.com").unwrap()).unwrap();
            assert_eq!(found.map(|u| (u.id, u.email)), Some((ann.id, ann.email)));
            let taken = create_user(store, new_user("ann@DOE.com"), &[2; 32], |_| Ok(()));
            assert!(matches!(taken, Err(AppError::Conflict(_))));
        });
    }

    #[test]
    fn a_password_change_ends_every_other_session_of_the_user_only() {
        on_both(|store| {
            let ann = create_user(store, new_user("ann@doe.com"), &[1; 32], |_| Ok(())).unwrap();
            let bo = create_user(store, new_user("bo@roe.com"), &[2; 32], |_| Ok(())).unwrap();
            rotate_session(store, None, &[3; 32], ann.id).unwrap();

            assert_eq!(save_password(store, &ann, &[3; 32]).unwrap(), 1);
            assert!(find_session(store, &[1; 32]).unwrap().is_none());
            assert!(find_session(store, &[3; 32]).unwrap().is_some());
            assert_eq!(
                find_session(store, &[2; 32]).unwrap().map(|s| s.user_id),
                Some(bo.id)
            );
        });
    }

    #[test]
    fn users_read_back_alike_and_a_taken_email_costs_no_id() {
        on_both(|store| {
            assert!(!has_users(store).unwrap());
            let ann = create_user(store, new_user("ann@doe.com"), &[1; 32], |_| Ok(())).unwrap();
            assert!(ann.is_admin && ann.id == 1);
            let taken = create_user(store, new_user("ANN@doe.com"), &[2; 32], |_| Ok(()));
            assert!(matches!(taken, Err(AppError::Conflict(_))));
            let bo = create_user(store, new_user("bo@roe.com"), &[2; 32], |_| {
                panic!("only the first account is admitted as the admin")
            })
            .unwrap();
            assert_eq!((bo.id, bo.is_admin), (2, false));

            let mut promoted = bo.clone();
            promoted.is_admin = true;
            promoted.name = "Bo Roe".into();
            save_user(store, &promoted).unwrap();
            let found = find_user(store, bo.id).unwrap().unwrap();
            assert_eq!(
                (
                    found.name.as_str(),
                    found.is_admin,
                    found.firm.clone(),
                    found.created_at
                ),
                ("Bo Roe", true, bo.firm.clone(), bo.created_at)
            );
            let ids: Vec<u64> = all_users(store).unwrap().iter().map(|u| u.id).collect();
            assert_eq!(ids, vec![1, 2]);
            assert!(find_user(store, 3).unwrap().is_none());
        });
    }

    #[test]
    fn an_audit_line_for_a_firm_that_is_gone_is_not_written() {
        on_both(|store| {
            let ann = create_user(store, new_user("ann@doe.com"), &[1; 32], |_| Ok(())).unwrap();
            let line = |firm_id| crate::accounts::audit_entry::AuditEntry {
                id: 0,
                firm_id,
                at: 5,
                actor: Some("Ann".into()),
                action: crate::accounts::audit_entry::AuditAction::InvitationCreated,
                detail: "Invited di@doe.com".into(),
            };
            assert!(audit::append(store, line(ann.firm.id.get())).unwrap());
            let gone = ann.firm.id.get() + 1;
            assert!(!audit::append(store, line(gone)).unwrap());
            let gone = FirmId::from_stored(gone);
            assert_eq!(audit::firm_entries(store, gone).unwrap(), Vec::new());
            assert_eq!(audit::firm_entries(store, ann.firm.id).unwrap().len(), 1);
        });
    }

    #[test]
    fn a_first_account_refused_by_its_check_is_not_created() {
        on_both(|store| {
            let refused = create_user(store, new_user("ann@doe.com"), &[1; 32], |_| {
                Err(crate::platform::error::forbidden("no token"))
            });
            assert!(matches!(refused, Err(AppError::Forbidden(_))));
            assert!(!has_users(store).unwrap());
            assert!(find_session(store, &[1; 32]).unwrap().is_none());
        });
    }

    #[test]
    fn a_session_is_rotated_touched_and_never_brought_back_once_deleted() {
        on_both(|store| {
            let ann = create_user(store, new_user("ann@doe.com"), &[1; 32], |_| Ok(())).unwrap();
            rotate_session(store, Some(&[1; 32]), &[2; 32], ann.id).unwrap();
            assert!(find_session(store, &[1; 32]).unwrap().is_none());
            let mut session = find_session(store, &[2; 32]).unwrap().unwrap();
            assert_eq!(session.user_id, ann.id);

            session.last_seen += 60;
            assert!(touch_session(store, &[2; 32], &session).unwrap());
            let read = find_session(store, &[2; 32]).unwrap().unwrap();
            assert_eq!(
                (read.created_at, read.last_seen),
                (session.created_at, session.last_seen)
            );

            delete_session(store, &[2; 32]).unwrap();
            assert!(!touch_session(store, &[2; 32], &session).unwrap());
            assert!(find_session(store, &[2; 32]).unwrap().is_none());
        });
    }

    /// The change log's entries after `after`, as (kind of change, subject) pairs.
    fn changes_after(
        db: &PgStore,
        after: i64,
    ) -> Vec<Option<crate::platform::store::postgres::changes::Change>> {
        db.run(crate::platform::store::postgres::changes::since(
            db.pool(),
            after,
            100,
        ))
        .unwrap()
        .into_iter()
        .map(|(_, change)| change)
        .collect()
    }

    #[test]
    fn in_hub_mode_every_write_to_a_user_or_their_sessions_is_in_the_change_log() {
        use crate::platform::store::postgres::changes::{Change, latest};
        let db = crate::platform::store::postgres::test_store();
        let store = Store::Postgres(db);
        let Store::Postgres(db) = &store else {
            unreachable!()
        };
        let mut ann = create_user(&store, new_user("ann@doe.com"), &[1; 32], |_| Ok(())).unwrap();
        let ann_changed = Some(Change::User { user_id: ann.id });
        let latest = || db.run(latest(db.pool())).unwrap();
        let announced = |what: &str, before: i64| {
            assert_eq!(changes_after(db, before), vec![ann_changed], "{what}");
        };

        let before = latest();
        save_user(&store, &ann).unwrap();
        announced("details", before);

        let before = latest();
        save_password(&store, &ann, &[1; 32]).unwrap();
        announced("password", before);

        let before = latest();
        ann.email = "ann@roe.com".into();
        save_new_email(
            &store,
            &ann,
            &Email::parse("ann@roe.com").unwrap(),
            &[1; 32],
        )
        .unwrap();
        announced("email", before);

        let before = latest();
        rotate_session(&store, Some(&[1; 32]), &[2; 32], ann.id).unwrap();
        announced("sign-in ending the browser's old session", before);

        let before = latest();
        delete_session(&store, &[2; 32]).unwrap();
        announced("sign-out", before);

        // Ending a session that is already gone changes nothing and says nothing.
        let before = latest();
        delete_session(&store, &[2; 32]).unwrap();
        assert!(changes_after(db, before).is_empty());
    }

    #[test]
    fn in_hub_mode_the_first_setup_token_stored_is_everyones_until_the_first_account() {
        let store = Store::Postgres(crate::platform::store::postgres::test_store());
        let Store::Postgres(db) = &store else {
            unreachable!()
        };
        assert_eq!(
            postgres::share_setup_token(db, "first").unwrap().as_deref(),
            Some("first")
        );
        assert_eq!(
            postgres::share_setup_token(db, "second")
                .unwrap()
                .as_deref(),
            Some("first")
        );
        let mut given = None;
        create_user(&store, new_user("ann@doe.com"), &[1; 32], |held| {
            given = held;
            Ok(())
        })
        .unwrap();
        assert_eq!(given.as_deref(), Some("first"));
        assert_eq!(postgres::share_setup_token(db, "third").unwrap(), None);
    }

    #[test]
    fn an_ended_session_keeps_why_for_a_week_and_a_signed_out_one_keeps_nothing() {
        use crate::accounts::EndReason;
        on_both(|store| {
            let ann = create_user(store, new_user("ann@doe.com"), &[1; 32], |_| Ok(())).unwrap();
            rotate_session(store, None, &[2; 32], ann.id).unwrap();
            rotate_session(store, None, &[3; 32], ann.id).unwrap();
            delete_session(store, &[3; 32]).unwrap();
            assert_eq!(save_password(store, &ann, &[1; 32]).unwrap(), 1);

            let ended = find_ended_session(store, &[2; 32]).unwrap().unwrap();
            assert_eq!(
                (ended.reason, ended.firm_name),
                (EndReason::PasswordChanged, None)
            );
            assert_eq!(find_ended_session(store, &[1; 32]).unwrap(), None);
            assert_eq!(find_ended_session(store, &[3; 32]).unwrap(), None);

            // A removal ends the last session and names the firm.
            remove_user(store, &ann).unwrap();
            let ended = find_ended_session(store, &[1; 32]).unwrap().unwrap();
            assert_eq!(ended.reason, EndReason::Removed);
            assert_eq!(ended.firm_name.as_deref(), Some("Doe LLP"));
        });
    }

    #[test]
    fn an_end_older_than_a_week_is_no_longer_told() {
        let ended = crate::accounts::EndedSession {
            reason: crate::accounts::EndReason::Removed,
            firm_name: Some("Doe LLP".into()),
            at: 1_000,
        };
        assert!(ended.current(1_000 + super::super::model::ENDED_KEPT_SECS));
        assert!(!ended.current(1_001 + super::super::model::ENDED_KEPT_SECS));
    }

    #[test]
    fn export_copies_users_and_sessions_keeping_ids() {
        let (_dir, file) = file_store();
        let ann = create_user(&file, new_user("Ann@Doe.com"), &[1; 32], |_| Ok(())).unwrap();
        let bo = create_user(&file, new_user("bo@roe.com"), &[2; 32], |_| Ok(())).unwrap();
        rotate_session(&file, None, &[3; 32], bo.id).unwrap();
        let invited = links::create_invitation(
            &file,
            Invitation {
                id: 0,
                firm_id: ann.firm.id.get(),
                email: "Cy@Doe.com".into(),
                email_key: "cy@doe.com".into(),
                role: FirmRole::Admin,
                token_hash: [7; 32],
                created_at: 10,
                expires_at: 20,
                invited_by: ann.id,
                invited_by_name: "Ann".into(),
                used_at: None,
                revoked_at: Some(15),
            },
            None,
        )
        .unwrap();
        let entry = crate::accounts::audit_entry::AuditEntry {
            id: 0,
            firm_id: ann.firm.id.get(),
            at: 12,
            actor: Some("Ann".into()),
            action: crate::accounts::audit_entry::AuditAction::InvitationCreated,
            detail: "Invited Cy@Doe.com as admin".into(),
        };
        assert!(audit::append(&file, entry.clone()).unwrap());
        // Bo changes the password in session 3: session 2 ends, and why is kept.
        save_password(&file, &bo, &[3; 32]).unwrap();
        let from = file.file().unwrap();
        // A firm merged away before the copy: a write naming it is refused on the hub too.
        let txn = from.write().unwrap();
        crate::platform::store::merged::record_in_file(&txn, 99, ann.firm.id.get()).unwrap();
        txn.commit().unwrap();

        let to: PgStore = crate::platform::store::postgres::test_store();
        let counts = export(from, &to).unwrap();
        // The firms, the accounts, the invitations, the audit log, the sessions and why sessions
        // ended go as every table on the seam goes (`litstack export-to-postgres`).
        let firm_rows =
            crate::platform::store::seam::copy_to_postgres(from, &to, &firms::FIRMS).unwrap();
        assert_eq!((firm_rows.source, firm_rows.copied), (2, 2));
        let user_rows =
            crate::platform::store::seam::copy_to_postgres(from, &to, &users::USERS).unwrap();
        assert_eq!((user_rows.source, user_rows.copied), (2, 2));
        let invitations = crate::platform::store::seam::copy_to_postgres(
            from,
            &to,
            &links::invitations::INVITATIONS,
        )
        .unwrap();
        assert_eq!((invitations.source, invitations.copied), (1, 1));
        let lines =
            crate::platform::store::seam::copy_to_postgres(from, &to, &audit::LINES).unwrap();
        assert_eq!((lines.source, lines.copied), (1, 1));
        let notes =
            crate::platform::store::seam::copy_to_postgres(from, &to, &ended::NOTES).unwrap();
        assert_eq!((notes.source, notes.copied), (1, 1));
        let open =
            crate::platform::store::seam::copy_to_postgres(from, &to, &sessions::SESSIONS).unwrap();
        assert_eq!((open.source, open.copied), (2, 2));
        let counted: Vec<(&str, u64, u64)> = counts
            .iter()
            .map(|c| (c.table, c.source, c.copied))
            .collect();
        assert_eq!(counted, vec![("merged_firms", 1, 1)]);
        let refused = to.run(async {
            let mut conn = to.pool().acquire().await.unwrap();
            crate::platform::store::merged::refuse_in_pg(&mut conn, FirmId::from_stored(99)).await
        });
        assert_eq!(
            refused.unwrap_err().status(),
            axum::http::StatusCode::CONFLICT
        );

        let hub = Store::Postgres(to);
        assert_eq!(
            links::find_invitation_by_token(&hub, &[7; 32]).unwrap(),
            Some(invited)
        );
        assert_eq!(
            audit::firm_entries(&hub, ann.firm.id).unwrap(),
            vec![crate::accounts::audit_entry::AuditEntry { id: 1, ..entry }]
        );
        let users = |s: &Store| -> Vec<(u64, String, bool, i64)> {
            all_users(s)
                .unwrap()
                .into_iter()
                .map(|u| (u.id, u.email, u.is_admin, u.created_at))
                .collect()
        };
        let firms = |s: &Store| all_firms(s).unwrap();
        assert_eq!(users(&hub), users(&file));
        assert_eq!(firms(&hub), firms(&file));
        assert!(firms(&hub)[0].verified && !firms(&hub)[1].verified);
        for hash in [[1; 32], [2; 32], [3; 32]] {
            let pair = |s: &Store| {
                find_session(s, &hash)
                    .unwrap()
                    .map(|s| (s.user_id, s.created_at))
            };
            assert_eq!(pair(&hub), pair(&file));
            let ended = |s: &Store| find_ended_session(s, &hash).unwrap();
            assert_eq!(ended(&hub), ended(&file));
        }
        assert_eq!(
            find_ended_session(&hub, &[2; 32])
                .unwrap()
                .map(|e| e.reason),
            Some(crate::accounts::EndReason::PasswordChanged)
        );
        let found = find_user_by_email(&hub, &Email::parse("ann@doe.com").unwrap()).unwrap();
        assert_eq!(found.map(|u| u.id), Some(ann.id));
        // The next account takes the id after the copied ones.
        let cy = create_user(&hub, new_user("cy@poe.com"), &[4; 32], |_| Ok(())).unwrap();
        assert_eq!((cy.id, cy.firm.id.get()), (3, 3));
    }

    #[test]
    fn members_of_one_firm_share_it_and_a_removed_one_loses_email_and_sessions() {
        on_both(|store| {
            let ann = create_user(store, new_user("ann@doe.com"), &[1; 32], |_| Ok(())).unwrap();
            assert_eq!((ann.firm_role, ann.firm.verified), (FirmRole::Owner, true));
            let invitation = |email: &str, token: u8, expires_at: i64| Invitation {
                id: 0,
                firm_id: ann.firm.id.get(),
                email: email.into(),
                email_key: email.into(),
                role: FirmRole::Viewer,
                token_hash: [token; 32],
                created_at: 0,
                expires_at,
                invited_by: ann.id,
                invited_by_name: ann.name.clone(),
                used_at: None,
                revoked_at: None,
            };
            let far = crate::platform::clock::now_secs() + 3600;
            links::create_invitation(store, invitation("bo@doe.com", 9, far), None).unwrap();
            links::create_invitation(store, invitation("di@doe.com", 8, 1), None).unwrap();
            let joining = |email: &str, token: u8| {
                let mut new = new_user(email);
                new.firm = FirmChoice::Join {
                    invitation: [token; 32],
                };
                new
            };
            // An expired invitation admits no one and writes nothing.
            let expired = create_user(store, joining("di@doe.com", 8), &[5; 32], |_| Ok(()));
            assert!(matches!(expired, Err(AppError::Gone(_))));
            assert!(
                find_user_by_email(store, &Email::parse("di@doe.com").unwrap())
                    .unwrap()
                    .is_none()
            );
            let bo = create_user(store, joining("bo@doe.com", 9), &[2; 32], |_| Ok(())).unwrap();
            let used = links::find_invitation_by_token(store, &[9; 32])
                .unwrap()
                .unwrap();
            assert!(used.used_at.is_some());
            // Used: a second sign-up with the same link is refused, even by another email.
            let again = create_user(store, joining("bo2@doe.com", 9), &[6; 32], |_| Ok(()));
            assert!(matches!(again, Err(AppError::Gone(_))));
            assert_eq!((bo.firm.id, bo.firm_role), (ann.firm.id, FirmRole::Viewer));
            let cy = create_user(store, new_user("cy@roe.com"), &[3; 32], |_| Ok(())).unwrap();
            assert_ne!(cy.firm.id, ann.firm.id);
            assert!(
                !cy.firm.verified,
                "only the operator's own firm starts verified"
            );

            let ids = |firm: u64| -> Vec<u64> {
                firm_members(store, FirmId::from_stored(firm))
                    .unwrap()
                    .iter()
                    .map(|u| u.id)
                    .collect()
            };
            assert_eq!(ids(ann.firm.id.get()), vec![ann.id, bo.id]);
            let mut renamed = ann.firm.clone();
            renamed.name = "Doe & Roe LLP".into();
            save_firm(store, &renamed).unwrap();
            assert_eq!(
                find_user(store, bo.id).unwrap().unwrap().firm.name,
                "Doe & Roe LLP"
            );

            remove_user(store, &bo).unwrap();
            assert_eq!(ids(ann.firm.id.get()), vec![ann.id]);
            assert!(find_session(store, &[2; 32]).unwrap().is_none());
            assert!(
                find_user_by_email(store, &Email::parse("bo@doe.com").unwrap())
                    .unwrap()
                    .is_none()
            );
            let mut missing = renamed.clone();
            missing.id = FirmId::from_stored(999);
            assert!(matches!(
                save_firm(store, &missing),
                Err(AppError::NotFound(_))
            ));
        });
    }

    #[test]
    fn a_merge_moves_members_invitations_and_audit_lines_and_deletes_the_firm() {
        on_both(|store| {
            let ann = create_user(store, new_user("ann@doe.com"), &[1; 32], |_| Ok(())).unwrap();
            let bo = create_user(store, new_user("bo@roe.com"), &[2; 32], |_| Ok(())).unwrap();
            let cy = create_user(store, new_user("cy@poe.com"), &[3; 32], |_| Ok(())).unwrap();
            let (into, from) = (bo.firm.id.get(), ann.firm.id.get());
            let invited = links::create_invitation(
                store,
                Invitation {
                    id: 0,
                    firm_id: from,
                    email: "di@doe.com".into(),
                    email_key: "di@doe.com".into(),
                    role: FirmRole::Member,
                    token_hash: [9; 32],
                    created_at: 1,
                    expires_at: 2_000_000_000,
                    invited_by: ann.id,
                    invited_by_name: "Ann".into(),
                    used_at: None,
                    revoked_at: None,
                },
                None,
            )
            .unwrap();
            let line = crate::accounts::audit_entry::AuditEntry {
                id: 0,
                firm_id: from,
                at: 5,
                actor: Some("Ann".into()),
                action: crate::accounts::audit_entry::AuditAction::InvitationCreated,
                detail: "Invited di@doe.com".into(),
            };
            assert!(audit::append(store, line).unwrap());

            // A missing firm is a 404 naming it, and the rolled-back transaction wrote nothing.
            for (a, b) in [(into, 99), (99, from)] {
                let mut tx = store.begin().unwrap();
                let refused =
                    merge_firm_in(&mut tx, FirmId::from_stored(a), FirmId::from_stored(b))
                        .map(|_| ());
                assert!(
                    matches!(&refused, Err(AppError::NotFound(m)) if m == "There is no firm with id 99"),
                    "{refused:?}"
                );
            }
            assert_eq!(
                firm_members(store, FirmId::from_stored(from))
                    .unwrap()
                    .len(),
                1
            );

            let mut tx = store.begin().unwrap();
            let (into_id, from_id) = (FirmId::from_stored(into), FirmId::from_stored(from));
            let merged = merge_firm_in(&mut tx, into_id, from_id).unwrap();
            // The audit log and the invitations move next, as the registry's merges do in a firm
            // merge.
            audit::merge_firm_in(&mut tx, into_id, from_id).unwrap();
            links::invitations::merge_firm_in(&mut tx, into_id, from_id).unwrap();
            tx.commit().unwrap();
            assert_eq!(merged.moved, vec![ann.id]);
            assert_eq!(merged.members, vec![ann.id, bo.id]);
            assert_eq!(merged.gone.id.get(), from);
            // The operator's firm was verified: the kept firm is now.
            assert!(merged.kept.verified && !merged.kept.disabled);
            assert_eq!(find_firm(store, into).unwrap(), Some(merged.kept.clone()));
            assert_eq!(find_firm(store, from).unwrap(), None);
            let moved = find_user(store, ann.id).unwrap().unwrap();
            assert_eq!(
                (moved.firm.id.get(), moved.firm_role),
                (into, FirmRole::Owner)
            );
            assert!(moved.is_admin);
            let ids: Vec<u64> = firm_members(store, FirmId::from_stored(into))
                .unwrap()
                .iter()
                .map(|u| u.id)
                .collect();
            assert_eq!(ids, vec![ann.id, bo.id]);
            assert!(
                firm_members(store, FirmId::from_stored(from))
                    .unwrap()
                    .is_empty()
            );
            assert_eq!(firm_members(store, cy.firm.id).unwrap().len(), 1);
            let invitations = links::firm_invitations(store, FirmId::from_stored(into)).unwrap();
            assert_eq!(
                invitations,
                vec![Invitation {
                    firm_id: into,
                    ..invited
                }]
            );
            assert!(
                links::firm_invitations(store, FirmId::from_stored(from))
                    .unwrap()
                    .is_empty()
            );
            let lines = audit::firm_entries(store, FirmId::from_stored(into)).unwrap();
            assert_eq!(
                lines
                    .iter()
                    .map(|l| (l.firm_id, l.detail.as_str()))
                    .collect::<Vec<_>>(),
                vec![(into, "Invited di@doe.com")]
            );
            assert!(
                audit::firm_entries(store, FirmId::from_stored(from))
                    .unwrap()
                    .is_empty()
            );
            assert_eq!(all_firms(store).unwrap().len(), 2);
            // The account as a request begun before the merge read it names the merged firm:
            // saving it is refused, so the account never loses its firm.
            assert!(save_user(store, &ann).is_err());
            assert_eq!(
                find_user(store, ann.id).unwrap().unwrap().firm.id.get(),
                into
            );
        });
    }

    /// A member removed while signing in again over their old session: the removal must go
    /// through. A sign-in that ended the old session before adding the new one, which refers to
    /// the account's row, took the rows in the other order from a removal, which locks the
    /// account's row and then ends its sessions: each waited on the other until PostgreSQL
    /// failed one.
    #[test]
    fn a_member_removed_while_signing_in_again_is_removed() {
        on_both(|store| {
            for round in 0..20u8 {
                let ann = create_user(
                    store,
                    new_user(&format!("ann{round}@doe.com")),
                    &[round; 32],
                    |_| Ok(()),
                )
                .unwrap();
                let start = std::sync::Barrier::new(2);
                std::thread::scope(|scope| {
                    let (start, ann) = (&start, &ann);
                    scope.spawn(move || {
                        start.wait();
                        // Refused once the account is gone: fine here.
                        let _ =
                            rotate_session(store, Some(&[round; 32]), &[round + 100; 32], ann.id);
                    });
                    start.wait();
                    remove_user(store, ann).expect("the member is removed");
                });
            }
        });
    }
}
