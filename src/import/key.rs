//! The per-install key of the booking identities: a row is recognised on re-import by an HMAC
//! under this key, so the hashes of names and emails mean nothing outside this data directory.

use std::path::Path;

use crate::store;

/// The per-install HMAC key, created on first use (0600, never logged).
pub fn install_key(data_dir: &Path) -> anyhow::Result<[u8; 32]> {
    let path = data_dir.join("booking-identity.key");
    match std::fs::read(&path) {
        Ok(bytes) if bytes.len() == 32 => Ok(bytes.try_into().unwrap_or([0; 32])),
        Ok(_) => anyhow::bail!("{} is damaged (it must hold 32 bytes)", path.display()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let key: [u8; 32] = rand::random();
            let tmp = data_dir.join("booking-identity.key.tmp");
            std::fs::write(&tmp, key)?;
            store::restrict_file(&tmp);
            std::fs::rename(&tmp, &path)?;
            Ok(key)
        }
        Err(e) => Err(e.into()),
    }
}
