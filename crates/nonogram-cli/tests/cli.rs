//! The `nonogram` command as a user runs it: output blocks, exit statuses,
//! trace, clues, convert, bench.

use std::io::Write;
use std::process::{Command, Stdio};

struct Run {
    status: i32,
    stdout: String,
    stderr: String,
}

fn nonogram(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nonogram"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command given a file never reads its standard input and may exit
    // before this write: a broken pipe then is no failure.
    match child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other.unwrap(),
    }
    let out = child.wait_with_output().unwrap();
    Run {
        status: out.status.code().unwrap(),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

fn shared(path: &str) -> String {
    format!("{}/../../../shared/puzzles/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The value of `key: value` lines of a result block.
fn field<'a>(out: &'a str, key: &str) -> Vec<&'a str> {
    out.lines().filter_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(": "))).collect()
}

/// The solution grids printed after `solution:` lines.
fn solutions(out: &str, height: usize) -> Vec<String> {
    let lines: Vec<&str> = out.lines().collect();
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| **l == "solution:")
        .map(|(i, _)| lines[i + 1..i + 1 + height].join("\n"))
        .collect()
}

const POST_003: &str = "01110\n11010\n01110\n00110\n00111\n";

#[test]
fn solve_prints_the_stable_block() {
    let r = nonogram(&["solve", "-"], POST_003);
    assert_eq!(r.status, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "puzzle: -");
    assert_eq!(lines[1], "verdict: unique");
    assert_eq!(lines[2], "logic: line");
    assert!(lines[3].strip_prefix("time_ms: ").unwrap().parse::<u64>().is_ok());
    assert_eq!(lines[4..].join("\n"), "solution:\n.###.\n##.#.\n.###.\n..##.\n..###");
}

#[test]
fn post_004_three_by_three() {
    let r = nonogram(&["solve", "-"], "3\n1 1\n2\n2\n1 1\n2\n2\n");
    assert_eq!(r.status, 0);
    assert_eq!(field(&r.stdout, "verdict"), ["unique"]);
    assert_eq!(solutions(&r.stdout, 3), ["#.#\n.##\n##."]);
}

#[test]
fn lambda_is_solved_by_search() {
    let text = "{\"rows\": [[2],[1,2],[1,1],[2],[1],[3],[3],[2,2],[2,1],[2,2,1],[2,3],[2,2]],
                 \"columns\": [[2,1],[1,3],[2,4],[3,4],[4],[3],[3],[3],[2],[2]]}";
    let r = nonogram(&["solve", "-"], text);
    assert_eq!(r.status, 0);
    assert_eq!(field(&r.stdout, "verdict"), ["unique"]);
    assert_eq!(field(&r.stdout, "logic"), ["search"]);
    let expected = ".##.......\n#.##......\n#..#......\n...##.....\n....#.....\n...###....\n\
                    ...###....\n..##.##...\n..##..#...\n.##...##.#\n.##....###\n##.....##.";
    assert_eq!(solutions(&r.stdout, 12), [expected]);
}

#[test]
fn stats_grade_the_difficulty_of_a_unique_puzzle() {
    let grade = |args: &[&str], stdin: &str| {
        let r = nonogram(&[&["solve", "--stats"], args].concat(), stdin);
        field(&r.stdout, "difficulty").iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    // Post 003's picture: line logic in a few sweeps.
    assert_eq!(grade(&["-"], "01110\n11010\n01110\n00110\n00111\n"), ["easy"]);
    // Lambda: looking ahead deduces it without a guess.
    let lambda = "{\"rows\": [[2],[1,2],[1,1],[2],[1],[3],[3],[2,2],[2,1],[2,2,1],[2,3],[2,2]],
                   \"columns\": [[2,1],[1,3],[2,4],[3,4],[4],[3],[3],[3],[2],[2]]}";
    assert_eq!(grade(&["-"], lambda), ["hard"]);
    // Forever needs clause learning.
    let forever = format!("{}/../../samples/webpbn-06574.non", env!("CARGO_MANIFEST_DIR"));
    assert_eq!(grade(&[&forever], ""), ["very hard"]);
    // Not unique: no grade; nor without --stats.
    assert!(grade(&["-"], "2 2\n1\n1\n1\n1\n").is_empty());
    assert!(field(&nonogram(&["solve", "-"], "01110\n11010\n").stdout, "difficulty").is_empty());
}

#[test]
fn tatham_four_by_four_is_solved_by_search() {
    // `4x4:2/1/2/1/1.1/2/1/1`: columns 2/1/2/1, rows 1.1/2/1/1.
    let r = nonogram(&["solve", "-"], "1 1\n2\n1\n1\n\n2\n1\n2\n1\n");
    assert_eq!(r.status, 0);
    assert_eq!(field(&r.stdout, "verdict"), ["unique"]);
    assert_eq!(field(&r.stdout, "logic"), ["search"]);
}

#[test]
fn diagonal_has_two_distinct_solutions() {
    let r = nonogram(&["solve", "-"], "2 2\n1\n1\n1\n1\n");
    assert_eq!(r.status, 0);
    assert_eq!(field(&r.stdout, "verdict"), ["multiple"]);
    let s = solutions(&r.stdout, 2);
    assert_eq!(s.len(), 2);
    assert_ne!(s[0], s[1]);
    let mut sorted = s.clone();
    sorted.sort();
    assert_eq!(sorted, ["#.\n.#", ".#\n#."]);
    // --max-solutions 1 still proves there are several, but prints one.
    let r = nonogram(&["solve", "--max-solutions", "1", "-"], "2 2\n1\n1\n1\n1\n");
    assert_eq!(field(&r.stdout, "verdict"), ["multiple"]);
    assert_eq!(solutions(&r.stdout, 2).len(), 1);
}

#[test]
fn contradiction_names_the_line_and_exits_1() {
    let r = nonogram(&["solve", "-"], "2 2\n2\n0\n0\n2\n");
    assert_eq!(r.status, 1);
    assert_eq!(field(&r.stdout, "verdict"), ["none"]);
    assert_eq!(field(&r.stdout, "contradiction"), ["column 1"]);
}

#[test]
fn malformed_text_is_located_and_exits_2() {
    let r = nonogram(&["solve", "-"], "2 2\n1\n1 x\n1\n1\n");
    assert_eq!(r.status, 2);
    assert_eq!(r.stderr.trim(), "error: -: line 3, column 3: `x` is not a run length (a whole number)");
    assert!(r.stdout.is_empty());
    let r = nonogram(&["solve", "-"], "3\n1 2 5\n0\n0\n1\n1\n1\n");
    assert_eq!(r.status, 2);
    assert_eq!(r.stderr.trim(), "error: -: row 1: runs 1 2 5 need 10 cells, the row has 3");
    let r = nonogram(&["solve", "/no/such/file.non"], "");
    assert_eq!(r.status, 2);
    assert!(r.stderr.starts_with("error: /no/such/file.non: "));
    for (command, value) in
        [("solve", "soon"), ("solve", "1e308"), ("bench", "1e308"), ("solve", "inf"), ("bench", "0")]
    {
        let r = nonogram(&[command, "--timeout", value, "-"], "");
        assert_eq!(r.status, 2, "{command} --timeout {value}: {}", r.stderr);
        assert_eq!(
            r.stderr.trim(),
            format!("error: --timeout takes a number of seconds from 0.001 to 1000000, not `{value}`")
        );
    }
}

#[test]
fn timeout_exits_3() {
    let r = nonogram(&["solve", "--timeout", "0.3", &shared("survey/faase.non")], "");
    assert_eq!(r.status, 3, "{}{}", r.stdout, r.stderr);
    assert_eq!(field(&r.stdout, "verdict"), ["timeout"]);
    assert!(solutions(&r.stdout, 40).is_empty());
}

#[test]
fn trace_shows_lines_sweeps_and_guesses() {
    let r = nonogram(&["solve", "--trace", "-"], POST_003);
    assert_eq!(r.status, 0);
    assert!(r.stdout.contains("row 1 [3]: ????? -> ??#??\n"), "{}", r.stdout);
    assert!(r.stdout.contains("row 2 [2 1]: ????? -> ?#???\n"));
    assert!(r.stdout.contains("sweep 1 has 0 errors and 12 unknown cells\n"));
    assert!(r.stdout.contains("sweep 2 has 0 errors and 0 unknown cells\n"));
    // The diagonal needs a guess; its mirror image is the second solution.
    let r = nonogram(&["solve", "--trace", "-"], "2 2\n1\n1\n1\n1\n");
    assert!(r.stdout.contains("guess: row 1 column 1 = "), "{}", r.stdout);
    assert!(r.stdout.contains(
        "solution 2 found: the image of solution 1 by the mirror left-right, which keeps every clue\n"
    ));
    // Clause learning from the root: the symmetric grids (rows and columns
    // of one value each) hold no solution, so the other search finds one.
    let r = nonogram(&["solve", "--trace", "--learn-after", "0", "-"], "2 2\n1\n1\n1\n1\n");
    let lines: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| ["learning", "symmetries", "solution"].iter().any(|w| l.starts_with(w)))
        .collect();
    assert_eq!(
        &lines[..5],
        [
            "learning: clause learning takes over from the root",
            "symmetries: mirror left-right, mirror top-bottom, half turn, mirror on the main diagonal, \
             mirror on the other diagonal, quarter turn, three-quarter turn",
            "learning: a second clause learning takes turns with it, among the grids they keep",
            "learning: the symmetric grids hold no more solutions; clause learning goes on over every grid alone",
            "solution 1 found",
        ],
        "{}",
        r.stdout
    );
    // This picture's clues have no symmetry, and its two solutions differ
    // in eight cells (no switch of four): a guess, then a backtrack.
    let r = nonogram(&["solve", "--trace", "-"], EIGHT_APART);
    assert!(r.stdout.contains("guess: row 1 column 1 = #"), "{}", r.stdout);
    assert!(r.stdout.contains("backtrack: row 1 column 1 = ."));
    assert!(r.stdout.contains("solution 2 found\n"));
}

