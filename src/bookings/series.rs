//! The series of a trends answer: its days grouped into buckets of the chosen granularity, each
//! marked partial when the period cuts it, and the same buckets split by the top categories.

use serde::Serialize;

use super::periods::Granularity;
use super::query::DayLabel;

/// How many categories get their own stack; the rest are summed as "Other".
pub const STACKED_CATEGORIES: usize = 8;

/// One bucket of the series.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bucket {
    /// The bucket's first day (a Monday for weeks, the 1st for months), even when the period
    /// starts later.
    #[schema(value_type = String)]
    pub start: DayLabel,
    pub count: u32,
    /// The period covers only part of this bucket: its count is of fewer days, not a drop.
    pub partial: bool,
}

/// One category's bookings per bucket (`counts[i]` is for the series' i-th bucket).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Stack<'a> {
    pub name: &'a str,
    /// The category's label ("Other" for the rest): what a screen and a download show.
    pub label: &'a str,
    /// The categories after the top 8, summed ("Other").
    pub other: bool,
    pub counts: Vec<u32>,
}

/// The buckets over the days `[first, last]`: for each, its first day, its first and last day
/// inside `[first, last]`, and whether it is partial.
pub fn bucket_days(g: Granularity, first: i32, last: i32) -> Vec<(i32, i32, i32, bool)> {
    let mut out = Vec::new();
    let mut start = g.bucket_start(first);
    while start <= last {
        let next = g.next_start(start);
        let (from, to) = (start.max(first), (next - 1).min(last));
        out.push((start, from, to, start < first || next - 1 > last));
        start = next;
    }
    out
}

/// The series from the bookings per day of `[first, last]` (`daily[i]` is day `first + i`).
pub fn buckets(g: Granularity, first: i32, last: i32, daily: &[u32]) -> Vec<Bucket> {
    bucket_days(g, first, last)
        .into_iter()
        .map(|(start, from, to, partial)| Bucket {
            start: DayLabel(start),
            count: daily[(from - first) as usize..=(to - first) as usize]
                .iter()
                .sum(),
            partial,
        })
        .collect()
}

/// The stacks of the top categories: `top` are (name, per-bucket counts) of the most booked
/// categories, most first; `totals` the series' bucket counts, from which "Other" is what the top
/// ones leave.
pub fn stacks<'a>(top: Vec<(&'a str, Vec<u32>)>, totals: &[Bucket], more: bool) -> Vec<Stack<'a>> {
    let mut other: Vec<u32> = totals.iter().map(|b| b.count).collect();
    for (_, counts) in &top {
        for (o, &c) in other.iter_mut().zip(counts) {
            *o -= c;
        }
    }
    let mut out: Vec<Stack<'a>> = top
        .into_iter()
        .map(|(name, counts)| Stack {
            name,
            label: crate::catalog::category_label(name),
            other: false,
            counts,
        })
        .collect();
    if more {
        out.push(Stack {
            name: "Other",
            label: "Other",
            other: true,
            counts: other,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bookings::filters::day_number;
    use chrono::NaiveDate;

    fn day(y: i32, m: u32, d: u32) -> i32 {
        day_number(NaiveDate::from_ymd_opt(y, m, d).unwrap())
    }

    #[test]
    fn a_cut_first_or_last_bucket_is_partial() {
        // Wednesday 2025-12-31 to Monday 2026-01-12: three ISO weeks, the first and last cut.
        let (first, last) = (day(2025, 12, 31), day(2026, 1, 12));
        let daily: Vec<u32> = (0..=(last - first) as u32).collect();
        let weeks = buckets(Granularity::Week, first, last, &daily);
        let shape: Vec<(String, u32, bool)> = weeks
            .iter()
            .map(|b| (b.start.to_string(), b.count, b.partial))
            .collect();
        assert_eq!(
            shape,
            [
                ("2025-12-29".to_string(), (0..5).sum(), true),
                ("2026-01-05".to_string(), (5..12).sum(), false),
                ("2026-01-12".to_string(), 12, true),
            ]
        );
        let days = buckets(Granularity::Day, first, last, &daily);
        assert_eq!(days.len(), 13);
        assert!(days.iter().all(|b| !b.partial));
    }

    #[test]
    fn other_is_what_the_top_categories_leave() {
        let totals = buckets(Granularity::Day, 0, 1, &[5, 3]);
        let s = stacks(vec![("Intake", vec![2, 1])], &totals, true);
        assert_eq!(s[1].counts, [3, 2]);
        assert!(s[1].other);
        assert_eq!(
            stacks(vec![("Intake", vec![5, 3])], &totals, false).len(),
            1
        );
    }
}
