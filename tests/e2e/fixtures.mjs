// Inputs the end-to-end tests make: puzzles as text, and images encoded
// here (PNG, BMP, GIF) so that no binary fixture is checked in.
import zlib from 'node:zlib';

/// A pseudo-random picture (xorshift), as 0/1 text: dense pictures are line-solvable.
export function picture(w, h, density, seed) {
  let s = BigInt(seed), rows = [];
  const next = () => { s ^= (s << 13n) & 0xffffffffffffffffn; s ^= s >> 7n; s ^= (s << 17n) & 0xffffffffffffffffn; return Number(s % 1000n) / 1000; };
  for (let r = 0; r < h; r++) { let row = ''; for (let c = 0; c < w; c++) row += next() < density ? '1' : '0'; rows.push(row); }
  return rows.join('\n') + '\n';
}

/// A line's clue as text ("3 1", "0" when empty), from its cells ('#' filled).
export const runs = (cells) => (cells.join('').match(/#+/g) ?? []).map((r) => r.length).join(' ') || '0';

/// A picture of `.`, `r` and `b` as colour JSON clues.
export function colourJson(rows) {
  const name = { r: 'red', b: 'blue' };
  const runs = (line) => {
    const out = [];
    let prev = '.';
    for (const c of line) {
      if (c !== '.') {
        if (c === prev) out[out.length - 1][0]++;
        else out.push([1, name[c]]);
      }
      prev = c;
    }
    return out;
  };
  const columns = [...rows[0]].map((_, c) => rows.map((r) => r[c]));
  return JSON.stringify({ colors: { red: '#ff0000', blue: '#0000ff' }, rows: rows.map((r) => runs([...r])), columns: columns.map(runs) });
}

export const POST_003 = '01110\n11010\n01110\n00110\n00111\n';
export const LAMBDA = '2\n1 2\n1 1\n2\n1\n3\n3\n2 2\n2 1\n2 2 1\n2 3\n2 2\n\n2 1\n1 3\n2 4\n3 4\n4\n3\n3\n3\n2\n2\n';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
/// A PNG (RGBA, 8 bits) of w×h pixels; pixel(x, y) gives [r, g, b, a].
export function png(w, h, pixel) {
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) raw.set(pixel(x, y), y * (w * 4 + 1) + 1 + x * 4);
  }
  const chunk = (type, data) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'ascii');
    data.copy(out, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
/// A 24-bit BMP (bottom-up rows padded to 4 bytes).
export function bmp(w, h, pixel) {
  const stride = Math.ceil(w * 3 / 4) * 4, size = 54 + stride * h, b = Buffer.alloc(size);
  b.write('BM', 0, 'ascii'); b.writeUInt32LE(size, 2); b.writeUInt32LE(54, 10); b.writeUInt32LE(40, 14);
  b.writeInt32LE(w, 18); b.writeInt32LE(h, 22); b.writeUInt16LE(1, 26); b.writeUInt16LE(24, 28);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const [r, g, bl] = pixel(x, h - 1 - y);
    b.set([bl, g, r], 54 + y * stride + x * 3);
  }
  return b;
}
/// A two-colour GIF (palette black, white); pixel(x, y) gives the index.
/// LZW with 3-bit codes and a clear code every two pixels, so the code
/// width never grows: valid, if not small.
export function gif(w, h, pixel) {
  const codes = [];
  for (let i = 0; i < w * h; i++) { if (i % 2 === 0) codes.push(4); codes.push(pixel(i % w, Math.floor(i / w))); }
  codes.push(5);
  const data = [];
  let acc = 0, bits = 0;
  for (const c of codes) { acc |= c << bits; bits += 3; while (bits >= 8) { data.push(acc & 0xff); acc >>= 8; bits -= 8; } }
  if (bits) data.push(acc);
  const blocks = [];
  for (let i = 0; i < data.length; i += 255) { const part = data.slice(i, i + 255); blocks.push(part.length, ...part); }
  const le = (v) => [v & 0xff, v >> 8];
  return Buffer.from([...Buffer.from('GIF89a'), ...le(w), ...le(h), 0x80, 0, 0, 0, 0, 0, 255, 255, 255,
    0x2c, 0, 0, 0, 0, ...le(w), ...le(h), 0, 2, ...blocks, 0, 0x3b]);
}
export const BLACK = [0, 0, 0, 255], WHITE = [255, 255, 255, 255];
/// A black disc of radius 120 on white, 300×300, with a transparent margin (white).
export const DISC = png(300, 300, (x, y) => {
  const d = Math.hypot(x + 0.5 - 150, y + 0.5 - 150);
  return d <= 120 ? BLACK : x < 10 ? [0, 0, 0, 0] : WHITE;
});
/// A 6×6 picture with a 2×2 diagonal switch at rows 3–4, columns 3–4.
export const SWITCH = ['111110', '110001', '001001', '100101', '110001', '101101'];
