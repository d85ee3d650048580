//! "What firms pay": the annual cost per seat of a vendor's contracts, from the verified firms
//! that agreed to share it (`accounts::price_sharing`), under the one privacy rule
//! (`peers::shown`): a figure is drawn only from `MIN_FIRMS` firms or more, and below that, 0
//! included, it reads "fewer than 5 firms shared" with no number, so no firm can be told apart
//! from none.
//!
//! By firm size the figures are grouped as the profile's booking breakdown is
//! (`suppress::groups`): a size with fewer than 5 sharing firms is shown together with its
//! neighbours, as one group of at least 5. So every published group holds 5 firms or more, the
//! overall line is drawn from exactly the firms of the published groups, and neither a count nor
//! a range can be worked back to a hidden size. Firms whose size is unknown are left out: the
//! overall line minus the groups would single them out.
//!
//! Read from the store on every request (the consents, then each sharing firm's contract): a
//! withdrawal or a new contract shows at once, on every hub node, with no cache to invalidate.

use super::model::{PriceFigure, PriceGroup, SizeRef, WhatFirmsPay};
use super::suppress;
use crate::catalog::Catalog;
use crate::error::Result;
use crate::firm_size::FirmSize;
use crate::peers::ShownCount;
use crate::peers::shown::is_hidden;
use crate::store::Store;

/// What one sharing firm pays: its size and its contract's annual cost per seat, in cents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shared {
    pub size: FirmSize,
    pub cents_per_seat: u64,
}

/// A contract's annual cost per seat in cents, rounded half up.
pub fn per_seat(annual_cost_cents: u64, seats: u32) -> u64 {
    let seats = u64::from(seats.max(1));
    (annual_cost_cents + seats / 2) / seats
}

/// Cents as whole dollars, rounded half up.
fn dollars(cents: u64) -> u64 {
    (cents + 50) / 100
}

/// The median of sorted values (with an even count, the mean of the two middle values, rounded
/// half up); `None` for no values.
pub fn median(sorted: &[u64]) -> Option<u64> {
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[n / 2]),
        _ => Some((sorted[n / 2 - 1] + sorted[n / 2]).div_ceil(2)),
    }
}

/// The figure of these firms' costs per seat (cents): median and range in whole dollars from
/// `MIN_FIRMS` firms up; below that (0 included) no number at all, only "fewer than 5".
pub fn figure(cents_per_seat: &[u64]) -> PriceFigure {
    let n = cents_per_seat.len() as u32;
    let firms = ShownCount::of(n);
    if is_hidden(n) {
        return PriceFigure {
            text: format!("{} firms shared", firms.text),
            firms,
            median: None,
            min: None,
            max: None,
        };
    }
    let mut sorted = cents_per_seat.to_vec();
    sorted.sort_unstable();
    PriceFigure {
        text: format!("{} firms shared", firms.text),
        firms,
        median: median(&sorted).map(dollars),
        min: sorted.first().copied().map(dollars),
        max: sorted.last().copied().map(dollars),
    }
}

/// The overall line and the groups by size (smallest first) of what `shared` firms pay.
pub fn what_firms_pay(shared: &[Shared]) -> WhatFirmsPay {
    let mut cells = vec![0u32; FirmSize::ALL.len()];
    for s in shared {
        cells[s.size.index()] += 1;
    }
    let of_sizes = |first: usize, last: usize| -> Vec<u64> {
        shared
            .iter()
            .filter(|s| (first..=last).contains(&s.size.index()))
            .map(|s| s.cents_per_seat)
            .collect()
    };
    let by_size = suppress::groups(&cells)
        .into_iter()
        .map(|g| PriceGroup {
            sizes: FirmSize::ALL[g.first..=g.last]
                .iter()
                .map(|s| SizeRef::from(*s))
                .collect(),
            figure: figure(&of_sizes(g.first, g.last)),
        })
        .collect();
    let all: Vec<u64> = shared.iter().map(|s| s.cents_per_seat).collect();
    WhatFirmsPay {
        overall: figure(&all),
        by_size,
    }
}

