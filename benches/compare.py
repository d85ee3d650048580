#!/usr/bin/env python3
"""Litstack vs DuckDB vs Polars on the dashboard's query shapes, over the same generated 1M-row
file, then (unless --no-scale) how Litstack grows to 3M and 10M bookings (benches/scale.sh).

Runs the criterion query benches (benches/trends.rs, which also writes the file to
target/bench-data/bookings-1m.csv), then the same queries on DuckDB (in memory) and on Polars
(eager, with categorical columns), both in-process, and prints one markdown table of medians: ours,
theirs and how many times faster Litstack is than the best peer. Each engine answers the whole
query shape: for the trends shapes that is the category counts, the state counts, the daily series
and the last-30/previous-30 totals. Both peers get a precomputed city column and day column.

The peers are installed from benches/compare-requirements.txt (hash-pinned) into
target/compare-venv the first time; the script then runs itself with that interpreter.

Then the durable import race on the same file: `litstack import` into a fresh data directory
(committed, index ready) against DuckDB loading the file into a database file (CREATE TABLE AS
read_csv, CHECKPOINT), IMPORT_RUNS each, medians of wall time and of peak memory. With
--import-10m it also races the 10M file of benches/scale.sh (one run each: about a minute).

Then "Appends, 20M and the hub start", Litstack against DuckDB into a file: a day's 10,000 rows
appended to the 10M install (benches/append.sh against INSERT and CHECKPOINT into a copy of a
DuckDB file holding the same rows, kept in target/bench-data), 10,000 rows with fresh ids whose
days fall among the stored ones (append.sh KIND=late, the same against DuckDB), the durable import of 20M rows, the
start at 20M and 10M (benches/start.sh against DuckDB opening its file and answering the no-filter
trends), and a hub node's start from PostgreSQL's stored snapshot at 1M (benches/hub.sh) and at
the append's size (benches/hub-start.sh), Litstack only. --no-20m and --no-hub leave those rows out; APPEND_SCALE (millions, default 10) and
BIG_ROWS (default 20000000) make it small enough to check end to end.

With --100m, only the 100M run (HUNDRED_ROWS, default 100000000; about 10 GB of CSV and 15 GB of
results in target/bench-data): both durable imports afresh, both starts, and benches/scale.sh at
that size (query shapes uncached, resident memory, cached trends over HTTP).

Usage: python3 benches/compare.py [--skip-cargo] [--no-scale] [--import-10m] [--import-only]
       python3 benches/compare.py --100m [--skip-cargo]   (only that section; about 20 minutes)
       python3 benches/compare.py --appends [--skip-cargo] [--no-20m] [--no-hub]   (only that section)
       APPEND_SCALE=1 BIG_ROWS=2000000 python3 benches/compare.py --appends --skip-cargo
"""
import json
import os
import re
import statistics
import subprocess
import sys
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
VENV = TARGET / "compare-venv"
REQUIREMENTS = ROOT / "benches" / "compare-requirements.txt"
CSV = TARGET / "bench-data" / "bookings-1m.csv"
CRITERION = TARGET / "criterion" / "queries"
RUNS = 15
END = "2026-06-30"          # the generated data's last day (benches/trends.rs)
START_90 = "2026-04-02"     # 90 days ending on END
# The comparison periods of those 90 days (periods::Compare): the 90 days before, a year earlier.
PREVIOUS_90 = ("2026-01-02", "2026-04-01")
YEAR_90 = ("2025-04-02", "2025-06-30")
CATEGORY = "Practice Management"   # the category most bookings have (bookings::generate)

SHAPES = [
    "trends_no_filter",
    "trends_state",
    "trends_state_90_days",
    "trends_firm_size_90_days",
    "trends_dma",
    "trends_dma_90_days",
    "trends_state_firm_size",
    "cities_of_state",
    "cities_of_state_90_days",
    "state_bookings_100",
    "recent_6",
    "filter_options",
    "vendor_demand_small_firms_90_days",
    "trends_weekly_stacked",
    "trends_monthly_state_90_days",
    "trends_compare_previous_90_days",
    "trends_compare_year_90_days",
    "vendors_in_category_90_days",
    "vendors_top20_state",
]


def in_venv():
    """Re-runs this script with the venv's interpreter, installing the peers first if needed."""
    python = VENV / "bin" / "python"
    if Path(sys.prefix).resolve() == VENV.resolve():
        return
    stamp = VENV / "requirements.txt"
    if not python.exists() or not stamp.exists() or stamp.read_bytes() != REQUIREMENTS.read_bytes():
        print(f"compare: installing DuckDB and Polars into {VENV}", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(VENV)], check=True)
        subprocess.run([str(VENV / "bin" / "pip"), "install", "--quiet", "--disable-pip-version-check",
                        "--require-hashes", "-r", str(REQUIREMENTS)], check=True)
        stamp.write_bytes(REQUIREMENTS.read_bytes())
    os.execv(str(python), [str(python), *sys.argv])


def duckdb_trends(where, where_no_dates, end=END):
    ref = f"DATE '{end}'"
    return [
        f"SELECT category, count(*) AS c FROM b WHERE {where} GROUP BY category ORDER BY c DESC",
        f"SELECT state, count(*) AS c FROM b WHERE {where} GROUP BY state ORDER BY c DESC",
        f"SELECT day, count(*) FROM b WHERE {where} GROUP BY day ORDER BY day",
        f"SELECT sum(CASE WHEN day > {ref} - 30 AND day <= {ref} THEN 1 ELSE 0 END), "
        f"sum(CASE WHEN day > {ref} - 60 AND day <= {ref} - 30 THEN 1 ELSE 0 END) "
        f"FROM b WHERE {where_no_dates}",
    ]


