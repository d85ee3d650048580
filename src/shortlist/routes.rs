//! The shortlist's handlers: parse, call, answer.

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;

use crate::platform::blocking::Blocking;
use crate::platform::caller::FirmMember;
use crate::platform::clock::now_secs;
use crate::platform::error::{ErrorBody, Result, conflict, not_found};
use crate::platform::extract::{Json, Path};
use crate::platform::ids::VendorId;
use crate::shortlist::ShortlistState;

use super::model::{
    DemoDate, Entry, EntryRequest, OutcomeRequest, Recorded, Stamp, Status, apply_change,
    apply_outcome, parse_entry,
};
use super::views::{self, Brief, EntryView, Shortlist};
use super::{csv, storage};

pub const DEMO_DATE_STATUS: &str =
    "A demo date goes with the status Demo booked: send the status \"Demo booked\" with it.";

/// The id of a vendor the catalog has (404 otherwise).
fn known_vendor(id: VendorId, state: &ShortlistState) -> Result<u64> {
    let id = id.get();
    if state.catalog.load().vendor(id).is_none() {
        return Err(not_found(format!("There is no vendor with id {id}")));
    }
    Ok(id)
}

/// GET /api/shortlist: the firm's shortlist, grouped by stage, then the other categories.
#[utoipa::path(get, path = "/shortlist", tag = "shortlist",
    responses(
        (status = 200, body = Shortlist),
        crate::platform::error::NotSignedIn,
    ))]
pub async fn get_shortlist(
    State(state): State<ShortlistState>,
    member: FirmMember,
) -> Result<Json<Shortlist>> {
    let firm_id = member.firm;
    let list = state
        .blocking(move |app| views::shortlist(app, firm_id))
        .await?;
    Ok(Json(list))
}

/// PUT /api/shortlist/{vendor_id}: adds the vendor (as Considering unless a status is sent) or
/// changes its status, note or reject reason. Sending the same again changes nothing.
#[utoipa::path(put, path = "/shortlist/{vendor_id}", tag = "shortlist",
    params(("vendor_id" = u64, Path, description = "The vendor's id")),
    request_body = EntryRequest,
    responses(
        (status = 200, body = EntryView),
        (status = 400, description = "Invalid input: an unknown status, a note over 2,000 or a reason over 200 characters, Rejected without a reason", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 404, description = "No such vendor", body = ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub async fn put_entry(
    State(state): State<ShortlistState>,
    member: FirmMember,
    Path(vendor): Path<VendorId>,
    Json(request): Json<EntryRequest>,
) -> Result<Json<EntryView>> {
    let vendor_id = known_vendor(vendor, &state)?;
    let change = parse_entry(request)?;
    let firm_id = member.firm;
    let author = member.user.name.clone();
    let member_id = member.user.id;
    let view = state
        .blocking(move |app| {
            let stamp = Stamp {
                at: now_secs(),
                by: Some(&author),
            };
            let demo_date = change.demo_date;
            // Read once: what a new entry records, and what the answer shows as "now".
            let recs = views::latest_recommendations(app, firm_id)?;
            let entry = storage::update_then(
                app,
                firm_id,
                vendor_id,
                |current| {
                    let mut entry = current.unwrap_or_else(|| Entry {
                        recorded: recs.get(&vendor_id).map(|(reasons, at)| Recorded {
                            reasons: reasons.clone(),
                            at: *at,
                        }),
                        ..Entry::new(change.status.unwrap_or(Status::Considering), stamp)
                    });
                    apply_change(&mut entry, change, stamp)?;
                    if demo_date.is_some_and(|day| day.is_some())
                        && entry.status != Status::DemoBooked
                    {
                        return Err(crate::platform::error::bad_request(DEMO_DATE_STATUS));
                    }
                    Ok((entry.clone(), entry))
                },
                |tx, _| match demo_date {
                    Some(day) => {
                        let date = day.map(|day| DemoDate {
                            day,
                            set_by: member_id,
                        });
                        storage::demos::set_in(tx, firm_id, vendor_id, date)
                    }
                    None => Ok(()),
                },
            )?;
            views::one_given(app, firm_id, vendor_id, &entry, &recs)
        })
        .await?;
    view.map(Json)
        .ok_or_else(|| not_found(format!("There is no vendor with id {vendor_id}")))
}

/// DELETE /api/shortlist/{vendor_id}: takes the vendor off the shortlist (done if it was not on).
/// The entry is kept whole for 30 days, so `POST /api/shortlist/{vendor_id}/restore` can undo it.
#[utoipa::path(delete, path = "/shortlist/{vendor_id}", tag = "shortlist",
    params(("vendor_id" = u64, Path, description = "The vendor's id")),
    responses(
        (status = 204, description = "The vendor is not on the shortlist (any more); its entry is kept for 30 days for an undo"),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 404, description = "No such vendor", body = ErrorBody),
    ))]
