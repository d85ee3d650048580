//! Property tests over hostile input: the CSV importers, the query-string parsers and the URL
//! check. Each property runs a fixed number of generated cases (`CASES_*` below, small enough for
//! the whole set to take seconds in a debug build); `LITSTACK_FUZZ_CASES=N` runs N cases per
//! property instead, for a long run (see docs/testing.md, "Hostile input").
//!
//! Invariants checked on every case:
//! - the importers never panic and never fail with an internal error; every rejected row is
//!   reported as "Row N: reason" with N a line of the file; a file refused whole writes nothing;
//!   a vendor row with a link that is not plain http(s) is never stored;
//! - the query strings of /api/vendors and the trends routes answer 200 or a 400 with
//!   `{"error": "..."}`, never a 500;
//! - `parse_web_url` refuses every disguise of `javascript:`, `data:`, `vbscript:`, `file:` and
//!   `//host`, and accepts plain http(s) URLs with a host.

use std::time::Instant;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use litstack::catalog::{VendorImport, vendor_csv};
use litstack::import::{ImportError, Options, run};
use litstack::platform::upload::parse_web_url;
use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, TestCaseError, TestRunner};

use crate::helpers::TestApp;

const CASES_BOOKINGS: u32 = 96;
const CASES_VENDORS: u32 = 128;
const CASES_RAW_BYTES: u32 = 128;
const CASES_QUERIES: u32 = 256;
const CASES_URLS: u32 = 2000;

/// The cases of one property: its default, or `LITSTACK_FUZZ_CASES` when set.
fn cases(default: u32) -> u32 {
    std::env::var("LITSTACK_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn runner(default_cases: u32) -> TestRunner {
    TestRunner::new(ProptestConfig {
        cases: cases(default_cases),
        failure_persistence: None,
        // Shrinking re-runs imports against the database: keep it bounded.
        max_shrink_iters: 256,
        ..ProptestConfig::default()
    })
}

/// Runs a property and prints how many inputs it tried and how long that took.
fn check<S: Strategy>(
    name: &str,
    default_cases: u32,
    strategy: S,
    test: impl Fn(S::Value) -> Result<(), TestCaseError>,
) where
    S::Value: std::fmt::Debug,
{
    let mut runner = runner(default_cases);
    let started = Instant::now();
    let tried = std::cell::Cell::new(0u64);
    let result = runner.run(&strategy, |v| {
        tried.set(tried.get() + 1);
        test(v)
    });
    eprintln!(
        "fuzz {name}: {} inputs in {:.2} s",
        tried.get(),
        started.elapsed().as_secs_f64()
    );
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
}

// ---------------------------------------------------------------------------------------------
// Generators

/// A generated file, shown as escaped text when a case fails.
#[derive(Clone)]
struct File(Vec<u8>);

impl std::fmt::Debug for File {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text: String = self.0.escape_ascii().to_string();
        if text.len() > 3000 {
            let head: String = text.chars().take(3000).collect();
            write!(f, "({} bytes) b\"{head}...\"", self.0.len())
        } else {
            write!(f, "b\"{text}\"")
        }
    }
}

/// Text a hostile or careless CSV may carry in one field.
fn nasty_piece() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[ -~]{0,12}",
        2 => any::<String>().prop_map(|s| s.chars().take(16).collect()),
        1 => Just("\"".to_string()),
        1 => Just("\"\"".to_string()),
        1 => Just(",".to_string()),
        1 => Just("\n".to_string()),
        1 => Just("\r\n".to_string()),
        1 => Just("\r".to_string()),
        1 => Just("\t".to_string()),
        1 => Just("\0".to_string()),
        1 => Just("\u{feff}".to_string()),
        1 => Just("\u{202e}".to_string()),
        1 => Just("<img src=x onerror=alert(1)>".to_string()),
        1 => Just("<script>alert(2)</script>".to_string()),
        1 => Just("=HYPERLINK(\"http://x\")".to_string()),
        1 => Just("javascript:alert(1)".to_string()),
        1 => Just("../../etc/passwd".to_string()),
        1 => Just("Intake".to_string()),
        1 => Just("Practice Management".to_string()),
        1 => Just("2026-01-31T14:05:00Z".to_string()),
        1 => Just("1/31/2026 2:05 PM".to_string()),
        1 => Just("Austin, TX".to_string()),
        1 => Just("TX".to_string()),
        1 => Just("E6_20".to_string()),
        1 => Just("https://example.com/book".to_string()),
        1 => Just("true".to_string()),
        1 => Just("3".to_string()),
        1 => Just("18446744073709551616".to_string()),
        1 => Just("-1".to_string()),
    ]
}