def duckdb_buckets(where, unit):
    """The series in ISO weeks (date_trunc('week') starts on Monday) or months."""
    return f"SELECT date_trunc('{unit}', day) AS t, count(*) FROM b WHERE {where} GROUP BY t ORDER BY t"


def duckdb_stacks(where, unit):
    """Per bucket, the bookings of each of the 8 most booked categories and of the others."""
    return f"""WITH cells AS (SELECT date_trunc('{unit}', day) AS t, category, count(*) AS n
                              FROM b WHERE {where} GROUP BY t, category),
             top AS (SELECT category FROM cells GROUP BY category ORDER BY sum(n) DESC, category LIMIT 8)
        SELECT t, CASE WHEN category IN (SELECT category FROM top) THEN category ELSE 'Other' END AS k,
               sum(n)
        FROM cells GROUP BY t, k ORDER BY t, k"""


def changes(now, then):
    """The route's Changes::between on fetched rows: the union of two periods' (name, count)
    rows, now and then side by side, most now first."""
    joined = {name: [n, 0] for name, n in now}
    for name, n in then:
        joined.setdefault(name, [0, 0])[1] = n
    return sorted(joined.items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))


def between(a, b):
    return f"day BETWEEN DATE '{a}' AND DATE '{b}'"


def duckdb_statements(duck):
    d90 = f"day BETWEEN DATE '{START_90}' AND DATE '{END}'"
    first, last = duck.execute("SELECT min(day), max(day) FROM b").fetchone()

    def compare(then):
        """Both periods' trends (each with its own last 30 days) and the changes between them."""
        def run():
            now = [duck.execute(s).fetchall() for s in duckdb_trends(d90, "1=1")]
            was = [duck.execute(s).fetchall() for s in duckdb_trends(between(*then), "1=1", then[1])]
            return changes(now[0], was[0]), changes(now[1], was[1])
        return run

    def vendors(where, start, cmp_start, limit):
        """Bookings by vendor in [start, END] and in the comparison period [cmp_start, start),
        the top rows, the totals and how many vendors have bookings."""
        both = f"{where} AND day BETWEEN DATE '{cmp_start}' AND DATE '{END}'"
        now, then = f"day >= DATE '{start}'", f"day < DATE '{start}'"
        return [
            f"SELECT client, count(*) FILTER (WHERE {now}) AS n, count(*) FILTER (WHERE {then}) AS m "
            f"FROM b WHERE {both} GROUP BY client ORDER BY n DESC, m DESC, client LIMIT {limit}",
            f"SELECT count(*) FILTER (WHERE {now}), count(*) FILTER (WHERE {then}), "
            f"count(DISTINCT client) FILTER (WHERE {now}) FROM b WHERE {both}",
        ]
    # The state's vendors over every day with a booking, compared with as many days before.
    whole_previous = first - (last - first + timedelta(days=1))

    def cities(where):
        return [f"SELECT city, count(*) AS c FROM b WHERE {where} GROUP BY city ORDER BY c DESC, city LIMIT 12",
                f"SELECT count(*) FROM b WHERE {where}"]
    return {
        "trends_no_filter": duckdb_trends("1=1", "1=1"),
        "trends_state": duckdb_trends("state = 'CA'", "state = 'CA'"),
        "trends_state_90_days": duckdb_trends(f"state = 'CA' AND {d90}", "state = 'CA'"),
        "trends_firm_size_90_days": duckdb_trends(f"size = 'SOLO' AND {d90}", "size = 'SOLO'"),
        "trends_dma": duckdb_trends("dma = 'Los Angeles'", "dma = 'Los Angeles'"),
        "trends_dma_90_days": duckdb_trends(f"dma = 'Los Angeles' AND {d90}", "dma = 'Los Angeles'"),
        "trends_state_firm_size": duckdb_trends("state = 'CA' AND size = 'SOLO'", "state = 'CA' AND size = 'SOLO'"),
        "cities_of_state": cities("state = 'CA'"),
        "cities_of_state_90_days": cities(f"state = 'CA' AND {d90}"),
        "state_bookings_100": [
            "SELECT * FROM b WHERE state = 'CA' ORDER BY created DESC, id DESC LIMIT 100",
            "SELECT count(*) FROM b WHERE state = 'CA'",
        ],
        "recent_6": ["SELECT * FROM b ORDER BY created DESC, id DESC LIMIT 6", "SELECT count(*) FROM b"],
        "filter_options": [
            "SELECT DISTINCT dma FROM b WHERE dma <> 'Unknown' ORDER BY dma",
            "SELECT DISTINCT state FROM b WHERE state <> 'Unknown' ORDER BY state",
            "SELECT DISTINCT size FROM b ORDER BY size",
        ],
        "vendor_demand_small_firms_90_days": [
            f"SELECT client, count(*) FROM b WHERE size IN ('SOLO', 'E2_5') AND day >= DATE '{START_90}' GROUP BY client"
        ],
        "trends_weekly_stacked": [*duckdb_trends("1=1", "1=1"), duckdb_buckets("1=1", "week"),
                                  duckdb_stacks("1=1", "week")],
        "trends_monthly_state_90_days": [*duckdb_trends(f"state = 'CA' AND {d90}", "state = 'CA'"),
                                         duckdb_buckets(f"state = 'CA' AND {d90}", "month")],
        "trends_compare_previous_90_days": compare(PREVIOUS_90),
        "trends_compare_year_90_days": compare(YEAR_90),
        "vendors_in_category_90_days": vendors(f"category = '{CATEGORY}'", START_90, PREVIOUS_90[0], 100),
        "vendors_top20_state": vendors("state = 'CA'", first, whole_previous, 20),
    }


