//! GET /api/firm/audit: the firm's audit log for its owners and admins, as JSON or as a CSV file.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::model::{AuditEntryView, AuditLog};
use crate::accounts::AccountsState;
use crate::accounts::audit;
use crate::platform::blocking::Blocking;
use crate::platform::caller::FirmMember;
use crate::platform::download::{CsvFile, csv_response};
use crate::platform::error::{Result, bad_request};
use crate::platform::extract::{Json, Query};

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(super) struct AuditQuery {
    /// `csv` for a download; JSON otherwise.
    #[serde(default)]
    format: Option<String>,
}

/// GET /api/firm/audit: who did what to the firm's accounts, newest first (owners and admins).
#[utoipa::path(get, path = "/firm/audit", tag = "firm",
    params(AuditQuery),
    responses(
        (status = 200, description = "The log as JSON, or as a CSV file with `?format=csv`",
            content((AuditLog = "application/json"), (String = "text/csv"))),
        (status = 400, description = "An unknown format", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOwnerOrAdmin,
    ))]
pub(super) async fn firm_audit(
    State(state): State<AccountsState>,
    member: FirmMember,
    Query(query): Query<AuditQuery>,
) -> Result<Response> {
    member.role.may_manage()?;
    let csv = match query.format.as_deref() {
        None | Some("" | "json") => false,
        Some("csv") => true,
        Some(other) => {
            return Err(bad_request(format!(
                "Unknown format {other:?}: use csv, or leave it out for JSON"
            )));
        }
    };
    let firm_id = member.firm;
    let items: Vec<AuditEntryView> = state
        .blocking(move |app| audit::entries(app, firm_id))
        .await?
        .iter()
        .map(AuditEntryView::of)
        .collect();
    if !csv {
        return Ok(Json(AuditLog { items }).into_response());
    }
    let mut file = CsvFile::default();
    file.row(["At", "Who", "Action", "Detail"])?;
    for item in &items {
        file.row([
            item.at.as_str(),
            item.actor.as_deref().unwrap_or(""),
            item.action.code(),
            &item.detail,
        ])?;
    }
    Ok(csv_response(file.finish(), "litstack-audit.csv"))
}
