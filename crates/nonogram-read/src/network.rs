//! The digit recogniser: a small convolutional network, run by hand.
//!
//! ```text
//! glyph 20×20 ─ conv 3×3, 12 ─ relu ─ max 2×2 ─ conv 3×3, 24 ─ relu ─ max 2×2 ─ dense 96 ─ relu ─ dense 11 ─ softmax
//! ```
//!
//! Eleven classes: the digits 0 to 9, and "no digit" (a cross, a dot, a
//! piece of a line: whatever a clue area holds besides numbers). 61 499
//! weights, 123 KB as 16-bit floats; a glyph takes about 360 000
//! multiply-adds.
//! (Half as wide, 27 627 weights, it read 98.2 % of the held-back glyphs
//! of every style, and surer readings of the clean ones came with more:
//! see docs/DECISIONS.md.)
//! The weights are trained by `examples/train.rs` (see its header for the
//! command) and kept in `digits.weights`: eight bytes `NGDIGIT3`, then
//! every parameter as a little-endian 16-bit float, in the order of
//! [`Layout`] (the same readings as 32 bits on every style of the bench,
//! at half the picture worker's download).
//!
//! The trainer's gradients are here too, beside the forward pass they
//! differentiate (feature `train`).

use crate::blob::{Glyph, GLYPH_SIDE};

/// Classes: 0–9 are digits, 10 is "no digit".
pub const CLASSES: usize = 11;
/// The class of everything that is not a digit.
pub const NO_DIGIT: usize = 10;

const S0: usize = GLYPH_SIDE; // 20
pub const C1: usize = 12;
const S1: usize = S0 / 2; // 10 after pooling
pub const C2: usize = 24;
const S2: usize = S1 / 2; // 5 after pooling
pub const FLAT: usize = C2 * S2 * S2; // 600
pub const HIDDEN: usize = 96;

/// Where each layer's parameters sit in the flat list.
pub struct Layout;

impl Layout {
    pub const CONV1_W: usize = 0;
    pub const CONV1_B: usize = Self::CONV1_W + C1 * 9;
    pub const CONV2_W: usize = Self::CONV1_B + C1;
    pub const CONV2_B: usize = Self::CONV2_W + C2 * C1 * 9;
    pub const DENSE1_W: usize = Self::CONV2_B + C2;
    pub const DENSE1_B: usize = Self::DENSE1_W + HIDDEN * FLAT;
    pub const DENSE2_W: usize = Self::DENSE1_B + HIDDEN;
    pub const DENSE2_B: usize = Self::DENSE2_W + CLASSES * HIDDEN;
    pub const LEN: usize = Self::DENSE2_B + CLASSES;
}

/// The weights file's first bytes. Each weight follows as a 16-bit float
/// (IEEE binary16, little-endian): half the download of 32 bits, and the
/// readings the same (a weight's relative error under 0.05 %).
pub const MAGIC: &[u8; 8] = b"NGDIGIT3";

/// A network: its parameters.
#[derive(Clone)]
pub struct Network {
    pub params: Vec<f32>,
}

/// What a forward pass computed, kept for the backward pass (feature
/// `train`; the reader only looks at the probabilities).
#[derive(Clone)]
#[cfg_attr(not(feature = "train"), allow(dead_code))]
pub struct Activations {
    input: Vec<f32>,
    conv1: Vec<f32>,    // C1 × S0 × S0, after relu
    pool1: Vec<f32>,    // C1 × S1 × S1
    pool1_at: Vec<u16>, // the index into conv1 each maximum came from
    conv2: Vec<f32>,    // C2 × S1 × S1, after relu
    pool2: Vec<f32>,    // FLAT
    pool2_at: Vec<u16>,
    hidden: Vec<f32>, // HIDDEN, after relu
    /// The classes' probabilities.
    pub probabilities: [f32; CLASSES],
}

/// A 3 × 3 convolution with padding 1 and a relu, `cin` planes of `side`
/// squared to `cout`.
fn conv_relu(
    input: &[f32],
    cin: usize,
    side: usize,
    weights: &[f32],
    biases: &[f32],
    cout: usize,
) -> Vec<f32> {
    let mut out = vec![0.0f32; cout * side * side];
    for o in 0..cout {
        let plane = &mut out[o * side * side..(o + 1) * side * side];
        plane.iter_mut().for_each(|v| *v = biases[o]);
        for i in 0..cin {
            let k = &weights[(o * cin + i) * 9..(o * cin + i) * 9 + 9];
            let src = &input[i * side * side..(i + 1) * side * side];
            for y in 0..side {
                for ky in 0..3 {
                    let sy = y as isize + ky as isize - 1;
                    if sy < 0 || sy >= side as isize {
                        continue;
                    }
                    let row = &src[sy as usize * side..(sy as usize + 1) * side];
                    let dst = &mut plane[y * side..(y + 1) * side];
                    for kx in 0..3 {
                        let w = k[ky * 3 + kx];
                        // x + kx - 1 within 0..side
                        let (from, to) = match kx {
                            0 => (1, side),
                            1 => (0, side),
                            _ => (0, side - 1),
                        };
                        for x in from..to {
                            dst[x] += w * row[x + kx - 1];
                        }
                    }
                }
            }
        }
        plane.iter_mut().for_each(|v| *v = v.max(0.0));
    }
    out
}

