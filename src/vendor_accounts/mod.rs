//! Vendor accounts: the people of a vendor who keep its listing. An account is its own kind,
//! with its own session (`caller`: another cookie, another table), never a member of a firm and
//! never the operator. The operator invites a person for a listing, or a person claims one by
//! proving an address at the listing's registrable domain (`claim`). A person proposes changes to
//! the listing's facts (`proposals`); each waits in the operator's queue (`queue`, the spec's
//! `needsReview`) and, once approved, goes live as "Supplied by VENDOR on DAY". A vendor sees
//! nothing of any firm: its own listing, its proposals and what it is told.
//!
//! Above the catalog and the accounts (whose sign-in limits and password rules it uses), beside
//! `admin/`.

pub mod caller;
pub mod claim;
pub mod model;
pub mod proposals;
mod queue;
mod routes;
pub mod stats;
pub mod storage;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// What the vendor accounts need: the accounts' parts (store, settings, sign-in limits, password
/// hashing) and the catalog a decision changes.
#[derive(Clone)]
pub struct VendorAccountsState {
    pub accounts: crate::accounts::AccountsState,
    pub catalog: crate::catalog::SharedCatalog,
}

/// The vendors' routes and the operator's: each one's path and method are in its handler's
/// `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    VendorAccountsState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(routes::claimable_listings))
        .routes(routes!(routes::claim_listing))
        .routes(routes!(routes::check_vendor_link))
        .routes(routes!(routes::accept_vendor_link))
        .routes(routes!(routes::vendor_sign_in))
        .routes(routes!(routes::vendor_sign_out))
        .routes(routes!(routes::vendor_me))
        .routes(routes!(routes::list_proposals, routes::propose_change))
        .routes(routes!(routes::withdraw_proposal))
        .routes(routes!(routes::vendor_notices))
        .routes(routes!(routes::vendor_stats))
        .routes(routes!(routes::read_vendor_notices))
        .routes(routes!(routes::vendor_sessions))
        .routes(routes!(routes::end_vendor_session))
        .routes(routes!(routes::vendor_mfa_setup))
        .routes(routes!(routes::vendor_mfa_confirm))
        .routes(routes!(queue::invite_vendor))
        .routes(routes!(queue::list_vendor_accounts))
        .routes(routes!(queue::remove_vendor_account))
        .routes(routes!(queue::list_vendor_invitations))
        .routes(routes!(queue::revoke_vendor_invitation))
        .routes(routes!(queue::proposal_queue))
        .routes(routes!(queue::decide_proposal))
        .routes(routes!(queue::decide_fact))
}