pub async fn delete_entry(
    State(state): State<ShortlistState>,
    member: FirmMember,
    Path(vendor): Path<VendorId>,
) -> Result<StatusCode> {
    let vendor_id = known_vendor(vendor, &state)?;
    let firm_id = member.firm;
    let author = member.user.name.clone();
    state
        .blocking(move |app| {
            let stamp = Stamp {
                at: now_secs(),
                by: Some(&author),
            };
            storage::remove(app, firm_id, vendor_id, stamp)
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// POST /api/shortlist/{vendor_id}/restore: undoes the firm's last removal of the vendor: its
/// entry comes back exactly as it was (note, status history with authors, outcome, recorded
/// reasons), from what the server kept. No body: nothing a client sends becomes history.
#[utoipa::path(post, path = "/shortlist/{vendor_id}/restore", tag = "shortlist",
    params(("vendor_id" = u64, Path, description = "The vendor's id")),
    responses(
        (status = 200, description = "The entry, back on the shortlist", body = EntryView),
        (status = 400, description = "The id is not a whole number", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ViewerOrForeignOrigin,
        (status = 404, description = "No such vendor, or nothing of it removed from the firm's shortlist in the last 30 days", body = ErrorBody),
        (status = 409, description = "The vendor is on the shortlist again", body = ErrorBody),
    ))]
pub async fn restore_entry(
    State(state): State<ShortlistState>,
    member: FirmMember,
    Path(vendor): Path<VendorId>,
) -> Result<Json<EntryView>> {
    let vendor_id = known_vendor(vendor, &state)?;
    let firm_id = member.firm;
    let name = state
        .catalog
        .load()
        .vendor(vendor_id)
        .map(|v| v.name.clone())
        .unwrap_or_default();
    let view = state
        .blocking(move |app| {
            let entry = match storage::restore(app, firm_id, vendor_id, now_secs())? {
                storage::Restore::Restored(entry) => entry,
                storage::Restore::Nothing => {
                    return Err(not_found(format!(
                        "Nothing of {name} was removed from your shortlist in the last {} days, \
                         so there is nothing to restore",
                        super::model::KEEP_REMOVED_DAYS
                    )));
                }
                storage::Restore::OnShortlist => {
                    return Err(conflict(format!(
                        "{name} is on your shortlist again, so the removed entry was not put \
                         back; its current entry is unchanged"
                    )));
                }
            };
            views::one(app, firm_id, vendor_id, &entry)
        })
        .await?;
    view.map(Json)
        .ok_or_else(|| not_found(format!("There is no vendor with id {vendor_id}")))
}

/// PUT /api/shortlist/{vendor_id}/outcome: whether the demo happened, whether the firm chose the
/// vendor, and (for a chosen vendor) how satisfied it is.
#[utoipa::path(put, path = "/shortlist/{vendor_id}/outcome", tag = "shortlist",
    params(("vendor_id" = u64, Path, description = "The vendor's id")),
    request_body = OutcomeRequest,
    responses(
        (status = 200, body = EntryView),
        (status = 400, description = "Invalid input: satisfaction outside 1-5, chosen before the demo was held", body = ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::ForeignOrigin,
        (status = 404, description = "No such vendor, or not on the firm's shortlist", body = ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub async fn put_outcome(
    State(state): State<ShortlistState>,
    member: FirmMember,
    Path(vendor): Path<VendorId>,
    Json(request): Json<OutcomeRequest>,
) -> Result<Json<EntryView>> {
    let vendor_id = known_vendor(vendor, &state)?;
    let firm_id = member.firm;
    let author = member.user.name.clone();
    let view = state
        .blocking(move |app| {
            let stamp = Stamp {
                at: now_secs(),
                by: Some(&author),
            };
            let entry = storage::update(app, firm_id, vendor_id, |current| {
                let mut entry =
                    current.ok_or_else(|| not_found("That vendor is not on your shortlist"))?;
                apply_outcome(&mut entry, &request, stamp)?;
                Ok((entry.clone(), entry))
            })?;
            views::one(app, firm_id, vendor_id, &entry)
        })
        .await?;
    view.map(Json)
        .ok_or_else(|| not_found(format!("There is no vendor with id {vendor_id}")))
}

/// GET /api/shortlist/brief: the due-diligence brief (the firm's criteria and each shortlisted
/// vendor's facts, per stage).
#[utoipa::path(get, path = "/shortlist/brief", tag = "shortlist",
    responses(
        (status = 200, body = Brief),
        crate::platform::error::NotSignedIn,
    ))]
pub async fn get_brief(
    State(state): State<ShortlistState>,
    member: FirmMember,
) -> Result<Json<Brief>> {
    let user = member.user;
    let brief = state.blocking(move |app| views::brief(app, &user)).await?;
    Ok(Json(brief))
}

/// GET /api/shortlist/brief.csv: the brief as a CSV download, one row per vendor.
#[utoipa::path(get, path = "/shortlist/brief.csv", tag = "shortlist",
    responses(
        (status = 200, description = "The brief, one row per shortlisted vendor",
            content_type = "text/csv", body = String),
        crate::platform::error::NotSignedIn,
    ))]
pub async fn get_brief_csv(
    State(state): State<ShortlistState>,
    member: FirmMember,
) -> Result<impl IntoResponse> {
    let user = member.user;
    let (body, day) = state
        .blocking(move |app| {
            let brief = views::brief(app, &user)?;
            let body = csv::brief_csv(&brief)?;
            crate::accounts::audit::record(
                &app.store,
                user.firm.id,
                Some(&user),
                crate::accounts::audit::AuditAction::BriefExported,
                format!(
                    "Downloaded the brief ({} vendors)",
                    brief.groups.iter().map(|g| g.vendors.len()).sum::<usize>()
                ),
            );
            Ok((body, brief.prepared_on))
        })
        .await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"shortlist-brief-{day}.csv\""),
            ),
        ],
        body,
    ))
}
