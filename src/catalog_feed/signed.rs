//! The signed file: Ed25519 keys as text, and the envelope that carries a catalog's payload with
//! its signatures.
//!
//! A feed file is JSON: `{"format": "litstack-catalog-feed/1", "payload": "<the payload's JSON,
//! as a string>", "signatures": [{"keyId", "signature"}]}`. The payload stays a string so the
//! bytes signed are the bytes read back; each signature is over `FORMAT`, a line break and those
//! bytes, so a signature made for anything else never verifies here. Several signatures let a
//! publisher sign with the old and the new key while it rotates.

use std::path::Path;

use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The envelope's format, also the prefix of every signed message.
pub const FORMAT: &str = "litstack-catalog-feed/1";
const PUBLIC_PREFIX: &str = "ed25519:";
const SECRET_KIND: &str = "litstack catalog signing key";

/// A public key as the command line and the Manage Vendors screen take it: `ed25519:` and 64
/// hexadecimal digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PublicKey(VerifyingKey);

impl PublicKey {
    pub fn parse(raw: &str) -> Result<PublicKey, String> {
        let raw = raw.trim();
        let hex_part = raw.strip_prefix(PUBLIC_PREFIX).ok_or_else(|| {
            "a catalog public key starts with \"ed25519:\" (as `litstack catalog keygen` prints it)"
                .to_string()
        })?;
        let bytes: [u8; 32] = hex::decode(hex_part)
            .ok()
            .and_then(|b| b.try_into().ok())
            .ok_or_else(|| {
                "a catalog public key is \"ed25519:\" and 64 hexadecimal digits".to_string()
            })?;
        VerifyingKey::from_bytes(&bytes)
            .map(PublicKey)
            .map_err(|_| "that is not a valid Ed25519 public key".to_string())
    }

    /// The first 16 hexadecimal digits of the key's SHA-256: how signatures and revocations name
    /// it.
    pub fn id(&self) -> String {
        hex::encode(&Sha256::digest(self.0.as_bytes())[..8])
    }

    fn verifies(&self, payload: &str, signature: &str) -> bool {
        let Some(bytes) = hex::decode(signature)
            .ok()
            .and_then(|b| <[u8; 64]>::try_from(b).ok())
        else {
            return false;
        };
        self.0
            .verify_strict(&message(payload), &Signature::from_bytes(&bytes))
            .is_ok()
    }
}

impl std::fmt::Display for PublicKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{PUBLIC_PREFIX}{}", hex::encode(self.0.as_bytes()))
    }
}

impl Serialize for PublicKey {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for PublicKey {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(d)?;
        PublicKey::parse(&raw).map_err(serde::de::Error::custom)
    }
}

/// A signing key, read from the file `keygen` wrote. It lives only on the publisher's machine:
/// nothing of the server reads it.
pub struct SecretKey(SigningKey);

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SecretFile {
    kind: String,
    secret: String,
    public_key: String,
}

impl SecretKey {
    pub fn generate() -> SecretKey {
        SecretKey(SigningKey::from_bytes(&rand::random::<[u8; 32]>()))
    }

    pub fn public(&self) -> PublicKey {
        PublicKey(self.0.verifying_key())
    }

    /// Writes the key to a new file `path` readable by its owner only; an existing file is never
    /// overwritten.
    pub fn write_new(&self, path: &Path) -> anyhow::Result<()> {
        use std::io::Write as _;
        let file = SecretFile {
            kind: SECRET_KIND.to_string(),
            secret: hex::encode(self.0.to_bytes()),
            public_key: self.public().to_string(),
        };
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut out = options.open(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => anyhow::anyhow!(
                "{} already exists: a signing key is never overwritten; choose another file",
                path.display()
            ),
            _ => anyhow::anyhow!("cannot create {}: {e}", path.display()),
        })?;
        out.write_all(serde_json::to_string_pretty(&file)?.as_bytes())?;
        out.write_all(b"\n")?;
        out.sync_all()?;
        Ok(())
    }

    pub fn read(path: &Path) -> anyhow::Result<SecretKey> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("cannot read the signing key {}: {e}", path.display()))?;
        let file: SecretFile = serde_json::from_str(&text)
            .ok()
            .filter(|f: &SecretFile| f.kind == SECRET_KIND)
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "{} is not a catalog signing key (write one with `litstack catalog keygen`)",
                    path.display()
                )
            })?;
        let bytes: [u8; 32] = hex::decode(&file.secret)
            .ok()
            .and_then(|b| b.try_into().ok())
            .ok_or_else(|| anyhow::anyhow!("{} holds a damaged signing key", path.display()))?;
        Ok(SecretKey(SigningKey::from_bytes(&bytes)))
    }

    fn sign(&self, payload: &str) -> SignatureEntry {
        SignatureEntry {
            key_id: self.public().id(),
            signature: hex::encode(self.0.sign(&message(payload)).to_bytes()),
        }
    }
}

fn message(payload: &str) -> Vec<u8> {
    let mut m = Vec::with_capacity(FORMAT.len() + 1 + payload.len());
    m.extend_from_slice(FORMAT.as_bytes());
    m.push(b'\n');
    m.extend_from_slice(payload.as_bytes());
    m
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SignatureEntry {
    key_id: String,
    signature: String,
}

/// The file as published: the payload's text and its signatures.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Envelope {
    format: String,
    payload: String,
    signatures: Vec<SignatureEntry>,
}