# The query columns DuckDB derives from the CSV's text columns (Litstack parses them at import).
DUCK_COLUMNS = """
            "Id" AS id,
            CAST(replace("Created Time", 'Z', '') AS TIMESTAMP) AS created,
            CAST(replace("Created Time", 'Z', '') AS DATE) AS day,
            "Client Category" AS category,
            coalesce("Client", '') AS client,
            coalesce("Standardized Practice Area Broken Out", 'SOLO') AS size,
            "City State" AS city_state,
            coalesce(nullif(trim(split_part("City State", ',', 1)), ''), 'Unknown City') AS city,
            coalesce("State", 'Unknown') AS state,
            coalesce("DMA", 'Unknown') AS dma"""


def load_duckdb():
    import duckdb
    con = duckdb.connect()
    con.execute(f"""
        CREATE TABLE b AS SELECT{DUCK_COLUMNS}
        FROM read_csv('{CSV}', header = true, all_varchar = true)""")
    return con


def load_polars():
    import polars as pl
    cat = pl.Categorical
    raw = pl.read_csv(CSV, infer_schema=False)
    created = pl.col("Created Time").str.to_datetime("%Y-%m-%dT%H:%M:%SZ")
    return raw.select(
        pl.col("Id").alias("id"),
        created.alias("created"),
        created.dt.date().alias("day"),
        pl.col("Client Category").cast(cat).alias("category"),
        pl.col("Client").fill_null("").cast(cat).alias("client"),
        pl.col("Standardized Practice Area Broken Out").fill_null("SOLO").cast(cat).alias("size"),
        pl.col("City State").cast(cat).alias("city_state"),
        pl.col("City State").str.split(",").list.first().str.strip_chars().replace("", None)
        .fill_null("Unknown City").cast(cat).alias("city"),
        pl.col("State").fill_null("Unknown").cast(cat).alias("state"),
        pl.col("DMA").fill_null("Unknown").cast(cat).alias("dma"),
    ).rechunk()


def polars_shapes(df):
    import polars as pl
    end, start_90 = date.fromisoformat(END), date.fromisoformat(START_90)
    days = pl.col("day")
    d90 = days.is_between(start_90, end)

    def trends(where, where_no_dates, ref=end):
        last30, last60 = ref - timedelta(days=30), ref - timedelta(days=60)

        def run():
            d = df.filter(where)
            cats = d.group_by("category").len().sort("len", descending=True)
            states = d.group_by("state").len().sort("len", descending=True)
            d.group_by("day").len().sort("day")
            df.filter(where_no_dates).select(
                ((days > last30) & (days <= ref)).sum().alias("last30"),
                ((days > last60) & (days <= last30)).sum().alias("previous30"),
            )
            return d, cats, states
        return run

    def series(where, where_no_dates, every, stack):
        """The trends, then the series in buckets of `every` ("1w": ISO weeks from Monday,
        "1mo": months) and, with `stack`, per bucket the 8 most booked categories and Other."""
        base = trends(where, where_no_dates)

        def run():
            d, cats, _ = base()
            bucket = days.dt.truncate(every).alias("t")
            d.group_by(bucket).len().sort("t")
            if stack:
                top = cats.sort(["len", "category"], descending=[True, False]).head(8)["category"]
                cells = d.group_by(bucket, "category").len()
                cells.with_columns(pl.when(pl.col("category").is_in(top.implode()))
                                   .then(pl.col("category").cast(pl.String))
                                   .otherwise(pl.lit("Other")).alias("k")) \
                    .group_by("t", "k").agg(pl.col("len").sum()).sort("t", "k")
        return run

    def compare(then):
        now_run = trends(d90, every)
        then_start, then_end = (date.fromisoformat(x) for x in then)
        then_run = trends(days.is_between(then_start, then_end), every, then_end)

        def run():
            _, now_cats, now_states = now_run()
            _, then_cats, then_states = then_run()
            return (changes(now_cats.rows(), then_cats.rows()),
                    changes(now_states.rows(), then_states.rows()))
        return run

    first, last = df.select(days.min().alias("first"), days.max().alias("last")).row(0)

    def vendors(where, start, cmp_start, limit):
        now = days >= start

        def run():
            d = df.filter(where & days.is_between(cmp_start, end))
            d.group_by("client").agg(now.sum().alias("n"), (~now).sum().alias("m")) \
                .with_columns(pl.col("client").cast(pl.String)) \
                .sort(["n", "m", "client"], descending=[True, True, False]).head(limit)
            d.select(now.sum().alias("n"), (~now).sum().alias("m"),
                     pl.col("client").filter(now).n_unique().alias("vendors"))
        return run

    def cities(where):
        def run():
            d = df.filter(where)
            d.group_by("city").len().sort(["len", "city"], descending=[True, False]).head(12)
            d.height
        return run

    def newest(where, n):
        def run():
            d = df.filter(where) if where is not None else df
            d.sort(["created", "id"], descending=True).head(n)
            d.height
        return run

    every = pl.lit(True)
    ca, solo, la = pl.col("state") == "CA", pl.col("size") == "SOLO", pl.col("dma") == "Los Angeles"
    return {
        "trends_no_filter": trends(every, every),
        "trends_state": trends(ca, ca),
        "trends_state_90_days": trends(ca & d90, ca),
        "trends_firm_size_90_days": trends(solo & d90, solo),
        "trends_dma": trends(la, la),
        "trends_dma_90_days": trends(la & d90, la),
        "trends_state_firm_size": trends(ca & solo, ca & solo),
        "cities_of_state": cities(ca),
        "cities_of_state_90_days": cities(ca & d90),
        "state_bookings_100": newest(ca, 100),
        "recent_6": newest(None, 6),
        "filter_options": lambda: [
            df.filter(pl.col("dma") != "Unknown").select(pl.col("dma").unique().sort()),
            df.filter(pl.col("state") != "Unknown").select(pl.col("state").unique().sort()),
            df.select(pl.col("size").unique().sort()),
        ],
        "vendor_demand_small_firms_90_days": lambda: df.filter(
            pl.col("size").is_in(["SOLO", "E2_5"]) & (days >= start_90)).group_by("client").len(),
        "trends_weekly_stacked": series(every, every, "1w", True),
        "trends_monthly_state_90_days": series(ca & d90, ca, "1mo", False),
        "trends_compare_previous_90_days": compare(PREVIOUS_90),
        "trends_compare_year_90_days": compare(YEAR_90),
        "vendors_in_category_90_days": vendors(pl.col("category") == CATEGORY, start_90,
                                               date.fromisoformat(PREVIOUS_90[0]), 100),
        "vendors_top20_state": vendors(ca, first, first - (last - first + timedelta(days=1)), 20),
    }


