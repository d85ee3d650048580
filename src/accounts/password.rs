//! Password hashing with argon2id at the OWASP-recommended parameters (19 MiB, 2 passes, 1 lane).
//! Hashing is CPU-bound: callers take a slot from `App::hashing` and run it in `spawn_blocking`.

use std::sync::{Arc, LazyLock};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};

pub const MEMORY_KIB: u32 = 19 * 1024;
pub const PASSES: u32 = 2;
pub const LANES: u32 = 1;

fn hasher() -> Argon2<'static> {
    let params = Params::new(MEMORY_KIB, PASSES, LANES, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// The slots in which passwords are hashed: fewer than the cores, so that a burst of sign-ins
/// queues for a slot instead of starving every other request (each hash also holds 19 MiB while
/// it runs). One per server, in `App`.
pub struct HashingSlots(Arc<Semaphore>);

impl HashingSlots {
    pub fn new(slots: usize) -> HashingSlots {
        HashingSlots(Arc::new(Semaphore::new(slots)))
    }

    /// Waits for a free slot.
    pub async fn slot(&self) -> Slot {
        let permit = self.0.clone().acquire_owned().await;
        Slot {
            _permit: permit.expect("the hashing semaphore is never closed"),
        }
    }
}

impl Default for HashingSlots {
    /// One core is always left to the rest of the server.
    fn default() -> HashingSlots {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        HashingSlots::new(cores.saturating_sub(1).max(1))
    }
}

/// The right to hash or verify one password. Move it into the blocking work, so that it is held
/// until the work ends even when the request that started it goes away.
pub struct Slot {
    _permit: OwnedSemaphorePermit,
}

pub fn hash(password: &str) -> anyhow::Result<String> {
    let hash = hasher()
        .hash_password(password.as_bytes())
        .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))?;
    Ok(hash.to_string())
}

pub fn verify(password: &str, stored: &str) -> bool {
    match PasswordHash::new(stored) {
        Ok(parsed) => hasher()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

/// A hash to verify against when the email is unknown, so that an unknown email costs the same
/// time as a wrong password and sign-in timing does not reveal who has an account.
static DUMMY_HASH: LazyLock<String> =
    LazyLock::new(|| hash("not-a-real-password-for-timing").expect("hashing the dummy password"));

pub fn burn_time(password: &str) {
    let _ = verify(password, &DUMMY_HASH);
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn no_more_hashes_run_at_once_than_there_are_slots() {
        let slots = std::sync::Arc::new(super::HashingSlots::new(2));
        let running = std::sync::Arc::new(AtomicUsize::new(0));
        let most = std::sync::Arc::new(AtomicUsize::new(0));
        let tasks: Vec<_> = (0..12)
            .map(|_| {
                let (slots, running, most) = (slots.clone(), running.clone(), most.clone());
                tokio::spawn(async move {
                    let slot = slots.slot().await;
                    tokio::task::spawn_blocking(move || {
                        let _slot = slot;
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        running.fetch_sub(1, Ordering::SeqCst);
                    })
                    .await
                })
            })
            .collect();
        for task in tasks {
            task.await.unwrap().unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn a_hash_verifies_only_its_own_password() {
        let h = super::hash("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(super::verify("correct horse", &h));
        assert!(!super::verify("wrong horse", &h));
        assert!(!super::verify("correct horse", "not a hash"));
    }
}
