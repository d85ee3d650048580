//! `GET /api/recommendations/overview`.

use axum::extract::State;

use super::model::Overview;
use crate::platform::blocking::Blocking;
use crate::platform::caller::FirmMember;
use crate::platform::error::Result;
use crate::platform::extract::Json;
use crate::recommend::RecommendState;

/// GET /api/recommendations/overview: each stage's status and number of picks, and the progress.
#[utoipa::path(get, path = "/recommendations/overview", tag = "recommendations",
    responses(
        (status = 200, body = Overview),
        crate::platform::error::NotSignedIn,
    ))]
pub(super) async fn overview(
    State(state): State<RecommendState>,
    member: FirmMember,
) -> Result<Json<Overview>> {
    let user = member.user;
    state
        .blocking(move |app| super::status::overview(app, &user))
        .await
        .map(Json)
}
