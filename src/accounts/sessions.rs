//! Server-side sessions. The browser holds a random 256-bit token in an HttpOnly cookie; the store
//! holds only its SHA-256, so a copy of the database cannot be used to sign in. Sessions end after
//! an idle period and at an absolute age, at sign-out, and (for the other devices) when the
//! password or email changes.

use std::sync::Arc;

use axum::extract::FromRef;
use axum_extra::extract::cookie::{Cookie, SameSite};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use dashmap::DashMap;
use dashmap::mapref::entry::Entry;
use rand::RngCore;

use super::AccountsState;
use super::model::Session;
use super::storage;
pub(super) use crate::platform::caller::{
    AdminUser, COOKIE, CurrentUser, FIRM_DISABLED, TokenHash, hash_token,
};
use crate::platform::caller::{
    SIGNED_OUT, SessionLimits, SessionSource, Sessions, TOUCH_EVERY_SECS, User,
};
use crate::platform::clock::now_secs;
use crate::platform::error::{AppError, Result, unauthorized};

/// A sign-in whose account was removed (a member's removal, the firm's deletion) between the check
/// of its password or identity and its new session.
pub(super) const ACCOUNT_GONE: &str = "Your account was removed while you were signing in.";

#[derive(Clone)]
struct Cached {
    session: Session,
    persisted_last_seen: i64,
    user: User,
    /// Whether the session may only set up a second factor (`mfa_required`); `None` when it is
    /// to be decided again at the next request (the account or its firm changed).
    setup_only: Option<bool>,
}

/// How many sessions a node keeps in memory. Past it, the least recently seen tenth is dropped
/// (those sessions are read from the database again when next used).
const CACHE_CAPACITY: usize = 50_000;

/// Sessions seen recently, with their user, so that most requests touch no database and never
/// leave the async runtime. Kept in step by `refresh_user` and `forget*` (in hub mode also for
/// the other nodes' writes, through the change log). Bounded by `CACHE_CAPACITY`.
#[derive(Default)]
pub struct SessionCache {
    entries: DashMap<TokenHash, Cached>,
    /// Counts `forget*` calls. A lookup that read a session from the database caches it only if
    /// no session was forgotten meanwhile: else a sign-out racing the lookup could be undone.
    revocations: AtomicU64,
    /// Whether the last write-back of a last-seen time failed, so that it is logged once.
    touch_failing: AtomicBool,
}

pub fn new_token() -> (String, TokenHash) {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token = hex::encode(bytes);
    let hash = hash_token(&token);
    (token, hash)
}

pub fn session_cookie(app: &AccountsState, token: String) -> Cookie<'static> {
    Cookie::build((COOKIE, token))
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(app.config.secure_cookies)
        .path("/")
        .max_age(cookie::time::Duration::seconds(
            app.config.session_absolute.as_secs() as i64,
        ))
        .build()
}

pub fn removal_cookie() -> Cookie<'static> {
    Cookie::build((COOKIE, "")).path("/").build()
}

impl SessionCache {
    /// Call after the session's removal is committed.
    pub fn forget(&self, hash: &TokenHash) {
        self.revocations.fetch_add(1, Ordering::SeqCst);
        self.entries.remove(hash);
    }

    /// Call after the sessions' removal is committed.
    pub fn forget_user(&self, user_id: u64, except: Option<&TokenHash>) {
        self.revocations.fetch_add(1, Ordering::SeqCst);
        self.entries
            .retain(|h, c| c.session.user_id != user_id || Some(h) == except);
    }

    /// Forgets every cached session: a hub node that missed part of the change log.
    pub fn forget_all(&self) {
        self.revocations.fetch_add(1, Ordering::SeqCst);
        self.entries.clear();
    }

    /// Read before looking a session up; pass to `remember`.
    fn epoch(&self) -> u64 {
        self.revocations.load(Ordering::SeqCst)
    }

    /// Caches a session looked up since `epoch`, unless a session was forgotten since then and
    /// this one is not cached any more. The check runs under the entry's lock, which `forget`
    /// also takes after counting, so a forget either is seen here or removes what this inserts.
    fn remember(&self, hash: TokenHash, cached: Cached, epoch: u64) -> bool {
        // Before taking the entry: evicting walks every shard, the entry holds one locked.
        if self.entries.len() >= CACHE_CAPACITY && !self.entries.contains_key(&hash) {
            self.evict_least_recent(CACHE_CAPACITY / 10);
        }
        match self.entries.entry(hash) {
            Entry::Occupied(mut e) => {
                e.insert(cached);
                true
            }
            Entry::Vacant(e) if self.epoch() == epoch => {
                e.insert(cached);
                true
            }
            Entry::Vacant(_) => false,
        }
    }

