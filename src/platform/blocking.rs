//! Blocking work (argon2, redb writes, CSV parsing, a PostgreSQL call from synchronous code) runs
//! on tokio's blocking threads, never on the async workers: a handler moves it there with its own
//! domain's state.

use std::future::Future;

use crate::platform::error::Result;

pub trait Blocking: Clone + Send + Sync + 'static {
    /// Runs `f` with a clone of this state on a blocking thread.
    fn blocking<T, F>(&self, f: F) -> impl Future<Output = Result<T>> + Send
    where
        F: FnOnce(&Self) -> Result<T> + Send + 'static,
        T: Send + 'static,
    {
        let state = self.clone();
        async move { tokio::task::spawn_blocking(move || f(&state)).await? }
    }
}

impl<S: Clone + Send + Sync + 'static> Blocking for S {}
