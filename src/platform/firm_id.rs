//! A firm's id: the key of everything a firm decides. A ground type (it imports nothing of the
//! app), so the store's change log and merge guard can name it; the accounts hand it out.

use serde::Serialize;

/// A firm's id, as only a signed-in account's stored firm (through `CurrentUser`) and the
/// operator's routes (through `AdminUser::firm`, which checks the firm exists) hand it out. Every
/// storage function of firm data takes one, so a query without a firm does not compile. It
/// serializes as the plain number and has no `Deserialize`: a request cannot make one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct FirmId(u64);

impl FirmId {
    /// Only for storage reading a firm id it stored (a row, a key, a record), and for the two
    /// callers that check the firm first: the session's user and `AdminUser::firm`. Anything else
    /// takes a `FirmId` from one of those.
    pub(crate) fn from_stored(id: u64) -> FirmId {
        FirmId(id)
    }

    /// For the benchmarks (outside the crate), which seed firms straight into the store. Not for
    /// the server's code: it takes the firm from the session or `AdminUser::firm`.
    #[doc(hidden)]
    pub fn for_fixtures(id: u64) -> FirmId {
        FirmId(id)
    }

    pub fn get(self) -> u64 {
        self.0
    }
}

impl std::fmt::Display for FirmId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl utoipa::PartialSchema for FirmId {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        u64::schema()
    }
}

impl utoipa::ToSchema for FirmId {}
