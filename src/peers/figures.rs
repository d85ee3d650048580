//! The figures a request reads from the aggregate, for a viewer's firm size. Each costs what the
//! catalog's size makes it (vendors, categories), never what the number of accounts does. Where a
//! figure leaves the viewer's own firm out, its shape is subtracted from its size's totals.

use std::collections::HashMap;

use super::Tally;
use crate::platform::firm_size::FirmSize;

use super::MIN_FIRMS;
use super::aggregate::{Aggregate, Shape};

/// A read view of the aggregate (see `PeerFigures::read`).
pub struct Figures<'a> {
    aggregate: &'a Aggregate,
}

/// What the coverage map needs about the other firms of one size that answered something.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CoverageCounts {
    /// Firms of the size that answered at least one category.
    pub firms: u32,
    /// Per category, the firms that answered it, and those with a tool in it.
    pub answered: HashMap<u64, u32>,
    pub with_tool: HashMap<u64, u32>,
    /// The median number of stages covered by the firms that answered every stage (with an even
    /// number of firms, the mean of the two middle values rounded up), from `MIN_FIRMS` such
    /// firms up.
    pub usual_stages: Option<u32>,
}

impl<'a> Figures<'a> {
    pub(super) fn new(aggregate: &'a Aggregate) -> Figures<'a> {
        Figures { aggregate }
    }

    /// The user's firm, when it is of `size`: the figures about other firms leave it out.
    fn own(&self, user_id: u64, size: FirmSize) -> Option<Shape> {
        self.aggregate
            .firm_of(user_id)
            .filter(|f| f.size == Some(size))
    }

    /// How many firms of `size` use `vendor_id`, the user's own included (the vendor evidence).
    pub fn firms_using(&self, size: FirmSize, vendor_id: u64) -> u32 {
        self.aggregate.sizes[size.index()]
            .vendor_firms
            .get(&vendor_id)
            .copied()
            .unwrap_or(0)
    }

    /// Firms of `size` using each vendor, the user's own firm left out: the user knows what their
    /// firm uses, so counting it would let "5 firms" reveal that 4 others do.
    pub fn other_firms_using(&self, user_id: u64, size: FirmSize) -> HashMap<u64, u32> {
        let mut counts = self.aggregate.sizes[size.index()].vendor_firms.clone();
        if let Some(own) = self.own(user_id, size) {
            for vendor in &own.vendors {
                if let Some(n) = counts.get_mut(vendor) {
                    *n -= 1;
                }
            }
        }
        counts
    }

    /// The coverage figures of the firms of `size` other than the user's.
    pub fn coverage(&self, user_id: u64, size: FirmSize) -> CoverageCounts {
        let totals = &self.aggregate.sizes[size.index()];
        let mut counts = CoverageCounts {
            firms: totals.answering,
            answered: totals.answered.clone(),
            with_tool: totals.with_tool.clone(),
            usual_stages: None,
        };
        let mut covered = totals.stages_covered.clone();
        if let Some(own) = self
            .own(user_id, size)
            .filter(|own| !own.answered.is_empty())
        {
            counts.firms -= 1;
            for (map, ids) in [
                (&mut counts.answered, &own.answered),
                (&mut counts.with_tool, &own.with_tool),
            ] {
                for id in ids {
                    if let Some(n) = map.get_mut(id) {
                        *n -= 1;
                    }
                }
                map.retain(|_, n| *n > 0);
            }
            if let Some(k) = self.aggregate.stages_covered(&own) {
                covered[k] -= 1;
            }
        }
        counts.usual_stages = median(&covered);
        counts
    }

    /// Per vendor, the firms of `size` other than the user's that had a demo of it and that
    /// chose it; vendors no other firm had a demo of are absent.
    pub fn outcomes(&self, user_id: u64, size: FirmSize) -> HashMap<u64, Tally> {
        let totals = &self.aggregate.sizes[size.index()];
        let own = self.own(user_id, size);
        let has = |list: Option<&Vec<u64>>, id: &u64| {
            u32::from(list.is_some_and(|l| l.binary_search(id).is_ok()))
        };
        totals
            .held
            .iter()
            .filter_map(|(vendor_id, &held)| {
                let held = held - has(own.as_ref().map(|o| &o.held), vendor_id);
                let chose = totals.chose.get(vendor_id).copied().unwrap_or(0)
                    - has(own.as_ref().map(|o| &o.chose), vendor_id);
                (held > 0).then_some((*vendor_id, Tally { held, chose }))
            })
            .collect()
    }
}

/// The median of the values a histogram counts (`histogram[k]` values equal to `k`), from
/// `MIN_FIRMS` values up; with an even count, the mean of the two middle values rounded up.
fn median(histogram: &[u32]) -> Option<u32> {
    let n: u32 = histogram.iter().sum();
    if n < MIN_FIRMS {
        return None;
    }
    let nth = |i: u32| {
        let mut seen = 0;
        for (k, &count) in histogram.iter().enumerate() {
            seen += count;
            if seen > i {
                return k as u32;
            }
        }
        0
    };
    let mid = n / 2;
    Some(if n % 2 == 1 {
        nth(mid)
    } else {
        (nth(mid - 1) + nth(mid)).div_ceil(2)
    })
}

#[cfg(test)]
mod tests {
    use super::median;

    #[test]
    fn the_median_of_a_histogram_is_that_of_its_values() {
        // 1, 3, 4, 6, 9
        assert_eq!(median(&[0, 1, 0, 1, 1, 0, 1, 0, 0, 1]), Some(4));
        // 1, 3, 4, 6, 9, 9: the middle two are 4 and 6.
        assert_eq!(median(&[0, 1, 0, 1, 1, 0, 1, 0, 0, 2]), Some(5));
        assert_eq!(median(&[0, 2, 2]), None, "four values: too few to say");
        assert_eq!(median(&[5]), Some(0));
    }
}