fn nasty_text() -> impl Strategy<Value = String> {
    prop_oneof![
        12 => prop::collection::vec(nasty_piece(), 0..4).prop_map(|p| p.concat()),
        // Larger than the importer's 64 KiB header window and its field limits.
        1 => (1usize..3, "[a-z\"\n,]").prop_map(|(n, c)| c.repeat(n * 40_000)),
    ]
}

/// How one field is written: as is, quoted properly, or quoted badly.
#[derive(Debug, Clone, Copy)]
enum Quoting {
    Raw,
    Quoted,
    OpenQuote,
    StrayQuote,
}

fn quoting() -> impl Strategy<Value = Quoting> {
    prop_oneof![
        6 => Just(Quoting::Raw),
        4 => Just(Quoting::Quoted),
        1 => Just(Quoting::OpenQuote),
        1 => Just(Quoting::StrayQuote),
    ]
}

fn write_field(out: &mut Vec<u8>, text: &str, q: Quoting) {
    match q {
        Quoting::Raw => out.extend_from_slice(text.as_bytes()),
        Quoting::Quoted => {
            out.push(b'"');
            out.extend_from_slice(text.replace('"', "\"\"").as_bytes());
            out.push(b'"');
        }
        Quoting::OpenQuote => {
            out.push(b'"');
            out.extend_from_slice(text.as_bytes());
        }
        Quoting::StrayQuote => {
            out.extend_from_slice(text.as_bytes());
            out.extend_from_slice(b"\"x\"");
        }
    }
}

/// A whole file: header names, rows of fields, then byte-level damage.
#[derive(Debug, Clone)]
struct FileShape {
    bom: bool,
    crlf: bool,
    /// (byte offset per mille, byte) pairs: invalid UTF-8 and NULs dropped into the file.
    damage: Vec<(u16, u8)>,
    truncate_per_mille: Option<u16>,
}

fn file_shape() -> impl Strategy<Value = FileShape> {
    (
        any::<bool>(),
        any::<bool>(),
        prop::collection::vec(
            (
                0u16..1000,
                prop_oneof![Just(0xffu8), Just(0xc3), Just(0x80), Just(0), Just(b'"')],
            ),
            0..3,
        ),
        prop::option::weighted(0.1, 0u16..1000),
    )
        .prop_map(|(bom, crlf, damage, truncate_per_mille)| FileShape {
            bom,
            crlf,
            damage,
            truncate_per_mille,
        })
}

fn build_file(shape: &FileShape, header: &[String], rows: &[Vec<(String, Quoting)>]) -> File {
    let eol: &[u8] = if shape.crlf { b"\r\n" } else { b"\n" };
    let mut out = Vec::new();
    if shape.bom {
        out.extend_from_slice(b"\xef\xbb\xbf");
    }
    out.extend_from_slice(header.join(",").as_bytes());
    out.extend_from_slice(eol);
    for row in rows {
        for (i, (text, q)) in row.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            write_field(&mut out, text, *q);
        }
        out.extend_from_slice(eol);
    }
    // Damage only the rows: a damaged header is the raw-bytes property's business.
    let body_start = out
        .iter()
        .position(|&b| b == b'\n')
        .map_or(out.len(), |p| p + 1);
    let body_len = out.len() - body_start;
    if body_len > 0 {
        for &(at, byte) in &shape.damage {
            let i = body_start + body_len * at as usize / 1000;
            out.insert(i.min(out.len()), byte);
        }
        if let Some(t) = shape.truncate_per_mille {
            out.truncate(body_start + body_len * t as usize / 1000);
        }
    }
    File(out)
}

const BOOKING_HEADERS: &[&[&str]] = &[
    &["Id", "ID", "booking_id"],
    &["Client", "client", "Vendor"],
    &[
        "Firm Size",
        "Standardized Practice Area Broken Out",
        "FIRM_SIZE",
    ],
    &["City State", "city_state", "City, State"],
    &["State", "STATE"],
    &["DMA", "Metro Area"],
    &["Name"],
    &["Email", "e-mail"],
    &["Company"],
    &["Platform"],
];