/// 2 × 2 max pooling of `planes` planes of `side` squared, with where
/// each maximum came from.
fn max_pool(input: &[f32], planes: usize, side: usize) -> (Vec<f32>, Vec<u16>) {
    let half = side / 2;
    let mut out = vec![0.0; planes * half * half];
    let mut at = vec![0u16; planes * half * half];
    for p in 0..planes {
        for y in 0..half {
            for x in 0..half {
                let mut best = f32::NEG_INFINITY;
                let mut best_at = 0;
                for (dy, dx) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    let i = p * side * side + (2 * y + dy) * side + 2 * x + dx;
                    if input[i] > best {
                        best = input[i];
                        best_at = i;
                    }
                }
                out[p * half * half + y * half + x] = best;
                at[p * half * half + y * half + x] = best_at as u16;
            }
        }
    }
    (out, at)
}

/// Why a weights file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeightsError(pub String);

impl Network {
    /// The network the reader ships with.
    pub fn shipped() -> Network {
        Network::from_bytes(include_bytes!("../digits.weights"))
            .expect("the shipped weights are checked by a test")
    }

    /// A network from a weights file's bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, WeightsError> {
        let expected = MAGIC.len() + Layout::LEN * 2;
        if bytes.len() != expected || &bytes[..8] != MAGIC {
            return Err(WeightsError(format!(
                "a weights file is {expected} bytes starting with {}; this one is {} bytes",
                String::from_utf8_lossy(MAGIC),
                bytes.len()
            )));
        }
        let params: Vec<f32> =
            bytes[8..].as_chunks::<2>().0.iter().map(|c| from_half(u16::from_le_bytes(*c))).collect();
        if params.iter().any(|p| !p.is_finite()) {
            return Err(WeightsError("a weight is not a finite number".into()));
        }
        Ok(Network { params })
    }

    /// The weights file's bytes (each weight rounded to the nearest 16-bit
    /// float).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        for p in &self.params {
            out.extend_from_slice(&to_half(*p).to_le_bytes());
        }
        out
    }

    /// The classes' probabilities for a glyph.
    pub fn classify(&self, glyph: &Glyph) -> [f32; CLASSES] {
        self.forward(glyph).probabilities
    }

    /// The forward pass, keeping what the backward pass needs.
    pub fn forward(&self, glyph: &Glyph) -> Activations {
        let p = &self.params;
        let input = glyph.to_vec();
        let conv1 = conv_relu(
            &input,
            1,
            S0,
            &p[Layout::CONV1_W..Layout::CONV1_B],
            &p[Layout::CONV1_B..Layout::CONV2_W],
            C1,
        );
        let (pool1, pool1_at) = max_pool(&conv1, C1, S0);
        let conv2 = conv_relu(
            &pool1,
            C1,
            S1,
            &p[Layout::CONV2_W..Layout::CONV2_B],
            &p[Layout::CONV2_B..Layout::DENSE1_W],
            C2,
        );
        let (pool2, pool2_at) = max_pool(&conv2, C2, S1);
        let mut hidden = vec![0.0; HIDDEN];
        for (h, out) in hidden.iter_mut().enumerate() {
            let w = &p[Layout::DENSE1_W + h * FLAT..Layout::DENSE1_W + (h + 1) * FLAT];
            let sum: f32 = w.iter().zip(&pool2).map(|(a, b)| a * b).sum();
            *out = (sum + p[Layout::DENSE1_B + h]).max(0.0);
        }
        let mut logits = [0.0f32; CLASSES];
        for (c, out) in logits.iter_mut().enumerate() {
            let w = &p[Layout::DENSE2_W + c * HIDDEN..Layout::DENSE2_W + (c + 1) * HIDDEN];
            *out = w.iter().zip(&hidden).map(|(a, b)| a * b).sum::<f32>() + p[Layout::DENSE2_B + c];
        }
        let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let mut probabilities = logits.map(|l| (l - top).exp());
        let total: f32 = probabilities.iter().sum();
        probabilities.iter_mut().for_each(|p| *p /= total);
        Activations { input, conv1, pool1, pool1_at, conv2, pool2, pool2_at, hidden, probabilities }
    }

    /// Adds to `gradient` the gradient of the cross-entropy loss of one
    /// glyph whose class is `label`, given its forward pass; returns the
    /// loss.
    #[cfg(feature = "train")]
    pub fn backward(&self, a: &Activations, label: usize, gradient: &mut [f32]) -> f32 {
        let p = &self.params;
        let loss = -a.probabilities[label].max(1e-12).ln();
        // Softmax with cross-entropy: the logits' gradient is p - onehot.
        let mut d_logits = a.probabilities;
        d_logits[label] -= 1.0;
        let mut d_hidden = [0.0f32; HIDDEN];
        for c in 0..CLASSES {
            gradient[Layout::DENSE2_B + c] += d_logits[c];
            let row = Layout::DENSE2_W + c * HIDDEN;
            for h in 0..HIDDEN {
                gradient[row + h] += d_logits[c] * a.hidden[h];
                d_hidden[h] += d_logits[c] * p[row + h];
            }
        }
        let mut d_pool2 = vec![0.0f32; FLAT];
        for h in 0..HIDDEN {
            if a.hidden[h] <= 0.0 {
                continue;
            }
            let d = d_hidden[h];
            gradient[Layout::DENSE1_B + h] += d;
            let row = Layout::DENSE1_W + h * FLAT;
            for i in 0..FLAT {
                gradient[row + i] += d * a.pool2[i];
                d_pool2[i] += d * p[row + i];
            }
        }
        let mut d_conv2 = vec![0.0f32; C2 * S1 * S1];
        for (i, &at) in a.pool2_at.iter().enumerate() {
            if a.conv2[at as usize] > 0.0 {
                d_conv2[at as usize] += d_pool2[i];
            }
        }
        let d_pool1 = conv_backward(
            &a.pool1,
            C1,
            S1,
            &p[Layout::CONV2_W..Layout::CONV2_B],
            C2,
            &d_conv2,
            gradient,
            Layout::CONV2_W,
            Layout::CONV2_B,
            true,
        );
        let mut d_conv1 = vec![0.0f32; C1 * S0 * S0];
        for (i, &at) in a.pool1_at.iter().enumerate() {
            if a.conv1[at as usize] > 0.0 {
                d_conv1[at as usize] += d_pool1[i];
            }
        }
        conv_backward(
            &a.input,
            1,
            S0,
            &p[Layout::CONV1_W..Layout::CONV1_B],
            C1,
            &d_conv1,
            gradient,
            Layout::CONV1_W,
            Layout::CONV1_B,
            false,
        );
        loss
    }
}