    /// Drops the `count` least recently seen sessions. Dropping is not forgetting: the database
    /// still holds them, so the next lookup reads them again, and no revocation is involved.
    fn evict_least_recent(&self, count: usize) {
        let mut seen: Vec<(i64, TokenHash)> = self
            .entries
            .iter()
            .map(|e| (e.session.last_seen, *e.key()))
            .collect();
        if seen.len() > count {
            seen.select_nth_unstable(count);
            seen.truncate(count);
        }
        for (_, hash) in seen {
            self.entries.remove(&hash);
        }
    }

    fn touch_failed(&self, cause: &AppError) {
        if !self.touch_failing.swap(true, Ordering::Relaxed) {
            tracing::warn!(error = %cause, "sessions' last-seen times cannot be saved; requests go on without");
        }
    }

    fn touch_saved(&self) {
        if self.touch_failing.swap(false, Ordering::Relaxed) {
            tracing::info!("sessions' last-seen times are saved again");
        }
    }

    /// Call after a user record changes so cached sessions see the new values.
    pub fn refresh_user(&self, user: &User) {
        for mut entry in self.entries.iter_mut() {
            if entry.session.user_id == user.id {
                entry.user = user.clone();
                entry.setup_only = None;
            }
        }
    }

    /// Call after a firm's record changes so its members' cached sessions see the new values.
    pub fn refresh_firm(&self, firm: &super::model::Firm) {
        for mut entry in self.entries.iter_mut() {
            if entry.user.firm.id == firm.id {
                entry.user.firm = firm.clone();
                entry.setup_only = None;
            }
        }
    }

    /// Drops the cached sessions of a firm's members, so that each is read (and whether it may
    /// only set up a second factor decided) again at its next request. Counted like a
    /// revocation, so that a lookup racing this does not cache what it read before.
    pub fn reload_firm(&self, firm_id: super::FirmId) {
        self.revocations.fetch_add(1, Ordering::SeqCst);
        self.entries.retain(|_, c| c.user.firm.id != firm_id);
    }

    /// The cached user of a session when nothing needs the database: not expired, not due a touch,
    /// not setup-only (decided again at each request).
    fn fast(&self, hash: &TokenHash, limits: SessionLimits) -> Option<User> {
        let now = now_secs();
        let mut entry = self.entries.get_mut(hash)?;
        let fresh = entry.setup_only == Some(false)
            && !limits.expired(entry.session.created_at, entry.session.last_seen, now)
            && now - entry.persisted_last_seen < TOUCH_EVERY_SECS;
        if !fresh {
            return None;
        }
        entry.session.last_seen = now;
        Some(entry.user.clone())
    }
}

impl AccountsState {
    /// Resolves a session token to its user and whether the session may only set up a second
    /// factor, ending the session if it has expired.
    fn session_user(&self, hash: &TokenHash) -> Result<Option<(User, bool)>> {
        let epoch = self.sessions.epoch();
        let now = now_secs();
        let limits = SessionLimits::of(&self.config);
        let expired = |s: &Session| limits.expired(s.created_at, s.last_seen, now);
        // A cached copy that looks expired is read again before the session ends: in hub mode
        // another node may have seen (and written back) a later use of it.
        let from_cache = self.sessions.entries.get(hash).map(|c| c.clone());
        let cached = match from_cache.filter(|c| !expired(&c.session)) {
            Some(c) => Some(c),
            None => match storage::find_session(&self.store, hash)? {
                Some(session) => self.load_user(session.user_id)?.map(|user| Cached {
                    persisted_last_seen: session.last_seen,
                    session,
                    user,
                    setup_only: None,
                }),
                None => None,
            },
        };
        let Some(mut cached) = cached else {
            return Ok(None);
        };
        if expired(&cached.session) {
            self.sessions.forget(hash);
            // Expired whether or not the row goes (its times say so at every lookup): a failed
            // delete (a full disk) must not turn "signed out" into an error.
            if let Err(e) = storage::delete_session(&self.store, hash) {
                tracing::warn!(error = %e, "an expired session could not be deleted");
            }
            tracing::info!(target: "security", user_id = cached.session.user_id, "session expired");
            return Ok(None);
        }
        cached.session.last_seen = now;
        if now - cached.persisted_last_seen >= TOUCH_EVERY_SECS {
            // A concurrent sign-out may have removed it: never bring a session back.
            match storage::touch_session(&self.store, hash, &cached.session) {
                Ok(true) => self.sessions.touch_saved(),
                Ok(false) => {
                    self.sessions.forget(hash);
                    return Ok(None);
                }
                // Only a refresh of the last-seen time failed (a full disk, say): the request
                // goes on, and the refresh is tried again after the usual interval, not at every
                // request.
                Err(e) => self.sessions.touch_failed(&e),
            }
            cached.persisted_last_seen = now;
        }
        let setup_only = match cached.setup_only {
            Some(false) => false,
            _ => super::mfa_required::setup_due(self, &cached.user)?,
        };
        cached.setup_only = Some(setup_only);
        let user = cached.user.clone();
        self.sessions.remember(*hash, cached, epoch);
        Ok(Some((user, setup_only)))
    }

