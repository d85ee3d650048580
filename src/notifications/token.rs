//! The one-click unsubscribe token (RFC 8058): `<user id>.<kind>.<issued>.<mac>`, the MAC being
//! HMAC-SHA256 over the first three parts with the install's secret (kept in the store, created on
//! first use). It names what it turns off, so nothing about it is stored; it does not expire (a
//! message may be read months later), and turning an email off twice is harmless.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::model::NoticeKind;

type HmacSha256 = Hmac<Sha256>;

/// What a valid token turns off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unsubscribe {
    pub user_id: u64,
    pub kind: NoticeKind,
    pub issued: i64,
}

fn mac(secret: &[u8], signed: &str) -> HmacSha256 {
    let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes a key of any length");
    mac.update(signed.as_bytes());
    mac
}

pub fn sign(secret: &[u8], user_id: u64, kind: NoticeKind, issued: i64) -> String {
    let signed = format!("{user_id}.{}.{issued}", kind.code());
    let tag = hex::encode(mac(secret, &signed).finalize().into_bytes());
    format!("{signed}.{tag}")
}

/// The token's claim when its MAC is right (compared in constant time); `None` otherwise.
pub fn verify(secret: &[u8], token: &str) -> Option<Unsubscribe> {
    let (signed, tag) = token.rsplit_once('.')?;
    let tag = hex::decode(tag).ok()?;
    mac(secret, signed).verify_slice(&tag).ok()?;
    let mut parts = signed.split('.');
    let user_id = parts.next()?.parse().ok()?;
    let kind = NoticeKind::from_code(parts.next()?)?;
    let issued = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some(Unsubscribe {
        user_id,
        kind,
        issued,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_verifies_with_its_secret_only_and_untouched() {
        let t = sign(b"secret", 7, NoticeKind::DemoFollowUp, 100);
        assert_eq!(
            verify(b"secret", &t),
            Some(Unsubscribe {
                user_id: 7,
                kind: NoticeKind::DemoFollowUp,
                issued: 100
            })
        );
        assert_eq!(verify(b"other", &t), None);
        let forged = t.replacen("7.", "8.", 1);
        assert_eq!(verify(b"secret", &forged), None);
        assert_eq!(verify(b"secret", "garbage"), None);
        assert_eq!(verify(b"secret", ""), None);
    }
}
