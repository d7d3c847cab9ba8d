//! The page: clue input with format detection, the board on a canvas, the
//! worker's snapshots as they stream, the verdict, and the grid as text.

use crate::layout::Layout;
use crate::protocol::{FromWorker, SolveRequest};
use nonogram_core::Puzzle;
use nonogram_formats::parse;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlTextAreaElement, MessageEvent, Worker};
use yew::prelude::*;

pub fn start() {
    yew::Renderer::<App>::new().render();
}

pub enum Msg {
    Input(String),
    Solve,
    Stop,
    FromWorker(FromWorker),
    WorkerCrashed(String),
    Key(KeyboardEvent),
}

/// The worker and the handlers that must live as long as it.
struct WorkerHandle {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl WorkerHandle {
    fn spawn(ctx: &Context<App>) -> Result<WorkerHandle, String> {
        // Trunk's loader shim imports the classic (no-modules) worker script.
        let worker = Worker::new("./worker_loader.js").map_err(|e| format!("{e:?}"))?;
        let on_worker = ctx.link().callback(Msg::FromWorker);
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            if let Some(m) = e.data().as_string().and_then(|t| serde_json::from_str(&t).ok()) {
                on_worker.emit(m);
            }
        });
        let on_crash = ctx.link().callback(Msg::WorkerCrashed);
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
            on_crash.emit(e.type_());
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(WorkerHandle { worker, _on_message: on_message, _on_error: on_error })
    }
}

impl Drop for WorkerHandle {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

pub struct App {
    text: String,
    /// The parsed puzzle, or the located error of the input.
    puzzle: Result<Puzzle, String>,
    detected: String,
    /// The board as shown: `#`, `.`, `?` per cell.
    cells: String,
    progress: String,
    verdict: String,
    running: Option<u32>,
    next_id: u32,
    worker: Option<WorkerHandle>,
    canvas: NodeRef,
}

const SAMPLE: &str = "01110\n11010\n01110\n00110\n00111\n";

impl App {
    fn set_text(&mut self, text: String) {
        self.text = text;
        match parse(&self.text) {
            Ok(parsed) => {
                let p = parsed.puzzles.into_iter().next().expect("a parse gives a puzzle");
                self.detected = format!("Detected: {}, {}×{}", parsed.format.name(), p.width(), p.height());
                self.cells = "?".repeat(p.width() * p.height());
                self.puzzle = Ok(p);
            }
            Err(e) => {
                self.detected = String::new();
                self.puzzle = Err(e.to_string());
            }
        }
    }

    fn respawn(&mut self, ctx: &Context<Self>) {
        self.worker = None; // terminates the old worker
        match WorkerHandle::spawn(ctx) {
            Ok(w) => self.worker = Some(w),
            Err(e) => self.verdict = format!("The solver could not start: {e}"),
        }
    }

