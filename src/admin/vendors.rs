//! The operator removes a vendor from the catalog: `DELETE /api/admin/vendors/{id}` deletes one
//! that nothing refers to, `POST /api/admin/vendors/merge` folds a duplicate into the vendor it
//! duplicates.
//!
//! Invariants: a delete never leaves a firm's data pointing at a vendor that is gone — it is
//! refused (409, naming what still refers to it) while any tech stack, shortlist, evaluation
//! (an incumbent, a scorecard or a reference call in any round), decision (chosen or runner-up,
//! open or final), saved pick, dismissal, past recommendation, meeting click or imported booking
//! names the vendor. A merge moves every one of those but decisions to the kept vendor (a person
//! who scored both in a round keeps the kept vendor's scorecard, as a firm with both on its
//! shortlist keeps the kept vendor's entry), remembers the duplicate's name so its bookings count
//! for the kept vendor, and deletes the duplicate: one write transaction on either backend (on
//! PostgreSQL under the catalog's lock, recording the catalog change and every moved firm's peer
//! figures, so every node reloads). A decision's versions are signed records (approvals bind to
//! their hashes), so a merge whose duplicate a decision names is refused (409) before anything is
//! written: that vendor can be made inactive instead.

use axum::extract::State;
use serde::{Deserialize, Serialize};

use super::VendorsState;
use super::storage;
use crate::catalog::model::{VendorView, vendor_view};
use crate::catalog::storage::removal::MEETING_CLICKS_NAMING;
use crate::catalog::{Catalog, reload};
use crate::decisions::storage::vendors::NAMING_DECISIONS;
use crate::evaluations::storage::vendors::{EVALUATIONS, SCORECARDS_DROPPED};
use crate::platform::blocking::Blocking;
use crate::platform::caller::AdminUser;
use crate::platform::error::{Result, bad_request, conflict, not_found};
use crate::platform::extract::{Json, Path};
use crate::platform::ids::VendorId;
use crate::recommend::storage::vendors::{
    DISMISSALS, PAST_RECOMMENDATIONS, SAVED_PICKS, VendorRows,
};
use crate::shortlist::storage::vendors::SHORTLIST_ENTRIES;
use crate::techstack::storage::vendors::TECH_STACKS;

/// What still refers to a vendor.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct References {
    /// Firms whose tech stack lists it.
    pub tech_stacks: u64,
    pub shortlist_entries: u64,
    pub recommendations: VendorRows,
    pub meeting_clicks: u64,
    /// Imported (never sample) demo bookings whose Client names it.
    pub bookings: u64,
    /// Evaluations (a firm's rounds of one category) naming it in any round.
    pub evaluations: u64,
    /// Decisions, open or final, naming it as chosen or runner-up.
    pub decisions: u64,
}

impl References {
    pub fn is_empty(&self) -> bool {
        *self == References::default()
    }

    /// "3 firms have it in their tech stack, 1 shortlist entry, 12 bookings".
    pub fn describe(&self) -> String {
        let count = |n: u64, one: &str, many: &str| {
            (n > 0).then(|| format!("{n} {}", if n == 1 { one } else { many }))
        };
        [
            count(
                self.tech_stacks,
                "firm has it in its tech stack",
                "firms have it in their tech stack",
            ),
            count(
                self.shortlist_entries,
                "shortlist entry",
                "shortlist entries",
            ),
            count(self.evaluations, "evaluation", "evaluations"),
            count(self.decisions, "decision", "decisions"),
            count(
                self.recommendations.picks,
                "saved set of picks",
                "saved sets of picks",
            ),
            count(self.recommendations.dismissals, "dismissal", "dismissals"),
            count(
                self.recommendations.past_recommendations,
                "past recommendation",
                "past recommendations",
            ),
            count(self.meeting_clicks, "meeting click", "meeting clicks"),
            count(self.bookings, "booking", "bookings"),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(", ")
    }
}

/// Imported demo bookings whose Client counts for the vendor (its name, or one merged into it).
fn bookings_naming(app: &VendorsState, catalog: &Catalog, vendor_id: u64) -> u64 {
    let names = catalog.client_names(vendor_id);
    let sets = app.bookings.load();
    let idx = &sets.real;
    idx.vendor_counts(&[], i32::MIN)
        .iter()
        .zip(&idx.vendors_lower)
        .filter(|(_, name)| names.contains(name))
        .map(|(&n, _)| u64::from(n))
        .sum()
}

/// Deletes vendor `id` when nothing refers to it; a 409 naming what does otherwise.
pub fn delete_vendor(app: &VendorsState, id: u64) -> Result<String> {
    let catalog = app.catalog.load();
    let vendor = catalog
        .vendor(id)
        .ok_or_else(|| not_found(format!("There is no vendor with id {id}")))?;
    let name = vendor.name.clone();
    let bookings = bookings_naming(app, &catalog, id);
    storage::delete_vendor(&app.store, id, |stored| {
        let refs = References {
            tech_stacks: stored.of(TECH_STACKS),
            shortlist_entries: stored.of(SHORTLIST_ENTRIES),
            recommendations: VendorRows {
                picks: stored.of(SAVED_PICKS),
                dismissals: stored.of(DISMISSALS),
                past_recommendations: stored.of(PAST_RECOMMENDATIONS),
            },
            meeting_clicks: stored.of(MEETING_CLICKS_NAMING),
            bookings,
            evaluations: stored.of(EVALUATIONS),
            decisions: stored.of(NAMING_DECISIONS),
        };
        if !refs.is_empty() {
            return Err(conflict(format!(
                "{name} cannot be deleted while anything refers to it: {}. Merge it into another \
                 vendor instead, or make it inactive.",
                refs.describe()
            )));
        }
        Ok(())
    })?;
    reload(&app.store, &app.catalog)?;
    Ok(name)
}

/// POST /api/admin/vendors/merge: the vendor to fold in and the one it duplicates.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VendorMerge {
    /// The duplicate: deleted once everything that names it names `into`.
    pub from: u64,
    /// The vendor that stays.
    pub into: u64,
}