/// A 5×5 picture whose clues have exactly two solutions, eight cells apart.
const EIGHT_APART: &str = "00111\n11110\n01100\n00101\n01111\n";

#[test]
fn a_second_solution_four_cells_away_is_found_as_a_switch() {
    // Two solutions: rows 2 and 4 swap their cells in columns 1 and 2.
    // Clause learning from the root finds one; the other is its switch.
    // (Guessing, which meets the second by backtracking, leaves switches
    // to the handover.)
    let r = nonogram(&["solve", "--trace", "--learn-after", "0", "-"], "0001\n0101\n1110\n1001\n");
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains(
            "solution 2 found: solution 1 with the cells of rows 2 and 4 in columns 1 and 2 switched, \
             which keeps every clue\n"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(r.stdout.matches("solution 1 found\n").count(), 1, "{}", r.stdout);
    assert!(r.stdout.contains("verdict: multiple"));
}

/// splr was taken out (it no longer earned its place): its options are
/// refused by name, saying so.
#[test]
fn splr_options_are_refused_by_name() {
    for args in [["solve", "--splr-after", "0", "-"], ["bench", "--splr-generation=60", "x", "y"]] {
        let r = nonogram(&args, "1\n");
        assert_eq!(r.status, 2, "{args:?}");
        assert!(r.stderr.contains("is gone: splr no longer takes over clause learning"), "{}", r.stderr);
    }
}

#[test]
fn clues_from_a_picture() {
    let r = nonogram(&["clues", "--to", "plain", "-"], POST_003);
    assert_eq!(r.status, 0);
    assert_eq!(r.stdout, "3\n2 1\n3\n2\n3\n\n1\n3\n1 3\n5\n1\n");
    let r = nonogram(&["clues", "-"], POST_003);
    assert!(r.stdout.contains("rows\n3\n2,1\n3\n2\n3\n"));
    assert!(r.stdout.contains("goal \"0111011010011100011000111\""));
    let r = nonogram(&["clues", "-"], "0110\n01a0\n");
    assert_eq!(r.status, 2);
    assert_eq!(
        r.stderr.trim(),
        "error: -: line 2, column 3: `a` is not a picture cell (use 0/1, ./# or _/X)"
    );
}

#[test]
fn convert_between_formats() {
    let r = nonogram(&["convert", "--to", "json", &shared("survey/webpbn-00001.non")], "");
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(r.stdout.contains("\"rows\": [\n    [2],\n    [2, 1],"), "{}", r.stdout);
    let back = nonogram(&["convert", "--to", "nin", "-"], &r.stdout);
    assert_eq!(back.stdout.lines().next(), Some("5 10"));
    let r = nonogram(&["convert", "--to", "taai", "-"], POST_003);
    assert_eq!(r.status, 2);
    assert!(r.stderr.contains("--to takes one of non|nin|plain|json|xml|square"));
    // The square format (a side, then rows, then columns), also under its
    // old name, `seed`.
    for key in ["square", "seed"] {
        let r = nonogram(&["convert", "--to", key, "-"], "1\n1\n\n1\n");
        assert_eq!((r.status, r.stdout.as_str()), (0, "1\n1\n1\n"), "--to {key}: {}", r.stderr);
    }
}

#[test]
fn bench_prints_a_table_and_tsv() {
    let r = nonogram(&["bench", "--tsv", "--timeout", "10", &shared("webpbn-xml")], "");
    assert_eq!(r.status, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "puzzle\twidth\theight\tverdict\tlogic\tguesses\tcontradictions\tms");
    assert_eq!(lines.len(), 1 + 12 + 1);
    assert!(lines[1..13].iter().all(|l| l.split('\t').nth(3) == Some("unique")), "{}", r.stdout);
    assert!(lines[13].starts_with("# total: 12 puzzles, 12 unique"));
    let r = nonogram(&["bench", &shared("jwilk/data000.nin")], "");
    assert!(r.stdout.lines().next().unwrap().starts_with("puzzle"));
    assert!(r.stdout.contains("10x10  unique"));
}

#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_nonogram"))
        .args(["solve", "--trace", &shared("survey/webpbn-06574.non")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    // The reader is dropped here: the pipe is closed while the trace goes on.
    assert!(first.starts_with("row "));
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// `nonogram cnf`: a DIMACS header that counts what follows; with `--root`,
/// a line-logic puzzle comes out with every cell as a unit clause, signed
/// as in its solution.
#[test]
fn cnf_writes_dimacs_with_the_root_cells_as_units() {
    let path = shared("survey/webpbn-00001.non");
    let solved = nonogram(&["solve", &path], "");
    assert_eq!(field(&solved.stdout, "logic"), ["line"]);
    let text = std::fs::read_to_string(&path).unwrap();
    let height: usize = text.lines().find_map(|l| l.strip_prefix("height ")).unwrap().trim().parse().unwrap();
    let grid = solutions(&solved.stdout, height).pop().unwrap();
    let width = grid.lines().next().unwrap().len();
    let cells: Vec<char> = grid.lines().flat_map(str::chars).collect();

    for root in [false, true] {
        let args: Vec<&str> = if root { vec!["cnf", "--root", &path] } else { vec!["cnf", &path] };
        let r = nonogram(&args, "");
        assert_eq!(r.status, 0, "{}", r.stderr);
        let header = r.stdout.lines().find(|l| l.starts_with("p cnf ")).unwrap();
        let counts: Vec<usize> = header[6..].split(' ').map(|n| n.parse().unwrap()).collect();
        let clauses: Vec<Vec<i64>> = r
            .stdout
            .lines()
            .filter(|l| !l.starts_with('c') && !l.starts_with('p'))
            .map(|l| l.split(' ').map(|n| n.parse().unwrap()).collect())
            .collect();
        assert_eq!(clauses.len(), counts[1]);
        assert!(clauses.iter().all(|c| c.last() == Some(&0)));
        assert!(clauses.iter().flatten().all(|&l| l.unsigned_abs() as usize <= counts[0]));
        let units: Vec<i64> = clauses
            .iter()
            .filter(|c| c.len() == 2 && c[0].unsigned_abs() as usize <= cells.len())
            .map(|c| c[0])
            .collect();
        // Units on cells follow from the clues (the encoding's own bounds
        // give some); with --root every cell has one.
        for &l in &units {
            let i = l.unsigned_abs() as usize - 1;
            assert_eq!(l > 0, cells[i] == '#', "cell {i}");
        }
        let known: std::collections::HashSet<u64> = units.iter().map(|l| l.unsigned_abs()).collect();
        if root {
            assert_eq!(known.len(), cells.len(), "every cell of {width}-wide #1 is known at the root");
        } else {
            assert!(known.len() < cells.len(), "line logic is not in the clauses");
        }
    }
    let many = nonogram(&["cnf", &shared("taai2011/puzzles.txt")], "");
    assert_eq!(many.status, 2);
    assert!(many.stderr.contains("holds 1000 puzzles"), "{}", many.stderr);
}

/// A random 1000×1000 picture (half filled) as 0/1 text: its puzzle stalls
/// line logic, and its first sweep alone solved 2000 lines in one step
/// (3.2 s) before steps were bounded by work.
fn random_picture(side: usize) -> String {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut text = String::with_capacity(side * (side + 1));
    for _ in 0..side {
        for _ in 0..side {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            text.push(if state >> 63 == 1 { '1' } else { '0' });
        }
        text.push('\n');
    }
    text
}

#[test]
fn timeout_holds_on_the_largest_boards() {
    let clues = nonogram(&["clues", "-"], &random_picture(1000));
    assert_eq!(clues.status, 0, "{}", clues.stderr);
    let path = format!("{}/random-1000.non", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, &clues.stdout).unwrap();
    // Both stop at the limit and say so. How close to it they stop (a
    // step is milliseconds) is a figure, not a test: docs/BENCHMARKS.md
    // ("--timeout on a 1000×1000"); tests assert no wall-clock budget.
    for command in ["solve", "bench"] {
        let r = nonogram(&[command, "--timeout", "0.3", &path], "");
        assert!(r.stdout.contains("timeout"), "{command}: {}{}", r.stdout, r.stderr);
    }
}

#[test]
fn hostile_files_get_clear_errors() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let r = nonogram(&["solve", dir], "");
    assert_eq!(r.status, 2);
    assert_eq!(r.stderr.trim(), format!("error: {dir}: Is a directory (os error 21)"));
    let path = format!("{dir}/latin1.non");
    std::fs::write(&path, b"width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n\xe91\n").unwrap();
    let r = nonogram(&["solve", &path], "");
    assert_eq!(r.status, 2);
    assert_eq!(r.stderr.trim(), format!("error: {path}: line 8, column 1: not UTF-8 text (byte 37 is not)"));
    let r = nonogram(&["convert", "--to", "non", "-"], "");
    assert_eq!((r.status, r.stderr.trim()), (2, "error: -: the text is empty"));
}

#[test]
fn jobs_solve_on_several_threads_and_keep_the_input_order() {
    let files: Vec<String> = ["webpbn-00001.non", "webpbn-00065.non", "webpbn-06574.non"]
        .iter()
        .map(|f| format!("{}/../../samples/{f}", env!("CARGO_MANIFEST_DIR")))
        .collect();
    let mut args: Vec<&str> = vec!["solve", "--stats"];
    args.extend(files.iter().map(String::as_str));
    // A missing file in the middle: its error, in its place.
    args.insert(3, "no-such-file.non");
    let without_times =
        |out: &str| out.lines().filter(|l| !l.starts_with("time_ms")).collect::<Vec<_>>().join("\n");
    let one = nonogram(&[&args[..1], &["--jobs", "1"], &args[1..]].concat(), "");
    let three = nonogram(&[&args[..1], &["--jobs", "3"], &args[1..]].concat(), "");
    assert_eq!((one.status, three.status), (2, 2));
    assert_eq!(without_times(&one.stdout), without_times(&three.stdout));
    assert_eq!(field(&three.stdout, "puzzle").len(), 3);
    assert!(three.stderr.contains("no-such-file.non"), "{}", three.stderr);
    // bench: the same rows in the same order.
    let rows = |jobs: &str| {
        let r = nonogram(&["bench", "--tsv", "--jobs", jobs, &files[0], &files[1], &files[2]], "");
        r.stdout
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.rsplit_once('\t').unwrap().0.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(rows("1"), rows("2"));
    for bad in ["0", "x", "2000"] {
        let r = nonogram(&["solve", "--jobs", bad, &files[0]], "");
        assert_eq!(r.status, 2);
        assert!(r.stderr.contains("--jobs takes a number of threads from 1 to 1024"), "{}", r.stderr);
    }
}

#[test]
fn threads_race_engines_on_one_puzzle_and_agree_with_one() {
    let knotty = shared("survey/knotty.non");
    let lambda = "{\"rows\": [[2],[1,2],[1,1],[2],[1],[3],[3],[2,2],[2,1],[2,2,1],[2,3],[2,2]],
                   \"columns\": [[2,1],[1,3],[2,4],[3,4],[4],[3],[3],[3],[2],[2]]}";
    for (file, stdin) in [(knotty.as_str(), ""), ("-", lambda)] {
        let one = nonogram(&["solve", "--threads", "1", file], stdin);
        let three = nonogram(&["solve", "--threads", "3", file], stdin);
        assert_eq!((one.status, three.status), (0, 0));
        assert_eq!(field(&one.stdout, "verdict"), field(&three.stdout, "verdict"));
        // A unique puzzle's solution is the same whoever finds it (a multiple
        // one's two may be another pair).
        if field(&one.stdout, "verdict") == ["unique"] {
            assert_eq!(solutions(&one.stdout, 12), solutions(&three.stdout, 12));
        }
    }
    let r = nonogram(&["solve", "--threads", "2", "--trace", "-"], lambda);
    assert_eq!(r.status, 2);
    assert!(r.stderr.contains("--trace follows one engine"), "{}", r.stderr);
    let r = nonogram(&["solve", "--threads", "0", "-"], lambda);
    assert!(r.stderr.contains("--threads takes a number of engines from 1 to 64"), "{}", r.stderr);
}

#[test]
fn colour_puzzles_solve_with_their_palette() {
    let path = shared("survey-colour/webpbn-color-00047.xml");
    let r = nonogram(&["solve", &path], "");
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(field(&r.stdout, "verdict"), ["unique"]);
    assert_eq!(field(&r.stdout, "colours"), [".=white X=black *=red %=green @=blue"]);
    // The solution is the goal image of the file, character for character.
    let xml = std::fs::read_to_string(&path).unwrap();
    let goal: Vec<&str> =
        xml.lines().filter(|l| l.starts_with('|') && l.ends_with('|')).map(|l| l.trim_matches('|')).collect();
    assert_eq!(goal.len(), 18);
    assert_eq!(solutions(&r.stdout, 18), [goal.join("\n")]);
}

/// A 22×22 picture of noise in two colours and white (xorshift from
/// `seed`): a colour puzzle that needs search.
fn noisy_colour_picture(mut seed: u64) -> String {
    let mut text = String::from("palette: .=white r=red b=navy:000080\n");
    for _ in 0..22 {
        for _ in 0..22 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            text.push(['.', '.', 'r', 'b'][(seed >> 40) as usize % 4]);
        }
        text.push('\n');
    }
    text
}

#[test]
fn colour_puzzles_take_black_and_whites_solve_path() {
    let xml = nonogram(&["clues", "-"], &noisy_colour_picture(0x5eed)).stdout;
    let one = nonogram(&["solve", "--stats", "-"], &xml);
    assert_eq!(one.status, 0, "{}", one.stderr);
    let verdict = field(&one.stdout, "verdict");
    assert_eq!(field(&one.stdout, "logic"), ["search"], "{}", one.stdout);
    // Racing engines (as the page's workers): the same verdict.
    let raced = nonogram(&["solve", "--threads", "2", "-"], &xml);
    assert_eq!((raced.status, field(&raced.stdout, "verdict")), (0, verdict.clone()), "{}", raced.stderr);
    // Clause learning from the root with a seed: it meets contradictions,
    // and comes to the same verdict.
    let learnt = nonogram(&["solve", "--learn-after", "0", "--seed", "7", "--stats", "-"], &xml);
    assert_eq!(field(&learnt.stdout, "verdict"), verdict);
    assert_eq!(field(&learnt.stdout, "guesses"), ["0"], "{}", learnt.stdout);
    let met: u64 = field(&learnt.stdout, "contradictions")[0].parse().unwrap();
    assert!(met > 0, "{}", learnt.stdout);
    // bench takes colour puzzles too.
    let dir = std::env::temp_dir().join(format!("nonogram-colour-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("noise.xml"), &xml).unwrap();
    let bench = nonogram(&["bench", "--tsv", "--jobs", "1", dir.to_str().unwrap()], "");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(bench.status, 0, "{}", bench.stderr);
    let row: Vec<&str> = bench.stdout.lines().nth(1).unwrap().split('\t').collect();
    assert_eq!((row[1], row[2], row[3], row[4]), ("22", "22", verdict[0], "search"), "{}", bench.stdout);
}

#[test]
fn colour_pictures_become_clues_and_solve_back() {
    let picture = "palette: .=white r=red b=navy:000080\n.rr.\nrbbr\n.bb.\n";
    let r = nonogram(&["clues", "-"], picture);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(r.stdout.contains("<color name=\"navy\" char=\"b\">000080</color>"), "{}", r.stdout);
    let solved = nonogram(&["solve", "--trace", "-"], &r.stdout);
    assert_eq!(solved.status, 0, "{}", solved.stderr);
    assert!(solved.stdout.contains("row 2 [1 red, 2 navy, 1 red]: ???? -> rbbr"), "{}", solved.stdout);
    assert_eq!(solutions(&solved.stdout, 3), [".rr.\nrbbr\n.bb."]);
    // Colour JSON and back to XML: the same clues. JSON keeps each
    // colour's name and value, not its character: navy is written `n`.
    let json = nonogram(&["convert", "--to", "json", "-"], &r.stdout);
    assert!(json.stdout.contains("[[1, \"red\"], [2, \"navy\"], [1, \"red\"]]"), "{}", json.stdout);
    let xml = nonogram(&["convert", "--to", "xml", "-"], &json.stdout);
    assert_eq!(solutions(&nonogram(&["solve", "-"], &xml.stdout).stdout, 3), [".rr.\nrnnr\n.nn."]);
    // Formats without colours, and bad pictures, are refused by name.
    let non = nonogram(&["convert", "--to", "non", "-"], &r.stdout);
    assert_eq!(non.status, 2);
    assert_eq!(non.stderr.trim(), "error: the .non format cannot hold colours; write webpbn XML or JSON");
    for (text, message) in [
        ("palette: .=white r=red\n.r\n.x\n", "error: -: line 3, column 2: `x` is not in the palette"),
        (
            "palette: .=white r=rust\n.r\n",
            "error: -: line 1, column 18: `rust` is no colour name known; give its value, like r=rust:b7410e",
        ),
        ("palette: .=white\n..\n", "error: -: line 1: the palette needs a colour besides the background"),
        ("palette: .=white r=red\n.r\n.rr\n", "error: -: line 3: this row has 3 cells, the first row has 2"),
        // The sides' limit, where it is passed (a 20-million-cell row took
        // 1.76 GB and wrote 620 MB before).
        (
            format!("palette: .=white r=red\n{}\n", "r".repeat(2_000_000)).as_str(),
            "error: -: line 2, column 1001: this row has more than 1000 cells; the largest side accepted is 1000",
        ),
        (
            format!("palette: .=white r=red\n{}", "r\n".repeat(1001)).as_str(),
            "error: -: line 1002: the picture has more than 1000 rows; the largest side accepted is 1000",
        ),
    ] {
        let r = nonogram(&["clues", "-"], text);
        assert_eq!((r.status, r.stderr.trim()), (2, message), "{}", &text[..text.len().min(80)]);
    }
}

#[test]
fn help_and_version_follow_conventions() {
    for args in [&["--help"][..], &["-h"], &["help"]] {
        let r = nonogram(args, "");
        assert_eq!((r.status, r.stderr.as_str()), (0, ""), "{args:?}");
        assert!(r.stdout.starts_with("nonogram "), "{args:?}: {}", r.stdout);
        for command in ["solve", "clues", "read", "convert", "bench", "bench-line", "cnf"] {
            assert!(r.stdout.contains(&format!("  nonogram {command}")), "{command}: {}", r.stdout);
        }
    }
    for command in ["solve", "clues", "read", "convert", "bench", "bench-line", "cnf"] {
        for args in [
            vec![command, "--help"],
            vec![command, "-h"],
            vec!["help", command],
            vec![command, "x", "--help"],
        ] {
            let r = nonogram(&args, "");
            assert_eq!((r.status, r.stderr.as_str()), (0, ""), "{args:?}");
            assert!(r.stdout.starts_with(&format!("usage: nonogram {command}")), "{args:?}: {}", r.stdout);
            assert!(r.stdout.contains("Exit status"), "{args:?}");
        }
    }
    // After `--`, `--help` is an operand (a file of that name).
    let r = nonogram(&["solve", "--", "--help"], "");
    assert_eq!(r.status, 2);
    assert!(r.stderr.starts_with("error: --help: "), "{}", r.stderr);
    for args in [&["--version"][..], &["-V"], &["version"]] {
        let r = nonogram(args, "");
        assert_eq!(
            (r.status, r.stdout.trim()),
            (0, format!("nonogram {}", env!("CARGO_PKG_VERSION")).as_str())
        );
    }
    // Errors go to standard error with status 2, nothing to standard output.
    for (args, message) in [
        (&["frobnicate"][..], "error: unknown command `frobnicate`; the commands are solve, clues, generate, read, convert, bench, bench-line, cnf (`nonogram --help` shows their usage)"),
        (&["help", "frobnicate"], "error: no command `frobnicate`; the commands are solve, clues, generate, read, convert, bench, bench-line, cnf"),
        (&["solve", "--frob", "-"], "error: unknown option `--frob` (`--help` lists the options)"),
    ] {
        let r = nonogram(args, "");
        assert_eq!((r.status, r.stdout.as_str(), r.stderr.trim()), (2, "", message), "{args:?}");
    }
    let r = nonogram(&[], "");
    assert_eq!(r.status, 2);
    assert!(r.stderr.starts_with("error: no command given\nnonogram "), "{}", r.stderr);
}

#[test]
fn options_echo_at_most_a_short_value() {
    let long = "x".repeat(100_000);
    for option in ["--learn-after", "--seed", "--max-solutions", "--timeout", "--jobs", "--threads"] {
        let r = nonogram(&["solve", option, &long, "-"], POST_003);
        assert_eq!(r.status, 2, "{option}");
        assert!(r.stderr.len() < 300, "{option}: {} bytes", r.stderr.len());
        assert!(r.stderr.contains(&format!("`{}…`", "x".repeat(40))), "{option}: {}", r.stderr);
    }
    let r = nonogram(&["convert", "--to", &long, "-"], POST_003);
    assert!(r.status == 2 && r.stderr.len() < 300, "{}", r.stderr.len());
}

#[test]
fn titles_cannot_reach_the_terminal_raw_nor_become_puzzles() {
    // A title with a terminal escape and line breaks, in a batch (the name
    // of each puzzle holds its title) and alone.
    let title = "evil\\u001b[2J\\nwidth 1\\nheight 1\\nrows\\n1\\ncolumns\\n1\\n====";
    let one = format!("{{\"title\": \"{title}\", \"rows\": [[1]], \"columns\": [[1]]}}");
    let batch = format!("[{one}, {one}]");
    let r = nonogram(&["solve", "-"], &batch);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(!r.stdout.contains('\u{1b}'), "{:?}", r.stdout);
    // The name holds the title escaped, and cut as messages cut text.
    assert_eq!(field(&r.stdout, "puzzle"), ["- evil\\u{1b}[2J\\nwidth 1\\nheight 1\\nrows\\n…"; 2]);
    // `convert --to non` keeps the title in its one line: one puzzle back.
    let non = nonogram(&["convert", "--to", "non", "-"], &one);
    assert_eq!(non.status, 0, "{}", non.stderr);
    assert_eq!(non.stdout.lines().filter(|l| l.starts_with("width")).count(), 1, "{}", non.stdout);
    let back = nonogram(&["convert", "--to", "json", "-"], &non.stdout);
    assert!(back.stdout.contains("\"title\": \"evil\\u001b[2J\\nwidth 1"), "{}", back.stdout);
    // An error about a puzzle names it escaped.
    let bad = format!("[{one}, {{\"title\": \"t\\u001b]0;x\\u0007\", \"rows\": [[2]], \"columns\": [[1]]}}]");
    let r = nonogram(&["solve", "-"], &bad);
    assert_eq!(r.status, 2);
    assert!(!r.stderr.contains('\u{1b}') && !r.stderr.contains('\u{7}'), "{:?}", r.stderr);
    assert!(r.stderr.contains("t\\u{1b}]0;x\\u{7}: "), "{}", r.stderr);
    // A file name too.
    let dir = env!("CARGO_TARGET_TMPDIR");
    let r = nonogram(&["solve", &format!("{dir}/no\u{1b}[31mfile")], "");
    assert_eq!(r.status, 2);
    assert!(r.stderr.contains("no\\u{1b}[31mfile: "), "{}", r.stderr);
}

#[test]
fn solve_reads_share_links() {
    // The page's link for POST_003's puzzle, made by the formats crate.
    let clues = nonogram(&["clues", "--to", "json", "-"], POST_003);
    let text = clues.stdout.replace("\"rows\"", "\"title\": \"Seed 3\", \"rows\"");
    let puzzle = nonogram_formats::parse(&text).unwrap().puzzles.remove(0);
    let code = nonogram_formats::share::encode(&puzzle);
    for link in [format!("https://example.org/nonogram/#p={code}"), format!("#p={code}")] {
        let r = nonogram(&["solve", &link], "");
        assert_eq!(r.status, 0, "{}", r.stderr);
        assert_eq!(field(&r.stdout, "puzzle"), ["share link Seed 3"]);
        assert_eq!(field(&r.stdout, "verdict"), ["unique"]);
        assert_eq!(solutions(&r.stdout, 5), [POST_003.replace('1', "#").replace('0', ".").trim_end()]);
    }
    let r = nonogram(&["solve", "#p=AAAA"], "");
    assert_eq!(r.status, 2);
    assert!(r.stderr.starts_with("error: share link: "), "{}", r.stderr);
}

#[test]
fn cnf_refuses_encodings_past_its_bound_before_writing() {
    // A random 300×300 (296 MB of CNF before; a 1000×1000 grew past 8.7 GB).
    let r = nonogram(&["clues", "-"], &random_picture(300));
    let cnf = nonogram(&["cnf", "-"], &r.stdout);
    assert_eq!((cnf.status, cnf.stdout.len()), (2, 0), "{}", cnf.stderr);
    assert!(cnf.stderr.contains("`cnf` writes puzzles of at most 10000000"), "{}", cnf.stderr);
    // A 60×60 is written, streamed, with the header's count right.
    let r = nonogram(&["clues", "-"], &random_picture(60));
    let cnf = nonogram(&["cnf", "-"], &r.stdout);
    assert_eq!(cnf.status, 0, "{}", cnf.stderr);
    let header: Vec<&str> = cnf.stdout.lines().nth(1).unwrap().split(' ').collect();
    assert_eq!(header[..2], ["p", "cnf"]);
    let clauses = cnf.stdout.lines().filter(|l| l.ends_with(" 0") || *l == "0").count();
    assert_eq!(header[3].parse::<usize>().unwrap(), clauses);
}

#[test]
fn bench_goes_on_past_what_it_cannot_read_and_says_so() {
    let dir = format!("{}/bench-hostile", env!("CARGO_TARGET_TMPDIR"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(format!("{dir}/sub")).unwrap();
    std::fs::write(format!("{dir}/a.non"), "width 1\nheight 1\nrows\n1\ncolumns\n1\n").unwrap();
    std::fs::write(format!("{dir}/sub/b.non"), "width 1\nheight 1\nrows\n1\ncolumns\nx\n").unwrap();
    std::fs::write(format!("{dir}/notes.txt"), "not a puzzle\n").unwrap();
    std::fs::write(format!("{dir}/z.nin"), "1 1\n1\n1\n").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(format!("{dir}/gone.non"), format!("{dir}/dangling.non")).unwrap();
    let r = nonogram(&["bench", "--tsv", &dir], "");
    assert_eq!(r.status, 2, "{}", r.stderr);
    // Both good puzzles are solved; the bad file and the dangling link are
    // errors on standard error; the note is no puzzle.
    let rows: Vec<&str> = r.stdout.lines().filter(|l| l.contains("\tunique\t")).collect();
    assert_eq!(rows.len(), 2, "{}", r.stdout);
    assert!(
        r.stdout.contains("# total: 2 puzzles, 2 unique, 0 multiple, 0 none, 0 timeout, 2 errors"),
        "{}",
        r.stdout
    );
    assert!(r.stderr.contains("sub/b.non: line 6, column 1: `x` is not a run length"), "{}", r.stderr);
    #[cfg(unix)]
    assert!(r.stderr.contains("dangling.non: No such file or directory"), "{}", r.stderr);
    // Piped, standard error holds the errors only: no progress line.
    assert_eq!(r.stderr.lines().count(), 2, "{}", r.stderr);
}

#[test]
fn many_solutions_are_listed_without_a_quadratic_search() {
    // Eight rows and columns of one cell each: the 8! = 40320 permutation
    // matrices (42.7 s for --max-solutions 40320 before; about a second now).
    let clues = format!("{}\n{}", "1\n".repeat(8), "1\n".repeat(8));
    let r = nonogram(&["solve", "--max-solutions", "40321", "-"], &clues);
    assert_eq!(r.status, 0, "{}", r.stderr);
    let found = solutions(&r.stdout, 8);
    assert_eq!(found.len(), 40320);
    let distinct: std::collections::HashSet<&String> = found.iter().collect();
    assert_eq!(distinct.len(), 40320);
    assert!(found.iter().all(|s| s.lines().all(|row| row.matches('#').count() == 1)));
}

#[test]
fn reading_counts_inside_the_timeout() {
    // A text of 100 000 small puzzles takes a while to read: with a limit
    // far below that, the first puzzle's time includes the reading and it
    // is stopped by the limit (before, reading was outside it).
    let batch: String = (1..=100_000).map(|i| format!("${i}\n1\n1\n")).collect();
    let r = nonogram(&["solve", "--jobs", "1", "--timeout", "0.001", "-"], &batch);
    assert_eq!(r.status, 3, "{}", r.stderr);
    let first_time: u64 = field(&r.stdout, "time_ms")[0].parse().unwrap();
    let verdicts = field(&r.stdout, "verdict");
    assert_eq!(verdicts.len(), 100_000);
    assert_eq!(verdicts[0], "timeout");
    assert!(first_time >= 1, "{first_time}");
}

#[test]
fn second_hostile_run_findings_on_the_command_line() {
    use std::os::unix::ffi::OsStrExt;
    // An argument that is not UTF-8: status 2 and a message (a panic before).
    let bad = std::ffi::OsStr::from_bytes(b"x\xffy");
    for args in [vec![std::ffi::OsStr::new("solve"), bad], vec![bad]] {
        let out = Command::new(env!("CARGO_BIN_EXE_nonogram")).args(&args).output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.starts_with("error: argument ") && stderr.contains("is not UTF-8 text: `x\u{fffd}y`"),
            "{stderr}"
        );
    }
    // A path operand of 100 000 characters is not repeated whole.
    let long = "x".repeat(100_000);
    let r = nonogram(&["solve", &long], "");
    assert_eq!(r.status, 2);
    assert!(r.stderr.len() < 400, "{} bytes", r.stderr.len());
    // `bench` follows no link to a folder inside a folder: a loop of two
    // links (2^40 paths before) is walked once.
    let dir = format!("{}/bench-loop", env!("CARGO_TARGET_TMPDIR"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(format!("{dir}/sub")).unwrap();
    std::fs::write(format!("{dir}/a.non"), "width 1\nheight 1\nrows\n1\ncolumns\n1\n").unwrap();
    std::os::unix::fs::symlink("..", format!("{dir}/sub/up")).unwrap();
    std::os::unix::fs::symlink(".", format!("{dir}/self")).unwrap();
    std::os::unix::fs::symlink("a.non", format!("{dir}/link.non")).unwrap();
    let r = nonogram(&["bench", "--tsv", &dir], "");
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(r.stdout.contains("# total: 2 puzzles, 2 unique"), "{}", r.stdout);
    // No puzzle: the totals say 0.0 ms, not -0.0.
    let empty = format!("{}/bench-empty", env!("CARGO_TARGET_TMPDIR"));
    std::fs::create_dir_all(&empty).unwrap();
    let r = nonogram(&["bench", &empty], "");
    assert!(r.stdout.contains("0.0 ms in all") && !r.stdout.contains("-0.0"), "{}", r.stdout);
    // `cnf --root` is bounded by --timeout: a 200×200 random picture took
    // over 150 s. Status 3, nothing written.
    let clues = nonogram(&["clues", "-"], &random_picture(200));
    let r = nonogram(&["cnf", "--root", "--timeout", "0.2", "-"], &clues.stdout);
    assert_eq!((r.status, r.stdout.len()), (3, 0), "{}", r.stderr);
    assert!(r.stderr.contains("line logic and probing did not finish within 0.2 s"), "{}", r.stderr);
    // `--help COMMAND` is that command's help; a command's help names its
    // own exit statuses.
    let r = nonogram(&["--help", "clues"], "");
    assert_eq!(r.status, 0);
    assert!(
        r.stdout.starts_with("usage: nonogram clues [--to non|nin|plain|json|xml|square]"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.trim_end().ends_with("Exit status: 0 done, 2 bad input or usage."), "{}", r.stdout);
}

#[test]
fn generate_makes_unique_puzzles_of_the_grade_asked() {
    for (grade, word) in
        [("easy", "easy"), ("medium", "medium"), ("hard", "hard"), ("very-hard", "very hard")]
    {
        let generated = nonogram(&["generate", "--size", "15x12", "--difficulty", grade, "--seed", "4"], "");
        assert_eq!(generated.status, 0, "{grade}: {}", generated.stderr);
        assert!(
            generated.stdout.contains(&format!("title \"Generated 15×12, {word}, seed 4\"")),
            "{}",
            generated.stdout
        );
        let solved = nonogram(&["solve", "--stats", "-"], &generated.stdout);
        assert_eq!(field(&solved.stdout, "verdict"), ["unique"], "{grade}");
        assert_eq!(field(&solved.stdout, "difficulty"), [word], "{grade}");
        // The same seed and options: the same puzzle.
        let again = nonogram(&["generate", "--size", "15x12", "--difficulty", grade, "--seed", "4"], "");
        assert_eq!(again.stdout, generated.stdout);
    }
    // --count: distinct puzzles, as a nonpack; other formats for one.
    let three = nonogram(&["generate", "--size", "10", "--count", "3", "--seed", "9"], "");
    assert_eq!(three.status, 0, "{}", three.stderr);
    let blocks: Vec<&str> = three.stdout.split("====\n").collect();
    assert_eq!(blocks.len(), 3);
    let solved = nonogram(&["solve", "-"], &three.stdout);
    assert_eq!(field(&solved.stdout, "verdict"), ["unique"; 3]);
    let mut distinct = blocks
        .iter()
        .map(|b| b.lines().filter(|l| !l.starts_with("title")).collect::<Vec<_>>())
        .collect::<Vec<_>>();
    distinct.dedup();
    assert_eq!(distinct.len(), 3);
    let json = nonogram(&["generate", "--size", "8x6", "--to", "json", "--seed", "1"], "");
    assert!(json.stdout.trim_start().starts_with('{') && json.stdout.contains("\"rows\""), "{}", json.stdout);
}

#[test]
fn generate_makes_colour_puzzles_unique_of_the_grade_asked() {
    for (grade, word, colours, to) in
        [("easy", "easy", "2", "xml"), ("medium", "medium", "3", "json"), ("hard", "hard", "4", "xml")]
    {
        let args = [
            "generate",
            "--size",
            "12x10",
            "--colours",
            colours,
            "--difficulty",
            grade,
            "--seed",
            "2",
            "--to",
            to,
        ];
        let generated = nonogram(&args, "");
        assert_eq!(generated.status, 0, "{grade}: {}", generated.stderr);
        assert!(
            generated
                .stdout
                .contains(&format!("Generated 12×10, {colours} colours on white, {word}, seed 2")),
            "{}",
            generated.stdout
        );
        let solved = nonogram(&["solve", "--stats", "-"], &generated.stdout);
        assert_eq!(field(&solved.stdout, "verdict"), ["unique"], "{grade}");
        assert_eq!(field(&solved.stdout, "difficulty"), [word], "{grade}");
        // The background and each colour, named on the solve's colours line.
        let named = field(&solved.stdout, "colours");
        assert_eq!(named[0].split_whitespace().count(), colours.parse::<usize>().unwrap() + 1, "{named:?}");
        assert_eq!(nonogram(&args, "").stdout, generated.stdout, "the same seed, the same puzzle");
    }
}

#[test]
fn generate_refuses_bad_options_and_says_when_a_grade_does_not_come() {
    for (args, message) in [
        (vec!["generate"], "--size WxH is required"),
        (
            vec!["generate", "--size", "4x4"],
            "--size takes WxH with sides from 5 to 50 (like 20x20), not `4x4`",
        ),
        (vec!["generate", "--size", "20x60"], "not `20x60`"),
        (
            vec!["generate", "--size", "10", "--difficulty", "tricky"],
            "--difficulty takes easy, medium, hard or very-hard, not `tricky`",
        ),
        (vec!["generate", "--size", "10", "--seed", "-1"], "--seed takes a whole number"),
        (
            vec!["generate", "--size", "10", "--count", "0"],
            "--count takes a number of puzzles from 1 to 1000",
        ),
        (
            vec!["generate", "--size", "10", "--count", "2", "--to", "json"],
            "several puzzles are written as non only",
        ),
        (vec!["generate", "--size", "10", "--to", "seed"], "--to takes one of non|nin|plain|json|xml"),
        (vec!["generate", "--size", "10", "--colours", "5"], "--colours takes 2 to 4"),
        (vec!["generate", "--size", "31x10", "--colours", "2"], "a colour puzzle is made up to 30×30"),
        (vec!["generate", "--size", "10", "--colours", "2", "--to", "non"], "written as xml or json"),
        (vec!["generate", "--size", "10", "--colours", "2", "--count", "2"], "one at a time"),
    ] {
        let r = nonogram(&args, "");
        assert_eq!(r.status, 2, "{args:?}");
        assert!(r.stderr.contains(message), "{args:?}: {}", r.stderr);
    }
    // Very hard at 5×5 does not come: the call ends at its time limit and says so.
    let r = nonogram(
        &["generate", "--size", "5x5", "--difficulty", "very-hard", "--timeout", "0.5", "--seed", "1"],
        "",
    );
    assert_eq!(r.status, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("5×5, grade very hard, seed 1: no puzzle of that grade came in"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty());
}

/// A `side`×`side` puzzle with one filled cell in each row and column:
/// `side`! solutions.
fn single_cells(side: usize) -> String {
    let ones = "1\n".repeat(side);
    format!("width {side}\nheight {side}\nrows\n{ones}columns\n{ones}")
}

#[test]
fn the_most_solutions_accepted_stay_within_a_stated_memory() {
    // 36! solutions; the largest --max-solutions accepted for 1 296 cells
    // (`most_solutions`) is found, kept and printed under a 512 MiB
    // address space (it aborted under 2 GB, asked for 300 000).
    let most = nonogram_core::search::most_solutions(36 * 36);
    let dir = std::env::temp_dir().join(format!("nonogram-many-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("single-cells-36.non");
    std::fs::write(&file, single_cells(36)).unwrap();
    let limited = format!(
        "ulimit -v {}; exec '{}' solve --jobs 1 --max-solutions {most} '{}'",
        512 * 1024,
        env!("CARGO_BIN_EXE_nonogram"),
        file.display()
    );
    let out = Command::new("sh").args(["-c", &limited]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(field(&stdout, "verdict"), ["multiple"]);
    assert_eq!(stdout.lines().filter(|l| *l == "solution:").count(), most);
    // One more is refused before any search, with the reason.
    let r = nonogram(&["solve", "--max-solutions", &(most + 1).to_string(), &file.to_string_lossy()], "");
    assert_eq!(r.status, 2);
    assert!(r.stderr.contains(&format!("at most {most} fit in 256 MB: ask for fewer")), "{}", r.stderr);
    assert!(r.stdout.is_empty());
    let r = nonogram(&["solve", "--max-solutions", "100000000000", "-"], POST_003);
    assert_eq!(r.status, 2, "{}", r.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_time_limit_keeps_the_solutions_found() {
    // Millions of solutions wanted, a second to find them: two found make
    // the verdict `multiple` (exit 0), with how many were found.
    let most = nonogram_core::search::most_solutions(100 * 100).to_string();
    let r = nonogram(&["solve", "--max-solutions", &most, "--timeout", "1", "-"], &single_cells(100));
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(field(&r.stdout, "verdict"), ["multiple"]);
    let stopped = field(&r.stdout, "stopped");
    let found = r.stdout.lines().filter(|l| *l == "solution:").count();
    assert_eq!(stopped, [format!("time limit, {found} solutions found")]);
    assert!(found >= 2);
    // Before a second solution, a time limit is still a timeout.
    let r = nonogram(&["solve", "--timeout", "0.001", "-"], &single_cells(100));
    assert!(r.status == 3 || field(&r.stdout, "verdict") == ["multiple"], "{}", r.stdout);
}

#[test]
fn a_batch_answers_for_each_puzzle_it_can_read() {
    // The second puzzle's rows fill 2 cells, its columns 1.
    let good = "width 2\nheight 2\nrows\n1\n1\ncolumns\n2\n0\n";
    let bad = "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n0\n";
    let broken = "width 2\nheight x\n";
    let pack = format!("{good}====\n{bad}====\n{good}====\n{broken}");
    let r = nonogram(&["solve", "-"], &pack);
    assert_eq!(r.status, 2, "{}", r.stderr);
    assert_eq!(field(&r.stdout, "puzzle"), ["- #1", "- #3"]);
    assert_eq!(field(&r.stdout, "verdict"), ["unique", "unique"]);
    let errors: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{}", r.stderr);
    assert_eq!(
        errors[0],
        "error: -: puzzle 2 (from line 10): the row clues fill 2 cells but the column clues fill 1"
    );
    assert!(errors[1].starts_with("error: -: puzzle 4 (from line 28): line 29"), "{}", errors[1]);
    // Every puzzle bad: the first one's error, numbered.
    let r = nonogram(&["solve", "-"], &format!("{bad}====\n{bad}"));
    assert_eq!(r.status, 2);
    assert!(
        r.stderr.contains(
            "puzzle 1 (from line 1): the row clues fill 2 cells but the column clues fill 1 \
             (and 1 more puzzle that could not be read)"
        ),
        "{}",
        r.stderr
    );
}

#[test]
fn third_hostile_run_findings_on_the_command_line() {
    // A title that would reverse the rest of the line is escaped.
    let mut p = nonogram_core::Puzzle::from_picture(&nonogram_formats::parse_picture(POST_003).unwrap());
    p.meta.title = Some("x\u{202e}enon :tcidrev".into());
    let link = format!("#p={}", nonogram_formats::share::encode(&p));
    let r = nonogram(&["solve", &link], "");
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(field(&r.stdout, "puzzle"), ["share link x\\u{202e}enon :tcidrev"]);
    assert!(!r.stdout.contains('\u{202e}'));
    // A colour's character that would not print alone is refused.
    let r = nonogram(&["clues", "-"], "palette: \u{200b}=red\n\u{200b}.\n..\n");
    assert_eq!(r.status, 2);
    assert!(
        r.stderr.contains("its character is a control, format, invisible or unassigned character"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("\\u{200b}"), "{}", r.stderr);
    // A repeated option is refused, whatever the command.
    for args in
        [&["generate", "--size", "5", "--size", "6"][..], &["solve", "--timeout", "1", "--timeout=2", "-"]]
    {
        let r = nonogram(args, POST_003);
        assert_eq!(r.status, 2, "{args:?}");
        assert!(r.stderr.contains("is given twice; give it once"), "{}", r.stderr);
    }
    // A colour puzzle made writes its solution as its goal.
    let r = nonogram(&["generate", "--size", "8", "--colours", "2", "--seed", "3"], "");
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(r.stdout.contains("<solution type=\"goal\">"), "{}", r.stdout);
    let solved = nonogram(&["solve", "-"], &r.stdout);
    let goal: String = r.stdout.lines().filter(|l| l.starts_with('|')).map(|l| l.trim_matches('|')).collect();
    assert_eq!(solutions(&solved.stdout, 8)[0].replace('\n', ""), goal);
}
