#!/usr/bin/env python3
"""Benchmarks (not part of CI): our `nonogram` and nonogrid on the same
puzzles, one process per puzzle for both (start-up and parsing counted alike),
up to 2 solutions, a time limit per puzzle; prints totals and the ratio per set.
With `--against REV`, our solver as of that commit (or tag) runs too, built
once into target/bench-against/ (a worktree and a target dir of its own),
so that a change shows its ratio against an earlier build in the same run.

Every puzzle is first written as .nin by `nonogram convert`, the format both
read; colour puzzles as webpbn XML (nonogrid built with its `xml` feature).
Usage: scripts/bench [--timeout SECS] [--against REV] [--without-nonogrid] [SET...]
Sets: jwilk nonogram-db survey webpbn-xml taai-first taai-last taai colour
colour-hard sparse40 sparse50 colour-sparse (default: all but taai,
colour-hard and the sparse ones). `colour`: webpbn #47
and 60 random blocky colour pictures (15 to 35 a side, 3 to 5 colours,
seeded, so the same every run). `colour-hard`: 20 noisy random colour
pictures (20 to 35 a side, 2 or 3 colours, 40 to 55 % of cells coloured,
seeded): most have many solutions and need search to tell. `sparse40`:
100 random 40×40 black-and-white pictures, 35 to 40 % of cells filled;
`sparse50`: 30 at 50×50; `colour-sparse`: 50 random colour pictures, 25
to 40 a side, 2 to 4 colours, 30 to 40 % of cells coloured (all seeded):
boards past the tournaments' 25×25 (issue 36). `faase` and `knotty`:
those two of the survey, each on a row of its own (`faase` with a time
limit of at least 300 s). `--without-nonogrid`
leaves nonogrid out (it times out on many of the larger boards).

`issue36` stands for every set issue 36's goals name (taai sparse40
sparse50 faase knotty colour-hard colour-sparse), with nonogrid on
`colour-sparse` alone; `--wasm` then also times the page's worker in
headless Chromium against the native CLI (`scripts/bench-wasm`) on the
survey and on `sparse40`, and `--threads N` races N engines on each
puzzle in our solver (as the page's racing workers do), which shows where
more cores pay: `scripts/bench --against 46f72e1 --wasm issue36` prints
every figure of the issue in one run.
"""
import argparse, os, random, subprocess, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("NONOGRAM_SHARED", ROOT.parent / "shared")) / "puzzles"
NONOGRAM = ROOT / "target" / "release" / "nonogram"

def random_colour_pictures(count=60, seed=19):
    """Colour text pictures (a palette line, then rows), blocky as drawn ones."""
    rng = random.Random(seed)
    names = ["black", "red", "green", "blue", "yellow"]
    out = []
    for k in range(count):
        w, h, colours = rng.randint(15, 35), rng.randint(15, 35), rng.randint(3, 5)
        symbols = ".#rgby"[: colours + 1]
        cells = []
        for i in range(w * h):
            roll = rng.randrange(4)
            if roll == 0 and i % w > 0:
                cells.append(cells[i - 1])
            elif roll == 1 and i >= w:
                cells.append(cells[i - w])
            else:
                cells.append(rng.choice(symbols))
        palette = "palette: .=white " + " ".join(f"{s}={n}" for s, n in zip(symbols[1:], names))
        rows = ["".join(cells[r * w:(r + 1) * w]) for r in range(h)]
        out.append((f"random colour #{k + 1} ({w}x{h}, {colours} colours)", palette + "\n" + "\n".join(rows) + "\n"))
    return out

def scattered_colour_pictures(count, seed, sides, colours, densities, kind):
    """Colour text pictures of scattered cells (`sides`, `colours` and
    `densities` in percent: inclusive ranges), seeded."""
    rng = random.Random(seed)
    names = ["black", "red", "green", "blue"]
    out = []
    for k in range(count):
        w, h, c = rng.randint(*sides), rng.randint(*sides), rng.randint(*colours)
        density = rng.randint(*densities)
        symbols = "#rgb"[:c]
        cells = [rng.choice(symbols) if rng.randrange(100) < density else "." for _ in range(w * h)]
        palette = "palette: .=white " + " ".join(f"{s}={n}" for s, n in zip(symbols, names))
        rows = ["".join(cells[r * w:(r + 1) * w]) for r in range(h)]
        out.append((f"{kind} colour #{k + 1} ({w}x{h}, {c} colours, {density} %)", palette + "\n" + "\n".join(rows) + "\n"))
    return out

