//! A firm arriving from another install's archive (`litstack firms import`, the operator's import
//! screen): what each domain's loader (`registry::Load::Rows`) needs to write the archive's rows as
//! rows of a new firm. Nothing in an archive is trusted: every row is parsed into its domain's
//! type, and every id in it is the other install's, so each goes through a map to this install's
//! (`user`, `vendor`, `category`) or is given afresh by the loader.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;

use crate::platform::error::{Result, bad_request};
use crate::platform::firm_id::FirmId;

/// Where the ids of people who had left an imported firm count down from (`Arrival::user`).
const FORMER_MEMBERS: u64 = i64::MAX as u64;

/// A vendor or category of the archive's catalog, and what this install's catalog has for it.
#[derive(Debug, Clone)]
pub struct Matched {
    /// Its name in the archive's catalog.
    pub name: String,
    /// This install's id for it; `None` when this catalog has no such entry.
    pub here: Option<u64>,
}

/// The firm being written, and the maps from the archive's ids to this install's.
pub struct Arrival {
    firm: Option<FirmId>,
    /// The archive's member ids to the new accounts' ids.
    users: BTreeMap<u64, u64>,
    /// People who had left the firm, whom its rows still name (the manifest's `formerMembers`).
    former: std::collections::BTreeSet<u64>,
    vendors: BTreeMap<u64, Matched>,
    categories: BTreeMap<u64, Matched>,
    /// Other ids a later table names (a decision's, say), by the table that gave them.
    ids: BTreeMap<&'static str, BTreeMap<u64, u64>>,
    /// Rows a loader leaves for the end of the import (the earlier maps of ids, say).
    pub stash: BTreeMap<&'static str, Vec<Row>>,
    /// When the import runs (Unix seconds).
    pub now: i64,
    /// What the import could not carry over as it was, for the operator's report.
    pub notes: Vec<String>,
}

impl Arrival {
    pub fn new(
        vendors: BTreeMap<u64, Matched>,
        categories: BTreeMap<u64, Matched>,
        now: i64,
    ) -> Arrival {
        Arrival {
            firm: None,
            users: BTreeMap::new(),
            former: Default::default(),
            vendors,
            categories,
            ids: BTreeMap::new(),
            stash: BTreeMap::new(),
            now,
            notes: Vec::new(),
        }
    }

    /// The new firm, once the firms table's loader made it.
    pub fn firm(&self) -> Result<FirmId> {
        self.firm
            .ok_or_else(|| bad_request("The archive holds no firm (tables/firms.json is empty)"))
    }

    /// The people the archive says had left the firm (`Arrival::user`).
    pub fn set_former(&mut self, former: impl IntoIterator<Item = u64>) {
        self.former = former.into_iter().collect();
    }

    pub fn set_firm(&mut self, firm: FirmId) {
        self.firm = Some(firm);
    }

    pub fn add_user(&mut self, archived: u64, here: u64) {
        self.users.insert(archived, here);
    }

    /// This install's id for the person `archived` of the archive, named in row `index` (from 0)
    /// of its `table`: a member's new account, or, for someone the archive lists as having left
    /// the firm (a contract's responsible person, an old scorecard's author), an id of their own
    /// that no account here has or will have (ids count up from 1; these count down from the
    /// largest a PostgreSQL `bigint` holds); their records keep the names they were written
    /// with. Anyone else names no one: the import is refused, naming the row.
    pub fn user(&self, table: &str, index: usize, archived: u64) -> Result<u64> {
        if let Some(&here) = self.users.get(&archived) {
            return Ok(here);
        }
        if self.former.contains(&archived) && archived < FORMER_MEMBERS {
            return Ok(FORMER_MEMBERS - archived);
        }
        Err(bad_request(format!(
            "The archive's tables/{table}.json, row {}, names person {archived}, who is neither \
             among the firm's members (tables/users.json) nor among the former members its \
             manifest lists: the archive is damaged or was edited; export the firm again from \
             its install",
            index + 1
        )))
    }

    /// The new accounts' ids, the archive's ids mapped to them.
    pub fn users(&self) -> &BTreeMap<u64, u64> {
        &self.users
    }

    /// The archive's vendors this catalog has, to this install's ids.
    pub fn vendor_map(&self) -> BTreeMap<u64, u64> {
        matched(&self.vendors)
    }

    /// The archive's categories this catalog has, to this install's ids.
    pub fn category_map(&self) -> BTreeMap<u64, u64> {
        matched(&self.categories)
    }

