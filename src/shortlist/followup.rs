//! The demo follow-up: the day after a booked demo's date (UTC), the member who set the date is
//! asked "How did your demo with X go?", under the bell and by mail as they chose, with a link
//! that opens the outcome questions for that vendor. Every minute, like the mail sender. Once per
//! demo: the claim (`storage::demos::follow_up`) is written in the transaction that writes the
//! notice, so a restart or a second hub node never sends it again. Not for an entry taken off the
//! shortlist or whose outcome is recorded; not when the member left the firm. Only a demo date a
//! member set counts: a Schedule Meeting click sets none (a click is not a booking), so opening a
//! scheduler never leads to "How did your demo go?".

use std::time::Duration;

use crate::notifications::{Delivery, Notice, NoticeKind};
use crate::platform::blocking::Blocking;
use crate::platform::error::Result;

use super::ShortlistState;
use super::storage::demos;

/// How often the task looks for demos to follow up.
const EVERY: Duration = Duration::from_secs(60);
/// How many days after the day after a follow-up may still go out (a server that was down).
const LATE_DAYS: i64 = 7;

/// The follow-up's words and link for `vendor` to `user`.
fn delivery(
    user: &crate::platform::caller::User,
    vendor: &str,
    vendor_id: u64,
    day: &str,
    base: Option<&str>,
    now: i64,
) -> Delivery {
    let title = format!("How did your demo with {vendor} go?");
    let body = format!(
        "Your demo with {vendor} was booked for {day}. Say whether it happened and what your firm decided: it keeps your shortlist current."
    );
    let link = format!("/shortlist?outcome={vendor_id}");
    Delivery {
        letter: crate::mail::letters::notice(
            NoticeKind::DemoFollowUp.message_kind(),
            user.firm.id.get(),
            &user.email,
            &user.name,
            &title,
            &body,
            Some((
                "Record the outcome",
                &format!("{}{link}", base.unwrap_or_default()),
            )),
        ),
        notice: Notice {
            kind: NoticeKind::DemoFollowUp,
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

/// Writes the follow-ups due at `now` (the task passes `crate::platform::clock::now_secs()`; tests pass a
/// later day). Answers how many were written.
pub fn run_once(app: &ShortlistState, base: Option<&str>, now: i64) -> Result<usize> {
    let today = now.div_euclid(86_400);
    let due = demos::due(&app.store, today - 1 - LATE_DAYS, today - 1)?;
    let catalog = app.catalog.load();
    let mut written = 0;
    for ((firm_id, vendor_id), date) in due {
        let Some(vendor) = catalog.vendor(vendor_id) else {
            continue;
        };
        let Some(user) = crate::accounts::storage::find_user(&app.store, date.set_by)? else {
            continue;
        };
        if user.firm.id.get() != firm_id {
            continue;
        }
        let d = delivery(&user, &vendor.name, vendor_id, &date.text(), base, now);
        let wrote = demos::follow_up(&app.store, (firm_id, vendor_id), date, now, |entry| {
            entry.filter(|e| e.outcome.demo_held.is_none()).map(|_| d)
        })?;
        if wrote {
            tracing::info!(target: "notifications", firm_id, vendor_id, user_id = user.id, "demo follow-up written");
            written += 1;
        }
    }
    Ok(written)
}

/// Runs the follow-ups for the life of the server, the first pass at once.
pub fn spawn(state: ShortlistState, base: Option<String>) {
    crate::platform::periodic::every(Duration::ZERO, EVERY, "demo follow-ups", move || {
        let (state, base) = (state.clone(), base.clone());
        async move {
            let now = crate::platform::clock::now_secs();
            state
                .blocking(move |app| run_once(app, base.as_deref(), now))
                .await
                .map(drop)
        }
    });
}