def noisy_colour_pictures():
    """Hard for search: 20 to 35 a side, 2 or 3 colours, 40–55 % coloured."""
    return scattered_colour_pictures(20, 23, (20, 35), (2, 3), (40, 55), "noisy")

def sparse_colour_pictures():
    """Boards past 25×25: 25 to 40 a side, 2 to 4 colours, 30–40 % coloured."""
    return scattered_colour_pictures(50, 29, (25, 40), (2, 4), (30, 40), "sparse")

def random_pictures(count, side, seed):
    """Black-and-white text pictures of scattered cells, 35–40 % filled."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        density = rng.randint(35, 40)
        rows = ["".join("#" if rng.randrange(100) < density else "." for _ in range(side)) for _ in range(side)]
        out.append((f"random #{k + 1} ({side}x{side}, {density} %)", "\n".join(rows) + "\n"))
    return out

def puzzles_of(name):
    """(label, puzzle text) for every puzzle of a set."""
    if name in ("sparse40", "sparse50"):
        pictures = random_pictures(100, 40, 31) if name == "sparse40" else random_pictures(30, 50, 37)
        return [(label, subprocess.run([NONOGRAM, "clues", "-"], input=picture, capture_output=True, text=True,
                                       check=True).stdout) for label, picture in pictures]
    if name in ("colour", "colour-hard", "colour-sparse"):
        files = sorted((SHARED / "survey-colour").glob("*.xml")) if name == "colour" else []
        items = [(str(p.relative_to(SHARED)), p.read_text()) for p in files]
        pictures = {"colour": random_colour_pictures, "colour-hard": noisy_colour_pictures,
                    "colour-sparse": sparse_colour_pictures}[name]()
        for label, picture in pictures:
            xml = subprocess.run([NONOGRAM, "clues", "-"], input=picture, capture_output=True, text=True, check=True)
            items.append((label, xml.stdout))
        return items
    if name.startswith("taai"):
        lines = (SHARED / "taai2011" / "puzzles.txt").read_text().split("\n")
        chunks = ["\n".join(lines[51 * k:51 * k + 51]) + "\n" for k in range(1000)]
        pick = {"taai-first": range(0, 100), "taai-last": range(900, 1000), "taai": range(1000)}[name]
        return [(f"taai #{k + 1}", chunks[k]) for k in pick]
    if name in ("faase", "knotty"):
        p = SHARED / "survey" / f"{name}.non"
        return [(str(p.relative_to(SHARED)), p.read_text())]
    files = sorted(p for p in (SHARED / name).rglob("*") if p.suffix in (".non", ".nin", ".xml"))
    return [(str(p.relative_to(SHARED)), p.read_text()) for p in files]

def build_against(rev):
    """Our CLI as of `rev`, built once per commit; returns its path."""
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--verify", f"{rev}^{{commit}}"],
                            capture_output=True, text=True, check=True).stdout.strip()
    cache = ROOT / "target" / "bench-against"
    binary = cache / f"nonogram-{commit[:12]}"
    if binary.exists():
        return binary
    tree = cache / "tree"
    subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", tree], capture_output=True)
    subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", tree, commit], check=True, capture_output=True)
    # The crates read ../shared/ beside the checkout only in tests; the CLI needs nothing from it.
    env = dict(os.environ, CARGO_TARGET_DIR=str(cache / "target"))
    subprocess.run(["cargo", "build", "--release", "--bin", "nonogram", "-q"], cwd=tree, env=env, check=True)
    (cache / "target" / "release" / "nonogram").rename(binary)
    subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", tree], capture_output=True)
    return binary

def run(cmd, timeout):
    start = time.perf_counter()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 5)
        return time.perf_counter() - start, out.returncode, out.stdout
    except subprocess.TimeoutExpired:
        return timeout + 5, -1, ""

ISSUE36 = ["taai", "sparse40", "sparse50", "faase", "knotty", "colour-hard", "colour-sparse"]
# In `issue36`, nonogrid runs on goal 4's set alone: on the others it times
# out on most of the larger boards (60 s each) and no goal compares with it.
ISSUE36_NONOGRID = {"colour-sparse"}
# Faase's verdict takes 20–60 s on one core, depending on the machine:
# its row is a time, not a timeout, with 300 s.
LEAST_TIMEOUT = {"faase": 300}

def wasm_ratio(label, files, rounds):
    """The page's worker against the native CLI on `files` (scripts/bench-wasm,
    medians of `rounds`): prints its total line."""
    out = subprocess.run([ROOT / "scripts" / "bench-wasm", *map(str, files)], capture_output=True, text=True,
                         env=dict(os.environ, ROUNDS=str(rounds)))
    total = [l for l in out.stdout.splitlines() if l.startswith("total")]
    if out.returncode != 0 or not total:
        print(f"wasm {label}: bench-wasm failed: {out.stderr.strip()[-400:]}", file=sys.stderr)
        return
    _, _, native, wasm, ratio = total[0].split("\t")
    print(f"wasm {label:<12} {len(files):>3} puzzles: native {float(native) / 1000:.2f} s, "
          f"the page's worker {float(wasm) / 1000:.2f} s, wasm/native {ratio}", flush=True)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--against", help="also run our solver as of this commit or tag")
    ap.add_argument("--without-nonogrid", action="store_true", help="leave nonogrid out")
    ap.add_argument("--threads", type=int, default=1, help="engines racing on each puzzle, in our solver")
    ap.add_argument("--wasm", action="store_true", help="also the page's worker against native (survey, sparse40)")
    ap.add_argument("sets", nargs="*", default=["jwilk", "nonogram-db", "survey", "webpbn-xml", "taai-first", "taai-last", "colour"])
    args = ap.parse_args()
    issue36 = "issue36" in args.sets
    sets = [x for name in args.sets for x in (ISSUE36 if name == "issue36" else [name])]
    threads = ["--threads", str(args.threads)] if args.threads > 1 else []
    before = build_against(args.against) if args.against else None
    extra = f" {'before s':>9} {'b t/o':>5} {'before/ours':>11}" if before else ""
    print(f"{'set':<12} {'puzzles':>7} {'ours s':>9} {'ours t/o':>8} {'nonogrid s':>10} {'ng t/o':>6} {'ratio':>7}{extra}")
    with tempfile.TemporaryDirectory() as tmp:
        for name in sets:
            nonogrid = not args.without_nonogrid and (not issue36 or name in ISSUE36_NONOGRID)
            t = max(args.timeout, LEAST_TIMEOUT.get(name, 0))
            ours = theirs = earlier = 0.0
            ours_to = theirs_to = earlier_to = 0
            items = puzzles_of(name)
            for i, (label, text) in enumerate(items):
                colour = name.startswith("colour")
                nin = Path(tmp) / (f"{i}.xml" if colour else f"{i}.nin")
                conv = subprocess.run([NONOGRAM, "convert", "--to", "xml" if colour else "nin", "-"], input=text, capture_output=True, text=True)
                if conv.returncode != 0:
                    print(f"skip {label}: {conv.stderr.strip()}", file=sys.stderr)
                    continue
                nin.write_text(conv.stdout)
                s, code, _ = run([NONOGRAM, "solve", *threads, "--timeout", str(t), nin], t)
                ours += s
                ours_to += code in (3, -1)
                if before:
                    s, code, _ = run([before, "solve", "--timeout", str(t), nin], t)
                    earlier += s
                    earlier_to += code in (3, -1)
                if nonogrid:
                    s, code, out = run(["nonogrid", "-m", "2", "-t", str(int(t)), nin], t)
                    theirs += s
                    theirs_to += code == -1 or s >= t
            ratio = theirs / ours if ours and nonogrid else float("nan")
            extra = f" {earlier:>9.2f} {earlier_to:>5} {earlier / ours if ours else float('nan'):>10.2f}x" if before else ""
            print(f"{name:<12} {len(items):>7} {ours:>9.2f} {ours_to:>8} {theirs:>10.2f} {theirs_to:>6} {ratio:>6.2f}x{extra}", flush=True)
        if args.wasm:
            survey = [p for p in sorted((SHARED / "survey").glob("*.non")) if p.stem not in ("faase", "knotty")]
            # The survey's puzzles take milliseconds: one round would time
            # the worker's first compilation of its wasm as much as the solve.
            wasm_ratio("survey", survey, 5)
            sparse = []
            for i, (label, text) in enumerate(puzzles_of("sparse40")):
                sparse.append(Path(tmp) / f"sparse40-{i + 1:03}.non")
                sparse[-1].write_text(text)
            wasm_ratio("sparse40", sparse, 1)

if __name__ == "__main__":
    main()
