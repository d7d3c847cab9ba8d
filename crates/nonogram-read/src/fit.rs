//! Least squares for the reader's small fits (a line's bow, a photo's
//! perspective): observations gathered into the normal equations, which
//! are then solved.

/// The normal equations of a fit of `N` unknowns: `AᵀA · x = Aᵀb`.
pub struct Normal<const N: usize> {
    ata: [[f64; N]; N],
    atb: [f64; N],
}

impl<const N: usize> Normal<N> {
    pub fn new() -> Self {
        Normal { ata: [[0.0; N]; N], atb: [0.0; N] }
    }

    /// One observation: `row · x` should be `value`.
    pub fn observe(&mut self, row: &[f64; N], value: f64) {
        for i in 0..N {
            self.atb[i] += row[i] * value;
            for j in 0..N {
                self.ata[i][j] += row[i] * row[j];
            }
        }
    }

    /// The unknowns (Gaussian elimination with partial pivoting); `None`
    /// when the observations do not fix them.
    pub fn solve(mut self) -> Option<[f64; N]> {
        let (ata, atb) = (&mut self.ata, &mut self.atb);
        for col in 0..N {
            let pivot = (col..N).max_by(|&a, &b| ata[a][col].abs().total_cmp(&ata[b][col].abs()))?;
            ata.swap(col, pivot);
            atb.swap(col, pivot);
            let p = ata[col][col];
            if p.abs() < 1e-12 {
                return None;
            }
            for r in 0..N {
                if r != col {
                    let f = ata[r][col] / p;
                    let pivot_row = ata[col];
                    for (v, q) in ata[r].iter_mut().zip(&pivot_row) {
                        *v -= f * q;
                    }
                    atb[r] -= f * atb[col];
                }
            }
        }
        Some(std::array::from_fn(|i| atb[i] / ata[i][i]))
    }
}

impl<const N: usize> Default for Normal<N> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::Normal;

    #[test]
    fn a_parabola_through_its_points_is_found_and_too_few_points_fix_none() {
        let mut normal = Normal::<3>::new();
        for t in [0.0, 1.0, 2.0, 3.0] {
            normal.observe(&[1.0, t, t * t], 2.0 - t + 0.5 * t * t);
        }
        let c = normal.solve().unwrap();
        for (got, want) in c.iter().zip([2.0, -1.0, 0.5]) {
            assert!((got - want).abs() < 1e-9, "{c:?}");
        }
        let mut one = Normal::<2>::new();
        one.observe(&[1.0, 1.0], 3.0);
        assert_eq!(one.solve(), None);
    }
}