IMPORT_RUNS = 3
BIN = TARGET / "release" / "litstack"


def timed(argv):
    """Runs argv under /usr/bin/time; returns (wall seconds, peak RSS in MB)."""
    out = TARGET / "bench-data" / "import-time.txt"
    subprocess.run(["/usr/bin/time", "-o", str(out), "-f", "%e %M", *argv], check=True,
                   stdout=subprocess.DEVNULL, env={**os.environ, "RUST_LOG": "warn"})
    wall, rss_kb = out.read_text().split()[-2:]
    return float(wall), int(rss_kb) / 1024


def read_through(path):
    """Reads a file once, so that the import timed next finds it in the page cache whichever
    import ran before it (at 100M, the one that ran second found more of the 10 GB there)."""
    with open(path, "rb") as f:
        while f.read(1 << 24):
            pass


def duckdb_into_file(csv, db):
    """DuckDB's load into a database file: the wall time measured inside the Python process (so
    the interpreter's start does not count against DuckDB), the peak RSS of the whole process."""
    script = (f"import time, duckdb; t = time.perf_counter(); c = duckdb.connect({str(db)!r}); "
              f"c.execute(\"CREATE TABLE b AS SELECT * FROM read_csv({str(csv)!r}, header = true, "
              f"all_varchar = true)\"); c.execute('CHECKPOINT'); c.close(); "
              f"print(time.perf_counter() - t)")
    out = TARGET / "bench-data" / "import-time.txt"
    wall = subprocess.run(["/usr/bin/time", "-o", str(out), "-f", "%M", sys.executable, "-c", script],
                          check=True, capture_output=True, text=True).stdout.split()[-1]
    return float(wall), int(out.read_text().split()[-1]) / 1024


RACE = TARGET / "bench-data" / "import-race"


def import_race(csv, runs, keep=False):
    """Median wall time and peak RSS of our durable import and of DuckDB's load into a file, the
    CSV read once before each. With keep, the last run's data directory (RACE/litstack) and
    DuckDB file (RACE/duck.db) stay."""
    import shutil
    scratch = RACE
    ours_, theirs = [], []
    for _ in range(runs):
        shutil.rmtree(scratch, ignore_errors=True)
        scratch.mkdir(parents=True)
        read_through(csv)
        ours_.append(timed([str(BIN), "import", "bookings", str(csv), "--data-dir", str(scratch / "litstack")]))
        read_through(csv)
        theirs.append(duckdb_into_file(csv, scratch / "duck.db"))
    if not keep:
        shutil.rmtree(scratch, ignore_errors=True)
    med = lambda xs, i: statistics.median(x[i] for x in xs)
    return (med(ours_, 0), med(ours_, 1)), (med(theirs, 0), med(theirs, 1))


def median_ms(run):
    for _ in range(2):
        run()
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        run()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def ours():
    out = {}
    for shape in SHAPES:
        with open(CRITERION / shape / "new" / "estimates.json") as f:
            out[shape] = json.load(f)["median"]["point_estimate"] / 1e6
    return out


def fmt(ms):
    return f"{ms * 1000:.1f} µs" if ms < 1 else f"{ms:.2f} ms"


def query_table(env):
    import duckdb
    import polars as pl
    if "--skip-cargo" not in sys.argv:
        subprocess.run(["cargo", "bench", "--bench", "trends", "--", "queries/",
                        "--warm-up-time", "1", "--measurement-time", "3"], cwd=ROOT, check=True, env=env)
    mine = ours()
    t = time.perf_counter()
    duck = load_duckdb()
    duck_load = time.perf_counter() - t
    t = time.perf_counter()
    frame = load_polars()
    polars_load = time.perf_counter() - t
    ds, ps = duckdb_statements(duck), polars_shapes(frame)
    print(f"\nLoad average {os.getloadavg()[0]:.2f} before the peers. DuckDB "
          f"{duckdb.__version__} (load {duck_load:.1f} s), Polars {pl.__version__} with categorical "
          f"columns (load {polars_load:.1f} s), {RUNS} runs each, medians; Litstack: criterion medians.\n")
    print("| query (1M bookings) | Litstack | DuckDB | Polars | best peer / Litstack |")
    print("|---|---:|---:|---:|---:|")
    for shape in SHAPES:
        d = median_ms(ds[shape] if callable(ds[shape]) else
                      lambda: [duck.execute(s).fetchall() for s in ds[shape]])
        p = median_ms(ps[shape])
        m = mine[shape]
        print(f"| {shape} | {fmt(m)} | {fmt(d)} | {fmt(p)} | {min(d, p) / m:,.0f}x |")
    print(f"\nload average after the peers: {os.getloadavg()[0]:.2f}")