    /// This install's id for the archive's vendor `archived`; a vendor this catalog lacks is a
    /// 400 that names it.
    pub fn vendor(&self, archived: u64) -> Result<u64> {
        found(&self.vendors, archived, "vendor", "Manage Vendors")
    }

    /// This install's id for the archive's category `archived`.
    pub fn category(&self, archived: u64) -> Result<u64> {
        found(&self.categories, archived, "category", "the catalog")
    }

    /// Remembers that the archive's `archived` row of `table` is `here` now.
    pub fn map_id(&mut self, table: &'static str, archived: u64, here: u64) {
        self.ids.entry(table).or_default().insert(archived, here);
    }

    /// Every id of `table` mapped so far, the archive's to this install's.
    pub fn ids(&self, table: &'static str) -> BTreeMap<u64, u64> {
        self.ids.get(table).cloned().unwrap_or_default()
    }

    /// This install's id of the archive's row `archived` of `table`, mapped earlier.
    pub fn id(&self, table: &'static str, archived: u64) -> Result<u64> {
        self.ids
            .get(table)
            .and_then(|ids| ids.get(&archived))
            .copied()
            .ok_or_else(|| {
                bad_request(format!(
                    "The archive names row {archived} of {table}, which it does not hold: the \
                     archive is damaged"
                ))
            })
    }
}

fn matched(entries: &BTreeMap<u64, Matched>) -> BTreeMap<u64, u64> {
    entries
        .iter()
        .filter_map(|(&archived, m)| Some((archived, m.here?)))
        .collect()
}

fn found(matched: &BTreeMap<u64, Matched>, archived: u64, what: &str, where_: &str) -> Result<u64> {
    match matched.get(&archived) {
        Some(Matched {
            here: Some(here), ..
        }) => Ok(*here),
        Some(Matched { name, here: None }) => Err(bad_request(format!(
            "The firm's data names the {what} \"{name}\", which this install's catalog does not \
             have: add it in {where_} (the same name or website), then import again"
        ))),
        None => Err(bad_request(format!(
            "The firm's data names {what} {archived}, which the archive's catalog does not list: \
             the archive is damaged"
        ))),
    }
}

/// One row of an archive's table: its JSON text, as the archive holds it. It is only ever parsed
/// into its domain's type (`parse`, `unkeyed`), never into a tree of `serde_json::Value`s, so a
/// row takes about the memory of what is written from it.
#[derive(Clone)]
pub struct Row(Vec<u8>);

impl Row {
    /// The row's JSON text.
    pub fn text(&self) -> &[u8] {
        &self.0
    }
}

/// A table's rows, read one at a time from the archive's `tables/<table>.json` (a JSON array)
/// as its loader asks for them: a table never sits in memory whole. `len` is the count the
/// manifest lists; the import checks it against the rows really read (`finish`). A file that is
/// not a JSON array ends the rows early, and `finish` (or the import, when the loader refused what
/// it saw) says what is wrong with it.
pub struct Rows<'a> {
    path: String,
    listed: usize,
    reader: Box<dyn std::io::BufRead + 'a>,
    opened: bool,
    ended: bool,
    read: usize,
    error: Option<String>,
}

