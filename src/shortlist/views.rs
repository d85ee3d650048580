//! What the screens read: the shortlist grouped by stage (then the other categories) and the
//! due-diligence brief built from the same entries. Owned, typed values; nothing here writes.

use crate::platform::firm_id::FirmId;
use std::collections::HashMap;

use serde::Serialize;

use crate::catalog::{Catalog, Vendor};
use crate::platform::caller::User;
use crate::platform::clock::now_secs;
use crate::platform::error::Result;
use crate::platform::store::seam;
use crate::recommend::model::PastRec;
use crate::shortlist::ShortlistState;

use super::model::{Entry, SATISFACTION_AFTER_DAYS, Status};
use super::storage;

/// At most this many of a stage's entries go into its comparison link.
pub const MAX_COMPARE: usize = 4;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Shortlist {
    /// Stage categories in stage order, then the others by name; only categories with entries.
    pub groups: Vec<Group>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Group {
    pub category_id: u64,
    pub category_name: String,
    /// The category's label: what a screen shows.
    pub category_label: String,
    /// Litigation stage 1-9, absent for the other categories.
    pub stage: Option<u8>,
    /// The vendors to compare side by side (2-4 of the group's entries); empty with one entry.
    pub compare_ids: Vec<u64>,
    pub entries: Vec<EntryView>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntryView {
    pub vendor_id: u64,
    pub vendor_name: String,
    pub category_id: u64,
    pub description: String,
    /// 1-4.
    pub price_bracket: Option<u8>,
    pub website_url: Option<String>,
    /// The day the vendor's facts were checked (YYYY-MM-DD).
    pub verified_on: Option<String>,
    pub source_url: Option<String>,
    /// Where each fact came from, and the security profile.
    pub facts: crate::catalog::facts::VendorFactsView,
    /// Why it was recommended when the firm added it, as it was then (absent if it was added
    /// without a recommendation).
    pub recommendation: Option<Recommendation>,
    /// A later recommendation of the vendor, when there is one since: shown beside the recorded
    /// one as "Now", never over it.
    pub now: Option<Recommendation>,
    pub status: Status,
    /// The status as the screens show it: "Scheduler opened" for an entry that carries Demo booked
    /// only because a member opened the vendor's scheduler (from before a click stopped setting
    /// statuses: the change by the same person in the same second as their Schedule Meeting click,
    /// with no later change and no demo date); else the status's own label. The stored status and
    /// history stay as they were.
    pub shown_status: String,
    /// The day (YYYY-MM-DD, UTC) a member of the firm last opened the vendor's scheduler, when
    /// the entry asks "Did you book a demo?" about it (see `asks.demo_booked`).
    pub scheduler_opened_on: Option<String>,
    pub note: String,
    /// Who last changed the note (their name then); null while there is none, or for a note
    /// written before notes kept their author.
    pub note_by: Option<String>,
    #[schema(format = DateTime)]
    pub note_at: Option<String>,
    pub reject_reason: Option<String>,
    /// Status changes, oldest first.
    pub history: Vec<HistoryItem>,
    pub outcome: OutcomeView,
    /// Which outcome questions to ask now.
    pub asks: Asks,
    /// The day of the booked demo (YYYY-MM-DD, UTC), when one was set.
    pub demo_date: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recommendation {
    pub reasons: Vec<String>,
    /// The needs the vendor met (one questionnaire answer per item), which the needs reason
    /// speaks of.
    pub needs_met: Vec<String>,
    #[schema(format = DateTime)]
    pub recommended_at: String,
}

impl Recommendation {
    /// Reasons as stored (a reason's list one item per line; see `recommend::reason_lines`).
    fn new(stored: &[String], at: i64) -> Recommendation {
        let list = crate::recommend::reason_lines::ReasonList::from_stored(stored);
        Recommendation {
            reasons: list.strengths,
            needs_met: list.needs_met,
            recommended_at: rfc3339(at),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HistoryItem {
    pub status: Status,
    #[schema(format = DateTime)]
    pub at: String,
    /// Who made the change (their name then); null for changes made before changes kept their
    /// author.
    pub by: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutcomeView {
    pub demo_held: Option<bool>,
    pub chosen: Option<bool>,
    pub satisfaction: Option<u8>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Asks {
    /// "You opened X's scheduler on DATE. Did you book a demo?": a member opened the vendor's
    /// scheduler and the entry does not say a demo was booked (Considering, or Scheduler opened).
    pub demo_booked: bool,
    /// "Did the demo happen?": a demo was booked (said by a person, not a click) and nobody said
    /// yet.
    pub demo_happened: bool,
    /// "Did you choose it?": the demo happened and nobody said yet, neither a person nor a final
    /// decision (an entry Chosen, Not chosen or Rejected is not asked).
    pub chosen: bool,
    /// "How satisfied are you, 1-5?": 90 days after Chosen, until answered.
    pub satisfaction: bool,
}

pub fn rfc3339(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// The latest past recommendation of each vendor for this user: (reasons, when).
pub(super) fn latest_recommendations(
    app: &ShortlistState,
    firm_id: FirmId,
) -> Result<HashMap<u64, (Vec<String>, i64)>> {
    Ok(latest_of(crate::recommend::storage::past(
        &app.store, firm_id,
    )?))
}

/// `latest_recommendations` of the firm's history already read (newest first).
fn latest_of(past: Vec<(u64, u64, PastRec)>) -> HashMap<u64, (Vec<String>, i64)> {
    let mut out: HashMap<u64, (Vec<String>, i64)> = HashMap::new();
    // Newest first, so the first seen is the latest.
    for (_, vendor_id, rec) in past {
        out.entry(vendor_id).or_insert((rec.strengths, rec.at));
    }
    out
}

/// A member's Schedule Meeting click on a vendor: their name now, and when (Unix seconds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchedulerClick {
    pub by: String,
    pub at: i64,
}

/// Whether an entry's click question or its "Scheduler opened" can depend on clicks: entries
/// that do not say a demo was booked, and Demo booked ones without a demo date.
fn may_need_clicks(entry: &Entry, has_date: bool) -> bool {
    entry.status == Status::Considering || (entry.status == Status::DemoBooked && !has_date)
}

/// The Schedule Meeting clicks (kind BOOKING) of the firm's members on each of `vendor_ids`,
/// newest first. Clicks are kept per person; the firm's are its members' (read by (member,
/// vendor), so nobody else's clicks are read), all in one read whatever the list's length.
pub fn scheduler_clicks(
    app: &ShortlistState,
    firm_id: FirmId,
    vendor_ids: &[u64],
) -> Result<HashMap<u64, Vec<SchedulerClick>>> {
    let mut out: HashMap<u64, Vec<SchedulerClick>> = HashMap::new();
    if vendor_ids.is_empty() {
        return Ok(out);
    }
    let members = crate::accounts::storage::firm_members(&app.store, firm_id)?;
    let ids: Vec<u64> = members.iter().map(|member| member.id).collect();
    let mut clicks = crate::catalog::storage::meeting_clicks_on(&app.store, &ids, vendor_ids)?;
    clicks.retain(|click| click.kind == crate::catalog::model::ClickKind::Booking);
    // Newest first; clicks of one second in the members' order, then newest id first.
    let places: HashMap<u64, usize> = ids.iter().enumerate().map(|(i, &id)| (id, i)).collect();
    let place = |user: u64| places.get(&user).copied();
    clicks.sort_by_key(|c| {
        (
            std::cmp::Reverse(c.at),
            place(c.user_id),
            std::cmp::Reverse(c.id),
        )
    });
    for click in clicks {
        if let Some(member) = place(click.user_id) {
            out.entry(click.vendor_id)
                .or_default()
                .push(SchedulerClick {
                    by: members[member].name.clone(),
                    at: click.at,
                });
        }
    }
    Ok(out)
}

/// Whether the entry carries Demo booked only because of a Schedule Meeting click, from before a
/// click stopped setting statuses: its last status change is Demo booked, made by the same person
/// in the same second as one of their clicks, with no change after it and no demo date.
pub fn booked_only_by_click(entry: &Entry, has_date: bool, clicks: &[SchedulerClick]) -> bool {
    let Some(last) = entry.history.last() else {
        return false;
    };
    entry.status == Status::DemoBooked
        && !has_date
        && last.status == Status::DemoBooked
        && last
            .by
            .as_deref()
            .is_some_and(|by| clicks.iter().any(|c| c.at == last.at && c.by == by))
}

/// The day of the click an entry asks about, if it asks: the newest click, for an entry that
/// shows Scheduler opened, or a Considering one that nobody changed after that click (a "No" to
/// a Scheduler opened entry is a change to Considering, after the click).
fn asked_click(entry: &Entry, by_click: bool, clicks: &[SchedulerClick]) -> Option<i64> {
    let newest = clicks.first()?.at;
    let changed_after =
        entry.history.len() > 1 && entry.history.last().is_some_and(|h| h.at >= newest);
    (by_click || (entry.status == Status::Considering && !changed_after)).then_some(newest)
}

pub fn entry_view(
    catalog: &Catalog,
    vendor: &Vendor,
    entry: &Entry,
    rec: Option<&(Vec<String>, i64)>,
    now: i64,
    demo_date: Option<String>,
    clicks: &[SchedulerClick],
) -> EntryView {
    let source = catalog.source(vendor.id);
    let o = entry.outcome;
    let by_click = booked_only_by_click(entry, demo_date.is_some(), clicks);
    let asked = asked_click(entry, by_click, clicks);
    let satisfaction_due = o
        .chosen_at
        .is_some_and(|at| now - at >= SATISFACTION_AFTER_DAYS * 86_400);
    EntryView {
        vendor_id: vendor.id,
        vendor_name: vendor.name.clone(),
        category_id: vendor.category_id,
        description: vendor.description.clone(),
        price_bracket: vendor.price_bracket,
        website_url: vendor.website_url.clone(),
        verified_on: source.and_then(|s| s.verified_on.clone()),
        source_url: source.and_then(|s| s.source_url.clone()),
        facts: catalog.facts_view(vendor),
        recommendation: entry
            .recorded
            .as_ref()
            .map(|r| Recommendation::new(&r.reasons, r.at)),
        now: rec
            .filter(|(_, at)| entry.recorded.as_ref().is_none_or(|r| *at > r.at))
            .map(|(reasons, at)| Recommendation::new(reasons, *at)),
        status: entry.status,
        shown_status: if by_click {
            SCHEDULER_OPENED.to_string()
        } else {
            entry.status.label().to_string()
        },
        scheduler_opened_on: asked.map(day_of),
        note: entry.note.clone(),
        note_by: entry.note_by.clone(),
        note_at: entry.note_at.map(rfc3339),
        reject_reason: entry.reject_reason.clone(),
        history: entry
            .history
            .iter()
            .map(|h| HistoryItem {
                status: h.status,
                at: rfc3339(h.at),
                by: h.by.clone(),
            })
            .collect(),
        outcome: OutcomeView {
            demo_held: o.demo_held,
            chosen: o.chosen,
            satisfaction: o.satisfaction,
        },
        asks: Asks {
            demo_booked: asked.is_some(),
            demo_happened: entry.status == Status::DemoBooked && o.demo_held.is_none() && !by_click,
            // A status that already says (a rejection, a final decision's Chosen or Not chosen)
            // answers the question: it ends with its subject.
            chosen: o.demo_held == Some(true)
                && o.chosen.is_none()
                && !matches!(
                    entry.status,
                    Status::Rejected | Status::Chosen | Status::NotChosen
                ),
            satisfaction: o.chosen == Some(true) && o.satisfaction.is_none() && satisfaction_due,
        },
        demo_date,
    }
}

/// What an entry that carries Demo booked only because of a click shows.
pub const SCHEDULER_OPENED: &str = "Scheduler opened";

/// `YYYY-MM-DD` (UTC) of a time.
fn day_of(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0)
        .unwrap_or_default()
        .format("%Y-%m-%d")
        .to_string()
}

/// One vendor's entry as the screens show it.
pub fn one(
    app: &ShortlistState,
    firm_id: FirmId,
    vendor_id: u64,
    entry: &Entry,
) -> Result<Option<EntryView>> {
    let recs = latest_recommendations(app, firm_id)?;
    one_given(app, firm_id, vendor_id, entry, &recs)
}

/// `one`, with the firm's latest recommendations already read.
pub fn one_given(
    app: &ShortlistState,
    firm_id: FirmId,
    vendor_id: u64,
    entry: &Entry,
    recs: &HashMap<u64, (Vec<String>, i64)>,
) -> Result<Option<EntryView>> {
    let catalog = app.catalog.load();
    let date = storage::demos::load(&app.store, firm_id)?.remove(&vendor_id);
    let clicks = if may_need_clicks(entry, date.is_some()) {
        scheduler_clicks(app, firm_id, &[vendor_id])?
    } else {
        HashMap::new()
    };
    Ok(catalog.vendor(vendor_id).map(|v| {
        entry_view(
            &catalog,
            v,
            entry,
            recs.get(&vendor_id),
            now_secs(),
            date.map(|d| d.text()),
            clicks.get(&vendor_id).map_or(&[], Vec::as_slice),
        )
    }))
}

/// The firm's shortlist, grouped.
pub fn shortlist(app: &ShortlistState, firm_id: FirmId) -> Result<Shortlist> {
    let rows = seam::read(&app.store, |tx| ListRows::read_in(tx, firm_id))?;
    shortlist_of(app, firm_id, rows)
}

/// The firm's rows the shortlist shows: its entries, its history of recommendations and its demo
/// dates.
struct ListRows {
    entries: Vec<(u64, Entry)>,
    past: Vec<(u64, u64, PastRec)>,
    dates: HashMap<u64, super::model::DemoDate>,
}

impl ListRows {
    /// Read inside a read begun elsewhere, in one snapshot with the caller's rows.
    fn read_in(tx: &mut seam::Tx, firm_id: FirmId) -> Result<ListRows> {
        Ok(ListRows {
            entries: storage::load_in(tx, firm_id)?,
            past: crate::recommend::storage::past_in(tx, firm_id)?,
            dates: storage::demos::firm_dates_in(tx, firm_id)?,
        })
    }
}

/// `shortlist` of the firm's rows already read.
fn shortlist_of(app: &ShortlistState, firm_id: FirmId, rows: ListRows) -> Result<Shortlist> {
    let catalog = app.catalog.load();
    let ListRows {
        entries,
        past,
        dates,
    } = rows;
    let recs = latest_of(past);
    let asking: Vec<u64> = entries
        .iter()
        .filter(|(id, e)| may_need_clicks(e, dates.contains_key(id)))
        .map(|(id, _)| *id)
        .collect();
    let clicks = scheduler_clicks(app, firm_id, &asking)?;
    let now = now_secs();
    let mut groups = Vec::new();
    for category in catalog.stages_then_others_by_name() {
        let mut views: Vec<EntryView> = entries
            .iter()
            .filter_map(|(vendor_id, entry)| {
                let vendor = catalog.vendor(*vendor_id)?;
                (vendor.category_id == category.id).then(|| {
                    entry_view(
                        &catalog,
                        vendor,
                        entry,
                        recs.get(vendor_id),
                        now,
                        dates.get(vendor_id).map(|d| d.text()),
                        clicks.get(vendor_id).map_or(&[], Vec::as_slice),
                    )
                })
            })
            .collect();
        if views.is_empty() {
            continue;
        }
        views.sort_by_key(|v| v.vendor_name.to_lowercase());
        let compare_ids = if views.len() >= 2 {
            views
                .iter()
                .take(MAX_COMPARE)
                .map(|v| v.vendor_id)
                .collect()
        } else {
            Vec::new()
        };
        groups.push(Group {
            category_id: category.id,
            category_name: category.name.clone(),
            category_label: category.label.clone(),
            stage: category.stage,
            compare_ids,
            entries: views,
        });
    }
    Ok(Shortlist { groups })
}

/// The due-diligence brief: per group, the firm's criteria and each vendor's facts.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Brief {
    pub firm_name: String,
    /// The day it was prepared (YYYY-MM-DD, UTC).
    pub prepared_on: String,
    pub groups: Vec<BriefGroup>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BriefGroup {
    pub category_id: u64,
    pub category_name: String,
    /// The category's label: what a screen shows.
    pub category_label: String,
    pub stage: Option<u8>,
    /// The firm's answers to the category's questionnaire, its latest response; empty if none.
    pub criteria: Vec<Criterion>,
    #[schema(format = DateTime)]
    pub criteria_answered_at: Option<String>,
    pub vendors: Vec<BriefVendor>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Criterion {
    pub question: String,
    pub answers: Vec<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BriefVendor {
    #[serde(flatten)]
    pub entry: EntryView,
    /// The vendor's integrations that name a tool in the firm's tech stack.
    pub integrations_with_stack: Vec<String>,
}

pub fn brief(app: &ShortlistState, user: &User) -> Result<Brief> {
    let catalog = app.catalog.load();
    let firm_id = user.firm.id;
    // The shortlist's rows, the tech stack and the latest answers of each category listed, in one
    // snapshot.
    let (rows, answers, mut responses) = seam::read(&app.store, |tx| {
        let rows = ListRows::read_in(tx, firm_id)?;
        let mut categories: Vec<u64> = (rows.entries.iter())
            .filter_map(|(vendor_id, _)| catalog.vendor(*vendor_id).map(|v| v.category_id))
            .collect();
        categories.sort_unstable();
        categories.dedup();
        let mut responses = HashMap::new();
        for category in categories {
            if let Some(response) =
                crate::recommend::storage::latest_response_in(tx, firm_id, category)?
            {
                responses.insert(category, response);
            }
        }
        let answers = crate::techstack::storage::load_in(tx, firm_id)?;
        Ok((rows, answers, responses))
    })?;
    let list = shortlist_of(app, firm_id, rows)?;
    let tools = crate::techstack::tools_of(&catalog, answers);
    let tool_names: Vec<String> = crate::techstack::tool_names(&app.catalog.load(), &tools)
        .into_iter()
        .map(|t| t.to_lowercase())
        .collect();
    let mut groups = Vec::new();
    for group in list.groups {
        let (criteria, answered_at) = criteria(&catalog, responses.remove(&group.category_id));
        let vendors = group
            .entries
            .into_iter()
            .map(|entry| {
                let integrations_with_stack = catalog
                    .vendor(entry.vendor_id)
                    .map(|v| {
                        v.integrations
                            .iter()
                            .filter(|i| tool_names.contains(&i.to_lowercase()))
                            .cloned()
                            .collect()
                    })
                    .unwrap_or_default();
                BriefVendor {
                    entry,
                    integrations_with_stack,
                }
            })
            .collect();
        groups.push(BriefGroup {
            category_id: group.category_id,
            category_name: group.category_name,
            category_label: group.category_label,
            stage: group.stage,
            criteria,
            criteria_answered_at: answered_at.map(rfc3339),
            vendors,
        });
    }
    Ok(Brief {
        firm_name: user.firm.name.clone(),
        prepared_on: crate::platform::clock::today().to_string(),
        groups,
    })
}

/// The latest questionnaire response's selected options, question by question.
fn criteria(
    catalog: &Catalog,
    response: Option<crate::recommend::model::StoredResponse>,
) -> (Vec<Criterion>, Option<i64>) {
    let Some(response) = response else {
        return (Vec::new(), None);
    };
    let questions = catalog.questions(response.category_id);
    let criteria = response
        .answers
        .iter()
        .filter_map(|(question_id, values)| {
            let q = questions.iter().find(|q| q.id == *question_id)?;
            Some(Criterion {
                question: q.prompt.clone(),
                answers: values.clone(),
            })
        })
        .collect();
    (criteria, Some(response.at))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shortlist::model::Stamp;

    fn pat(at: i64) -> Stamp<'static> {
        Stamp {
            at,
            by: Some("Pat Doe"),
        }
    }

    fn click(by: &str, at: i64) -> SchedulerClick {
        SchedulerClick { by: by.into(), at }
    }

    #[test]
    fn demo_booked_in_the_second_of_the_same_persons_click_is_only_a_click() {
        // What a click wrote before clicks were clicks: the entry, Demo booked, by the clicker.
        let legacy = Entry::new(Status::DemoBooked, pat(100));
        let clicks = [click("Pat Doe", 100)];
        assert!(booked_only_by_click(&legacy, false, &clicks));
        assert_eq!(asked_click(&legacy, true, &clicks), Some(100));
        // Not when someone else clicked then, at another second, or a date was given.
        assert!(!booked_only_by_click(
            &legacy,
            false,
            &[click("Sam Lee", 100)]
        ));
        assert!(!booked_only_by_click(
            &legacy,
            false,
            &[click("Pat Doe", 101)]
        ));
        assert!(!booked_only_by_click(&legacy, true, &clicks));
        // Nor after a later change, even back to Demo booked.
        let mut changed = legacy.clone();
        changed.set_status(Status::DemoHeld, pat(200));
        changed.set_status(Status::DemoBooked, pat(300));
        assert!(!booked_only_by_click(&changed, false, &clicks));
        // A person's own Demo booked is theirs.
        let mut said = Entry::new(Status::Considering, pat(50));
        said.set_status(Status::DemoBooked, pat(60));
        assert!(!booked_only_by_click(&said, false, &clicks));
    }

    #[test]
    fn a_considering_entry_asks_about_the_newest_click_until_changed_after_it() {
        let added = Entry::new(Status::Considering, pat(500));
        let clicks = [click("Pat Doe", 400), click("Sam Lee", 300)];
        assert_eq!(asked_click(&added, false, &clicks), Some(400));
        assert_eq!(asked_click(&added, false, &[]), None);
        // "No" to a Scheduler opened entry: Considering, after the click.
        let mut answered = Entry::new(Status::DemoBooked, pat(400));
        answered.set_status(Status::Considering, pat(450));
        assert_eq!(asked_click(&answered, false, &clicks), None);
        // A newer click asks again.
        assert_eq!(
            asked_click(&answered, false, &[click("Pat Doe", 460)]),
            Some(460)
        );
        // A demo said booked is not asked about.
        let mut booked = Entry::new(Status::Considering, pat(500));
        booked.set_status(Status::DemoBooked, pat(510));
        assert_eq!(asked_click(&booked, false, &clicks), None);
    }
}
