//! "What firms pay": the annual cost per seat of a vendor's contracts, from the verified firms
//! that agreed to share it (`accounts::price_sharing`), published so that no comparison of
//! answers singles out one firm's price (issues 44 and 76).
//!
//! The threat: two colluding verified firms that set their own prices at will, month after month,
//! plus any number of observers (a sign-up is free). The rule, in full:
//! - **No point price and no extreme.** A group of firms shows at most three figures: the lower
//!   quartile, the median and the upper quartile, each only as the fixed band it falls in
//!   ([`BAND_EDGES`]: $10, $20, $50, $100, $200, $500, ... a seat a year, the 1-2-5 steps of a
//!   logarithmic ladder, "under $10" below and "$50,000 or more" on top). The figures are order
//!   statistics by nearest rank (the value at rank ⌈n/4⌉, ⌈n/2⌉, ⌈3n/4⌉ of n), never a mean of
//!   two, so the band of a figure is the band of one firm's price, and since banding keeps order,
//!   it is the same figure of the firms' bands.
//! - **7 below and 7 above** ([`MIN_BEYOND`]): a quantile's band is shown only when at least 7 of
//!   the group's firms are in lower bands and at least 7 in higher bands; otherwise it is null
//!   ("not shown", [`BEYOND_RULE`]). Two colluding firms can move the ranks, but a band shown
//!   always has 5 other firms strictly below and 5 strictly above it, so no band held only by the
//!   5 lowest or the 5 highest other firms is ever shown, whatever the two do; and no minimum or
//!   maximum is ever shown. The count is in bands, not prices, so every answer is a function of
//!   the multiset of the firms' *bands*: moving one firm's price within its band changes nothing.
//! - **From 5 firms up** (`peers::shown`): below that, 0 included, it reads "fewer than 5 firms
//!   shared" with no figure, so no firm can be told apart from none. By firm size the figures are
//!   grouped as the profile's booking breakdown is (`suppress::groups`): a size under 5 firms
//!   joins its neighbours, and firms of unknown size are left out. Both rules hold for the overall
//!   line and for every size group.
//! - **Once a month** (`price_snapshot`): the figures are drawn once per calendar month (UTC) by
//!   the clock into one stored snapshot every request of every hub node reads, the same for every
//!   viewer, so a firm that joins, is verified, shares or edits a contract changes nothing until
//!   the next month's snapshot, and two colluding firms get one try a month.
//! - **A withdrawal hides at once**: a vendor whose figures counted a firm that no longer shares
//!   reads "not shown until the next monthly update" until the next snapshot, which leaves the
//!   firm out. Its figure is never recomputed without it in the same month.

use serde::{Deserialize, Serialize};

use super::model::{PriceBand, PriceFigure, PriceGroup, SizeRef, WhatFirmsPay};
use super::suppress;
use crate::peers::ShownCount;
use crate::peers::shown::is_hidden;
use crate::platform::firm_size::FirmSize;

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

/// The band ladder, in whole dollars a seat a year: band 0 is under the first edge, band `i` is
/// from edge `i - 1` up to (not including) edge `i`, and the last band is the last edge or more.
pub const BAND_EDGES: [u64; 12] = [
    10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000,
];

/// The band of a cost per seat in cents (the index into the ladder).
pub fn band_of(cents: u64) -> u8 {
    BAND_EDGES.iter().filter(|e| **e * 100 <= cents).count() as u8
}

/// "$1,000" from whole dollars.
fn money(dollars: u64) -> String {
    let digits = dollars.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    format!("${out}")
}

/// Band `index` as it is shown.
pub fn band(index: u8) -> PriceBand {
    let i = usize::from(index).min(BAND_EDGES.len());
    let from = if i == 0 { 0 } else { BAND_EDGES[i - 1] };
    let to = BAND_EDGES.get(i).copied();
    let text = match (i, to) {
        (0, Some(to)) => format!("under {}", money(to)),
        (_, Some(to)) => format!("{} – {}", money(from), money(to)),
        (_, None) => format!("{} or more", money(from)),
    };
    PriceBand { from, to, text }
}

/// The 1-based nearest rank of the `num/den` quantile of `n` values: ⌈n·num/den⌉, at least 1.
pub fn rank(n: usize, num: usize, den: usize) -> usize {
    (n * num).div_ceil(den).max(1)
}