def import_table(env):
    if "--skip-cargo" not in sys.argv:
        subprocess.run(["cargo", "build", "--release", "--bin", "litstack"], cwd=ROOT, check=True, env=env)
    CSV.parent.mkdir(parents=True, exist_ok=True)
    if not CSV.exists():
        subprocess.run([str(BIN), "gen-bookings", "--rows", "1000000", "--seed", "42", "--end", END,
                        "--out", str(CSV)], check=True)
    races = [("1M", CSV, IMPORT_RUNS)]
    big = TARGET / "bench-data" / "scale-10m.csv"
    if "--import-10m" in sys.argv:
        if not big.exists():
            subprocess.run([str(BIN), "gen-bookings", "--rows", "10000000", "--seed", "7", "--end", END,
                            "--out", str(big)], check=True)
        races.append(("10M", big, 1))
    print(f"\nDurable import of the same file (load average {os.getloadavg()[0]:.2f} before):\n")
    print("| file | Litstack import: wall, peak RSS | DuckDB into a database file: wall, peak RSS | Litstack / DuckDB |")
    print("|---|---:|---:|---:|")
    for name, csv, runs in races:
        (ow, om), (dw, dm) = import_race(csv, runs)
        print(f"| {name} ({runs} run{'s' if runs > 1 else ''}, medians) | {ow:.2f} s, {om:.0f} MB | "
              f"{dw:.2f} s, {dm:.0f} MB | {ow / dw:.2f}x |")
    print(f"\nload average after the imports: {os.getloadavg()[0]:.2f}")


APPEND_RUNS = 3
START_ROUNDS = 3
# The install a day's rows go into, in millions (benches/append.sh's SCALE), and the big file's
# rows: smaller values check the section end to end in minutes.
APPEND_SCALE = int(os.environ.get("APPEND_SCALE", "10"))
BIG_ROWS = int(os.environ.get("BIG_ROWS", "20000000"))
DATA = TARGET / "bench-data"
DAY = DATA / "append-10k.csv"   # benches/append.sh writes it: 10,000 rows on the day after END
LATE = DATA / "late-10k.csv"    # and with KIND=late: 10,000 rows with fresh ids among the stored days
ADDR = "127.0.0.1:18190"        # benches/start.sh's
# Reads this process's memory in MB, for the DuckDB scripts below.
STATUS = """
def status(key):
    for line in open('/proc/self/status'):
        if line.startswith(key + ':'):
            return int(line.split()[1]) / 1024
"""


def number(cell):
    """The number a markdown cell such as "1,234 ms" or "365 MB" starts with."""
    return float(re.match(r"[\d,.]+", cell.strip()).group().replace(",", ""))


def litstack_append(scale, env, kind="day"):
    """benches/append.sh's runs of the day's rows (or with kind "late", of rows among the stored
    days) into a copy of the scale's install: medians of upload to answer (ms) and of RSS before,
    the peak up to the end of the snapshot's write, and after (MB)."""
    out = subprocess.run([str(ROOT / "benches" / "append.sh"), str(BIN)], check=True,
                         capture_output=True, text=True,
                         env={**env, "SCALE": str(scale), "RUNS": str(APPEND_RUNS), "KIND": kind}).stdout
    # Its columns are found by their names, so a column it adds does not move the ones read here.
    header = next((line.split("|")[1:-1] for line in out.splitlines() if line.startswith("| run |")), [])
    names = [cell.strip() for cell in header]
    wanted = ["upload to answer", "RSS before", "peak with the snapshot", "RSS after", "trends total"]
    if any(name not in names for name in wanted):
        sys.exit(f"compare: benches/append.sh's table lacks one of {wanted}:\n{out}")
    at = {name: names.index(name) for name in wanted}
    runs = [line.split("|")[1:-1] for line in out.splitlines() if re.match(r"\| \d+ \|", line)]
    if len(runs) != APPEND_RUNS:
        sys.exit(f"compare: benches/append.sh printed {len(runs)} runs, not {APPEND_RUNS}:\n{out}")
    for run in runs:
        total = run[at["trends total"]]
        before, after = (int(x) for x in total.split("→"))
        if after - before != 10_000:
            sys.exit(f"compare: after the day's import the trends counted {total.strip()}")
    return [statistics.median(number(run[at[name]]) for run in runs) for name in wanted[:4]]


