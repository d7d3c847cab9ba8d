//! Draws what the reader found in a picture: the grid's lines (red), each
//! line's clue strip (blue) and each digit read (green, with its value
//! and how certain the network was), over the picture read (levelled when it
//! was read so). For looking at a failure stage by stage.
//!
//! ```text
//! cargo run --release -p nonogram-read --features train --example look -- IMAGE OUT.png
//! ```

use nonogram_read::render::{self, faces, Canvas, Lettering, Pen};
use nonogram_read::{read_picture, Network};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `--as-is`: the first look only (the picture as it is); `--lattice`:
    // only the lattice of lines found (no network needed).
    // `--straightened`: the straightened look only.
    let as_is = args.iter().any(|a| a == "--as-is");
    let lattice_only = args.iter().any(|a| a == "--lattice");
    let levelled = args.iter().any(|a| a == "--straightened");
    // `--flattened`: the flattened look only (straightened first when the
    // picture is not level).
    let flattened = args.iter().any(|a| a == "--flattened");
    args.retain(|a| a != "--as-is" && a != "--lattice" && a != "--straightened" && a != "--flattened");
    let (input, output) = match &args[..] {
        [i, o] => (i, o),
        _ => {
            eprintln!("usage: look IMAGE OUT.png");
            std::process::exit(2);
        }
    };
    let bytes = std::fs::read(input).expect("reading the picture");
    let picture = nonogram_read::picture::decode(&bytes).expect("a picture");
    if lattice_only {
        let mut canvas = Canvas::new(picture.width(), picture.height(), [0.0; 3]);
        for (i, &l) in picture.luma().iter().enumerate() {
            let v = l as f32 * 0.6 + 102.0;
            canvas.rgb[i] = [v, v, v];
        }
        match nonogram_read::grid::lattice(&picture) {
            Some(l) => {
                eprintln!(
                    "lattice {}×{} cell {:.1}, light {}",
                    l.width(),
                    l.height(),
                    l.cell(),
                    l.light_on_dark
                );
                let (x0, x1, y0, y1) = (l.xs[0], *l.xs.last().unwrap(), l.ys[0], *l.ys.last().unwrap());
                for &x in &l.xs {
                    canvas.fill(x - 0.5, y0, x + 0.5, y1, [230.0, 0.0, 0.0]);
                }
                for &y in &l.ys {
                    canvas.fill(x0, y - 0.5, x1, y + 0.5, [230.0, 0.0, 0.0]);
                }
            }
            None => eprintln!("no lattice"),
        }
        canvas.save_png(std::path::Path::new(output)).expect("writing");
        return;
    }
    let network = Network::shipped();
    let mut flat_picture = None;
    let result = if flattened {
        let level = nonogram_read::straighten::straighten(&picture);
        let base = level.as_ref().map_or(&picture, |l| &l.picture);
        let (flat, mesh) = nonogram_read::bend::flatten(base).expect("a lattice in the middle");
        let flat = nonogram_read::Straightened::flattened(level.as_ref(), flat, mesh);
        flat_picture = Some(flat.picture.clone());
        nonogram_read::read(&flat.picture, &network).map(|r| {
            let r = nonogram_read::Reading { straightened: Some(flat.clone()), ..r };
            let c = nonogram_read::check_reading(&r);
            (r, c)
        })
    } else if levelled {
        let level = nonogram_read::straighten::straighten(&picture).expect("a slanted grid");
        nonogram_read::read(&level.picture, &network).map(|r| {
            let r = nonogram_read::Reading { straightened: Some(level.clone()), ..r };
            let c = nonogram_read::check_reading(&r);
            (r, c)
        })
    } else if as_is {
        nonogram_read::read(&picture, &network).map(|r| {
            let c = nonogram_read::check_reading(&r);
            (r, c)
        })
    } else {
        read_picture(&picture, &network)
    };
    if let Err(e) = &result {
        eprintln!("{e}");
    }
    // Unread, the picture straightened (when it is not level) is shown.
    let level = if as_is { None } else { nonogram_read::straighten::straighten(&picture) };
    let shown = match &result {
        Ok((reading, _)) => reading.straightened.as_ref().map_or(&picture, |s| &s.picture),
        Err(_) => flat_picture.as_ref().or(level.as_ref().map(|s| &s.picture)).unwrap_or(&picture),
    };
    // Small pictures drawn larger (each pixel a square), to be seen.
    let k = (1000 / shown.width().max(shown.height())).max(1);
    let f = k as f32;
    let mut canvas = Canvas::new(shown.width() * k, shown.height() * k, [0.0; 3]);
    for y in 0..canvas.height {
        for x in 0..canvas.width {
            let v = shown.at(x / k, y / k) as f32 * 0.6 + 102.0;
            canvas.rgb[(y * canvas.width + x) as usize] = [v, v, v];
        }
    }
    // The lattice (yellow) and what each of its cells holds: a number
    // (green), a mark (red).
    if let Some(lattice) = nonogram_read::grid::lattice(shown) {
        let yellow = [230.0, 180.0, 0.0];
        let (lx0, lx1) = (lattice.xs[0] * f, *lattice.xs.last().unwrap() * f);
        let (ly0, ly1) = (lattice.ys[0] * f, *lattice.ys.last().unwrap() * f);
        for &x in &lattice.xs {
            canvas.fill(x * f - 1.5, ly0, x * f - 0.5, ly1, yellow);
        }
        for &y in &lattice.ys {
            canvas.fill(lx0, y * f - 1.5, lx1, y * f - 0.5, yellow);
        }
        for r in 0..lattice.height() {
            for c in 0..lattice.width() {
                let (x0, y0, x1, y1) = (lattice.xs[c], lattice.ys[r], lattice.xs[c + 1], lattice.ys[r + 1]);
                let colour = match nonogram_read::grid::content(shown, &network, x0, y0, x1, y1) {
                    nonogram_read::grid::Content::Number => [0.0, 200.0, 0.0],
                    nonogram_read::grid::Content::Mark => [230.0, 0.0, 0.0],
                    nonogram_read::grid::Content::Unread => [230.0, 120.0, 0.0],
                    nonogram_read::grid::Content::Empty => continue,
                };
                canvas.fill(x0 * f + 2.0, y0 * f + 2.0, x0 * f + 8.0, y0 * f + 8.0, colour);
            }
        }
    }
    let Ok((reading, checked)) = result else {
        canvas.save_png(std::path::Path::new(output)).expect("writing");
        return;
    };
    let red = [230.0, 0.0, 0.0];
    let (gx0, gx1) = (reading.grid.xs[0], *reading.grid.xs.last().unwrap());
    let (gy0, gy1) = (reading.grid.ys[0], *reading.grid.ys.last().unwrap());
    for &x in &reading.grid.xs {
        canvas.fill(x * f - 0.5, gy0 * f, x * f + 0.5, gy1 * f, red);
    }
    for &y in &reading.grid.ys {
        canvas.fill(gx0 * f, y * f - 0.5, gx1 * f, y * f + 0.5, red);
    }
    let all = faces(&render::font_folders());
    let face = all.iter().find(|f| f.path.to_string_lossy().contains("DejaVuSans.ttf")).unwrap_or(&all[0]);
    let pen = Pen::for_digit_height(Lettering::Font(face), (reading.grid.cell() * f * 0.3).max(7.0));
    let blue = [0.0, 60.0, 230.0];
    let green = [0.0, 150.0, 0.0];
    for line in reading.rows.iter().chain(&reading.columns) {
        let s = line.strip;
        let (x0, y0, x1, y1) = (s.x0 as f32 * f, s.y0 as f32 * f, s.x1 as f32 * f, s.y1 as f32 * f);
        for (a, b, c, d) in
            [(x0, y0, x1, y0 + 1.0), (x0, y1 - 1.0, x1, y1), (x0, y0, x0 + 1.0, y1), (x1 - 1.0, y0, x1, y1)]
        {
            canvas.fill(a, b, c, d, blue);
        }
        for d in &line.digits {
            let r = d.rect;
            let (x0, x1, y1) = (r.x0 as f32 * f, r.x1 as f32 * f, r.y1 as f32 * f);
            canvas.fill(x0, y1, x1, y1 + 1.0, green);
            let text = format!("{}", d.digit());
            let colour = if d.certainty() >= 0.98 { green } else { [230.0, 120.0, 0.0] };
            pen.draw(&mut canvas, &text, x0, y1 + pen.digit_height() + 2.0, colour);
        }
    }
    canvas.save_png(std::path::Path::new(output)).expect("writing");
    eprintln!(
        "grid {}×{} cell {:.1}, {:?}, verdict {:?}, changes {}, failure {:?}",
        reading.grid.width(),
        reading.grid.height(),
        reading.grid.cell(),
        checked.status,
        checked.verdict,
        checked.changes.len(),
        checked.failure
    );
}
