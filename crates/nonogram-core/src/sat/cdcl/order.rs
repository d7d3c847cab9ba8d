//! Which variable to decide next and its value: the VSIDS heap and its
//! bumps, target phases and rephasing.

use super::solver::Cdcl;
use super::store::*;

impl Cdcl {
    // --- the variable order: a binary max-heap on activity ---

    #[inline(always)]
    /// Puts `slot` at place `i` of the heap.
    pub(super) fn heap_set(&mut self, i: usize, slot: Slot) {
        debug_assert!(i < self.heap.len() && (slot.var as usize) < self.heap_pos.len());
        // SAFETY: callers pass a place within the heap and a slot of an
        // existing variable (checked in debug builds).
        unsafe {
            *self.heap.get_unchecked_mut(i) = slot;
            *self.heap_pos.get_unchecked_mut(slot.var as usize) = i as u32;
        }
    }

    #[inline(always)]
    pub(super) fn slot(&self, i: usize) -> Slot {
        debug_assert!(i < self.heap.len());
        // SAFETY: callers read places below the heap's length only.
        unsafe { *self.heap.get_unchecked(i) }
    }

    /// Moves the slot at place `i` up past its less active parents.
    pub(super) fn heap_up(&mut self, mut i: usize) {
        let moving = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let above = self.slot(parent);
            if moving.act <= above.act {
                break;
            }
            self.heap_set(i, above);
            i = parent;
        }
        self.heap_set(i, moving);
    }

    /// Fills the root's place, emptied by a pop, with `moving`: the hole
    /// first goes down to a leaf along the more active children (a
    /// comparison per level whose outcome picks an index, without a
    /// branch), then `moving` comes up from there past the children no more
    /// active than it. The same heap as sifting it down from the root
    /// (Floyd's order of the comparisons): along the path the activities
    /// only fall, so the children moved up are those more active than
    /// `moving` either way.
    pub(super) fn heap_fill_root(&mut self, moving: Slot) {
        let n = self.heap.len();
        let mut i = 0;
        loop {
            let left = 2 * i + 1;
            let child = if left + 1 < n {
                left + usize::from(self.slot(left + 1).act > self.slot(left).act)
            } else if left < n {
                left
            } else {
                break;
            };
            self.heap_set(i, self.slot(child));
            i = child;
        }
        while i > 0 {
            let parent = (i - 1) / 2;
            let above = self.slot(parent);
            if above.act > moving.act {
                break;
            }
            self.heap_set(i, above);
            i = parent;
        }
        self.heap_set(i, moving);
    }

    pub(super) fn heap_insert(&mut self, v: u32) {
        self.heap.push(Slot { act: self.activity[v as usize], var: v });
        let i = self.heap.len() - 1;
        self.heap_pos[v as usize] = i as u32;
        self.heap_up(i);
    }

    pub(super) fn heap_pop(&mut self) -> Option<u32> {
        let top = self.heap.first()?.var;
        let last = self.heap.pop().expect("not empty");
        self.heap_pos[top as usize] = u32::MAX;
        if !self.heap.is_empty() {
            self.heap_fill_root(last);
        }
        Some(top)
    }

    pub(super) fn bump(&mut self, v: u32) {
        let a = &mut self.activity[v as usize];
        *a += self.var_inc;
        let act = *a;
        if act > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            for slot in &mut self.heap {
                slot.act *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        let pos = self.heap_pos[v as usize];
        if pos != u32::MAX {
            self.heap[pos as usize].act = self.activity[v as usize];
            self.heap_up(pos as usize);
        }
    }

    /// Makes the targets the saved phases and starts the targets afresh.
    pub(super) fn rephase(&mut self) {
        for (phase, target) in self.phase.iter_mut().zip(&mut self.target) {
            if *target != 0 {
                *phase = *target > 0;
            }
            *target = 0;
        }
        self.target_len = 0;
    }

    pub(super) fn polarity(&self, v: u32) -> u32 {
        match self.target[v as usize] {
            1 => 2 * v,
            -1 => 2 * v + 1,
            _ => 2 * v + (!self.phase[v as usize]) as u32,
        }
    }

    pub(super) fn decide(&mut self) -> Option<u32> {
        if self.random_freq > 0.0 && !self.heap.is_empty() && self.random() < self.random_freq {
            let k = (self.random() * self.heap.len() as f64) as usize;
            let v = self.heap[k.min(self.heap.len() - 1)].var;
            if self.vals[(2 * v) as usize] == 0 {
                return Some(self.polarity(v));
            }
        }
        loop {
            let v = self.heap_pop()?;
            if self.vals[(2 * v) as usize] == 0 {
                return Some(self.polarity(v));
            }
        }
    }
}