/// A bookings header: Category and Created Time in some spelling, some optional columns, maybe
/// junk columns, in any order.
fn bookings_header() -> impl Strategy<Value = Vec<String>> {
    (
        prop::sample::select(vec![
            "Category",
            "Client Category",
            "client_category",
            "CATEGORY",
        ]),
        prop::sample::select(vec!["Created Time", "created_time", "createdAt", "Created"]),
        prop::collection::vec(any::<prop::sample::Index>(), 0..8),
        prop::collection::vec("[A-Za-z _-]{1,10}", 0..2),
        any::<prop::sample::Index>(),
    )
        .prop_map(|(cat, created, optional, junk, shuffle)| {
            let mut header = vec![cat.to_string(), created.to_string()];
            for ix in optional {
                let names = ix.get(BOOKING_HEADERS);
                let name = names[ix.index(names.len())].to_string();
                if !header.contains(&name) {
                    header.push(name);
                }
            }
            header.extend(junk);
            let n = header.len();
            header.rotate_left(shuffle.index(n));
            header
        })
}

fn rows_for(width: usize) -> impl Strategy<Value = Vec<Vec<(String, Quoting)>>> {
    // Rows of about the header's width: short and long rows are row errors or padding.
    prop::collection::vec(
        prop::collection::vec(
            (nasty_text(), quoting()),
            width.saturating_sub(1)..width + 2,
        ),
        0..12,
    )
}

/// Counts that show whether anything was written.
#[derive(Debug, PartialEq, Eq)]
struct Written {
    bookings: u64,
    identities: u64,
    vendors: u64,
    generation: u64,
}

fn written(app: &TestApp) -> Written {
    let store = &app.state.store;
    let (bookings, identities) = litstack::bookings::storage::stored_counts(store).unwrap();
    Written {
        bookings,
        identities,
        vendors: litstack::catalog::Catalog::load(store)
            .unwrap()
            .vendors
            .len() as u64,
        generation: litstack::bookings::generation(store).unwrap(),
    }
}

/// Every listed error is "Row N: reason" with N a line of the file (the header is line 1), bar a
/// final "... and N more row errors".
fn check_row_errors(errors: &[String], file: &[u8]) -> Result<(), TestCaseError> {
    let lines = file.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    for (i, e) in errors.iter().enumerate() {
        if i == errors.len() - 1 && e.starts_with("... and ") && e.ends_with(" more row errors") {
            continue;
        }
        let rest = e
            .strip_prefix("Row ")
            .ok_or_else(|| TestCaseError::fail(format!("not a row error: {e:?}")))?;
        let (n, reason) = rest
            .split_once(": ")
            .ok_or_else(|| TestCaseError::fail(format!("no reason: {e:?}")))?;
        let n: u64 = n
            .parse()
            .map_err(|_| TestCaseError::fail(format!("no row number: {e:?}")))?;
        prop_assert!(
            (2..=lines).contains(&n),
            "row {} is not a line of the {}-line file: {:?}",
            n,
            lines,
            e
        );
        prop_assert!(!reason.trim().is_empty(), "empty reason: {:?}", e);
        prop_assert!(
            !e.chars().any(char::is_control),
            "control character in {:?}",
            e
        );
    }
    Ok(())
}