def duckdb_append(db, runs, rows_file=DAY):
    """The day's rows (or those of rows_file) inserted into a fresh copy of db, then CHECKPOINT, runs times: medians of
    the time inside Python from the INSERT to the checkpoint's end (the file is open already, as
    the server is) and of the process's RSS before, peak during and after."""
    import shutil
    scratch = DATA / "append-duck.duckdb"
    script = STATUS + f"""
import json, time, duckdb
c = duckdb.connect({str(scratch)!r})
rows = c.execute('SELECT count(*) FROM b').fetchone()[0]
before = status('VmRSS')
with open('/proc/self/clear_refs', 'w') as f:
    f.write('5')   # resets VmHWM: the peak of the insert alone
t = time.perf_counter()
c.execute({f"INSERT INTO b SELECT * FROM read_csv('{rows_file}', header = true, all_varchar = true)"!r})
c.execute('CHECKPOINT')
ms = (time.perf_counter() - t) * 1000
peak, after = status('VmHWM'), status('VmRSS')
added = c.execute('SELECT count(*) FROM b').fetchone()[0] - rows
c.close()
print(json.dumps([ms, before, peak, after, added]))
"""
    results = []
    for _ in range(runs):
        shutil.copyfile(db, scratch)
        out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True)
        *measures, added = json.loads(out.stdout.strip().splitlines()[-1])
        if added != 10_000:
            sys.exit(f"compare: DuckDB's table grew by {added} rows, not 10,000")
        results.append(measures)
    for path in (scratch, scratch.with_name(scratch.name + ".wal")):
        path.unlink(missing_ok=True)
    return [statistics.median(r[i] for r in results) for i in range(4)]


def wait_answer(server):
    """Waits for the server's first HTTP answer (a refusal is an answer too)."""
    import urllib.error
    import urllib.request
    while True:
        if server.poll() is not None:
            sys.exit("compare: the server exited before its first answer")
        try:
            urllib.request.urlopen(f"http://{ADDR}/api/auth/me", timeout=5)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.01)


def litstack_start(data_dir, env):
    """One start that writes the snapshot (stopped after its first answer: a stopping server
    finishes the write), then benches/start.sh's rounds: medians of spawn to first answer (ms) and
    of RSS 1 s later (MB)."""
    server = subprocess.Popen([str(BIN), "serve", "--addr", ADDR, "--data-dir", str(data_dir),
                               "--no-sample-data"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, env={**env, "RUST_LOG": "warn"})
    try:
        wait_answer(server)
    finally:
        server.terminate()
        server.wait()
    out = subprocess.run([str(ROOT / "benches" / "start.sh"), f"{BIN}:{data_dir}"], check=True,
                         capture_output=True, text=True, env={**env, "ROUNDS": str(START_ROUNDS)}).stdout
    # Each round: "round N | BIN: MS ms, RSS MB, stopped in STOP ms, FLAG".
    rounds = re.findall(r"^round \d+ \| .*?: (\d+) ms, (\d+) MB\b", out, re.M)
    if len(rounds) != START_ROUNDS:
        sys.exit(f"compare: benches/start.sh printed {len(rounds)} rounds, not {START_ROUNDS}:\n{out}")
    return [statistics.median(int(r[i]) for r in rounds) for i in (0, 1)]


def duckdb_start(db):
    """DuckDB opening the file (as the import race stores it: the CSV's text columns) and answering
    the no-filter trends shape through a view with the query table's columns: medians over
    START_ROUNDS fresh processes, after one untimed, of the time inside Python from connect to the
    fetched result (ms) and of the RSS then (MB)."""
    attach = f"ATTACH '{db}' AS f (READ_ONLY)"
    view = f"CREATE TEMP VIEW b AS SELECT{DUCK_COLUMNS}\n        FROM f.b"
    script = STATUS + f"""
import json, time, duckdb
t = time.perf_counter()
c = duckdb.connect()
c.execute({attach!r})
c.execute({view!r})
for s in {duckdb_trends("1=1", "1=1")!r}:
    c.execute(s).fetchall()
print(json.dumps([(time.perf_counter() - t) * 1000, status('VmRSS')]))
"""
    rounds = []
    for _ in range(START_ROUNDS + 1):
        out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True)
        rounds.append(json.loads(out.stdout.strip().splitlines()[-1]))
    return [statistics.median(r[i] for r in rounds[1:]) for i in (0, 1)]


def hub_ready(env):
    """benches/hub.sh (its own PostgreSQL): node B's spawn to first answer with 1M bookings, with
    its snapshot and without (from the snapshot PostgreSQL stores), in ms, and its header line."""
    hub_env = {**env, **({"SKIP_BUILD": "1"} if "--skip-cargo" in sys.argv else {})}
    out = subprocess.run(["bash", str(ROOT / "benches" / "hub.sh")], check=True, stdout=subprocess.PIPE,
                         text=True, env=hub_env).stdout
    ready = re.search(r"^\| node B ready with 1M bookings, from spawn: with its snapshot / without"
                      r"[^|]*\| (\d+) ms / (\d+) ms \|", out, re.M)
    head = re.search(r"^Commit .*$", out, re.M)
    if not ready or not head:
        sys.exit(f"compare: no start row in benches/hub.sh's output:\n{out}")
    return int(ready[1]), int(ready[2]), head[0]


def hub_start_at_scale(scale, env):
    """benches/hub-start.sh (its own PostgreSQL): a node's start at the append's install size from
    the snapshot PostgreSQL stores, medians of spawn to first answer (ms) and RSS (MB)."""
    out = subprocess.run(["bash", str(ROOT / "benches" / "hub-start.sh"), str(BIN)], check=True,
                         stdout=subprocess.PIPE, text=True,
                         env={**env, "SCALE": str(scale), "ROUNDS": str(START_ROUNDS)}).stdout
    return parse_hub_start(out)


