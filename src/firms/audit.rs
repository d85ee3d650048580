//! GET /api/firm/audit: the firm's audit log for its owners and admins, as JSON or as a CSV file.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::model::{AuditEntryView, AuditLog};
use crate::accounts::AccountsState;
use crate::accounts::audit;
use crate::platform::blocking::Blocking;
use crate::platform::caller::FirmMember;
use crate::platform::download::safe_cell;
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
    let mut out = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    out.write_record(["At", "Who", "Action", "Detail"])
        .map_err(anyhow::Error::from)?;
    for item in &items {
        out.write_record([
            item.at.as_str(),
            safe_cell(item.actor.as_deref().unwrap_or("")).as_str(),
            item.action.code(),
            safe_cell(&item.detail).as_str(),
        ])
        .map_err(anyhow::Error::from)?;
    }
    let body = out.into_inner().map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"litstack-audit.csv\"",
            ),
        ],
        body,
    )
        .into_response())
}