impl<'a> Rows<'a> {
    /// The rows of the archive's file `path`, which its manifest lists with `listed` rows.
    pub fn new(path: &str, listed: usize, reader: impl std::io::BufRead + 'a) -> Rows<'a> {
        Rows {
            path: path.into(),
            listed,
            reader: Box::new(reader),
            opened: false,
            ended: false,
            read: 0,
            error: None,
        }
    }

    /// How many rows the archive's manifest lists for this table.
    pub fn len(&self) -> usize {
        self.listed
    }

    pub fn is_empty(&self) -> bool {
        self.listed == 0
    }

    /// What was wrong with the file, once a row could not be read: the archive is damaged.
    pub fn error(&self) -> Option<crate::platform::error::AppError> {
        self.error
            .as_ref()
            .map(|why| bad_request(format!("The archive is damaged: {} {why}", self.path)))
    }

    /// Reads what the loader left, and checks that the file was one JSON array of as many rows as
    /// the manifest lists.
    pub fn finish(&mut self) -> Result<usize> {
        while self.next().is_some() {}
        if let Some(e) = self.error() {
            return Err(e);
        }
        if self.read != self.listed {
            return Err(bad_request(format!(
                "The archive is damaged: {} holds {} rows, and its manifest lists {}",
                self.path, self.read, self.listed
            )));
        }
        Ok(self.read)
    }

    fn fail<T>(&mut self, why: impl Into<String>) -> Option<T> {
        self.error.get_or_insert_with(|| why.into());
        self.ended = true;
        None
    }

    /// The next byte that is not JSON whitespace, without taking it.
    fn peek_past_space(&mut self) -> std::io::Result<Option<u8>> {
        loop {
            let buf = self.reader.fill_buf()?;
            let Some(at) = buf.iter().position(|b| !b" \t\r\n".contains(b)) else {
                if buf.is_empty() {
                    return Ok(None);
                }
                let n = buf.len();
                self.reader.consume(n);
                continue;
            };
            let byte = buf[at];
            self.reader.consume(at);
            return Ok(Some(byte));
        }
    }

    /// The text of the next element of the array, up to the `,` or `]` after it: strings and
    /// nesting are followed so that a comma inside a row does not end it. The text itself is
    /// checked when the row is parsed.
    fn next_row(&mut self) -> std::io::Result<Result<Option<Row>, String>> {
        if !self.opened {
            self.opened = true;
            if self.peek_past_space()? != Some(b'[') {
                return Ok(Err("is not a JSON list of rows".into()));
            }
            self.reader.consume(1);
            if self.peek_past_space()? == Some(b']') {
                self.reader.consume(1);
                return self.closed().map(|r| r.map(|()| None));
            }
        }
        let (mut text, mut depth, mut in_string, mut escaped) = (Vec::new(), 0usize, false, false);
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                return Ok(Err("ends before its list of rows does".into()));
            }
            let mut end = None;
            for (at, &b) in buf.iter().enumerate() {
                if in_string {
                    match b {
                        _ if escaped => escaped = false,
                        b'\\' => escaped = true,
                        b'"' => in_string = false,
                        _ => {}
                    }
                    continue;
                }
                match b {
                    b'"' => in_string = true,
                    b'[' | b'{' => depth += 1,
                    b']' | b'}' if depth > 0 => depth -= 1,
                    b',' | b']' if depth == 0 => {
                        end = Some((at, b == b']'));
                        break;
                    }
                    _ => {}
                }
            }
            match end {
                None => {
                    text.extend_from_slice(buf);
                    let n = buf.len();
                    self.reader.consume(n);
                }
                Some((at, last)) => {
                    text.extend_from_slice(&buf[..at]);
                    self.reader.consume(at + 1);
                    if text.iter().all(u8::is_ascii_whitespace) {
                        return Ok(Err(format!("has an empty row after row {}", self.read)));
                    }
                    if last && let Err(why) = self.closed()? {
                        return Ok(Err(why));
                    }
                    return Ok(Ok(Some(Row(text))));
                }
            }
        }
    }

    /// The array has closed: nothing but whitespace may follow.
    fn closed(&mut self) -> std::io::Result<Result<(), String>> {
        self.ended = true;
        Ok(match self.peek_past_space()? {
            None => Ok(()),
            Some(_) => Err("holds more than one JSON list".into()),
        })
    }
}

impl Iterator for Rows<'_> {
    type Item = Row;

    fn next(&mut self) -> Option<Row> {
        if self.ended {
            return None;
        }
        match self.next_row() {
            Err(e) => self.fail(format!("cannot be unpacked: {e}")),
            Ok(Err(why)) => self.fail(why),
            Ok(Ok(None)) => None,
            Ok(Ok(Some(row))) => {
                self.read += 1;
                // An archive listing fewer rows than it holds stops here, not at its end.
                if self.read > self.listed {
                    return self.fail(format!(
                        "holds more rows than the {} its manifest lists",
                        self.listed
                    ));
                }
                Some(row)
            }
        }
    }
}

/// Row `index` of the archive's `table`, parsed as its domain's type `T`: a row that is not what
/// Litstack writes is a 400 that says where it is.
pub fn parse<T: DeserializeOwned>(table: &str, index: usize, row: Row) -> Result<T> {
    serde_json::from_slice(row.text()).map_err(|e| not_written(table, index, e))
}

fn not_written(
    table: &str,
    index: usize,
    e: serde_json::Error,
) -> crate::platform::error::AppError {
    bad_request(format!(
        "The archive's tables/{table}.json, row {}, is not what Litstack writes: {e}",
        index + 1
    ))
}

/// Every row of the archive's `table`, parsed as `T`.
pub fn parse_all<T: DeserializeOwned>(
    table: &str,
    rows: impl IntoIterator<Item = Row>,
) -> Result<Vec<T>> {
    rows.into_iter()
        .enumerate()
        .map(|(i, row)| parse(table, i, row))
        .collect()
}

