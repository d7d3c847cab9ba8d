//! The CDCL solver against brute force, pigeons, stops and reductions.

use super::lit::{Lit, Var};
use super::solver::Cdcl;
use super::store::Outcome;
use proptest::prelude::*;

/// A solver with `n` variables and `clauses` (DIMACS-style: `v + 1`,
/// negative for negated).
fn solver(n: u32, clauses: &[Vec<i32>], seed: Option<u64>) -> (Cdcl, Vec<Var>) {
    let mut s = Cdcl::new(seed);
    let vars: Vec<Var> = (0..n).map(|_| s.new_var()).collect();
    for c in clauses {
        s.add_clause(&lits(&vars, c));
    }
    (s, vars)
}

fn lits(vars: &[Var], clause: &[i32]) -> Vec<Lit> {
    clause.iter().map(|&l| Lit::new(vars[l.unsigned_abs() as usize - 1], l > 0)).collect()
}

fn satisfies(model: u32, clauses: &[Vec<i32>]) -> bool {
    clauses.iter().all(|c| c.iter().any(|&l| (model >> (l.unsigned_abs() - 1) & 1 == 1) == (l > 0)))
}

/// Every model of `s`, found one after another with a clause forbidding each,
/// in slices of `slice` contradictions.
fn models_of(mut s: Cdcl, vars: &[Var], slice: u64) -> Vec<u32> {
    let n = vars.len() as u32;
    let mut found = Vec::new();
    loop {
        match s.solve(slice, || false) {
            Outcome::Stopped => continue,
            Outcome::Unsat => break,
            Outcome::Sat => {
                let model =
                    (0..n).filter(|&v| s.value(Lit::new(vars[v as usize], true))).fold(0, |m, v| m | 1 << v);
                found.push(model);
                assert!(found.len() <= 1 << n, "a model came twice: a clause forbidding it was lost");
                let block: Vec<i32> =
                    (0..n as i32).map(|v| if model >> v & 1 == 1 { -(v + 1) } else { v + 1 }).collect();
                s.add_clause(&lits(vars, &block));
            }
        }
    }
    found.sort_unstable();
    found
}

fn clauses(n: u32) -> impl Strategy<Value = Vec<Vec<i32>>> {
    let lit = (1..=n as i32, any::<bool>()).prop_map(|(v, pos)| if pos { v } else { -v });
    proptest::collection::vec(proptest::collection::vec(lit, 1..=4), 0..40)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The models listed are exactly those a brute force finds, whatever
    /// the seed and however the search is sliced; with `between`, half
    /// the clauses come after a first slice of search (their binary
    /// clauses then join lists already merged, see `merge_bins`).
    #[test]
    fn lists_exactly_the_models(
        (n, cs) in (1u32..=10).prop_flat_map(|n| (Just(n), clauses(n))),
        seed in proptest::option::of(any::<u64>()),
        slice in 1u64..5,
        between in any::<bool>(),
    ) {
        let brute: Vec<u32> = (0..1u32 << n).filter(|&m| satisfies(m, &cs)).collect();
        let (first, rest) = cs.split_at(if between { cs.len() / 2 } else { cs.len() });
        let (mut s, vars) = solver(n, first, seed);
        if between {
            let _ = s.solve(slice, || false);
        }
        for c in rest {
            s.add_clause(&lits(&vars, c));
        }
        prop_assert_eq!(models_of(s, &vars, slice), brute);
    }
}

proptest! {
    /// The variable order pops the most active variable first, whatever
    /// the bumps (some to equal activities) and pops and re-inserts
    /// before, and each slot carries its variable's activity.
    #[test]
    fn the_heap_pops_the_most_active(
        n in 1u32..40,
        ops in proptest::collection::vec((0u32..40, 0u8..4), 0..200),
    ) {
        let mut s = Cdcl::new(None);
        for _ in 0..n {
            s.new_var();
        }
        let mut out = Vec::new();
        for (v, op) in ops {
            let v = v % n;
            match op {
                0 => s.bump(v),
                1 => s.var_inc *= 1.5,
                2 => out.extend(s.heap_pop()),
                _ => {
                    if let Some(back) = out.pop() {
                        s.heap_insert(back);
                    }
                }
            }
            for (i, slot) in s.heap.iter().enumerate() {
                prop_assert_eq!(slot.act, s.activity[slot.var as usize]);
                prop_assert_eq!(s.heap_pos[slot.var as usize], i as u32);
            }
        }
        let mut last = f64::INFINITY;
        while let Some(v) = s.heap_pop() {
            let act = s.activity[v as usize];
            prop_assert!(act <= last, "{} popped after {}", act, last);
            last = act;
        }
    }
}

