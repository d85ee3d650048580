//! The server's background passes (the outbox, demo follow-ups, renewal reminders, the sign-in
//! limits' sweep, the month's "What firms pay" snapshot) run on one schedule: a pass every so often for the life of the server, a late
//! pass delayed rather than bunched up, and a failed pass logged and tried again at the next tick,
//! never ending the loop.

use std::future::Future;
use std::time::Duration;

use crate::platform::error::Result;

/// Runs `pass` for the life of the server: the first time after `first` (zero: at once; a caller
/// that ran a pass before serving waits a whole `every`), then every `every`. `task` names the
/// pass in the warning a failure logs.
pub fn every<F, Fut>(first: Duration, every: Duration, task: &'static str, mut pass: F)
where
    F: FnMut() -> Fut + Send + 'static,
    Fut: Future<Output = Result<()>> + Send,
{
    tokio::spawn(async move {
        let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + first, every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if let Err(e) = pass().await {
                tracing::warn!(task, "{task}: {e}");
            }
        }
    });
}
