//! `GET /api/compare`: parse, compare, answer.

use axum::extract::State;
use serde::Deserialize;

use super::ids::VendorIds;
use super::model::Comparison;
use crate::platform::blocking::Blocking;
use crate::platform::caller::FirmMember;
use crate::platform::error::Result;
use crate::platform::extract::{Json, Query};
use crate::recommend::RecommendState;

/// The raw query string; `ids` is text so that each mistake gets its own message.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct CompareQuery {
    /// 2 to 4 distinct vendor ids, comma-separated (`1,2,3`), in column order.
    #[param(
        required = true,
        example = "1,2,3",
        pattern = r"^[0-9]+(,[0-9]+){1,3}$"
    )]
    pub ids: Option<String>,
}

/// GET /api/compare?ids=1,2,3: 2 to 4 vendors side by side for the signed-in user's firm.
#[utoipa::path(get, path = "/compare", tag = "compare",
    params(CompareQuery),
    responses(
        (status = 200, body = Comparison),
        (status = 400, description = "Fewer than 2 or more than 4 ids, an id twice, or an id that is not a whole number", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        (status = 404, description = "No vendor has one of the ids", body = crate::platform::error::ErrorBody),
    ))]
pub async fn get_comparison(
    State(state): State<RecommendState>,
    member: FirmMember,
    Query(query): Query<CompareQuery>,
) -> Result<Json<Comparison>> {
    let ids = VendorIds::parse(query.ids.as_deref())?;
    let user = member.user;
    let comparison = state
        .blocking(move |app| super::compare(app, &user, &ids))
        .await?;
    Ok(Json(comparison))
}