/// Runs the real import entry point and checks what every outcome must satisfy.
fn import_and_check(app: &TestApp, file: &[u8]) -> Result<(), TestCaseError> {
    let before = written(app);
    let outcome = run(&app.state.sub(), file, Options::default());
    let after = written(app);
    match outcome {
        Ok(report) => {
            check_row_errors(&report.errors, file)?;
            if report.kind == "bookings" {
                prop_assert_eq!(after.bookings, before.bookings + report.inserted);
                prop_assert_eq!(after.vendors, before.vendors);
            } else {
                prop_assert_eq!(after.vendors, before.vendors + report.inserted);
                prop_assert_eq!(after.bookings, before.bookings);
            }
        }
        Err(ImportError::Internal(e)) => {
            return Err(TestCaseError::fail(format!("internal error: {e:#}")));
        }
        Err(ImportError::BadFile(m) | ImportError::TooLarge(m)) => {
            prop_assert!(!m.is_empty());
            prop_assert_eq!(&after, &before, "a refused file wrote something ({})", m);
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// (a) the CSV importers

#[test]
fn the_bookings_import_survives_mutated_files() {
    let app = TestApp::new();
    let strategy = bookings_header()
        .prop_flat_map(|h| {
            let w = h.len();
            (Just(h), rows_for(w), file_shape())
        })
        .prop_map(|(h, rows, shape)| build_file(&shape, &h, &rows));
    check("bookings import", CASES_BOOKINGS, strategy, |file| {
        import_and_check(&app, &file.0)
    });
}

#[test]
fn any_bytes_are_refused_or_imported_never_an_internal_error() {
    let app = TestApp::new();
    let strategy = prop_oneof![
        // Pure noise.
        prop::collection::vec(any::<u8>(), 0..512),
        // A plausible header, then noise.
        (
            prop::sample::select(vec![
                &b"Category,Created Time\n"[..],
                b"name,category,websiteUrl,bookingUrl\n",
                b"\xef\xbb\xbfClient Category,Created Time,Email\r\n",
                b"\"Category\",\"Created Time\"\n",
                b"Category,\"Created\nTime\"\n",
            ]),
            prop::collection::vec(any::<u8>(), 0..512),
        )
            .prop_map(|(h, tail)| [h, &tail].concat()),
        // Arbitrary text headers and rows.
        (
            prop::collection::vec(nasty_text(), 1..6),
            prop::collection::vec(prop::collection::vec(nasty_text(), 0..6), 0..6)
        )
            .prop_map(|(h, rows)| {
                let mut s = h.join(",");
                for r in rows {
                    s.push('\n');
                    s.push_str(&r.join(","));
                }
                s.into_bytes()
            }),
        // A header longer than the 64 KiB the importer reads to decide the file's kind.
        (
            prop::sample::select(vec![
                "Category,Created Time,",
                "name,category,websiteUrl,bookingUrl,",
            ]),
            64_000usize..70_000,
            prop::option::of(prop::sample::select(vec![0xffu8, 0, b'"', b'\n'])),
        )
            .prop_map(|(h, n, odd)| {
                let mut f = h.as_bytes().to_vec();
                f.resize(f.len() + n, b'h');
                f.extend(odd);
                f.extend_from_slice(b"x\nIntake,2026-01-01,a,b\n");
                f
            }),
    ]
    .prop_map(File);
    check("raw bytes import", CASES_RAW_BYTES, strategy, |file| {
        import_and_check(&app, &file.0)
    });
}

fn header_spelling(name: &str, how: u8) -> String {
    match how % 4 {
        0 => name.to_string(),
        1 => name.to_ascii_uppercase(),
        2 => {
            // websiteUrl -> website_url
            let mut s = String::new();
            for c in name.chars() {
                if c.is_ascii_uppercase() {
                    s.push('_');
                }
                s.push(c.to_ascii_lowercase());
            }
            s
        }
        _ => format!(" {name} "),
    }
}

fn vendor_header() -> impl Strategy<Value = Vec<String>> {
    (
        prop::collection::vec(any::<u8>(), 4),
        prop::sample::subsequence(vendor_csv::OPTIONAL.to_vec(), 0..vendor_csv::OPTIONAL.len()),
        any::<prop::sample::Index>(),
    )
        .prop_map(|(how, optional, shuffle)| {
            let mut header: Vec<String> = vendor_csv::REQUIRED
                .iter()
                .zip(how)
                .map(|(n, h)| header_spelling(n, h))
                .collect();
            header.extend(optional.iter().map(|s| s.to_string()));
            let n = header.len();
            header.rotate_left(shuffle.index(n));
            header
        })
}

/// A field value for a vendor column: links get hostile links, the rest nasty text.
fn vendor_value(column: &str) -> BoxedStrategy<String> {
    let c = column.trim().to_ascii_lowercase().replace('_', "");
    if c.ends_with("url") {
        prop_oneof![
            2 => good_url(),
            3 => bad_url(),
            1 => nasty_text(),
            1 => Just(String::new()),
        ]
        .boxed()
    } else if c == "category" {
        prop_oneof![
            3 => Just("Intake".to_string()),
            1 => Just("practice management".to_string()),
            1 => nasty_text(),
        ]
        .boxed()
    } else {
        nasty_text().boxed()
    }
}

fn vendor_file() -> impl Strategy<Value = File> {
    vendor_header()
        .prop_flat_map(|header| {
            let row: Vec<_> = header
                .iter()
                .map(|h| (vendor_value(h), quoting()))
                .collect();
            (Just(header), prop::collection::vec(row, 0..8), file_shape())
        })
        .prop_map(|(h, rows, shape)| build_file(&shape, &h, &rows))
}

/// Vendors as stored in the table (inside `txn`).
fn stored_vendors(tables: &mut VendorImport) -> Vec<litstack::catalog::Vendor> {
    tables.vendors().unwrap()
}

#[test]
fn the_vendor_import_never_stores_a_link_that_is_not_http() {
    let app = TestApp::new();
    let categories = app.state.catalog.load().categories.clone();
    check(
        "vendor import",
        CASES_VENDORS,
        vendor_file(),
        |File(file)| {
            // Straight into `vendor_csv::import` in a transaction that is never committed.
            let mut tx = app.state.store.begin().unwrap();
            let mut tables = VendorImport::open(&mut tx).unwrap();
            let before = stored_vendors(&mut tables).len() as u64;
            match vendor_csv::import(&mut tables, &file, &categories, None) {
                Ok(report) => {
                    check_row_errors(&report.errors, &file)?;
                    let vendors = stored_vendors(&mut tables);
                    prop_assert_eq!(vendors.len() as u64, before + report.inserted);
                    for v in &vendors {
                        for url in [&v.website_url, &v.booking_url, &v.logo_url]
                            .into_iter()
                            .flatten()
                        {
                            let lower = url.to_ascii_lowercase();
                            prop_assert!(
                                (lower.starts_with("https://") || lower.starts_with("http://"))
                                    && !url.chars().any(|c| c.is_control() || c.is_whitespace()),
                                "stored link {:?}",
                                url
                            );
                        }
                        prop_assert!(!v.name.is_empty() && v.name.chars().count() <= 120);
                    }
                }
                Err(e) => {
                    // Only a header that is not text may refuse the whole file.
                    let msg = format!("{e:#}");
                    prop_assert!(msg.contains("UTF-8") || msg.contains("utf8"), "{}", msg);
                }
            }
            drop(tables);
            drop(tx);
            // And through the real entry point, which commits.
            import_and_check(&app, &file)
        },
    );
}

// ---------------------------------------------------------------------------------------------
// (b) the query strings, through the real router

/// A query-string value: arbitrary text percent-encoded (or not), plus encodings that do not
/// decode to UTF-8 and values the parsers have edge cases for.
fn query_value() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => any::<String>().prop_map(|s| percent_encode(&s)),
        2 => "[ -~]{0,20}".prop_map(|s| s.replace([' ', '#', '&'], "+")),
        1 => Just("%ff%fe".to_string()),
        1 => Just("%zz".to_string()),
        1 => Just("%".to_string()),
        1 => Just("1%2C2%2C999999999999999999999".to_string()),
        1 => Just("-9223372036854775808".to_string()),
        1 => Just("9223372036854775808".to_string()),
        1 => Just("2026-02-30".to_string()),
        1 => Just("+2026-01-01".to_string()),
        1 => Just("2026-01-01".to_string()),
        1 => Just("TX".to_string()),
        1 => Just("Texas".to_string()),
        1 => Just("E6_20".to_string()),
        1 => Just("partner_first".to_string()),
        1 => Just("true".to_string()),
        1 => Just("1,2,3".to_string()),
        1 => Just("0".to_string()),
    ]
}

fn percent_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

const VENDOR_KEYS: &[&str] = &[
    "categoryIds",
    "q",
    "sort",
    "page",
    "pageSize",
    "includeInactive",
];
const TREND_KEYS: &[&str] = &[
    "dma", "state", "firmSize", "start", "end", "limit", "offset",
];
const QUERY_PATHS: &[&str] = &[
    "/api/vendors",
    "/api/trends",
    "/api/trends/cities",
    "/api/demo-bookings",
    "/api/demo-bookings/cities",
];

fn query_string() -> impl Strategy<Value = (String, String)> {
    (
        prop::sample::select(QUERY_PATHS.to_vec()),
        prop::collection::vec(
            (
                prop_oneof![
                    8 => prop::sample::select(VENDOR_KEYS.to_vec()).prop_map(String::from),
                    8 => prop::sample::select(TREND_KEYS.to_vec()).prop_map(String::from),
                    1 => "[a-zA-Z%0-9]{0,6}",
                ],
                query_value(),
                prop::bool::weighted(0.05),
            ),
            0..6,
        ),
    )
        .prop_map(|(path, pairs)| {
            let q: Vec<String> = pairs
                .into_iter()
                .map(|(k, v, bare)| if bare { k } else { format!("{k}={v}") })
                .collect();
            (path.to_string(), q.join("&"))
        })
}

#[test]
fn query_strings_get_200_or_a_json_400_never_a_500() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut app = TestApp::new();
    rt.block_on(async { app.sign_up().await });
    // Some bookings, so the trend queries have rows to filter.
    let mut csv = Vec::new();
    let catalog = litstack::bookings::generate::from_catalog(&app.state.catalog.load());
    let end = chrono::NaiveDate::from_ymd_opt(2026, 6, 30).unwrap();
    litstack::bookings::generate::write_csv(&mut csv, 2_000, 7, end, &catalog).unwrap();
    run(&app.state.sub(), csv.as_slice(), Options::default()).unwrap();
    let app = std::cell::RefCell::new(app);

    check(
        "query strings",
        CASES_QUERIES,
        query_string(),
        |(path, query)| {
            let uri = format!("{path}?{query}");
            let Ok(uri) = uri.parse::<axum::http::Uri>() else {
                // Not a request line any client could send.
                return Ok(());
            };
            let mut app = app.borrow_mut();
            let req: Request<Body> = app
                .request(Method::GET, &uri.to_string())
                .body(Body::empty())
                .unwrap();
            let res = rt.block_on(app.send(req));
            prop_assert!(
                res.status == StatusCode::OK || res.status == StatusCode::BAD_REQUEST,
                "{} {} -> {} {}",
                path,
                query,
                res.status,
                res.text()
            );
            let body: serde_json::Value = serde_json::from_slice(&res.body)
                .map_err(|_| TestCaseError::fail(format!("not JSON: {}", res.text())))?;
            if res.status == StatusCode::BAD_REQUEST {
                let msg = body["error"].as_str().unwrap_or("");
                prop_assert!(!msg.is_empty(), "no error message: {}", body);
                prop_assert_eq!(body.as_object().map(|o| o.len()), Some(1));
            }
            Ok(())
        },
    );
}

