//! The saved views' handlers: parse, call, answer.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use crate::accounts::audit::{self, AuditAction};
use crate::platform::blocking::Blocking;
use crate::platform::caller::FirmMember;
use crate::platform::clock::{now_secs, rfc3339};
use crate::platform::error::{ErrorBody, Result, not_found};
use crate::platform::extract::{Json, Path};
use crate::platform::ids::ViewId;

use super::ViewsState;
use super::model::{NewView, SavedView, ViewName, ViewParams};
use super::storage;

/// A saved view of /trends.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedViewView {
    pub id: u64,
    pub firm_id: u64,
    /// 1 to 80 characters, unique in the firm ignoring case.
    pub name: String,
    /// The /trends query string it opens, without the `?` (e.g. `state=TX&start=2026-01-01`).
    pub params: String,
    /// RFC 3339, UTC.
    pub created_at: String,
    /// The member who saved it, by their name then.
    pub created_by: Option<String>,
}

impl SavedViewView {
    fn of(view: &SavedView) -> SavedViewView {
        SavedViewView {
            id: view.id,
            firm_id: view.firm_id,
            name: view.name.clone(),
            params: view.params.clone(),
            created_at: rfc3339(view.created_at),
            created_by: view.created_by.clone(),
        }
    }
}

/// The firm's saved views, by name.
#[derive(Serialize, utoipa::ToSchema)]
pub struct SavedViews {
    pub items: Vec<SavedViewView>,
}

/// POST /api/views.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewSavedView {
    /// 1 to 80 characters on one line.
    pub name: String,
    /// The /trends query string (at most 2,000 characters; only the screen's parameters, each
    /// value at most 200 characters). A leading `?` is dropped.
    pub params: String,
}

/// GET /api/views: the firm's saved views of /trends, by name.
#[utoipa::path(get, path = "/views", tag = "views",
    responses(
        (status = 200, body = SavedViews),
        crate::platform::error::NotSignedIn,
    ))]
pub async fn list_views(
    State(state): State<ViewsState>,
    member: FirmMember,
) -> Result<Json<SavedViews>> {
    let firm_id = member.firm;
    let views = state
        .blocking(move |app| storage::list(&app.store, firm_id))
        .await?;
    Ok(Json(SavedViews {
        items: views.iter().map(SavedViewView::of).collect(),
    }))
}

/// POST /api/views: saves the current /trends filters under a name, for the whole firm.
#[utoipa::path(post, path = "/views", tag = "views",
    request_body = NewSavedView,
    responses(
        (status = 201, body = SavedViewView),
        (status = 400, description = "A missing or too long name, or parameters the screen does not use", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ViewerOrForeignOrigin,
        (status = 409, description = "The firm has a view of that name, or 100 views already", body = ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub async fn create_view(
    State(state): State<ViewsState>,
    member: FirmMember,
    Json(request): Json<NewSavedView>,
) -> Result<(StatusCode, Json<SavedViewView>)> {
    let view = NewView {
        name: ViewName::parse(&request.name)?,
        params: ViewParams::parse(&request.params)?,
        created_at: now_secs(),
        created_by: Some(member.user.name.clone()),
    };
    let user = member.user;
    let saved = state
        .blocking(move |app| {
            let saved = storage::create(&app.store, user.firm.id, &view)?;
            audit::record(
                &app.store,
                user.firm.id,
                Some(&user),
                AuditAction::ViewSaved,
                format!("Saved the view \"{}\" of Trends", saved.name),
            );
            Ok(saved)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(SavedViewView::of(&saved))))
}

/// DELETE /api/views/{id}: deletes one of the firm's saved views.
#[utoipa::path(delete, path = "/views/{id}", tag = "views",
    params(("id" = u64, Path, description = "The view's id")),
    responses(
        (status = 204, description = "The view is deleted"),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ViewerOrForeignOrigin,
        (status = 404, description = "The firm has no view of that id", body = ErrorBody),
    ))]
pub async fn delete_view(
    State(state): State<ViewsState>,
    member: FirmMember,
    Path(id): Path<ViewId>,
) -> Result<StatusCode> {
    let id = id.get();
    let user = member.user;
    state
        .blocking(move |app| {
            let Some(view) = storage::delete(&app.store, user.firm.id, id)? else {
                return Err(not_found(format!("There is no saved view with id {id}")));
            };
            audit::record(
                &app.store,
                user.firm.id,
                Some(&user),
                AuditAction::ViewDeleted,
                format!("Deleted the view \"{}\" of Trends", view.name),
            );
            Ok(())
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
