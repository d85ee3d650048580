//! `POST /api/meeting-clicks`: a click on a vendor's Schedule Meeting or its website, recorded
//! with what a booking click does to the firm's shortlist (`storage::record_meeting_click`). The
//! clicks themselves are the catalog's (`catalog::meetings`, which lists them).

use axum::extract::State;
use axum::http::StatusCode;

use super::ShortlistState;
use super::storage;
use crate::accounts::CurrentUser;
use crate::blocking::Blocking;
use crate::catalog::model::{ClickKind, MeetingClickRequest, MeetingClickView, SourcePage};
use crate::error::Result;
use crate::extract::Json;

/// POST /api/meeting-clicks: records a click on a vendor's Schedule Meeting (kind BOOKING) or
/// "Request a demo on {vendor}'s site" (kind WEBSITE) and answers the link to open.
#[utoipa::path(post, path = "/meeting-clicks", tag = "catalog",
    request_body = MeetingClickRequest,
    responses(
        (status = 201, body = MeetingClickView),
        (status = 400, description = "Invalid input, no such vendor, or a vendor without the link of the click's kind", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "A foreign origin", body = crate::error::ErrorBody),
        (status = 413, description = "The body is too large", body = crate::error::ErrorBody),
    ))]
pub(super) async fn record_click(
    State(state): State<ShortlistState>,
    user: CurrentUser,
    Json(req): Json<MeetingClickRequest>,
) -> Result<(StatusCode, Json<MeetingClickView>)> {
    let source_page = SourcePage::parse(&req.source_page)?;
    let kind = ClickKind::parse(req.kind.as_deref())?;
    crate::catalog::meetings::check_schedulable(
        &state.catalog.load(),
        req.vendor_id,
        kind,
        &state.config.utm_source,
    )?;
    user.user.firm_role.may_write()?;
    let (user_id, firm_id, name) = (user.user.id, user.user.firm.id, user.user.name);
    let click = state
        .blocking(move |app| {
            storage::record_meeting_click(
                &app.store,
                user_id,
                firm_id,
                &name,
                req.vendor_id,
                source_page,
                kind,
            )
        })
        .await?;
    let view =
        crate::catalog::meetings::view(&state.catalog.load(), &state.config.utm_source, &click);
    Ok((StatusCode::CREATED, Json(view)))
}