// ---------------------------------------------------------------------------------------------
// (c) the URL check

/// Disguises of a dangerous link: mixed case, leading control characters and spaces, tabs and
/// line breaks inside the scheme, percent-encoding, Unicode spaces.
fn bad_url() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec![
        "javascript:alert(1)",
        "javascript://%0aalert(1)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "vbscript:msgbox(1)",
        "file:///etc/passwd",
        "//evil.example/x",
        "\\\\evil.example\\x",
        "/\\evil.example",
        "http:evil.example",
        "https:/evil.example",
        "http//evil.example",
    ]);
    let junk = prop::sample::select(vec![
        "\u{0}", "\u{1}", "\u{8}", "\t", "\n", "\r", "\u{b}", "\u{c}", "\u{1f}", "\u{7f}", " ",
        "\u{a0}", "\u{85}", "\u{2000}", "\u{2028}", "\u{3000}", "\u{feff}", "\u{200b}", "%09",
        "%0a", "%00", "&#x09;",
    ]);
    (
        scheme,
        prop::collection::vec(any::<bool>(), 64),
        prop::collection::vec(junk.clone(), 0..3),
        prop::collection::vec((0usize..12, junk), 0..3),
        prop::collection::vec(any::<bool>(), 64),
    )
        .prop_map(|(base, upper, lead, inner, encode)| {
            let mut chars: Vec<String> = base
                .chars()
                .zip(upper.iter().cycle())
                .map(|(c, &u)| {
                    if u {
                        c.to_ascii_uppercase().to_string()
                    } else {
                        c.to_string()
                    }
                })
                .collect();
            // Percent-encode some letters of the scheme (before the first ':' or '/').
            let scheme_len = base.find([':', '/', '\\']).unwrap_or(0);
            for (i, c) in chars.iter_mut().enumerate().take(scheme_len) {
                if encode[i % encode.len()] && i % 3 == 0 {
                    *c = format!("%{:02X}", c.as_bytes()[0]);
                }
            }
            for (at, j) in inner {
                let at = at.min(chars.len());
                chars.insert(at, j.to_string());
            }
            format!("{}{}", lead.concat(), chars.concat())
        })
}