/// Whether a row has the field `name` (whatever its value), read without keeping the row.
pub fn has_field(row: &Row, name: &str) -> bool {
    use serde::de::{IgnoredAny, MapAccess, Visitor};
    struct Has<'n>(&'n str);
    impl<'de> Visitor<'de> for Has<'_> {
        type Value = bool;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<bool, A::Error> {
            let mut found = false;
            while let Some(key) = map.next_key::<String>()? {
                found |= key == self.0;
                map.next_value::<IgnoredAny>()?;
            }
            Ok(found)
        }
    }
    let mut de = serde_json::Deserializer::from_slice(row.text());
    serde::Deserializer::deserialize_map(&mut de, Has(name)).unwrap_or(false)
}

/// A row stored under keys outside its value (`registry::keyed`): the keys, and the value (under
/// "value" when it was not an object). The row is read twice, for its keys and then as `T`,
/// never into a tree of values.
pub fn unkeyed<T: DeserializeOwned>(
    table: &str,
    index: usize,
    row: Row,
    keys: &[&str],
) -> Result<(Vec<u64>, T)> {
    use serde::de::{IgnoredAny, MapAccess, Visitor};
    /// The row's keys (`None` where missing or not an id), whether it has "value", and how
    /// many other fields.
    struct Shape<'k>(&'k [&'k str]);
    impl<'de> Visitor<'de> for Shape<'_> {
        type Value = (Vec<Option<u64>>, bool, usize);
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let (mut ids, mut value, mut others) = (vec![None; self.0.len()], false, 0);
            while let Some(key) = map.next_key::<String>()? {
                if let Some(at) = self.0.iter().position(|k| *k == key) {
                    ids[at] = map.next_value::<serde_json::Number>()?.as_u64();
                } else {
                    map.next_value::<IgnoredAny>()?;
                    if key == "value" {
                        value = true;
                    } else {
                        others += 1;
                    }
                }
            }
            Ok((ids, value, others))
        }
    }
    #[derive(serde::Deserialize)]
    struct Wrapped<T> {
        value: T,
    }
    let mut de = serde_json::Deserializer::from_slice(row.text());
    let (ids, value, others) =
        serde::Deserializer::deserialize_map(&mut de, Shape(keys)).map_err(|_| {
            bad_request(format!(
                "The archive's tables/{table}.json, row {}, is not an object",
                index + 1
            ))
        })?;
    let mut found = Vec::new();
    for (key, id) in keys.iter().zip(ids) {
        found.push(id.ok_or_else(|| {
            bad_request(format!(
                "The archive's tables/{table}.json, row {}, has no {key}",
                index + 1
            ))
        })?);
    }
    let value = if value && others == 0 {
        serde_json::from_slice::<Wrapped<T>>(row.text()).map(|w| w.value)
    } else {
        serde_json::from_slice::<T>(row.text())
    };
    Ok((found, value.map_err(|e| not_written(table, index, e))?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(json: &str, listed: usize) -> (Vec<String>, Result<usize>) {
        let mut rows = Rows::new(
            "tables/t.json",
            listed,
            std::io::BufReader::with_capacity(3, json.as_bytes()),
        );
        let texts = rows
            .by_ref()
            .map(|r| String::from_utf8(r.text().to_vec()).unwrap())
            .collect();
        (texts, rows.finish())
    }

    #[test]
    fn rows_are_the_elements_of_one_json_array() {
        let (rows, done) = texts(" [\n {\"a\": [1, \"x,]\\\"\"]},\n 2 ,{\"b\":{}} ]\n", 3);
        assert_eq!(rows, ["{\"a\": [1, \"x,]\\\"\"]}", "\n 2 ", "{\"b\":{}} "]);
        assert_eq!(done.unwrap(), 3);
        let (rows, done) = texts("[]", 0);
        assert!(rows.is_empty());
        assert_eq!(done.unwrap(), 0);
    }

    #[test]
    fn a_file_that_is_not_the_listed_array_of_rows_is_damaged() {
        for (json, listed, says) in [
            ("{\"a\": 1}", 1, "is not a JSON list of rows"),
            ("[1, 2] [3]", 2, "holds more than one JSON list"),
            (
                "[1, 2, 3]",
                2,
                "holds more rows than the 2 its manifest lists",
            ),
            ("[1, 2]", 3, "holds 2 rows, and its manifest lists 3"),
            ("[1, , 2]", 3, "has an empty row after row 1"),
            ("[1, {\"a\": \"]", 2, "ends before its list of rows does"),
        ] {
            let (_, done) = texts(json, listed);
            let said = done.map(|_| ()).expect_err(json).to_string();
            assert!(said.contains(says), "{json}: {said}");
            assert!(said.contains("tables/t.json"), "{json}: {said}");
        }
    }
}
