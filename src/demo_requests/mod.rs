//! Demo requests through Litstack, under the firm's control (issue 80). A member (never a
//! viewer) asks a vendor that has people on Litstack for a demo, choosing field by field what the
//! vendor is sent (their name and email, the firm's name and size, the category, a note; nothing
//! from the onboarding answers, which the spec promises vendors never see). The vendor's people
//! are told under their bell and by mail, see only the requests sent to their listing, and answer
//! with a scheduling link or times; the member who asked is told, and only they mark the demo
//! booked. The firm may withdraw a request, after which the vendor sees nothing of what it
//! shared. Requests are limited per member and per vendor (`model::check_limits`); the operator
//! sees counts per vendor, never contents. A vendor without people gets "Ask them to join",
//! counted per vendor for the operator.
//!
//! Above `vendor_accounts/` (whose people, session and documents it uses) and `shortlist/` (a
//! request puts the vendor on the shortlist, a booking moves its entry to Demo booked); nothing
//! below names it. Its handlers take the vendor accounts' state, which holds what they need.

pub mod model;
mod routes;
pub mod storage;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use routes::line;

/// The routes of firms, vendors and the operator: each one's path and method are in its
/// handler's `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    crate::vendor_accounts::VendorAccountsState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(routes::list_demo_requests))
        .routes(routes!(routes::demo_request_form))
        .routes(routes!(routes::create_demo_request))
        .routes(routes!(routes::withdraw_demo_request))
        .routes(routes!(routes::book_demo_request))
        .routes(routes!(routes::ask_vendor_to_join))
        .routes(routes!(routes::vendor_demo_requests))
        .routes(routes!(routes::answer_demo_request))
        .routes(routes!(routes::demo_request_counts))
}
