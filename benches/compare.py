#!/usr/bin/env python3
"""Litstack vs DuckDB vs SQLite on the trends query shapes, over the same generated 1M-row file.

Runs the criterion query benches (benches/trends.rs, which also writes the file to
target/bench-data/bookings-1m.csv), then the same queries on DuckDB (in memory) and on SQLite (in
memory, with indexes on the filter columns and time), and prints one markdown table of medians:
ours, theirs and the ratios. Each engine answers the whole query shape: for the trends shapes that
is the category counts, the state counts, the daily series and the last-30/previous-30 totals.

Usage: python3 benches/compare.py [--skip-cargo]   (pip install duckdb first)
"""
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import time
from pathlib import Path

import duckdb

ROOT = Path(__file__).resolve().parent.parent
CSV = ROOT / "target" / "bench-data" / "bookings-1m.csv"
CRITERION = ROOT / "target" / "criterion" / "queries"
RUNS = 15
END = "2026-06-30"          # the generated data's last day (benches/trends.rs)
START_90 = "2026-04-02"     # 90 days ending on END

SHAPES = [
    "trends_no_filter",
    "trends_state",
    "trends_firm_size_90_days",
    "trends_dma",
    "cities_of_state",
    "state_bookings_100",
    "recent_6",
    "filter_options",
    "vendor_demand_small_firms_90_days",
]


def trends_sql(where, where_no_dates, day, ref):
    """The four statements behind one trends answer. `day` is the day expression, `ref` the
    literal of the newest day."""
    return [
        f"SELECT category, count(*) AS c FROM b WHERE {where} GROUP BY category ORDER BY c DESC",
        f"SELECT state, count(*) AS c FROM b WHERE {where} GROUP BY state ORDER BY c DESC",
        f"SELECT {day} AS d, count(*) FROM b WHERE {where} GROUP BY d ORDER BY d",
        f"SELECT sum(CASE WHEN {day} > {ref} - 30 AND {day} <= {ref} THEN 1 ELSE 0 END), "
        f"sum(CASE WHEN {day} > {ref} - 60 AND {day} <= {ref} - 30 THEN 1 ELSE 0 END) "
        f"FROM b WHERE {where_no_dates}",
    ]


def statements(engine):
    if engine == "duckdb":
        day, ref = "day", f"DATE '{END}'"
        d90 = f"day BETWEEN DATE '{START_90}' AND DATE '{END}'"
        since = f"day >= DATE '{START_90}'"
        city = "split_part(city_state, ',', 1)"
    else:
        day, ref = "day", f"CAST(julianday('{END}') - 2440587.5 AS INTEGER)"
        d90 = (f"day BETWEEN CAST(julianday('{START_90}') - 2440587.5 AS INTEGER) "
               f"AND CAST(julianday('{END}') - 2440587.5 AS INTEGER)")
        since = f"day >= CAST(julianday('{START_90}') - 2440587.5 AS INTEGER)"
        city = "CASE WHEN instr(city_state, ',') > 0 THEN substr(city_state, 1, instr(city_state, ',') - 1) ELSE 'Unknown City' END"
    return {
        "trends_no_filter": trends_sql("1=1", "1=1", day, ref),
        "trends_state": trends_sql("state = 'CA'", "state = 'CA'", day, ref),
        "trends_firm_size_90_days": trends_sql(f"size = 'SOLO' AND {d90}", "size = 'SOLO'", day, ref),
        "trends_dma": trends_sql("dma = 'Los Angeles'", "dma = 'Los Angeles'", day, ref),
        "cities_of_state": [
            f"SELECT {city} AS city, count(*) AS c FROM b WHERE state = 'CA' "
            "GROUP BY city ORDER BY c DESC, city LIMIT 12"
        ],
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
            f"SELECT client, count(*) FROM b WHERE size IN ('SOLO', 'E2_5') AND {since} GROUP BY client"
        ],
    }


def median_ms(run):
    for _ in range(2):
        run()
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        run()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def load_duckdb():
    con = duckdb.connect()
    con.execute(f"""
        CREATE TABLE b AS SELECT
            "Id" AS id,
            CAST(replace("Created Time", 'Z', '') AS TIMESTAMP) AS created,
            CAST(replace("Created Time", 'Z', '') AS DATE) AS day,
            "Client Category" AS category,
            coalesce("Client", '') AS client,
            coalesce("Standardized Practice Area Broken Out", 'SOLO') AS size,
            "City State" AS city_state,
            coalesce("State", 'Unknown') AS state,
            coalesce("DMA", 'Unknown') AS dma
        FROM read_csv('{CSV}', header = true, all_varchar = true)""")
    return con


def load_sqlite():
    import csv
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE b (id TEXT, created INTEGER, day INTEGER, category TEXT, client TEXT, "
                "size TEXT, city_state TEXT, state TEXT, dma TEXT)")
    from datetime import datetime, timezone

    def rows():
        with open(CSV, newline="") as f:
            r = csv.reader(f)
            next(r)
            for id_, created, category, client, size, city_state, state, dma in r:
                t = int(datetime.strptime(created, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp())
                yield (id_, t, t // 86400, category, client, size or "SOLO", city_state or None,
                       state or "Unknown", dma or "Unknown")
    con.executemany("INSERT INTO b VALUES (?,?,?,?,?,?,?,?,?)", rows())
    for cols in ["created", "state, created", "dma, created", "size, created", "day", "state, day",
                 "dma, day", "size, day"]:
        con.execute(f"CREATE INDEX b_{cols.replace(', ', '_')} ON b ({cols})")
    con.execute("ANALYZE")
    con.commit()
    return con


def ours():
    out = {}
    for shape in SHAPES:
        path = CRITERION / shape / "new" / "estimates.json"
        with open(path) as f:
            out[shape] = json.load(f)["median"]["point_estimate"] / 1e6
    return out


def fmt(ms):
    return f"{ms * 1000:.1f} µs" if ms < 1 else f"{ms:.2f} ms"


def main():
    if "--skip-cargo" not in sys.argv:
        subprocess.run(["cargo", "bench", "--bench", "trends", "--", "queries",
                        "--warm-up-time", "1", "--measurement-time", "3"],
                       cwd=ROOT, check=True, env={**os.environ, "LITSTACK_SKIP_WEB_BUILD": "1"})
    mine = ours()
    t = time.perf_counter()
    duck = load_duckdb()
    duck_load = time.perf_counter() - t
    t = time.perf_counter()
    lite = load_sqlite()
    lite_load = time.perf_counter() - t
    ds, ss = statements("duckdb"), statements("sqlite")
    print(f"\nDuckDB {duckdb.__version__} (load {duck_load:.1f} s), SQLite {sqlite3.sqlite_version} "
          f"with indexes (load {lite_load:.1f} s), {RUNS} runs each, medians.\n")
    print("| query (1M bookings) | Litstack | DuckDB | SQLite | DuckDB / Litstack | SQLite / Litstack |")
    print("|---|---:|---:|---:|---:|---:|")
    for shape in SHAPES:
        d = median_ms(lambda: [duck.execute(s).fetchall() for s in ds[shape]])
        s = median_ms(lambda: [lite.execute(q).fetchall() for q in ss[shape]])
        m = mine[shape]
        print(f"| {shape} | {fmt(m)} | {fmt(d)} | {fmt(s)} | {d / m:,.0f}x | {s / m:,.0f}x |")


if __name__ == "__main__":
    main()