    /// The 401 for a cookie with no session: why the server ended it, when it did (within the
    /// week the reason is kept), else plain "not signed in".
    fn signed_out(&self, hash: &TokenHash) -> AppError {
        match storage::find_ended_session(&self.store, hash) {
            Ok(Some(ended)) => AppError::SessionEnded(ended),
            Ok(None) => unauthorized(SIGNED_OUT),
            Err(e) => {
                tracing::warn!(error = %e, "why a session ended could not be read");
                unauthorized(SIGNED_OUT)
            }
        }
    }

    pub fn load_user(&self, id: u64) -> Result<Option<User>> {
        super::storage::find_user(&self.store, id)
    }
}

/// The accounts are where the extractors (`platform::caller`) find a session's account.
impl SessionSource for AccountsState {
    fn cached(&self, hash: &TokenHash) -> Option<User> {
        self.sessions.fast(hash, SessionLimits::of(&self.config))
    }

    fn look_up(&self, hash: &TokenHash) -> Result<(User, bool)> {
        match self.session_user(hash)? {
            Some(found) => Ok(found),
            None => Err(self.signed_out(hash)),
        }
    }
}

impl FromRef<AccountsState> for Sessions {
    fn from_ref(app: &AccountsState) -> Sessions {
        Sessions(Arc::new(app.clone()))
    }
}

impl AdminUser {
    /// The firm the operator names by id (a path or a body), checked to exist: an unknown id is
    /// a 404 naming it. The one way an operator's route makes a `FirmId`.
    pub fn firm(&self, app: &super::AccountsState, id: u64) -> Result<super::FirmId> {
        super::existing_firm(app, id)
    }
}

#[cfg(test)]
mod tests {
    use sha2::{Digest, Sha256};

    use super::*;

    fn cached(user_id: u64) -> Cached {
        let session = Session {
            user_id,
            created_at: 0,
            last_seen: 0,
        };
        let user = User {
            id: user_id,
            name: "A".into(),
            email: "a@example.com".into(),
            firm: crate::accounts::Firm {
                id: crate::platform::firm_id::FirmId::from_stored(user_id),
                name: "F".into(),
                size: None,
                created_at: 0,
                verified: false,
                disabled: false,
            },
            firm_role: crate::accounts::FirmRole::Owner,
            password_hash: String::new(),
            is_admin: false,
            created_at: 0,
        };
        Cached {
            session,
            persisted_last_seen: 0,
            user,
            setup_only: Some(false),
        }
    }

    #[test]
    fn a_full_cache_drops_its_least_recently_seen_sessions() {
        let cache = SessionCache::default();
        for i in 0..CACHE_CAPACITY {
            let mut c = cached(1);
            c.session.last_seen = i as i64;
            let hash = Sha256::digest(i.to_le_bytes()).into();
            assert!(cache.remember(hash, c, cache.epoch()));
        }
        let newest: TokenHash = Sha256::digest((CACHE_CAPACITY - 1).to_le_bytes()).into();
        let oldest: TokenHash = Sha256::digest(0usize.to_le_bytes()).into();
        assert!(cache.remember([9; 32], cached(2), cache.epoch()));
        assert_eq!(
            cache.entries.len(),
            CACHE_CAPACITY - CACHE_CAPACITY / 10 + 1
        );
        assert!(cache.entries.contains_key(&newest) && cache.entries.contains_key(&[9; 32]));
        assert!(!cache.entries.contains_key(&oldest));
    }

    #[test]
    fn a_lookup_racing_a_sign_out_does_not_bring_the_session_back() {
        let cache = SessionCache::default();
        let (a, b) = ([1u8; 32], [2u8; 32]);
        // The lookup of `a` starts (reads the epoch, then the database) ...
        let epoch = cache.epoch();
        // ... a sign-out of `a` commits and forgets it before the lookup caches it ...
        cache.forget(&a);
        // ... so the lookup must not cache it.
        assert!(!cache.remember(a, cached(1), epoch));
        assert!(cache.entries.get(&a).is_none());
        // A lookup that began after the sign-out caches normally.
        assert!(cache.remember(b, cached(2), cache.epoch()));
        assert!(cache.entries.get(&b).is_some());
    }
}