/// The fewest firms of a group that must lie in lower bands, and in higher bands, for a
/// quantile's band to be shown.
pub const MIN_BEYOND: usize = 7;

/// One group's figures as drawn: how many firms, and the bands of the lower quartile, the median
/// and the upper quartile, each `None` unless 5 firms or more shared and [`MIN_BEYOND`] firms lie
/// in lower bands and as many in higher ones. Stored in the month's snapshot as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drawn {
    pub firms: u32,
    pub bands: [Option<u8>; 3],
}

/// Draws the figures of these firms' costs per seat (cents). Everything after the banding reads
/// bands only, so a price moved within its band changes nothing.
pub fn drawn(cents_per_seat: &[u64]) -> Drawn {
    let n = cents_per_seat.len();
    if is_hidden(n as u32) {
        return Drawn {
            firms: n as u32,
            bands: [None; 3],
        };
    }
    let mut bands: Vec<u8> = cents_per_seat.iter().map(|c| band_of(*c)).collect();
    bands.sort_unstable();
    let at = |num, den| {
        let band = bands[rank(n, num, den) - 1];
        let below = bands.partition_point(|b| *b < band);
        let above = n - bands.partition_point(|b| *b <= band);
        (below >= MIN_BEYOND && above >= MIN_BEYOND).then_some(band)
    };
    Drawn {
        firms: n as u32,
        bands: [at(1, 4), at(1, 2), at(3, 4)],
    }
}

/// A vendor's figures as drawn: the overall line and the groups by size (first and last size
/// index), smallest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawnPay {
    pub overall: Drawn,
    pub groups: Vec<(u8, u8, Drawn)>,
}

/// The overall line and the groups by size of what `shared` firms pay.
pub fn draw(shared: &[Shared]) -> DrawnPay {
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
    let groups = suppress::groups(&cells)
        .into_iter()
        .map(|g| {
            (
                g.first as u8,
                g.last as u8,
                drawn(&of_sizes(g.first, g.last)),
            )
        })
        .collect();
    let all: Vec<u64> = shared.iter().map(|s| s.cents_per_seat).collect();
    DrawnPay {
        overall: drawn(&all),
        groups,
    }
}

/// What a hidden figure says after "fewer than 5" / "not shown".
const FIRMS_SHARED: &str = "firms shared";
/// The figure of a vendor whose figures counted a firm that has since stopped sharing.
pub const WITHHELD: &str = "not shown until the next monthly update";
/// Why a band is null beside a count that is shown.
pub const BEYOND_RULE: &str =
    "a band is shown only where at least 7 of these firms pay in lower bands and 7 in higher ones";

/// A group's figure as the API shows it.
pub fn figure(drawn: &Drawn) -> PriceFigure {
    let firms = ShownCount::of(drawn.firms);
    let shown = |i: usize| drawn.bands[i].filter(|_| !firms.is_hidden()).map(band);
    let (lower_quartile, median, upper_quartile) = (shown(0), shown(1), shown(2));
    let some_hidden = [&lower_quartile, &median, &upper_quartile]
        .iter()
        .any(|b| b.is_none());
    PriceFigure {
        text: format!("{} {FIRMS_SHARED}", firms.text),
        bands_text: (!firms.is_hidden() && some_hidden).then(|| BEYOND_RULE.to_string()),
        firms,
        lower_quartile,
        median,
        upper_quartile,
    }
}

/// The figure of a withheld vendor: no count, no band.
fn withheld_figure() -> PriceFigure {
    PriceFigure {
        firms: ShownCount {
            value: None,
            text: "not shown".to_string(),
        },
        lower_quartile: None,
        median: None,
        upper_quartile: None,
        text: WITHHELD.to_string(),
        bands_text: None,
    }
}

/// One group of every size with `figure`.
fn every_size(figure: PriceFigure) -> Vec<PriceGroup> {
    vec![PriceGroup {
        sizes: FirmSize::ALL.iter().map(|s| SizeRef::from(*s)).collect(),
        figure,
    }]
}

