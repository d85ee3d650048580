//! Renewal reminders: 90, 60 and 30 days before a contract's opt-out deadline and on the day, the
//! person responsible and the firm's owners (each once) are told "Notice for X is due in 30 days
//! (date)" under the bell and by mail as they chose, with a link to the contracts on the tech
//! stack. Once at start (before the server answers), then every few minutes beside the demo
//! follow-up. A milestone missed while the server was down still goes out up to 7 days late, but
//! never one a later milestone has passed. Once per milestone: the claim (`storage::reminders`) is
//! written in the transaction that writes the notices, so a restart or a second hub node never
//! sends it again. A contract whose tool left the stack sends nothing (`renewals::renewals` leaves
//! it out).

use std::collections::BTreeSet;
use std::time::Duration;

use crate::notifications::{Delivery, Notice, NoticeKind};
use crate::platform::blocking::Blocking;
use crate::platform::caller::{FirmRole, User};
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;

use super::RenewalsState;
use super::renewals::{ContractView, renewals};
use super::storage::{contracts as store_contracts, reminders};

/// How often the task looks for reminders to send.
const EVERY: Duration = Duration::from_secs(5 * 60);
/// How many days after its milestone a reminder may still go out (a server that was down).
const LATE_DAYS: i64 = 7;
/// The milestones, in days before the deadline, earliest first.
pub const MILESTONES: [u32; 4] = [90, 60, 30, 0];

/// The milestone due when the deadline is `days_until` days away: the latest one reached
/// (`days_until <= milestone`), if it was reached at most `LATE_DAYS` ago. An earlier milestone
/// passed by a later one is never due.
pub fn due_milestone(days_until: i64) -> Option<u32> {
    let latest = MILESTONES
        .into_iter()
        .rev()
        .find(|m| days_until <= i64::from(*m))?;
    (i64::from(latest) - days_until <= LATE_DAYS).then_some(latest)
}

/// "Notice for X is due in 30 days (2026-05-01)", "... is due today", or, late, "... was due".
fn title(tool: &str, days_until: i64, deadline: &str) -> String {
    match days_until {
        0 => format!("Notice for {tool} is due today"),
        1 => format!("Notice for {tool} is due in 1 day ({deadline})"),
        d if d > 0 => format!("Notice for {tool} is due in {d} days ({deadline})"),
        _ => format!("Notice for {tool} was due on {deadline}"),
    }
}

fn delivery(user: &User, item: &ContractView, base: Option<&str>, now: i64) -> Delivery {
    let title = title(
        &item.tool_name,
        item.days_until_deadline,
        &item.opt_out_deadline,
    );
    let body = format!(
        "The last day to give notice on {} ({}) is {}. Unless notice is given by then, it renews \
         on {} for {} months (notice period: {} days).",
        item.tool_name,
        item.category_label,
        item.opt_out_deadline,
        item.next_renewal_date,
        item.term_months,
        item.notice_days
    );
    let link = "/tech-stack#renewals-heading".to_string();
    Delivery {
        letter: crate::mail::letters::notice(
            NoticeKind::RenewalReminder.message_kind(),
            user.firm.id.get(),
            &user.email,
            &user.name,
            &title,
            &body,
            Some((
                "See the contract",
                &format!("{}{link}", base.unwrap_or_default()),
            )),
        ),
        notice: Notice {
            kind: NoticeKind::RenewalReminder,
            user_id: user.id,
            firm_id: user.firm.id.get(),
            title,
            body,
            link,
            created_at: now,
        },
        base: base.map(str::to_string),
    }
}

/// Who hears about `item`: the person responsible (while a member) and the firm's owners, once
/// each.
fn recipients<'a>(members: &'a [User], item: &ContractView) -> Vec<&'a User> {
    members
        .iter()
        .filter(|m| m.id == item.responsible_user_id || m.firm_role == FirmRole::Owner)
        .collect()
}

/// Writes the reminders due at `now` (the task passes `crate::platform::clock::now_secs()`; tests pass the
/// day they test). Answers how many milestones were written (each one notice per recipient).
pub fn run_once(app: &RenewalsState, base: Option<&str>, now: i64) -> Result<usize> {
    let today = chrono::DateTime::from_timestamp(now, 0)
        .unwrap_or_default()
        .date_naive();
    let firms: BTreeSet<u64> = store_contracts::all_contracts(&app.store)?
        .iter()
        .map(|c| c.firm_id)
        .collect();
    let catalog = app.catalog.load();
    let mut written = 0;
    for firm in firms {
        let firm_id = FirmId::from_stored(firm);
        let due: Vec<(ContractView, u32)> = renewals(&app.store, &catalog, firm_id, today)?
            .into_iter()
            .filter_map(|item| due_milestone(item.days_until_deadline).map(|m| (item, m)))
            .collect();
        if due.is_empty() {
            continue;
        }
        let members = crate::accounts::storage::firm_members(&app.store, firm_id)?;
        for (item, milestone) in due {
            let Ok(deadline) = item.opt_out_deadline.parse::<chrono::NaiveDate>() else {
                continue;
            };
            let claim = (
                firm,
                item.tool_id,
                reminders::day_number(deadline),
                milestone,
            );
            if reminders::claimed(&app.store, claim)? {
                continue;
            }
            let deliveries: Vec<Delivery> = recipients(&members, &item)
                .into_iter()
                .map(|user| delivery(user, &item, base, now))
                .collect();
            if reminders::remind(&app.store, claim, now, &deliveries)? {
                tracing::info!(target: "notifications", firm_id = firm, vendor_id = item.tool_id,
                    milestone, people = deliveries.len(), "renewal reminder written");
                written += 1;
            }
        }
    }
    Ok(written)
}

/// Runs the reminders for the life of the server: a first pass now, before the server answers
/// (so a restart at a later date, or with the clock set for a rehearsal, has sent what was due by
/// the time it serves), then every few minutes.
pub async fn spawn(state: RenewalsState, base: Option<String>) {
    let pass = move || {
        let (state, base) = (state.clone(), base.clone());
        async move {
            let now = crate::platform::clock::now_secs();
            state
                .blocking(move |app| run_once(app, base.as_deref(), now))
                .await
                .map(drop)
        }
    };
    if let Err(e) = pass.clone()().await {
        tracing::warn!(target: "notifications", "renewal reminders: {e}");
    }
    crate::platform::periodic::every(EVERY, EVERY, "renewal reminders", pass);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_latest_milestone_reached_is_due_for_seven_days() {
        assert_eq!(due_milestone(91), None);
        assert_eq!(due_milestone(90), Some(90));
        assert_eq!(due_milestone(83), Some(90));
        assert_eq!(due_milestone(82), None, "more than 7 days late");
        assert_eq!(due_milestone(61), None);
        assert_eq!(due_milestone(60), Some(60));
        assert_eq!(due_milestone(30), Some(30));
        assert_eq!(
            due_milestone(25),
            Some(30),
            "never 60 or 90 once 30 is reached"
        );
        assert_eq!(due_milestone(1), None);
        assert_eq!(due_milestone(0), Some(0));
        assert_eq!(due_milestone(-7), Some(0));
        assert_eq!(due_milestone(-8), None);
    }

    #[test]
    fn titles_say_when_notice_is_due() {
        assert_eq!(
            title("Clio", 30, "2026-05-01"),
            "Notice for Clio is due in 30 days (2026-05-01)"
        );
        assert_eq!(
            title("Clio", 0, "2026-05-01"),
            "Notice for Clio is due today"
        );
        assert_eq!(
            title("Clio", -2, "2026-05-01"),
            "Notice for Clio was due on 2026-05-01"
        );
    }
}
