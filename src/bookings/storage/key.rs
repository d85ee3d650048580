//! The key of the booking identities: a row is recognised on re-import by an HMAC under this key,
//! so the hashes of names and emails mean nothing outside this install. On redb it is a file in the
//! data directory; in hub mode a setting in the database, so that every node recognises a row
//! another node imported.

use std::path::Path;

use crate::platform::store::{self, FileStore, PgStore, Store};

/// The `settings` key of the identity key in PostgreSQL (hex).
pub const KEY_SETTING: &str = "booking_identity_key";
const KEY_FILE: &str = "booking-identity.key";

/// The install's key, created on first use (never logged).
pub fn booking_key(store: &Store, data_dir: &Path) -> crate::platform::error::Result<[u8; 32]> {
    Ok(match store {
        Store::File(_) => install_key(data_dir)?,
        Store::Postgres(db) => shared_key(db)?,
    })
}

/// The key in `settings`, shared by every node (the first to need it offers one).
fn shared_key(db: &PgStore) -> anyhow::Result<[u8; 32]> {
    let offer: [u8; 32] = rand::random();
    let stored = db.shared_setting(KEY_SETTING, &hex::encode(offer))?;
    let mut key = [0u8; 32];
    hex::decode_to_slice(stored.trim(), &mut key)
        .map_err(|_| anyhow::anyhow!("the setting {KEY_SETTING} is damaged (64 hex digits)"))?;
    Ok(key)
}

/// The key file of the data directory that holds `store`, when one was ever created (for the copy
/// of a redb install to PostgreSQL).
pub fn file_key(store: &FileStore) -> anyhow::Result<Option<[u8; 32]>> {
    let Some(data_dir) = store.path().parent() else {
        return Ok(None);
    };
    if !data_dir.join(KEY_FILE).exists() {
        return Ok(None);
    }
    install_key(data_dir).map(Some)
}

/// The per-install HMAC key in the data directory, created on first use (0600).
fn install_key(data_dir: &Path) -> anyhow::Result<[u8; 32]> {
    // Two first imports at once must not each make a key: one would rename its key over the
    // other's, and rows already recognised by the first key would be new to the second.
    static CREATING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one_at_a_time = CREATING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let path = data_dir.join(KEY_FILE);
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