/// How the month's snapshot stands for one vendor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing<'a> {
    /// Drawn from 5 firms or more, all still sharing.
    Drawn(&'a DrawnPay),
    /// Fewer than 5 firms shared (0 included): nothing was stored for the vendor.
    TooFew,
    /// A firm it counted has stopped sharing since: hidden until the next snapshot.
    Withheld,
}

/// The answer for one vendor from the snapshot of `as_of` (YYYY-MM).
pub fn publish(standing: Standing<'_>, as_of: &str) -> WhatFirmsPay {
    let (overall, by_size, withheld) = match standing {
        Standing::Drawn(pay) => (
            figure(&pay.overall),
            pay.groups
                .iter()
                .map(|(first, last, d)| PriceGroup {
                    sizes: FirmSize::ALL[usize::from(*first)..=usize::from(*last)]
                        .iter()
                        .map(|s| SizeRef::from(*s))
                        .collect(),
                    figure: figure(d),
                })
                .collect(),
            false,
        ),
        Standing::TooFew => {
            let none = figure(&drawn(&[]));
            (none.clone(), every_size(none), false)
        }
        Standing::Withheld => (withheld_figure(), every_size(withheld_figure()), true),
    };
    WhatFirmsPay {
        as_of: as_of.to_string(),
        withheld,
        overall,
        by_size,
    }
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
    fn per_seat_rounds_half_up() {
        assert_eq!(per_seat(1_200_000, 8), 150_000);
        assert_eq!(per_seat(100, 3), 33);
        assert_eq!(per_seat(200, 3), 67, "half up");
        assert_eq!(per_seat(0, 5), 0, "a free tool costs nothing per seat");
    }

    #[test]
    fn the_ladder_has_fixed_1_2_5_bands_with_an_open_top() {
        assert_eq!(band_of(0), 0);
        assert_eq!(band_of(999), 0, "$9.99 is under $10");
        assert_eq!(band_of(1_000), 1, "a band includes its lower end");
        assert_eq!(band_of(9_999), 3);
        assert_eq!(band_of(10_000), 4);
        assert_eq!(band_of(u64::MAX), 12);
        assert_eq!(band(0).text, "under $10");
        assert_eq!(
            band(3),
            PriceBand {
                from: 50,
                to: Some(100),
                text: "$50 – $100".into()
            }
        );
        assert_eq!(band(7).text, "$1,000 – $2,000");
        assert_eq!(
            band(12),
            PriceBand {
                from: 50_000,
                to: None,
                text: "$50,000 or more".into()
            }
        );
        // Every price falls in the band its index names.
        for dollars in [
            0, 9, 10, 19, 20, 99, 100, 150, 999, 1_000, 49_999, 50_000, 80_000,
        ] {
            let b = band(band_of(dollars * 100));
            assert!(
                b.from <= dollars && b.to.is_none_or(|to| dollars < to),
                "{dollars}"
            );
        }
    }

    /// Cents a seat in the middle of band `band`.
    fn in_band(band: u8) -> u64 {
        let b = super::band(band);
        (b.from + b.to.unwrap_or(b.from * 2)) / 2 * 100
    }

    /// `count` firms in each band of `runs`, as costs per seat.
    fn runs(runs: &[(u8, usize)]) -> Vec<u64> {
        runs.iter()
            .flat_map(|(band, count)| vec![in_band(*band); *count])
            .collect()
    }

    #[test]
    fn the_figures_are_ranks_never_the_lowest_or_highest_and_none_under_five() {
        assert_eq!(
            drawn(&[]),
            Drawn {
                firms: 0,
                bands: [None; 3]
            }
        );
        for n in 1..5 {
            assert_eq!(drawn(&vec![10_000; n]).bands, [None; 3], "{n}");
            assert_eq!(figure(&drawn(&vec![10_000; n])), figure(&drawn(&[])), "{n}");
        }
        assert_eq!(figure(&drawn(&[])).text, "fewer than 5 firms shared");
        assert_eq!(figure(&drawn(&[])).bands_text, None, "the text says why");
        for n in 5..40 {
            let (q1, med, q3) = (rank(n, 1, 4), rank(n, 1, 2), rank(n, 3, 4));
            assert!(
                1 < q1 && q1 <= med && med <= q3 && q3 < n,
                "{n}: {q1} {med} {q3}"
            );
        }
        // 31 firms: 7 | 1 | 7 | 1 | 7 | 1 | 7 by band. The ranks 8, 16 and 24 each have 7 firms
        // or more in lower bands and in higher ones: all three are shown, as bands.
        let all = figure(&drawn(&runs(&[
            (1, 7),
            (3, 1),
            (4, 7),
            (5, 1),
            (6, 7),
            (7, 1),
            (9, 7),
        ])));
        assert_eq!(all.text, "31 firms shared");
        assert_eq!(all.firms.value, Some(31));
        let texts = [&all.lower_quartile, &all.median, &all.upper_quartile]
            .map(|b| b.as_ref().unwrap().text.clone());
        assert_eq!(texts, ["$50 – $100", "$200 – $500", "$1,000 – $2,000"]);
        assert_eq!(all.bands_text, None);
    }

    #[test]
    fn a_band_shows_only_with_seven_firms_in_lower_bands_and_seven_in_higher_ones() {
        // 15 firms, 7 | 1 | 7: the median has 7 below and 7 above; each quartile is in a band
        // at an end of the group, with none beyond it, and is not shown.
        let fifteen = drawn(&runs(&[(1, 7), (5, 1), (9, 7)]));
        assert_eq!(fifteen.bands, [None, Some(5), None]);
        let shown = figure(&fifteen);
        assert_eq!(shown.median.unwrap().text, "$200 – $500");
        assert_eq!(shown.bands_text.as_deref(), Some(BEYOND_RULE));
        assert_eq!(
            shown.text, "15 firms shared",
            "the count is shown as it was"
        );
        // One firm fewer on either side: 6 below (or above) is not enough.
        assert_eq!(drawn(&runs(&[(1, 6), (5, 1), (9, 7)])).bands, [None; 3]);
        assert_eq!(drawn(&runs(&[(1, 7), (5, 1), (9, 6)])).bands, [None; 3]);
        // The firms are counted by band, not by price: 6 in a lower band and 3 of the median's
        // own band priced under its firm are not 7 below. 7 in lower bands are.
        let mut by_band = runs(&[(1, 6), (9, 7)]);
        by_band.extend([20_000, 20_100, 20_200, 20_300, 49_900, 49_900, 49_900]);
        assert_eq!(drawn(&by_band).bands, [None; 3]);
        by_band.push(in_band(1));
        let d = drawn(&by_band);
        assert_eq!(d.bands, [None, Some(5), None]);
        by_band[13] = 49_800;
        assert_eq!(drawn(&by_band), d, "a price moved within its band");
        // Many firms in one band: none is ever shown, whatever the count.
        assert_eq!(drawn(&vec![in_band(4); 60]).bands, [None; 3]);
        let sixty = figure(&drawn(&vec![in_band(4); 60]));
        assert_eq!((sixty.median, sixty.firms.value), (None, Some(60)));
        // 5 to 14 firms never show a band: 7 + 1 + 7 is the least a median needs.
        for n in 5..15 {
            let spread: Vec<u64> = (0..n).map(|i| in_band((i % 13) as u8)).collect();
            assert_eq!(drawn(&spread).bands, [None; 3], "{n}");
        }
    }

    /// The rule before issue 76: the band at each rank, from 5 firms up, with no 7 and 7.
    fn ranks_only(cents: &[u64]) -> [u8; 3] {
        let mut sorted = cents.to_vec();
        sorted.sort_unstable();
        let at = |num, den| band_of(sorted[rank(cents.len(), num, den) - 1]);
        [at(1, 4), at(1, 2), at(3, 4)]
    }

    /// Issue 76, finding 3, exactly: four firms pay $15, $60, $300 and $3,000, and firm X shares
    /// at $1 one month and at $90,000 the next. Ranks alone showed X every other firm's band,
    /// lowest and highest included; now nothing is shown, either month.
    #[test]
    fn the_issues_two_months_of_one_attacker_show_nothing() {
        let others = [1_500, 6_000, 30_000, 300_000];
        let month = |x: u64| [&others[..], &[x]].concat();
        let (low, high) = (month(100), month(9_000_000));
        let mut old: Vec<u8> = [ranks_only(&low), ranks_only(&high)].concat();
        old.sort_unstable();
        old.dedup();
        let every_other: Vec<u8> = others.iter().map(|c| band_of(*c)).collect();
        assert_eq!(old, every_other, "the rank rule gave every band away");
        for cents in [low, high] {
            let f = figure(&drawn(&cents));
            assert_eq!(f.firms.value, Some(5));
            assert_eq!(
                (f.lower_quartile, f.median, f.upper_quartile),
                (None, None, None)
            );
            assert_eq!(f.bands_text.as_deref(), Some(BEYOND_RULE));
            let groups = draw(
                &cents
                    .iter()
                    .map(|c| at_cents(FirmSize::E6To20, *c))
                    .collect::<Vec<_>>(),
            );
            assert!(groups.groups.iter().all(|(_, _, d)| d.bands == [None; 3]));
        }
    }

    fn at_cents(size: FirmSize, cents_per_seat: u64) -> Shared {
        Shared {
            size,
            cents_per_seat,
        }
    }

    #[test]
    fn sizes_under_five_are_shown_with_their_neighbours() {
        // Nothing shared, and 1 to 4 firms: one hidden group over every size, the same shape.
        for shared in [vec![], vec![at(FirmSize::Solo, 100)]] {
            let pay = draw(&shared);
            assert_eq!(pay.overall.bands, [None; 3]);
            assert_eq!(
                publish(Standing::TooFew, "2027-01"),
                publish(Standing::Drawn(&pay), "2027-01")
            );
        }
        let too_few = publish(Standing::TooFew, "2027-01");
        assert_eq!(too_few.by_size.len(), 1);
        assert_eq!(too_few.by_size[0].sizes.len(), FirmSize::ALL.len());
        assert_eq!(too_few.overall.text, "fewer than 5 firms shared");
        assert!(!too_few.withheld);
        // Fifteen 6-20 firms (7 | 1 | 7 by band), five 51-200 firms and one 200+ firm: the
        // sizes with none join their neighbours, the lone 200+ firm the group before it, and the
        // rule of 7 and 7 holds in each group and overall.
        let mut shared: Vec<Shared> = runs(&[(1, 7), (5, 1), (9, 7)])
            .into_iter()
            .map(|c| at_cents(FirmSize::E6To20, c))
            .collect();
        shared.extend((0..5).map(|_| at(FirmSize::E51To200, 1_000)));
        shared.push(at(FirmSize::E200Plus, 2_000));
        assert_eq!(draw(&shared).overall.bands, [None, Some(7), None]);
        let pay = publish(Standing::Drawn(&draw(&shared)), "2027-01");
        let sizes = |g: &PriceGroup| g.sizes.iter().map(|s| s.code).collect::<Vec<_>>();
        let groups: Vec<_> = pay.by_size.iter().map(sizes).collect();
        assert_eq!(
            groups,
            vec![
                vec![FirmSize::Solo, FirmSize::E2To5, FirmSize::E6To20],
                vec![FirmSize::E21To50, FirmSize::E51To200, FirmSize::E200Plus],
            ]
        );
        let first = &pay.by_size[0].figure;
        assert_eq!(first.firms.value, Some(15));
        assert_eq!(first.median.as_ref().unwrap().text, "$200 – $500");
        assert_eq!(first.lower_quartile, None);
        let last = &pay.by_size[1].figure;
        assert_eq!(last.firms.value, Some(6));
        assert_eq!(
            (&last.lower_quartile, &last.median, &last.upper_quartile),
            (&None, &None, &None)
        );
        assert_eq!(last.bands_text.as_deref(), Some(BEYOND_RULE));
        assert_eq!(pay.overall.firms.value, Some(21));
        assert_eq!(pay.overall.median.as_ref().unwrap().text, "$1,000 – $2,000");
        assert_eq!(pay.as_of, "2027-01");
    }

    #[test]
    fn a_withheld_vendor_shows_no_count_and_no_band() {
        let pay = publish(Standing::Withheld, "2027-01");
        assert!(pay.withheld);
        assert_eq!(pay.overall.text, WITHHELD);
        assert_eq!(pay.overall.firms.value, None);
        assert_eq!(pay.overall.firms.text, "not shown");
        assert_eq!(pay.by_size.len(), 1);
        assert_eq!(pay.by_size[0].figure, pay.overall);
        assert_eq!(pay.overall.median, None);
    }
}
