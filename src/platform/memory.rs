//! Memory the allocator holds free, given back to the system. glibc's malloc hands freed pages back
//! only from the top of a heap, so the pages of an index replaced by an import stay resident
//! beneath the new one's: at 10M bookings, 77-139 MB after a day's import (benches/README.md).
//! `malloc_trim(0)` walks every arena and returns each free page, live allocations untouched.

/// Gives the pages the allocator holds free back to the system, and says whether there were any.
/// It holds each arena's lock while it walks it (4-19 ms after an import into 10M bookings): call
/// it off any request's path, once a large structure was dropped.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[expect(
    unsafe_code,
    reason = "an FFI call to glibc: malloc_trim takes no pointer, and the allocator serializes it \
              with every other malloc and free"
)]
pub fn give_back_free() -> bool {
    // SAFETY: malloc_trim(0) reads and writes only the allocator's own state, under its locks.
    unsafe { libc::malloc_trim(0) == 1 }
}

/// Elsewhere (musl, macOS) there is no such call; those allocators return memory on their own.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn give_back_free() -> bool {
    false
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    use super::*;

    /// Set in the process the test starts for its measurement.
    const CHILD: &str = "LITSTACK_MEMORY_TEST_CHILD";

    fn resident_anonymous_mb() -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("RssAnon:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .map_or(0, |kb| kb / 1024)
    }

    #[test]
    fn memory_freed_between_live_allocations_goes_back_to_the_system() {
        if std::env::var_os(CHILD).is_none() {
            // Measured in a process of its own: the other tests' allocations would move the
            // resident size of this one.
            let out = std::process::Command::new(std::env::current_exe().unwrap_or_default())
                .args([
                    "--exact",
                    "platform::memory::tests::memory_freed_between_live_allocations_goes_back_to_the_system",
                    "--nocapture",
                    "--test-threads=1",
                ])
                .env(CHILD, "1")
                .output()
                .unwrap_or_else(|e| panic!("the measuring process did not start: {e}"));
            let said = String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{said}");
            assert!(said.contains("1 passed"), "{said}");
            return;
        }
        // 256 MB in pieces below the size glibc would map on their own, each written so that it
        // is resident, with a small piece after each that stays: the holes the freed pieces
        // leave lie between live allocations, where free() alone gives nothing back.
        let mut holes = Vec::with_capacity(4096);
        let mut kept = Vec::with_capacity(4096);
        for _ in 0..4096 {
            holes.push(vec![1u8; 64 * 1024]);
            kept.push(vec![2u8; 64]);
        }
        let full = resident_anonymous_mb();
        drop(holes);
        let freed = resident_anonymous_mb();
        assert!(give_back_free(), "nothing was given back");
        let trimmed = resident_anonymous_mb();
        assert!(kept.iter().all(|k| k[0] == 2));
        assert!(
            freed.saturating_sub(trimmed) >= 192,
            "resident {full} MB full, {freed} MB after the free, {trimmed} MB after the trim"
        );
    }
}
