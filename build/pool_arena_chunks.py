"""Pool ``solemio arena --json`` runs made in chunks into one record for docs/measurements.

Each input file is ``{"command", "start", "end", "result"}`` (one chunk: the
arena's JSON output with the command that made it).  Win shares are pooled
over the chunks' seats; the interval is the 95 % normal interval with
binomial variance, plus the Wilson score interval (use it near 0 or 1).
Decision times: the median of the chunks' p50 and the worst chunk's p95.

    python build/pool_arena_chunks.py OUT.json --commit C --note TEXT CHUNK.json [CHUNK.json ...]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys


def wilson(p: float, n: int, z: float = 1.96) -> list[float]:
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return [round(mid - half, 4), round(mid + half, 4)]


def pool(chunks: list[dict]) -> dict:
    per: dict[str, dict] = {}
    games = 0
    for c in chunks:
        r = c["result"]
        games += r["games"]
        for name, d in r["levels"].items():
            p = per.setdefault(name, {"seats": 0, "wins": 0.0, "filled": 0.0, "p50": [], "p95": [],
                                      "cpu_p95": [], "decisions": 0, "its": 0.0, "searched": 0})
            p["seats"] += d["seats"]
            p["wins"] += d["win_share"] * d["seats"]
            p["filled"] += d["filled_mean"] * d["seats"]
            p["p50"].append(d["decision_ms_p50"])
            p["p95"].append(d["decision_ms_p95"])
            p["cpu_p95"].append(d.get("decision_cpu_ms_p95", 0.0))
            p["decisions"] += d["decisions"]
            if "searched_decisions" in d:
                p["searched"] += d["searched_decisions"]
                p["its"] += d["iterations_per_search"] * d["searched_decisions"]
    levels = {}
    for name, p in per.items():
        n = p["seats"]
        m = p["wins"] / n
        half = 1.96 * math.sqrt(m * (1 - m) / n)
        levels[name] = {
            "seats": n, "win_share": round(m, 4),
            "ci95": [round(max(0.0, m - half), 4), round(min(1.0, m + half), 4)],
            "ci95_wilson": wilson(m, n), "filled_mean": round(p["filled"] / n, 3),
            "decision_ms_p50_median_of_chunks": round(statistics.median(p["p50"]), 2),
            "decision_ms_p95_worst_chunk": max(p["p95"]),
            "decision_cpu_ms_p95_worst_chunk": max(p["cpu_p95"]),
            "decision_cpu_ms_p95_median_of_chunks": round(statistics.median(p["cpu_p95"]), 2),
            "decisions": p["decisions"],
        }
        if p["searched"]:
            levels[name]["searched_decisions"] = p["searched"]
            levels[name]["iterations_per_search"] = round(p["its"] / p["searched"], 2)
    return {"games": games, "levels": levels}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("chunks", nargs="+")
    ap.add_argument("--commit", required=True)
    ap.add_argument("--note", default="")
    args = ap.parse_args()
    chunks = [json.load(open(f)) for f in sorted(args.chunks)]
    record = {
        "commands": [c["command"] for c in chunks],
        "commit": args.commit,
        "interval": f"{min(c['start'] for c in chunks)} to {max(c['end'] for c in chunks)} UTC",
        "code": args.note,
        "chunks": len(chunks),
        "ci": "pooled over the chunks; ci95: 95 % normal interval of the win share with binomial "
              "variance; ci95_wilson: the Wilson score interval",
        "result": pool(chunks),
    }
    with open(args.out, "w") as f:
        json.dump(record, f, indent=1)
        f.write("\n")
    print(json.dumps(record["result"]["levels"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