/// Plain http(s) URLs with a host, in any letter case.
fn good_url() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["http://", "https://", "HTTPS://", "Http://"]),
        prop::collection::vec("[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?", 1..4),
        "[a-z]{2,6}",
        prop::option::of(1u16..),
        "(/[A-Za-z0-9._~%!$&'()*+,;=:@-]{0,12}){0,3}",
        prop::option::of("[A-Za-z0-9=&_-]{0,20}"),
    )
        .prop_map(|(scheme, labels, tld, port, path, query)| {
            let mut s = format!("{scheme}{}.{tld}", labels.join("."));
            if let Some(p) = port {
                s.push_str(&format!(":{p}"));
            }
            s.push_str(&path);
            if let Some(q) = query {
                s.push('?');
                s.push_str(&q);
            }
            s
        })
}

#[test]
fn no_disguise_of_a_dangerous_link_passes_the_url_check() {
    check("bad urls", CASES_URLS, bad_url(), |url| {
        prop_assert!(parse_web_url(&url).is_err(), "{:?} was accepted", url);
        Ok(())
    });
}

#[test]
fn plain_http_urls_with_a_host_pass_the_url_check() {
    check("good urls", CASES_URLS, good_url(), |url| {
        let parsed = parse_web_url(&url);
        prop_assert_eq!(parsed, Ok(Some(url.clone())));
        Ok(())
    });
}

// ---------------------------------------------------------------------------------------------
// Bugs the properties found, kept as plain regression tests

