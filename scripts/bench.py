#!/usr/bin/env python3
"""Benchmarks (not part of CI): our `nonogram` and nonogrid on the same
puzzles, one process per puzzle for both (start-up and parsing counted alike),
up to 2 solutions, a time limit per puzzle; prints totals and the ratio per set.

Every puzzle is first written as .nin by `nonogram convert`, the format both read.
Usage: scripts/bench [--timeout SECS] [SET...]
Sets: jwilk nonogram-db survey webpbn-xml taai-first taai-last taai (default: all but taai).
"""
import argparse, os, subprocess, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("NONOGRAM_SHARED", ROOT.parent / "shared")) / "puzzles"
NONOGRAM = ROOT / "target" / "release" / "nonogram"

def puzzles_of(name):
    """(label, puzzle text) for every puzzle of a set."""
    if name.startswith("taai"):
        lines = (SHARED / "taai2011" / "puzzles.txt").read_text().split("\n")
        chunks = ["\n".join(lines[51 * k:51 * k + 51]) + "\n" for k in range(1000)]
        pick = {"taai-first": range(0, 100), "taai-last": range(900, 1000), "taai": range(1000)}[name]
        return [(f"taai #{k + 1}", chunks[k]) for k in pick]
    files = sorted(p for p in (SHARED / name).rglob("*") if p.suffix in (".non", ".nin", ".xml"))
    return [(str(p.relative_to(SHARED)), p.read_text()) for p in files]

def run(cmd, timeout):
    start = time.perf_counter()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 5)
        return time.perf_counter() - start, out.returncode, out.stdout
    except subprocess.TimeoutExpired:
        return timeout + 5, -1, ""

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("sets", nargs="*", default=["jwilk", "nonogram-db", "survey", "webpbn-xml", "taai-first", "taai-last"])
    args = ap.parse_args()
    t = args.timeout
    print(f"{'set':<12} {'puzzles':>7} {'ours s':>9} {'ours t/o':>8} {'nonogrid s':>10} {'ng t/o':>6} {'ratio':>7}")
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.sets:
            ours = theirs = 0.0
            ours_to = theirs_to = 0
            items = puzzles_of(name)
            for i, (label, text) in enumerate(items):
                nin = Path(tmp) / f"{i}.nin"
                conv = subprocess.run([NONOGRAM, "convert", "--to", "nin", "-"], input=text, capture_output=True, text=True)
                if conv.returncode != 0:
                    print(f"skip {label}: {conv.stderr.strip()}", file=sys.stderr)
                    continue
                nin.write_text(conv.stdout)
                s, code, _ = run([NONOGRAM, "solve", "--timeout", str(t), nin], t)
                ours += s
                ours_to += code in (3, -1)
                s, code, out = run(["nonogrid", "-m", "2", "-t", str(int(t)), nin], t)
                theirs += s
                theirs_to += code == -1 or s >= t
            ratio = theirs / ours if ours else float("nan")
            print(f"{name:<12} {len(items):>7} {ours:>9.2f} {ours_to:>8} {theirs:>10.2f} {theirs_to:>6} {ratio:>6.2f}x", flush=True)

if __name__ == "__main__":
    main()