/// The backward pass of [`conv_relu`] (the relu already applied to
/// `d_out`): adds the weights' and biases' gradients, and returns the
/// input's gradient when `want_input`.
#[cfg(feature = "train")]
#[allow(clippy::too_many_arguments)]
fn conv_backward(
    input: &[f32],
    cin: usize,
    side: usize,
    weights: &[f32],
    cout: usize,
    d_out: &[f32],
    gradient: &mut [f32],
    weights_at: usize,
    biases_at: usize,
    want_input: bool,
) -> Vec<f32> {
    let mut d_input = vec![0.0f32; if want_input { cin * side * side } else { 0 }];
    for o in 0..cout {
        let d_plane = &d_out[o * side * side..(o + 1) * side * side];
        gradient[biases_at + o] += d_plane.iter().sum::<f32>();
        for i in 0..cin {
            let src = &input[i * side * side..(i + 1) * side * side];
            for ky in 0..3 {
                for kx in 0..3 {
                    let w_index = (o * cin + i) * 9 + ky * 3 + kx;
                    let mut g = 0.0;
                    for y in 0..side {
                        let sy = y as isize + ky as isize - 1;
                        if sy < 0 || sy >= side as isize {
                            continue;
                        }
                        for x in 0..side {
                            let sx = x as isize + kx as isize - 1;
                            if sx < 0 || sx >= side as isize {
                                continue;
                            }
                            let d = d_plane[y * side + x];
                            if d == 0.0 {
                                continue;
                            }
                            let s = sy as usize * side + sx as usize;
                            g += d * src[s];
                            if want_input {
                                d_input[i * side * side + s] += d * weights[w_index];
                            }
                        }
                    }
                    gradient[weights_at + w_index] += g;
                }
            }
        }
    }
    d_input
}

/// The most likely classes, most likely first.
pub fn ranked(probabilities: &[f32; CLASSES]) -> Vec<(usize, f32)> {
    let mut order: Vec<(usize, f32)> = probabilities.iter().copied().enumerate().collect();
    order.sort_by(|a, b| b.1.total_cmp(&a.1));
    order
}