/// Found by `the_vendor_import_never_stores_a_link_that_is_not_http`: with Windows line ends the
/// vendor import numbered rows from 1 (the header's line), so every "Row N" was one line early.
#[test]
fn vendor_row_errors_name_the_right_line_with_windows_line_ends() {
    let app = TestApp::new();
    let categories = app.state.catalog.load().categories.clone();
    let lf =
        "name,category,websiteUrl,bookingUrl\n,Intake,,\n\"Multi\nline\",Intake,javascript:x,\n";
    for data in [lf.to_string(), lf.replace('\n', "\r\n")] {
        let mut tx = app.state.store.begin().unwrap();
        let mut tables = VendorImport::open(&mut tx).unwrap();
        let report = vendor_csv::import(&mut tables, data.as_bytes(), &categories, None).unwrap();
        assert_eq!(report.errors.len(), 2, "{:?}", report.errors);
        assert_eq!(report.errors[0], "Row 2: name is required", "{data:?}");
        // The row starts on line 3; its name spans two lines, which a name may not, and every
        // other problem of the row is named with it.
        assert_eq!(
            report.errors[1],
            "Row 3: name contains a control character; websiteUrl: \"javascript:x\" must start \
             with http:// or https://"
        );
    }
}

/// Found by `any_bytes_are_refused_or_imported_never_an_internal_error`: a vendor header longer
/// than the 64 KiB the importer judges the kind on, with invalid UTF-8 past that point, was an
/// internal error (500, logged as our fault) instead of a 400 about the file.
#[test]
fn a_long_vendor_header_with_invalid_text_is_refused_as_a_bad_file() {
    let app = TestApp::new();
    let mut file = b"name,category,websiteUrl,bookingUrl,".to_vec();
    file.resize(file.len() + 69_000, b'h');
    file.push(0xff);
    file.extend_from_slice(b"\nAcme,Intake,https://a.com,https://a.com/b\n");
    let before = written(&app);
    match run(&app.state.sub(), file.as_slice(), Options::default()) {
        Err(ImportError::BadFile(m)) => assert!(m.contains("UTF-8"), "{m}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(written(&app), before);
}

// ---------------------------------------------------------------------------------------------
// (d) JSON bodies and uploads, through the real router

/// A JSON value of any shape a client could send.
fn any_json() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::{Value, json};
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        nasty_text().prop_map(|s| json!(s.chars().take(300).collect::<String>())),
        Just(json!("SOLO")),
        Just(json!("BROWSE")),
        Just(json!(1)),
        Just(json!("ann@doe-law.com")),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::Array),
            prop::collection::btree_map("[a-zA-Z]{1,12}", inner, 0..4)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

/// The JSON routes with an example body whose fields the property replaces.
fn json_routes() -> Vec<(Method, &'static str, serde_json::Value)> {
    use serde_json::json;
    vec![
        (
            Method::POST,
            "/api/auth/sign-up",
            json!({ "name": "Eve", "email": "eve@example.com", "password": "a-long-passphrase-42",
                    "lawFirm": "Mallory LLP", "firmSize": "SOLO" }),
        ),
        (
            Method::POST,
            "/api/auth/sign-in",
            json!({ "email": "ann@doe-law.com", "password": "wrong-but-long-enough" }),
        ),
        (
            Method::POST,
            "/api/auth/change-password",
            json!({ "currentPassword": "wrong-password-here", "newPassword": "another-long-phrase-7" }),
        ),
        (
            Method::PATCH,
            "/api/profile",
            json!({ "name": "Ann Doe", "lawFirm": "Doe & Partners", "firmSize": "E6_20" }),
        ),
        (
            Method::POST,
            "/api/profile/onboarding",
            json!({ "attorneysCountBand": "A2_5", "employeesCountBand": "E11_50",
                    "injuryCasesPerMonthBand": "C11_25", "annualSoftwareSpendBand": "S10_40K" }),
        ),
        (
            Method::POST,
            "/api/profile/category-adoption",
            json!({ "items": [{ "categoryId": 2, "hasTool": true, "selectedVendorIds": [1],
                                "primaryVendorId": 1, "otherVendors": ["Tool"] }] }),
        ),
        (
            Method::POST,
            "/api/meeting-clicks",
            json!({ "vendorId": 1, "sourcePage": "BROWSE" }),
        ),
        (
            Method::POST,
            "/api/recommendations/dismissed",
            json!({ "vendorId": 1, "reason": "other", "otherText": "We build our own" }),
        ),
        (
            Method::PUT,
            "/api/shortlist/1",
            json!({ "status": "Rejected", "note": "n", "rejectReason": "r" }),
        ),
        (
            Method::PUT,
            "/api/shortlist/1/outcome",
            json!({ "demoHeld": true, "chosen": true, "satisfaction": 4 }),
        ),
    ]
}

fn is_error_shape(body: &[u8]) -> bool {
    serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .and_then(|v| {
            let o = v.as_object()?;
            (o.len() == 1 && o.get("error")?.as_str().is_some_and(|m| !m.is_empty())).then_some(())
        })
        .is_some()
}

#[test]
fn json_bodies_with_any_values_never_get_a_500() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut app = TestApp::new();
    rt.block_on(async { app.sign_up().await });
    let app = std::cell::RefCell::new(app);
    let routes = json_routes();
    let strategy = (
        0..routes.len(),
        prop::collection::vec((any::<prop::sample::Index>(), any_json()), 0..3),
        prop::option::weighted(0.2, ("[a-zA-Z]{1,10}", any_json())),
        prop::option::weighted(0.1, any_json()),
    );
    check(
        "json bodies",
        CASES_QUERIES,
        strategy,
        |(route, replace, extra, whole)| {
            let (method, path, example) = &routes[route];
            let mut body = example.clone();
            let keys: Vec<String> = example.as_object().unwrap().keys().cloned().collect();
            for (ix, value) in replace {
                body[ix.get(&keys).as_str()] = value;
            }
            if let Some((k, v)) = extra {
                body[k.as_str()] = v;
            }
            if let Some(w) = whole {
                body = w;
            }
            let mut app = app.borrow_mut();
            let res = rt.block_on(app.call(method.clone(), path, Some(body.clone())));
            let s = res.status.as_u16();
            prop_assert!(
                // 404 only where the body or path names a vendor (that may not exist, not be a
                // pick, or not be on the shortlist yet: no PUT ran before the outcome).
                s < 500 && s != 404
                    || (s == 404
                        && matches!(
                            *path,
                            "/api/meeting-clicks"
                                | "/api/recommendations/dismissed"
                                | "/api/shortlist/1/outcome"
                        )),
                "{} {} {} -> {} {}",
                method,
                path,
                body,
                res.status,
                res.text()
            );
            if s >= 400 {
                prop_assert!(is_error_shape(&res.body), "{} {}", res.status, res.text());
            }
            if res.status == StatusCode::UNAUTHORIZED && *path != "/api/auth/sign-in" {
                return Err(TestCaseError::fail(format!("the session ended: {body}")));
            }
            Ok(())
        },
    );
}

