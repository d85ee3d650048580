//! The profile's breakdowns (bookings by month, by firm size) under the one privacy rule,
//! `peers::shown`: a count under 5, 0 included, is never written, only "fewer than 5".
//! `groups` applies it so that no subtraction can reveal a hidden count: a cell under 5 (0 as
//! much as 1 to 4) is shown only together with its neighbours, as one group of at least 5.
//! Every number a breakdown publishes is then exact and at least 5, and the total is their sum,
//! so a total minus the shown parts is always a published group, never a hidden cell.
//! Two breakdowns of the same bookings (months and sizes) can both be published: neither hides
//! anything the other's total could uncover.

use crate::peers::shown::{ShownCount, is_hidden};

/// Neighbouring cells of a breakdown shown as one count: `first..=last` are cell positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub first: usize,
    pub last: usize,
    pub count: ShownCount,
}

/// Splits a breakdown's cells (in their natural order: months in time, sizes small to large) into
/// runs of neighbours whose counts can all be shown. A cell from 5 up stands alone; a cell of 0 to
/// 4 is joined with the cells after it (or, at the end, the group before it) until the run holds
/// at least 5. When the whole breakdown holds fewer than 5 (none at all included) it is one
/// hidden group.
pub fn groups(cells: &[u32]) -> Vec<Group> {
    let total: u32 = cells.iter().sum();
    if cells.is_empty() {
        return Vec::new();
    }
    if is_hidden(total) {
        return vec![Group {
            first: 0,
            last: cells.len() - 1,
            count: ShownCount::of(total),
        }];
    }
    let mut out: Vec<(usize, usize, u32)> = Vec::new();
    let mut i = 0;
    while i < cells.len() {
        let mut first = i;
        let mut sum = cells[i];
        i += 1;
        while i < cells.len() && is_hidden(sum) {
            sum += cells[i];
            i += 1;
        }
        // The tail ran out: join the groups before until it holds 5 (it will: total >= 5).
        while is_hidden(sum) {
            let (prev_first, _, prev_sum) = out.pop().expect("a group before a short tail");
            first = prev_first;
            sum += prev_sum;
        }
        out.push((first, i - 1, sum));
    }
    out.into_iter()
        .map(|(first, last, sum)| Group {
            first,
            last,
            count: ShownCount::of(sum),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::peers::MIN_FIRMS;

    fn spans(cells: &[u32]) -> Vec<(usize, usize, Option<u32>)> {
        groups(cells)
            .into_iter()
            .map(|g| (g.first, g.last, g.count.value))
            .collect()
    }

    #[test]
    fn a_small_cell_joins_the_cells_after_it_until_the_group_holds_five() {
        assert_eq!(
            spans(&[7, 2, 0, 4, 9]),
            [(0, 0, Some(7)), (1, 3, Some(6)), (4, 4, Some(9))]
        );
        assert_eq!(spans(&[5, 3, 3]), [(0, 0, Some(5)), (1, 2, Some(6))]);
    }

    #[test]
    fn a_cell_of_zero_is_joined_like_one_to_four() {
        // A month without bookings never stands alone as "0": it is part of a group of 5 or more.
        assert_eq!(spans(&[0, 0, 12]), [(0, 2, Some(12))]);
        assert_eq!(spans(&[6, 0, 9, 0]), [(0, 0, Some(6)), (1, 3, Some(9))]);
        assert_eq!(spans(&[8, 0]), [(0, 1, Some(8))]);
    }

    #[test]
    fn a_small_tail_joins_the_group_before_it() {
        assert_eq!(spans(&[6, 2]), [(0, 1, Some(8))]);
        assert_eq!(spans(&[3, 3, 1]), [(0, 2, Some(7))]);
        assert_eq!(spans(&[5, 0, 1, 1]), [(0, 3, Some(7))]);
    }

    #[test]
    fn fewer_than_five_in_all_is_one_hidden_group_and_none_at_all_too() {
        assert_eq!(spans(&[1, 0, 2]), [(0, 2, None)]);
        assert_eq!(spans(&[0, 0]), [(0, 1, None)]);
        let none = groups(&[0; 24]);
        assert_eq!(none.len(), 1);
        assert_eq!(none[0].count, ShownCount::of(3), "none reads as 1 to 4 do");
        assert!(groups(&[]).is_empty());
    }

    /// Exhaustive over small breakdowns: the groups cover every cell once and in order, each shown
    /// number is at least 5, no group of one cell holds 0 to 4, and the shown numbers add up to the
    /// total whenever all are shown, so the total minus any shown parts is again a sum of whole
    /// groups and never a hidden cell.
    #[test]
    fn no_total_minus_parts_reveals_a_small_cell() {
        let values = [0u32, 1, 2, 4, 5, 9];
        for len in 1..=5u32 {
            for code in 0..values.len().pow(len) {
                let mut c = code;
                let cells: Vec<u32> = (0..len)
                    .map(|_| {
                        let v = values[c % values.len()];
                        c /= values.len();
                        v
                    })
                    .collect();
                let gs = groups(&cells);
                let mut next = 0;
                for g in &gs {
                    assert_eq!(g.first, next, "{cells:?}");
                    assert!(g.last >= g.first);
                    next = g.last + 1;
                    let sum: u32 = cells[g.first..=g.last].iter().sum();
                    match g.count.value {
                        Some(v) => {
                            assert_eq!(v, sum, "{cells:?}");
                            assert!(v >= MIN_FIRMS, "{cells:?}");
                        }
                        None => assert!(gs.len() == 1 && is_hidden(sum), "{cells:?}"),
                    }
                    if g.first == g.last && g.count.value.is_some() {
                        assert!(!is_hidden(cells[g.first]), "{cells:?}");
                    }
                }
                assert_eq!(next, cells.len());
                let total: u32 = cells.iter().sum();
                if gs.iter().all(|g| g.count.value.is_some()) {
                    assert_eq!(gs.iter().filter_map(|g| g.count.value).sum::<u32>(), total);
                }
            }
        }
    }
}