/// A 32-bit float as the nearest 16-bit one (IEEE binary16, ties to
/// even); past the largest finite one (65 504), that one.
pub fn to_half(x: f32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exponent = ((bits >> 23) & 0xff) as i32;
    let mantissa = bits & 0x7f_ffff;
    if exponent == 255 {
        return sign | if mantissa == 0 { 0x7c00 } else { 0x7e00 };
    }
    let e = exponent - 127 + 15;
    // Rounds `value >> shift` to the nearest, ties to even.
    let rounded = |value: u32, shift: u32| -> u32 {
        let kept = value >> shift;
        let rest = value & ((1 << shift) - 1);
        let half = 1 << (shift - 1);
        kept + u32::from(rest > half || (rest == half && kept & 1 == 1))
    };
    let magnitude = if e <= 0 {
        // A subnormal (or zero): the mantissa with its leading one,
        // shifted down past the smallest exponent.
        if e < -10 {
            0
        } else {
            rounded(mantissa | 0x80_0000, (14 - e) as u32)
        }
    } else {
        // Rounding may carry into the exponent, as it should.
        (((e as u32) << 10) | (mantissa >> 13))
            + u32::from({
                let rest = mantissa & 0x1fff;
                rest > 0x1000 || (rest == 0x1000 && (mantissa >> 13) & 1 == 1)
            })
    };
    sign | magnitude.min(0x7bff) as u16
}

/// A 16-bit float (IEEE binary16) as a 32-bit one, exactly.
pub fn from_half(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exponent = i32::from((h >> 10) & 0x1f);
    let mantissa = f32::from(h & 0x3ff);
    match exponent {
        0 => sign * mantissa * (2.0f32).powi(-24),
        31 if mantissa == 0.0 => sign * f32::INFINITY,
        31 => f32::NAN,
        _ => sign * (1.0 + mantissa / 1024.0) * (2.0f32).powi(exponent - 15),
    }
}

#[cfg(all(test, feature = "train"))]
mod tests {
    use super::*;

    /// A small random network (a fixed little generator, no crate).
    fn network(seed: u64) -> Network {
        let mut state = seed;
        let params = (0..Layout::LEN)
            .map(|_| {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                ((state >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 0.3
            })
            .collect();
        Network { params }
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let net = network(7);
        let mut glyph = [0.0f32; GLYPH_SIDE * GLYPH_SIDE];
        for (i, g) in glyph.iter_mut().enumerate() {
            *g = ((i * 37 % 11) as f32 / 10.0).powi(2);
        }
        let label = 3;
        let mut gradient = vec![0.0; Layout::LEN];
        net.backward(&net.forward(&glyph), label, &mut gradient);
        let loss = |n: &Network| -n.forward(&glyph).probabilities[label].ln();
        for &index in &[
            Layout::CONV1_W + 4,
            Layout::CONV1_B + 2,
            Layout::CONV2_W + 100,
            Layout::CONV2_B + 5,
            Layout::DENSE1_W + 1234,
            Layout::DENSE1_B + 7,
            Layout::DENSE2_W + 50,
            Layout::DENSE2_B + 3,
        ] {
            let h = 1e-3;
            let (mut up, mut down) = (net.clone(), net.clone());
            up.params[index] += h;
            down.params[index] -= h;
            let numeric = (loss(&up) - loss(&down)) / (2.0 * h);
            let analytic = gradient[index];
            assert!(
                (numeric - analytic).abs() <= 2e-3 + 0.05 * analytic.abs().max(numeric.abs()),
                "parameter {index}: numeric {numeric}, analytic {analytic}"
            );
        }
    }
}

#[cfg(test)]
mod half_tests {
    use super::{from_half, to_half, Network};

    #[test]
    fn a_weight_keeps_its_value_to_a_twentieth_of_a_percent_in_sixteen_bits() {
        for x in [0.0f32, 1.0, -2.5, 0.1, -0.000_123_4, 2.345_67, 1e-7, 700.25, 65_504.0] {
            let back = from_half(to_half(x));
            assert!((back - x).abs() <= x.abs() * 5e-4 + 6e-8, "{x} came back {back}");
        }
        // Exact where the value is a 16-bit float; ties to even; past the
        // largest, the largest.
        assert_eq!(from_half(to_half(0.5)), 0.5);
        assert_eq!(to_half(1.0 + 1.0 / 2048.0), to_half(1.0));
        assert_eq!(from_half(to_half(1e6)), 65_504.0);
        assert_eq!(from_half(to_half(-1e6)), -65_504.0);
        for h in [0u16, 1, 0x3ff, 0x400, 0x3c00, 0x7bff, 0x8001, 0xbc00] {
            assert_eq!(to_half(from_half(h)), h);
        }
    }

    #[test]
    fn the_shipped_weights_read_back_as_written() {
        let network = Network::shipped();
        assert_eq!(Network::from_bytes(&network.to_bytes()).unwrap().params, network.params);
    }
}