/// Uploads that are broken as multipart: cut short, wrong boundaries, no file, odd headers.
#[test]
fn broken_uploads_never_get_a_500() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut app = TestApp::new();
    rt.block_on(async { app.sign_up().await });
    let app = std::cell::RefCell::new(app);
    let part = prop_oneof![
        Just(b"--b\r\n".to_vec()),
        Just(b"--b--\r\n".to_vec()),
        Just(b"Content-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\n".to_vec()),
        Just(b"Content-Disposition: form-data; name=\"other\"\r\n\r\n".to_vec()),
        Just(b"Content-Type: text/csv\r\n".to_vec()),
        Just(b"\r\n".to_vec()),
        Just(b"Category,Created Time\nIntake,2026-01-01\n".to_vec()),
        Just(b"name,category,websiteUrl,bookingUrl\nA,Intake,https://a.com,\n".to_vec()),
        prop::collection::vec(any::<u8>(), 0..64),
    ];
    let strategy = (
        prop::collection::vec(part, 0..8),
        prop::sample::select(vec![
            "multipart/form-data; boundary=b",
            "multipart/form-data; boundary=",
            "multipart/form-data",
            "multipart/form-data; boundary=\"b\"",
            "text/csv",
        ]),
    );
    check(
        "broken uploads",
        CASES_RAW_BYTES,
        strategy,
        |(parts, ctype)| {
            let body = parts.concat();
            let mut app = app.borrow_mut();
            let req = app
                .request(Method::POST, "/api/admin/demo-bookings/import")
                .header(axum::http::header::CONTENT_TYPE, ctype)
                .body(Body::from(body.clone()))
                .unwrap();
            let res = rt.block_on(app.send(req));
            prop_assert!(
                res.status == StatusCode::OK || res.status == StatusCode::BAD_REQUEST,
                "{} {:?} -> {} {}",
                ctype,
                File(body),
                res.status,
                res.text()
            );
            if res.status != StatusCode::OK {
                prop_assert!(is_error_shape(&res.body), "{}", res.text());
            }
            Ok(())
        },
    );
}