def parse_hub_start(out):
    rounds = re.findall(r"^\| \d+, from PostgreSQL's stored snapshot \| (\d+) ms \| (\d+) MB \|", out, re.M)
    if len(rounds) != START_ROUNDS:
        sys.exit(f"compare: benches/hub-start.sh printed {len(rounds)} rounds, not {START_ROUNDS}:\n{out}")
    return [statistics.median(int(r[i]) for r in rounds) for i in (0, 1)]


def appends_table(env):
    """Litstack against DuckDB into a file on a day's rows appended to the 10M install, the
    durable import of 20M, the start at 20M and 10M; and a hub node's start at 1M and at 10M."""
    import shutil

    import duckdb
    if "--skip-cargo" not in sys.argv:
        subprocess.run(["cargo", "build", "--release", "--bin", "litstack"], cwd=ROOT, check=True, env=env)
    if BIG_ROWS <= 0 or BIG_ROWS % 1_000_000 or APPEND_SCALE <= 0:
        sys.exit("compare: BIG_ROWS must be a whole number of millions, APPEND_SCALE a positive one")
    big_n = BIG_ROWS // 1_000_000
    small, big = f"{APPEND_SCALE}M", f"{big_n}M"
    DATA.mkdir(parents=True, exist_ok=True)
    sections = [f"{APPEND_RUNS} runs of the append", f"starts: {START_ROUNDS} rounds each after one untimed"]
    if "--no-20m" not in sys.argv:
        sections.insert(1, f"1 run of each {big} import")
    print(f"\nAppends, {big} and the hub start (load average {os.getloadavg()[0]:.2f} before; DuckDB "
          f"{duckdb.__version__}; {', '.join(sections)}; medians):\n")
    print("| measure | Litstack | DuckDB into a file | Polars | Litstack / DuckDB |")
    print("|---|---:|---:|---|---:|")

    def row(measure, ours_, theirs, ratio):
        print(f"| {measure} | {ours_} | {theirs} | — | {ratio} |", flush=True)

    def start_row(size, ours_, theirs):
        row(f"start at {size}: to the first answer, RSS then", f"{ours_[0]:,.0f} ms, {ours_[1]:.0f} MB",
            f"{theirs[0]:,.0f} ms, {theirs[1]:.0f} MB", f"{ours_[0] / theirs[0]:.2f}x")

    # 1. A day's rows into the install (append.sh makes the install and the day's file when missing).
    ms, before, peak, after = litstack_append(APPEND_SCALE, env)
    base = DATA / f"scale-{APPEND_SCALE}m.duckdb"   # kept: built once, copied per run
    if not base.exists():
        tmp = base.with_name(base.name + ".tmp")
        tmp.unlink(missing_ok=True)
        duckdb_into_file(DATA / f"scale-{APPEND_SCALE}m.csv", tmp)
        tmp.rename(base)
    dms, dbefore, dpeak, dafter = duckdb_append(base, APPEND_RUNS)
    row(f"a day's 10,000 rows appended to {small}: wall; RSS before / peak / after",
        f"{ms:,.0f} ms; {before:.0f} / {peak:.0f} / {after:.0f} MB",
        f"{dms:,.0f} ms; {dbefore:.0f} / {dpeak:.0f} / {dafter:.0f} MB", f"{ms / dms:.2f}x")
    # 1b. 10,000 rows with fresh ids whose days fall among the stored ones (append.sh KIND=late).
    ms, before, peak, after = litstack_append(APPEND_SCALE, env, "late")
    dms, dbefore, dpeak, dafter = duckdb_append(base, APPEND_RUNS, LATE)
    row(f"10,000 rows among the stored days of {small}: wall; RSS before / peak / after",
        f"{ms:,.0f} ms; {before:.0f} / {peak:.0f} / {after:.0f} MB",
        f"{dms:,.0f} ms; {dbefore:.0f} / {dpeak:.0f} / {dafter:.0f} MB", f"{ms / dms:.2f}x")

    # 2 and 3. The big file's durable import; both results then start.
    if "--no-20m" not in sys.argv:
        csv = DATA / f"scale-{big_n}m.csv"
        if not csv.exists():
            subprocess.run([str(BIN), "gen-bookings", "--rows", str(BIG_ROWS), "--seed", "7", "--end", END,
                            "--out", str(csv)], check=True)
        (ow, om), (dw, dm) = import_race(csv, 1, keep=True)
        row(f"{big} durable import: wall, peak RSS", f"{ow:.2f} s, {om:.0f} MB", f"{dw:.2f} s, {dm:.0f} MB",
            f"{ow / dw:.2f}x")
        try:
            start_row(big, litstack_start(RACE / "litstack", env), duckdb_start(RACE / "duck.db"))
        finally:
            shutil.rmtree(RACE, ignore_errors=True)

    # 3 at the append's size: a copy of its install (starts rewrite its snapshot), its DuckDB file.
    copy = DATA / f"start-{APPEND_SCALE}m"
    shutil.rmtree(copy, ignore_errors=True)
    subprocess.run(["cp", "-a", str(DATA / f"scale-{APPEND_SCALE}m"), str(copy)], check=True)
    try:
        start_row(small, litstack_start(copy, env), duckdb_start(base))
    finally:
        shutil.rmtree(copy, ignore_errors=True)

    # 4. A hub node's start from PostgreSQL's stored snapshot.
    hub_note = ""
    if "--no-hub" not in sys.argv:
        own, stored, hub_note = hub_ready(env)
        row("hub node ready with 1M bookings from PostgreSQL's stored snapshot (no local snapshot), "
            "from spawn", f"{stored:,} ms ({own:,} ms with its own)", "—", "—")
        ms, rss = hub_start_at_scale(APPEND_SCALE, env)
        row(f"hub node ready with {small} bookings from PostgreSQL's stored snapshot (benches/hub-start.sh), "
            "from spawn, RSS 1 s later", f"{ms:,.0f} ms, {rss:.0f} MB", "—", "—")

    print("\nPolars keeps no durable store: it has no append to a file, no durable import and no start "
          "from one (—). Append: Litstack's upload to answer through the import route of a server "
          "holding the install (benches/append.sh), VmRSS before, VmHWM during, VmRSS 3 s after; "
          "DuckDB's INSERT from read_csv and CHECKPOINT into a copy of a file holding the rows, timed "
          "in Python once the file is open, the process's RSS the same way (its INSERT checks no ids; "
          "Litstack's import looks each row up among the stored ones, to update a row sent again). Start: Litstack from spawn (benches/start.sh), "
          "RSS 1 s later; DuckDB from connect to the fetched no-filter trends, through a view that "
          "derives the query table's columns from the file's text columns (as the import race "
          "stores them), RSS then.")
    if hub_note:
        print(f"Hub row: benches/hub.sh, {hub_note}")
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