/// n + 1 pigeons in n holes: unsatisfiable, and hard enough (thousands
/// of contradictions) to pass through restarts, rephasings and
/// reductions of the learnt clauses.
fn pigeons(n: i32) -> Vec<Vec<i32>> {
    let var = |p: i32, h: i32| p * n + h + 1;
    let mut cs: Vec<Vec<i32>> = (0..=n).map(|p| (0..n).map(|h| var(p, h)).collect()).collect();
    for h in 0..n {
        for p in 0..=n {
            for q in p + 1..=n {
                cs.push(vec![-var(p, h), -var(q, h)]);
            }
        }
    }
    cs
}

#[test]
fn reductions_come_when_learnt_clauses_take_room() {
    let cs = pigeons(7);
    let (mut s, _) = solver(56, &cs, None);
    s.learnt_words = 2000;
    assert_eq!(s.solve(u64::MAX, || false), Outcome::Unsat);
    // The schedule alone reduces about once in these contradictions.
    let scheduled = (1..).take_while(|&k| 2000 * k + 150 * k * (k - 1) <= s.conflicts).count() as u64;
    assert!(s.reductions > 2 * scheduled + 10, "{} reductions, {} scheduled", s.reductions, scheduled);
}

#[test]
fn pigeons_do_not_fit_their_holes() {
    let cs = pigeons(7);
    let (mut s, _) = solver(56, &cs, None);
    assert_eq!(s.solve(u64::MAX, || false), Outcome::Unsat);
    assert!(s.reductions > 0 && s.rephases > 0 && s.restarts > 0, "{} contradictions", s.conflicts);
    // A pigeon fewer fits: every model found is one.
    let cs = pigeons(6).into_iter().filter(|c| c.iter().all(|&l| l.unsigned_abs() <= 36)).collect::<Vec<_>>();
    let (mut s, vars) = solver(36, &cs, Some(7));
    assert_eq!(s.solve(u64::MAX, || false), Outcome::Sat);
    let model = vars
        .iter()
        .enumerate()
        .filter(|(_, &v)| s.value(Lit::new(v, true)))
        .fold(0u64, |m, (i, _)| m | 1 << i);
    assert!(cs.iter().all(|c| c.iter().any(|&l| (model >> (l.unsigned_abs() - 1) & 1 == 1) == (l > 0))));
}

#[test]
fn a_stop_is_heard_and_the_search_goes_on() {
    let cs = pigeons(6);
    let (mut s, _) = solver(42, &cs, None);
    let mut asked = 0;
    assert_eq!(
        s.solve(u64::MAX, || {
            asked += 1;
            true
        }),
        Outcome::Stopped
    );
    assert_eq!(asked, 1);
    assert_eq!(s.solve(u64::MAX, || false), Outcome::Unsat);
}

/// The reduction's heap sort orders as the library's sort does under a
/// total order: random lists, with many equal first keys.
#[test]
fn the_heap_sort_orders_as_the_library_does() {
    let mut state = 0x853c_49e6_748f_ea9bu64;
    for len in [0usize, 1, 2, 3, 7, 64, 1000] {
        let v: Vec<u32> = (0..len)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state % 5000) as u32
            })
            .collect();
        let order = |a: u32, b: u32| (b % 7).cmp(&(a % 7)).then(a.cmp(&b));
        let mut ours = v.clone();
        super::reduce::heap_sort(&mut ours, order);
        let mut theirs = v;
        theirs.sort_by(|&a, &b| order(a, b));
        assert_eq!(ours, theirs, "{len}");
    }
}
