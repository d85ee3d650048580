//! US reference data shipped in data/: state codes and names, and cities with their state, metro
//! area (DMA) and population, used to validate imports and to generate realistic bookings.

use std::sync::OnceLock;

const STATES: &str = include_str!("../../data/us-states.csv");
const CITIES: &str = include_str!("../../data/us-cities.csv");

pub struct State {
    pub code: String,
    pub name: String,
}

pub struct City {
    pub name: String,
    pub state: String,
    pub dma: String,
    pub population: u64,
}

pub fn states() -> &'static [State] {
    static S: OnceLock<Vec<State>> = OnceLock::new();
    S.get_or_init(|| {
        let mut reader = csv::Reader::from_reader(STATES.as_bytes());
        reader
            .records()
            .map(|r| {
                let r = r.expect("data/us-states.csv is valid CSV");
                State {
                    code: r[0].trim().to_string(),
                    name: r[1].trim().to_string(),
                }
            })
            .collect()
    })
}

pub fn cities() -> &'static [City] {
    static C: OnceLock<Vec<City>> = OnceLock::new();
    C.get_or_init(|| {
        let mut reader = csv::Reader::from_reader(CITIES.as_bytes());
        reader
            .records()
            .map(|r| {
                let r = r.expect("data/us-cities.csv is valid CSV");
                City {
                    name: r[0].trim().to_string(),
                    state: r[1].trim().to_string(),
                    dma: r[2].trim().to_string(),
                    population: r[3].trim().parse().expect("data/us-cities.csv population"),
                }
            })
            .filter(|c| c.population > 0)
            .collect()
    })
}

/// The canonical code of a state given as a code or a full name, any case.
pub fn state_code(raw: &str) -> Option<&'static str> {
    let raw = raw.trim();
    match raw.as_bytes() {
        // A code (nearly every import row) is one look-up in a table of letter pairs.
        &[a, b] => {
            let at = letter_pair(a, b)?;
            by_code()[at].map(|i| states()[i as usize].code.as_str())
        }
        _ => states()
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(raw))
            .map(|s| s.code.as_str()),
    }
}

/// The place of two ASCII letters, any case, in a table of 26 x 26.
fn letter_pair(a: u8, b: u8) -> Option<usize> {
    let letter = |c: u8| {
        c.is_ascii_alphabetic()
            .then(|| (c.to_ascii_uppercase() - b'A') as usize)
    };
    Some(letter(a)? * 26 + letter(b)?)
}

/// Each state's place in `states()`, by the letter pair of its code.
fn by_code() -> &'static [Option<u8>; 26 * 26] {
    static T: OnceLock<[Option<u8>; 26 * 26]> = OnceLock::new();
    T.get_or_init(|| {
        let mut table = [None; 26 * 26];
        for (i, s) in states().iter().enumerate() {
            let &[a, b] = s.code.as_bytes() else {
                panic!("data/us-states.csv: the code {} is not two letters", s.code)
            };
            let at = letter_pair(a, b).expect("data/us-states.csv: a code of two letters");
            table[at] = Some(u8::try_from(i).expect("fewer than 256 states"));
        }
        table
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_city_is_in_a_known_state() {
        assert!(states().iter().any(|s| s.code == "DC"));
        for c in cities() {
            assert!(
                state_code(&c.state).is_some(),
                "{} has unknown state {}",
                c.name,
                c.state
            );
        }
        assert_eq!(state_code("texas"), Some("TX"));
        assert_eq!(state_code("tx"), Some("TX"));
        assert_eq!(state_code("XX"), None);
        assert_eq!(state_code(" dc "), Some("DC"));
        for odd in ["", "T", "T1", "1X", "é", "[]", "texa"] {
            assert_eq!(state_code(odd), None, "{odd:?}");
        }
        for s in states() {
            assert_eq!(state_code(&s.code.to_lowercase()), Some(s.code.as_str()));
        }
    }
}
