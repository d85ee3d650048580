//! The peer screens' routes.

use axum::extract::State;

use super::model::Coverage;
use super::{Peers, coverage};
use crate::platform::blocking::Blocking;
use crate::platform::caller::FirmMember;
use crate::platform::error::Result;
use crate::platform::extract::Json;

/// GET /api/profile/coverage: the firm's coverage map against other firms of its size.
#[utoipa::path(get, path = "/profile/coverage", tag = "profile",
    responses(
        (status = 200, body = Coverage),
        crate::platform::error::NotSignedIn,
    ))]
pub async fn get_coverage(
    State(state): State<Peers>,
    member: FirmMember,
) -> Result<Json<Coverage>> {
    let user = member.user;
    let map = state
        .blocking(move |app| coverage::coverage(app, &user))
        .await?;
    Ok(Json(map))
}
