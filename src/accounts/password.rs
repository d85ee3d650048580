//! Password hashing with argon2id at the OWASP-recommended parameters (19 MiB, 2 passes, 1 lane).
//! Hashing is CPU-bound: callers run it in `spawn_blocking`.

use std::sync::LazyLock;

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
    #[test]
    fn a_hash_verifies_only_its_own_password() {
        let h = super::hash("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(super::verify("correct horse", &h));
        assert!(!super::verify("wrong horse", &h));
        assert!(!super::verify("correct horse", "not a hash"));
    }
}