/// The largest feed file read: a catalog of tens of thousands of vendors fits many times over.
pub const MAX_BYTES: usize = 64 * 1024 * 1024;

impl Envelope {
    /// `payload` signed by each of `keys`.
    pub fn sign(payload: String, keys: &[&SecretKey]) -> Envelope {
        Envelope {
            format: FORMAT.to_string(),
            signatures: keys.iter().map(|k| k.sign(&payload)).collect(),
            payload,
        }
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = serde_json::to_vec_pretty(self).expect("an envelope is plain JSON");
        out.push(b'\n');
        out
    }

    pub fn parse(bytes: &[u8]) -> Result<Envelope, String> {
        if bytes.len() > MAX_BYTES {
            return Err(format!(
                "the file is larger than {} MB: it is not a catalog feed",
                MAX_BYTES / (1024 * 1024)
            ));
        }
        let envelope: Envelope = serde_json::from_slice(bytes)
            .map_err(|_| "the file is not a Litstack catalog feed (it is not its JSON)")?;
        if envelope.format != FORMAT {
            return Err(format!(
                "the file is a feed of format \"{}\"; this install reads \"{FORMAT}\"",
                crate::platform::upload::truncate(&envelope.format, 40)
            ));
        }
        Ok(envelope)
    }

    /// The payload, when one of `trusted` signed it (and none of them is `revoked`); otherwise
    /// why not.
    pub fn verified<'a>(
        &'a self,
        trusted: &[PublicKey],
        revoked: &[String],
    ) -> Result<(&'a str, PublicKey), String> {
        let usable: Vec<&PublicKey> = trusted
            .iter()
            .filter(|k| !revoked.contains(&k.id()))
            .collect();
        for entry in &self.signatures {
            if let Some(key) = usable.iter().find(|k| k.id() == entry.key_id) {
                return if key.verifies(&self.payload, &entry.signature) {
                    Ok((&self.payload, **key))
                } else {
                    Err(format!(
                        "the signature of key {} does not match the file: it was changed after \
                         it was signed. Nothing was applied.",
                        entry.key_id
                    ))
                };
            }
        }
        let signed_by: Vec<&str> = self.signatures.iter().map(|s| s.key_id.as_str()).collect();
        let revoked_signer = signed_by.iter().find(|id| revoked.iter().any(|r| r == *id));
        Err(match (signed_by.is_empty(), revoked_signer) {
            (true, _) => "the file carries no signature. Nothing was applied.".to_string(),
            (false, Some(id)) => format!(
                "the file is signed by key {id}, which its publisher revoked. Nothing was applied."
            ),
            (false, None) => format!(
                "the file is signed by key {} and this install trusts {}: check the public key \
                 you were given. Nothing was applied.",
                signed_by.join(", "),
                match usable.as_slice() {
                    [] => "no key".to_string(),
                    keys => keys.iter().map(|k| k.id()).collect::<Vec<_>>().join(", "),
                }
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_verifies_only_its_own_payload_and_key() {
        let key = SecretKey::generate();
        let other = SecretKey::generate();
        let envelope = Envelope::sign("{\"version\":1}".into(), &[&key]);
        let read = Envelope::parse(&envelope.to_bytes()).unwrap();
        assert_eq!(
            read.verified(&[key.public()], &[]).unwrap().0,
            "{\"version\":1}"
        );

        let err = read.verified(&[other.public()], &[]).unwrap_err();
        assert!(err.contains("check the public key"), "{err}");
        let err = read
            .verified(&[key.public()], &[key.public().id()])
            .unwrap_err();
        assert!(err.contains("revoked"), "{err}");

        let mut tampered = read.clone();
        tampered.payload = "{\"version\":2}".into();
        let err = tampered.verified(&[key.public()], &[]).unwrap_err();
        assert!(err.contains("changed after it was signed"), "{err}");
    }

    #[test]
    fn keys_read_back_as_written_and_are_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("feed.key");
        let key = SecretKey::generate();
        key.write_new(&path).unwrap();
        assert_eq!(SecretKey::read(&path).unwrap().public(), key.public());
        let err = SecretKey::generate()
            .write_new(&path)
            .unwrap_err()
            .to_string();
        assert!(err.contains("never overwritten"), "{err}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let printed = key.public().to_string();
        assert_eq!(PublicKey::parse(&printed).unwrap(), key.public());
        assert!(PublicKey::parse("ed25519:1234").is_err());
        assert!(PublicKey::parse(&printed.replace("ed25519:", "")).is_err());
    }

    #[test]
    fn other_files_are_named_for_what_they_are() {
        assert!(
            Envelope::parse(b"name,category\n")
                .unwrap_err()
                .contains("not a Litstack")
        );
        let foreign = br#"{"format":"other/2","payload":"{}","signatures":[]}"#;
        assert!(Envelope::parse(foreign).unwrap_err().contains("other/2"));
        let unsigned = Envelope::parse(
            br#"{"format":"litstack-catalog-feed/1","payload":"{}","signatures":[]}"#,
        )
        .unwrap();
        assert!(
            unsigned
                .verified(&[SecretKey::generate().public()], &[])
                .unwrap_err()
                .contains("no signature")
        );
    }
}