HUNDRED_ROWS = int(os.environ.get("HUNDRED_ROWS", "100000000"))


def hundred_million_table(env):
    """The 100M run: the generated file imported afresh by both (Litstack durably, DuckDB into a
    file; one run each), both starts at that size, then benches/scale.sh at that size for the
    in-process query shapes (uncached), the start's RSS and the cached trends over HTTP. Polars is
    left out: its eager frame of the file would need several times the file's 10 GB."""
    import shutil
    if "--skip-cargo" not in sys.argv:
        subprocess.run(["cargo", "build", "--release", "--bin", "litstack"], cwd=ROOT, check=True, env=env)
    if HUNDRED_ROWS <= 0 or HUNDRED_ROWS % 1_000_000:
        sys.exit("compare: HUNDRED_ROWS must be a whole number of millions")
    n = HUNDRED_ROWS // 1_000_000
    csv, install, duck = DATA / f"scale-{n}m.csv", DATA / f"scale-{n}m", DATA / f"scale-{n}m.duckdb"
    DATA.mkdir(parents=True, exist_ok=True)
    if not csv.exists():
        subprocess.run([str(BIN), "gen-bookings", "--rows", str(HUNDRED_ROWS), "--seed", "7", "--end", END,
                        "--out", str(csv)], check=True)
    # Both imported afresh: the previous results are removed first (at 100M they take 15 GB).
    shutil.rmtree(install, ignore_errors=True)
    duck.unlink(missing_ok=True)
    print(f"\n{n}M bookings (load average {os.getloadavg()[0]:.2f} before; CSV {csv.stat().st_size / 1e9:.1f} GB; "
          f"one run of each import, starts: {START_ROUNDS} rounds each after one untimed; medians):\n")
    print("| measure | Litstack | DuckDB into a file | Litstack / DuckDB |")
    print("|---|---:|---:|---:|")
    read_through(csv)
    ow, om = timed([str(BIN), "import", "bookings", str(csv), "--data-dir", str(install)])
    # benches/scale.sh quotes its import from this file when it finds the install made.
    (DATA / f"scale-{n}m-import.txt").write_text(f"{ow:.2f} s, max RSS {om * 1024:.0f} KB\n")
    read_through(csv)
    dw, dm = duckdb_into_file(csv, duck)
    size = lambda p: sum(f.stat().st_size for f in p.rglob("*") if f.is_file()) if p.is_dir() else p.stat().st_size
    print(f"| durable import: wall, peak RSS | {ow:,.1f} s, {om:,.0f} MB | {dw:,.1f} s, {dm:,.0f} MB | "
          f"{ow / dw:.2f}x |", flush=True)
    print(f"| on disk after the import | {size(install) / 1e9:.1f} GB | {size(duck) / 1e9:.1f} GB | "
          f"{size(install) / size(duck):.1f}x |", flush=True)
    ours_, theirs = litstack_start(install, env), duckdb_start(duck)
    print(f"| start: to the first answer, RSS then | {ours_[0]:,.0f} ms, {ours_[1]:,.0f} MB | "
          f"{theirs[0]:,.0f} ms, {theirs[1]:,.0f} MB | {ours_[0] / theirs[0]:.2f}x |", flush=True)
    print("\nImport: the CSV read once before each; `litstack import bookings` into a fresh data directory "
          "(committed, index and snapshot written) against DuckDB's CREATE TABLE AS read_csv and CHECKPOINT (text columns), peak RSS "
          "of each process. Start: as in the appends table. Then benches/scale.sh at this size:")
    sys.stdout.flush()
    subprocess.run([str(ROOT / "benches" / "scale.sh")], cwd=ROOT, check=True, env={**env, "SCALES": str(n)})
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


def main():
    in_venv()
    env = {**os.environ, "LITSTACK_SKIP_WEB_BUILD": "1"}
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    print(f"Commit {commit}")
    if "--appends" in sys.argv:
        appends_table(env)
        return
    if "--100m" in sys.argv:
        hundred_million_table(env)
        return
    if "--import-only" not in sys.argv:
        query_table(env)
    import_table(env)
    if "--import-only" not in sys.argv:
        sys.stdout.flush()
        appends_table(env)
    if "--no-scale" not in sys.argv and "--import-only" not in sys.argv:
        sys.stdout.flush()
        subprocess.run([str(ROOT / "benches" / "scale.sh")], cwd=ROOT, check=True, env=env)


if __name__ == "__main__":
    main()
