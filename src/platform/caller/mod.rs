//! Who is asking, as every domain's routes take it: the account behind a request, its firm and
//! its role there, and the session that carries them. The accounts domain keeps sessions and
//! accounts in the store; this ground only names them and checks them on the way in.

pub mod firm;
pub mod session;
pub mod user;

pub use firm::{Firm, FirmRole, FirmSummary, MANAGERS_ONLY, VIEWER_WRITES};
pub use session::{
    AdminUser, COOKIE, CurrentUser, FIRM_DISABLED, FirmMember, SESSION_COOKIES, SIGNED_OUT,
    SessionLimits, SessionSource, Sessions, TOUCH_EVERY_SECS, TokenHash, VENDOR_COOKIE,
    carries_session, hash_token, session_token,
};
pub use user::User;