/// What moved from the duplicate to the kept vendor.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MergeMoved {
    /// Firms whose tech stack listed the duplicate.
    pub tech_stacks: u64,
    /// Shortlist entries now for the kept vendor.
    pub shortlist_entries: u64,
    /// Firms that had both on their shortlist: their entry for the kept vendor stays (its notes,
    /// status and history), the one for the duplicate is gone.
    pub shortlist_kept: Vec<u64>,
    /// Saved sets of picks (questionnaire or Pick For Me) that listed the duplicate.
    pub picks: u64,
    pub dismissals: u64,
    pub past_recommendations: u64,
    pub meeting_clicks: u64,
    /// Evaluations (a firm's rounds of one category) whose scorecards, reference calls or
    /// incumbent named the duplicate and now name the kept vendor.
    pub evaluations: u64,
    /// The duplicate's scorecards dropped because their author had scored the kept vendor in the
    /// same round: that scorecard stays.
    pub scorecards_dropped: u64,
}

/// The answer of a merge: the kept vendor as it is now, what moved, and a sentence saying so.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VendorMerged<'a> {
    pub vendor: VendorView<'a>,
    pub moved: MergeMoved,
    pub message: String,
}

/// Merges vendor `from` into `into` (see the module); answers what moved and the message.
pub fn merge_vendors(app: &VendorsState, from: u64, into: u64) -> Result<(MergeMoved, String)> {
    if from == into {
        return Err(bad_request("Choose two different vendors to merge"));
    }
    let catalog = app.catalog.load();
    let find = |id: u64| {
        catalog
            .vendor(id)
            .ok_or_else(|| not_found(format!("There is no vendor with id {id}")))
    };
    let (dup, kept) = (find(from)?, find(into)?);
    if dup.category_id != kept.category_id {
        let category = |id| {
            catalog
                .category(id)
                .map_or("another category", |c| &c.label)
        };
        return Err(bad_request(format!(
            "{} is in {} and {} in {}: only vendors of the same category can be merged",
            dup.name,
            category(dup.category_id),
            kept.name,
            category(kept.category_id)
        )));
    }
    let (dup_name, kept_name) = (dup.name.clone(), kept.name.clone());

    let moves =
        storage::merge_vendor(&app.store, from, into, &dup_name.to_lowercase(), |naming| {
            let n = naming.of(NAMING_DECISIONS);
            if n == 0 {
                return Ok(());
            }
            Err(conflict(format!(
                "{dup_name} cannot be merged: {n} {} (a signed record keeps the vendor it names). \
             Make it inactive instead.",
                if n == 1 {
                    "decision names it"
                } else {
                    "decisions name it"
                }
            )))
        })?;
    reload(&app.store, &app.catalog)?;
    // Firms whose tech stack or shortlist changed are recounted in the peer figures.
    for &firm_id in &moves.firms {
        // A firm id the store read back from the rows it moved.
        app.peers
            .changed(crate::platform::firm_id::FirmId::from_stored(firm_id));
    }
    let storage::VendorMoves {
        moved, kept_both, ..
    } = moves;
    let moved = MergeMoved {
        tech_stacks: moved.of(TECH_STACKS),
        shortlist_entries: moved.of(SHORTLIST_ENTRIES),
        shortlist_kept: kept_both,
        picks: moved.of(SAVED_PICKS),
        dismissals: moved.of(DISMISSALS),
        past_recommendations: moved.of(PAST_RECOMMENDATIONS),
        meeting_clicks: moved.of(MEETING_CLICKS_NAMING),
        evaluations: moved.of(EVALUATIONS),
        scorecards_dropped: moved.of(SCORECARDS_DROPPED),
    };
    let mut message = format!("{dup_name} was merged into {kept_name}");
    let kept_both = moved.shortlist_kept.len();
    if kept_both > 0 {
        message.push_str(&format!(
            ". {kept_both} {} had both on the shortlist: the entry for {kept_name} was kept and \
             the one for {dup_name} dropped",
            if kept_both == 1 { "firm" } else { "firms" }
        ));
    }
    if moved.evaluations > 0 {
        let n = moved.evaluations;
        message.push_str(&format!(
            ". {n} {} {kept_name}",
            if n == 1 {
                "evaluation that named it now names"
            } else {
                "evaluations that named it now name"
            }
        ));
        let dropped = moved.scorecards_dropped;
        if dropped > 0 {
            message.push_str(&format!(
                "; {dropped} {} for {dup_name} {} dropped where {} had scored {kept_name} in \
                 the same round",
                if dropped == 1 {
                    "scorecard"
                } else {
                    "scorecards"
                },
                if dropped == 1 { "was" } else { "were" },
                if dropped == 1 {
                    "its author"
                } else {
                    "their authors"
                },
            ));
        }
    }
    message.push('.');
    Ok((moved, message))
}

