//! Password hashing with argon2id at the OWASP-recommended parameters (19 MiB, 2 passes, 1 lane).
//! Hashing is CPU-bound: callers take a slot from the accounts' `hashing` and run it in `spawn_blocking`.
//! The hash itself runs on one of a few dedicated threads (as many as there are slots): the
//! allocator keeps a freed 19 MiB buffer in the arena of the thread that used it, so hashing on
//! any of the blocking pool's threads left hundreds of MB resident after a burst of sign-ins.

use std::cell::RefCell;
use std::sync::mpsc;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};

pub const MEMORY_KIB: u32 = 19 * 1024;
pub const PASSES: u32 = 2;
pub const LANES: u32 = 1;

fn hasher() -> Argon2<'static> {
    let params = Params::new(MEMORY_KIB, PASSES, LANES, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// The slots in which passwords are hashed: fewer than the cores, so that a burst of sign-ins
/// queues for a slot instead of starving every other request (each hash also holds 19 MiB while
/// it runs). One per server, in the app's state.
#[derive(Clone)]
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
        HashingSlots::new(hashing_threads())
    }
}

/// The right to hash or verify one password. Move it into the blocking work, so that it is held
/// until the work ends even when the request that started it goes away.
pub struct Slot {
    _permit: OwnedSemaphorePermit,
}

fn hashing_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.saturating_sub(1).max(1)
}

type Job = Box<dyn FnOnce() + Send>;

/// The queue of the hashing threads, started on first use.
static HASHING: LazyLock<Mutex<mpsc::Sender<Job>>> = LazyLock::new(|| {
    let (jobs, queue) = mpsc::channel::<Job>();
    let queue = Arc::new(Mutex::new(queue));
    for i in 0..hashing_threads() {
        let queue = queue.clone();
        let worker = move || {
            loop {
                let job = queue.lock().unwrap_or_else(PoisonError::into_inner).recv();
                match job {
                    Ok(job) => job(),
                    Err(_) => return,
                }
            }
        };
        let spawned = std::thread::Builder::new()
            .name(format!("password-hashing-{i}"))
            .spawn(worker);
        if let Err(e) = spawned {
            tracing::warn!(error = %e, "a password-hashing thread could not be started");
        }
    }
    Mutex::new(jobs)
});

/// Runs `work` on a hashing thread and waits for it; on the calling thread if none is running.
fn on_hashing_thread<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, result) = mpsc::sync_channel(1);
    let work = Arc::new(Mutex::new(Some(work)));
    let job = {
        let work = work.clone();
        Box::new(move || {
            let taken = work.lock().unwrap_or_else(PoisonError::into_inner).take();
            if let Some(work) = taken {
                let _ = done.send(work());
            }
        })
    };
    let sent = HASHING
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .send(job)
        .is_ok();
    if sent && let Ok(value) = result.recv() {
        return value;
    }
    // No hashing thread took the job (none could be started): do it here.
    let taken = work.lock().unwrap_or_else(PoisonError::into_inner).take();
    match taken {
        Some(work) => work(),
        // The job was taken but its result never came: it panicked on the hashing thread.
        None => panic!("password hashing panicked on its thread"),
    }
}

thread_local! {
    /// The argon2 working memory of a hashing thread, kept from one hash to the next: allocated
    /// afresh for every hash, the allocator left a new 19 MiB resident per sign-up.
    static MEMORY: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// The raw argon2 output of `password`, computed in this thread's kept memory.
fn raw_hash(argon: &Argon2, password: &[u8], salt: &[u8], out: &mut [u8]) -> argon2::Result<()> {
    MEMORY.with_borrow_mut(|memory| {
        let blocks = argon.params().block_count();
        if memory.len() != blocks {
            *memory = vec![Block::default(); blocks];
        }
        argon.hash_password_into_with_memory(password, salt, out, memory.as_mut_slice())
    })
}

/// A new PHC string (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`) for `password`.
pub fn hash(password: &str) -> anyhow::Result<String> {
    let password = password.to_owned();
    on_hashing_thread(move || {
        let failed = |e: &dyn std::fmt::Display| anyhow::anyhow!("hashing a password: {e}");
        let argon = hasher();
        let salt =
            Salt::new(&rand::random::<[u8; Salt::RECOMMENDED_LENGTH]>()).map_err(|e| failed(&e))?;
        let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
        raw_hash(&argon, password.as_bytes(), &salt, &mut out).map_err(|e| failed(&e))?;
        let phc = PasswordHash {
            algorithm: Algorithm::Argon2id.ident(),
            version: Some(Version::V0x13.into()),
            params: ParamsString::try_from(argon.params()).map_err(|e| failed(&e))?,
            salt: Some(salt),
            hash: Some(Output::new(&out).map_err(|e| failed(&e))?),
        };
        Ok(phc.to_string())
    })
}

/// Whether `password` matches the PHC string `stored`, under the parameters `stored` names.
/// A password hash no password matches: an account created at single sign-on. Not a PHC string,
/// so `verify` refuses every password; random, so no two accounts share it.
pub fn unusable_hash() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    format!("{UNUSABLE}{}", hex::encode(bytes))
}

const UNUSABLE: &str = "!sso-only:";

/// Whether `stored` is `unusable_hash`'s.
pub fn is_unusable(stored: &str) -> bool {
    stored.starts_with(UNUSABLE)
}

pub fn verify(password: &str, stored: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(stored) else {
        return false;
    };
    let password = password.to_owned();
    on_hashing_thread(move || {
        let (Some(salt), Some(expected)) = (&parsed.salt, &parsed.hash) else {
            return false;
        };
        let Ok(algorithm) = Algorithm::try_from(parsed.algorithm.as_str()) else {
            return false;
        };
        let Ok(version) = parsed
            .version
            .map_or(Ok(Version::default()), Version::try_from)
        else {
            return false;
        };
        let Ok(params) = Params::try_from(&parsed) else {
            return false;
        };
        let argon = Argon2::new(algorithm, version, params);
        let mut out = vec![0u8; expected.len()];
        if raw_hash(&argon, password.as_bytes(), salt, &mut out).is_err() {
            return false;
        }
        // `Output`'s equality is constant-time.
        Output::new(&out).is_ok_and(|computed| computed == *expected)
    })
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
    fn hashes_run_on_the_hashing_threads() {
        let name = super::on_hashing_thread(|| std::thread::current().name().map(String::from));
        assert!(name.is_some_and(|n| n.starts_with("password-hashing-")));
    }

    #[test]
    fn hashes_agree_with_the_argon2_crates_own_hashing_and_verifying() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let ours = super::hash("correct horse").unwrap();
        let parsed = super::PasswordHash::new(&ours).unwrap();
        assert!(
            super::hasher()
                .verify_password(b"correct horse", &parsed)
                .is_ok()
        );
        let theirs = super::hasher().hash_password(b"correct horse").unwrap();
        assert!(super::verify("correct horse", &theirs.to_string()));
        assert!(!super::verify("correct horsE", &theirs.to_string()));
        // Another cost (an older account, say) is verified under its own parameters.
        let params = super::Params::new(8 * 1024, 1, 1, None).unwrap();
        let cheap = super::Argon2::new(super::Algorithm::Argon2id, super::Version::V0x13, params);
        let old = cheap.hash_password(b"old password").unwrap().to_string();
        assert!(super::verify("old password", &old));
        assert!(!super::verify("new password", &old));
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