/// What the verified, sharing firms with a contract for `vendor_id` (a tool still in their tech
/// stack) pay per seat, each firm once.
pub fn shared_prices(store: &Store, catalog: &Catalog, vendor_id: u64) -> Result<Vec<Shared>> {
    let mut shared = Vec::new();
    for firm_id in crate::accounts::price_sharing::sharing_firms(store)? {
        let Some(firm) = crate::accounts::find_firm(store, firm_id.get())?.filter(|f| f.verified)
        else {
            continue;
        };
        let Some(size) = firm.size else {
            continue;
        };
        let Some(contract) =
            crate::techstack::storage::contracts::contract(store, firm_id, vendor_id)?
        else {
            continue;
        };
        let listed = crate::techstack::firm_tools(store, catalog, firm_id)?
            .into_iter()
            .any(|t| t.has_tool == Some(true) && t.vendor_ids.contains(&vendor_id));
        if listed {
            shared.push(Shared {
                size,
                cents_per_seat: per_seat(contract.annual_cost, contract.seats),
            });
        }
    }
    Ok(shared)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(size: FirmSize, dollars: u64) -> Shared {
        Shared {
            size,
            cents_per_seat: dollars * 100,
        }
    }

    #[test]
    fn per_seat_and_the_median() {
        assert_eq!(per_seat(1_200_000, 8), 150_000);
        assert_eq!(per_seat(100, 3), 33);
        assert_eq!(per_seat(200, 3), 67, "half up");
        assert_eq!(per_seat(0, 5), 0, "a free tool costs nothing per seat");
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[7]), Some(7));
        assert_eq!(median(&[1, 2, 9]), Some(2));
        assert_eq!(median(&[1, 2, 4, 9]), Some(3));
        assert_eq!(
            median(&[1, 2, 5, 9]),
            Some(4),
            "the mean of 2 and 5, half up"
        );
        assert_eq!(dollars(149), 1);
        assert_eq!(dollars(150), 2);
    }

    #[test]
    fn under_five_firms_no_number_and_zero_reads_as_one_to_four() {
        let none = figure(&[]);
        assert_eq!(none.text, "fewer than 5 firms shared");
        for n in 1..5 {
            let few = figure(&vec![10_000; n]);
            assert_eq!(few.text, none.text, "{n}");
            assert_eq!(few.firms, none.firms, "{n}");
            assert_eq!((few.median, few.min, few.max), (None, None, None), "{n}");
        }
        let five = figure(&[30_000, 10_000, 20_000, 50_000, 40_000]);
        assert_eq!(five.text, "5 firms shared");
        assert_eq!(five.firms.value, Some(5));
        assert_eq!(
            (five.median, five.min, five.max),
            (Some(300), Some(100), Some(500))
        );
    }

    #[test]
    fn sizes_under_five_are_shown_with_their_neighbours() {
        // Nothing shared, and 1 to 4 firms: one hidden group over every size, the same shape.
        for shared in [vec![], vec![at(FirmSize::Solo, 100)]] {
            let pay = what_firms_pay(&shared);
            assert_eq!(pay.by_size.len(), 1);
            assert_eq!(pay.by_size[0].sizes.len(), FirmSize::ALL.len());
            assert_eq!(pay.by_size[0].figure.median, None);
            assert_eq!(pay.overall.text, "fewer than 5 firms shared");
        }
        // Five 6-20 firms: every other size (none) joins them. Then five 51-200 firms and one
        // 200+ firm: the 21-50 size (none) joins the 51-200 ones, the lone 200+ firm the group
        // before it.
        let mut shared: Vec<Shared> = [100, 200, 300, 400, 500]
            .into_iter()
            .map(|d| at(FirmSize::E6To20, d))
            .collect();
        let pay = what_firms_pay(&shared);
        assert_eq!(pay.overall.median, Some(300));
        let sizes = |g: &PriceGroup| g.sizes.iter().map(|s| s.code).collect::<Vec<_>>();
        assert_eq!(pay.by_size.len(), 1);
        assert_eq!(sizes(&pay.by_size[0]), FirmSize::ALL.to_vec());
        assert_eq!(pay.by_size[0].figure.median, Some(300));
        shared.extend((0..5).map(|_| at(FirmSize::E51To200, 1_000)));
        shared.push(at(FirmSize::E200Plus, 2_000));
        let pay = what_firms_pay(&shared);
        let groups: Vec<_> = pay.by_size.iter().map(sizes).collect();
        assert_eq!(
            groups,
            vec![
                vec![FirmSize::Solo, FirmSize::E2To5, FirmSize::E6To20],
                vec![FirmSize::E21To50, FirmSize::E51To200, FirmSize::E200Plus],
            ]
        );
        let last = &pay.by_size[1].figure;
        assert_eq!(
            (last.median, last.min, last.max),
            (Some(1_000), Some(1_000), Some(2_000))
        );
        assert_eq!(last.firms.value, Some(6));
        assert_eq!(pay.overall.firms.value, Some(11));
        assert!(pay.by_size.iter().all(|g| g.figure.firms.value >= Some(5)));
    }
}