    fn draw(&self) {
        let (Some(canvas), Ok(puzzle)) = (self.canvas.cast::<HtmlCanvasElement>(), &self.puzzle) else {
            return;
        };
        let Some(window) = web_sys::window() else { return };
        let dpr = window.device_pixel_ratio().max(1.0);
        let max_width = window.inner_width().ok().and_then(|w| w.as_f64()).unwrap_or(800.0) - 32.0;
        let row_runs = puzzle.rows.iter().map(|c| c.0.len()).max().unwrap_or(1);
        let column_runs = puzzle.columns.iter().map(|c| c.0.len()).max().unwrap_or(1);
        let l = Layout::new(puzzle.width(), puzzle.height(), row_runs, column_runs, max_width.max(200.0));
        let (w, h) = l.size();
        canvas.set_width((w * dpr) as u32);
        canvas.set_height((h * dpr) as u32);
        // The geometry, for tests and assistive tools that read the board.
        for (name, value) in [("data-left", l.left), ("data-top", l.top), ("data-cell", l.cell)] {
            let _ = canvas.set_attribute(name, &value.to_string());
        }
        let style = canvas.style();
        let _ = style.set_property("width", &format!("{w}px"));
        let _ = style.set_property("height", &format!("{h}px"));
        let Some(ctx) = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        else {
            return;
        };
        let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
        ctx.set_fill_style_str("#ffffff");
        ctx.fill_rect(0.0, 0.0, w, h);
        draw_clues(&ctx, &l, puzzle);
        let cells: Vec<char> = self.cells.chars().collect();
        for r in 0..l.height {
            for c in 0..l.width {
                let (x, y) = l.cell_origin(r, c);
                match cells.get(r * l.width + c) {
                    Some('#') => {
                        ctx.set_fill_style_str("#1f2430");
                        ctx.fill_rect(x, y, l.cell, l.cell);
                    }
                    Some('.') => {
                        ctx.set_fill_style_str("#9aa0aa");
                        let d = (l.cell * 0.16).max(1.5);
                        ctx.fill_rect(x + l.cell / 2.0 - d / 2.0, y + l.cell / 2.0 - d / 2.0, d, d);
                    }
                    _ => {}
                }
            }
        }
        draw_grid_lines(&ctx, &l);
    }
}

fn draw_clues(ctx: &CanvasRenderingContext2d, l: &Layout, puzzle: &Puzzle) {
    ctx.set_fill_style_str("#1f2430");
    ctx.set_font(&format!("{}px sans-serif", l.font));
    ctx.set_text_baseline("middle");
    ctx.set_text_align("right");
    for (r, clue) in puzzle.rows.iter().enumerate() {
        let text = clue.0.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        let (_, y) = l.cell_origin(r, 0);
        let _ = ctx.fill_text(if text.is_empty() { "0" } else { &text }, l.left - 4.0, y + l.cell / 2.0);
    }
    ctx.set_text_align("center");
    for (c, clue) in puzzle.columns.iter().enumerate() {
        let (x, _) = l.cell_origin(0, c);
        let runs: Vec<String> =
            if clue.0.is_empty() { vec!["0".into()] } else { clue.0.iter().map(u32::to_string).collect() };
        for (k, run) in runs.iter().enumerate() {
            let y = l.top - 4.0 - (runs.len() - k) as f64 * l.cell + l.cell / 2.0;
            let _ = ctx.fill_text(run, x + l.cell / 2.0, y);
        }
    }
}

fn draw_grid_lines(ctx: &CanvasRenderingContext2d, l: &Layout) {
    let (w, h) = (l.width as f64 * l.cell, l.height as f64 * l.cell);
    for (count, vertical) in [(l.width, true), (l.height, false)] {
        for i in 0..=count {
            let bold = i % 5 == 0 || i == count;
            ctx.set_stroke_style_str(if bold { "#1f2430" } else { "#c5c9d0" });
            ctx.set_line_width(if bold { 1.5 } else { 1.0 });
            ctx.begin_path();
            let p = i as f64 * l.cell + 0.5;
            if vertical {
                ctx.move_to(l.left + p, l.top);
                ctx.line_to(l.left + p, l.top + h);
            } else {
                ctx.move_to(l.left, l.top + p);
                ctx.line_to(l.left + w, l.top + p);
            }
            ctx.stroke();
        }
    }
}

fn verdict_text(verdict: &str, line: &Option<String>, by_line_logic: bool, guesses: u64, ms: f64) -> String {
    let head = match verdict {
        "unique" => "Unique solution".to_string(),
        "multiple" => "Multiple solutions".to_string(),
        "none" => match line {
            Some(l) => format!("No solution: {l} contradicts"),
            None => "No solution".to_string(),
        },
        _ => "Stopped".to_string(),
    };
    let how = if by_line_logic {
        "solved by line logic alone".to_string()
    } else {
        format!("needed search ({guesses} guesses)")
    };
    format!("{head} — {how}, {ms:.0} ms")
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let mut app = App {
            text: String::new(),
            puzzle: Err(String::new()),
            detected: String::new(),
            cells: String::new(),
            progress: String::new(),
            verdict: String::new(),
            running: None,
            next_id: 1,
            worker: None,
            canvas: NodeRef::default(),
        };
        app.set_text(SAMPLE.to_string());
        app.respawn(ctx);
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Input(text) => {
                if self.running.is_some() {
                    // Editing the input cancels the running solve.
                    self.running = None;
                    self.respawn(ctx);
                    self.verdict = "Stopped".into();
                }
                self.set_text(text);
            }
            Msg::Key(e) => {
                if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
                    e.prevent_default();
                    return <Self as Component>::update(self, ctx, Msg::Solve);
                }
                return false;
            }
            Msg::Solve => {
                let Ok(p) = &self.puzzle else { return true };
                let id = self.next_id;
                self.next_id += 1;
                let request = SolveRequest {
                    id,
                    rows: p.rows.iter().map(|c| c.0.clone()).collect(),
                    columns: p.columns.iter().map(|c| c.0.clone()).collect(),
                };
                self.cells = "?".repeat(p.width() * p.height());
                self.verdict = "Solving…".into();
                self.progress.clear();
                if let (Some(w), Ok(text)) = (&self.worker, serde_json::to_string(&request)) {
                    if w.worker.post_message(&JsValue::from_str(&text)).is_ok() {
                        self.running = Some(id);
                    }
                }
            }
            Msg::Stop => {
                if self.running.take().is_some() {
                    self.respawn(ctx);
                    self.verdict = "Stopped".into();
                }
            }
            Msg::WorkerCrashed(what) => {
                self.running = None;
                self.verdict = format!("The solver stopped unexpectedly ({what}); it was restarted.");
                self.respawn(ctx);
            }
            Msg::FromWorker(m) => match m {
                FromWorker::Snapshot { id, cells, sweep, unknown, depth, guesses, line }
                    if Some(id) == self.running =>
                {
                    self.cells = cells;
                    let line = line.map(|l| format!(", last line {l}")).unwrap_or_default();
                    self.progress = format!(
                        "Sweep {sweep}: {unknown} unknown cells, {guesses} guesses, depth {depth}{line}"
                    );
                }
                FromWorker::Done { id, verdict, solutions, line, by_line_logic, guesses, ms }
                    if Some(id) == self.running =>
                {
                    self.running = None;
                    if let Some(first) = solutions.into_iter().next() {
                        self.cells = first;
                    }
                    self.verdict = verdict_text(&verdict, &line, by_line_logic, guesses, ms);
                }
                FromWorker::Error { message, .. } => {
                    self.running = None;
                    self.verdict = message;
                }
                _ => return false, // a message of a cancelled solve
            },
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let oninput = ctx
            .link()
            .callback(|e: InputEvent| Msg::Input(e.target_unchecked_into::<HtmlTextAreaElement>().value()));
        let onkeydown = ctx.link().callback(Msg::Key);
        let grid_text = match &self.puzzle {
            Ok(p) if p.width() > 0 => self
                .cells
                .as_bytes()
                .chunks(p.width())
                .map(|r| String::from_utf8_lossy(r).into_owned())
                .collect::<Vec<_>>()
                .join("\n"),
            _ => String::new(),
        };
        html! {
            <main>
                <h1>{ "Nonogram Studio" }</h1>
                <section class="input">
                    <label for="clues">{ "Clues" }</label>
                    <textarea id="clues" rows="10" spellcheck="false" value={self.text.clone()} {oninput} {onkeydown} />
                    <p id="detected" class="detected">{ &self.detected }</p>
                    if let Err(e) = &self.puzzle {
                        if !e.is_empty() { <p id="input-error" class="error" role="alert">{ e }</p> }
                    }
                    <div class="buttons">
                        <button id="solve" onclick={ctx.link().callback(|_| Msg::Solve)} disabled={self.puzzle.is_err()}>{ "Solve" }</button>
                        <button id="stop" onclick={ctx.link().callback(|_| Msg::Stop)} disabled={self.running.is_none()}>{ "Stop" }</button>
                    </div>
                </section>
                <section class="board">
                    <p id="progress" class="progress">{ &self.progress }</p>
                    <div class="canvas-wrap"><canvas ref={self.canvas.clone()} aria-label="Puzzle board"></canvas></div>
                    <p id="verdict" role="status">{ &self.verdict }</p>
                    <label for="grid-text">{ "Grid as text" }</label>
                    <textarea id="grid-text" readonly=true spellcheck="false" rows="6" value={grid_text} />
                </section>
            </main>
        }
    }

    fn rendered(&mut self, _ctx: &Context<Self>, _first_render: bool) {
        self.draw();
    }
}