/// DELETE /api/admin/vendors/{id}: deletes a vendor nothing refers to.
#[utoipa::path(delete, path = "/admin/vendors/{id}", tag = "admin",
    params(("id" = u64, Path, description = "A vendor id")),
    responses(
        (status = 204, description = "The vendor is gone from the directory"),
        (status = 400, description = "An invalid id", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such vendor", body = crate::platform::error::ErrorBody),
        (status = 409, description = "Something still refers to the vendor; the message names what", body = crate::platform::error::ErrorBody),
    ))]
pub(super) async fn delete_vendor_route(
    State(state): State<VendorsState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<VendorId>,
) -> Result<axum::http::StatusCode> {
    let id = id.get();
    let name = state.blocking(move |app| delete_vendor(app, id)).await?;
    // The vendor's name is catalog data, not a person's: fine in the log.
    tracing::info!(target: "security", user_id = admin.id, vendor_id = id, vendor = %name, "vendor deleted");
    Ok(axum::http::StatusCode::NO_CONTENT)
}

/// POST /api/admin/vendors/merge: folds a duplicate vendor into the one it duplicates.
#[utoipa::path(post, path = "/admin/vendors/merge", tag = "admin",
    request_body = VendorMerge,
    responses(
        (status = 200, body = VendorMerged),
        (status = 400, description = "The same vendor twice, vendors of two categories, or an invalid field", body = crate::platform::error::ErrorBody),
        crate::platform::error::NotSignedIn,
        crate::platform::error::NotOperatorOrForeignOrigin,
        (status = 404, description = "No such vendor", body = crate::platform::error::ErrorBody),
        (status = 409, description = "A decision names the duplicate (its record is signed): nothing was merged; the message says so", body = crate::platform::error::ErrorBody),
        crate::platform::error::TooLarge,
    ))]
pub(super) async fn merge_vendors_route(
    State(state): State<VendorsState>,
    AdminUser(admin): AdminUser,
    Json(body): Json<serde_json::Value>,
) -> Result<axum::response::Response> {
    use axum::response::IntoResponse;
    if !body.is_object() {
        return Err(bad_request("The request body must be a JSON object."));
    }
    let VendorMerge { from, into } =
        serde_json::from_value(body).map_err(|e| bad_request(format!("Invalid request: {e}")))?;
    let (moved, message) = state
        .blocking(move |app| merge_vendors(app, from, into))
        .await?;
    tracing::info!(target: "security", user_id = admin.id, from, into, moved = ?moved, "vendors merged");
    let catalog = state.catalog.load();
    let vendor = catalog
        .vendor(into)
        .ok_or_else(|| not_found(format!("There is no vendor with id {into}")))?;
    Ok(Json(VendorMerged {
        vendor: vendor_view(&catalog, vendor),
        moved,
        message,
    })
    .into_response())
}
