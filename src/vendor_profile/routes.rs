//! The handlers: parse the id, call, answer.

use axum::extract::State;

use super::model::{VendorEvidence, VendorProfile};
use crate::platform::blocking::Blocking;
use crate::platform::caller::CurrentUser;
use crate::platform::error::Result;
use crate::platform::extract::{Json, Path};
use crate::platform::ids::VendorId;
use crate::recommend::RecommendState;

use super::evidence::vendor_evidence;
use super::profile::profile_for;

/// GET /api/vendors/{id}: the vendor profile, with the firm's own history and alternatives.
#[utoipa::path(get, path = "/vendors/{id}", tag = "catalog",
    params(("id" = String, Path, description = "A vendor id: a whole number like 42")),
    responses(
        (status = 200, body = VendorProfile),
        (status = 400, description = "The id is not a whole number", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 404, description = "No such vendor", body = crate::platform::error::ErrorBody),
    ))]
pub(super) async fn get_vendor_profile(
    State(state): State<RecommendState>,
    user: CurrentUser,
    Path(id): Path<VendorId>,
) -> Result<Json<VendorProfile>> {
    let id = id.get();
    let profile = state
        .blocking(move |app| {
            let profile = profile_for(app, &user.user, id)?;
            // Counted for the vendor's own statistics (over 5 or more verified firms only); a
            // count that cannot be written (a full disk) does not keep the profile from the firm.
            let now = crate::platform::clock::now_secs();
            if let Err(e) =
                super::views::record(&app.store, user.user.firm.id, user.user.id, id, now)
            {
                tracing::warn!(vendor_id = id, error = %e, "a profile view was not counted");
            }
            Ok(profile)
        })
        .await?;
    Ok(Json(profile))
}

/// GET /api/vendors/{id}/evidence: the vendor's real demo bookings and peer adoption.
#[utoipa::path(get, path = "/vendors/{id}/evidence", tag = "catalog",
    params(("id" = String, Path, description = "A vendor id: a whole number like 42")),
    responses(
        (status = 200, body = VendorEvidence),
        (status = 400, description = "The id is not a whole number", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 404, description = "No such vendor", body = crate::platform::error::ErrorBody),
    ))]
pub(super) async fn get_evidence(
    State(state): State<RecommendState>,
    user: CurrentUser,
    Path(id): Path<VendorId>,
) -> Result<Json<VendorEvidence>> {
    let id = id.get();
    let evidence = state
        .blocking(move |app| vendor_evidence(app, &user.user, id))
        .await?;
    Ok(Json(evidence))
}
