//! webpbn XML (`<puzzleset><puzzle type="grid">…`), black and white only.

use crate::ParseError;
use nonogram_core::{Cell, Clue, Grid, Puzzle};
use roxmltree::{Document, Node};

pub(crate) fn parse(text: &str) -> Result<Vec<Puzzle>, ParseError> {
    let doc = Document::parse_with_options(
        text,
        roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() },
    )
    .map_err(|e| {
        let pos = e.pos();
        ParseError::at(pos.row as usize, pos.col as usize, format!("invalid XML: {e}"))
    })?;
    let puzzles: Vec<Node> = doc.descendants().filter(|n| n.has_tag_name("puzzle")).collect();
    if puzzles.is_empty() {
        return Err(ParseError::new("no <puzzle> element in the XML"));
    }
    puzzles.iter().map(|&node| parse_puzzle(&doc, node)).collect()
}

fn located(doc: &Document, node: Node, message: impl Into<String>) -> ParseError {
    let pos = doc.text_pos_at(node.range().start);
    ParseError::at(pos.row as usize, pos.col as usize, message)
}

fn child<'a, 'i>(node: Node<'a, 'i>, tag: &str) -> Option<Node<'a, 'i>> {
    node.children().find(|n| n.has_tag_name(tag))
}

fn text_of(node: Node, tag: &str) -> Option<String> {
    child(node, tag).and_then(|n| n.text()).map(|t| t.trim().to_string()).filter(|t| !t.is_empty())
}

fn parse_puzzle(doc: &Document, puzzle: Node) -> Result<Puzzle, ParseError> {
    if let Some(t) = puzzle.attribute("type") {
        if t != "grid" {
            return Err(located(
                doc,
                puzzle,
                format!("puzzle type \"{t}\" is not supported (only \"grid\")"),
            ));
        }
    }
    let default = puzzle.attribute("defaultcolor").unwrap_or("black");
    let colours: Vec<Node> = puzzle.children().filter(|n| n.has_tag_name("color")).collect();
    let background_char = colours
        .iter()
        .find(|c| c.attribute("name") == Some("white"))
        .and_then(|c| c.attribute("char"))
        .and_then(|c| c.chars().next())
        .unwrap_or('.');
    if colours.len() > 2 {
        return Err(located(doc, colours[2], "colour puzzles are not supported yet"));
    }
    let clues = |kind: &str| -> Result<Vec<Clue>, ParseError> {
        let section = puzzle
            .children()
            .find(|n| n.has_tag_name("clues") && n.attribute("type") == Some(kind))
            .ok_or_else(|| located(doc, puzzle, format!("missing <clues type=\"{kind}\">")))?;
        section
            .children()
            .filter(|n| n.has_tag_name("line"))
            .map(|line| {
                let runs = line
                    .children()
                    .filter(|n| n.has_tag_name("count"))
                    .map(|count| {
                        if count.attribute("color").is_some_and(|c| c != default) {
                            return Err(located(doc, count, "colour puzzles are not supported yet"));
                        }
                        let t = count.text().unwrap_or("").trim();
                        t.parse::<u32>()
                            .ok()
                            .filter(|&n| n <= 1_000_000)
                            .ok_or_else(|| located(doc, count, format!("`{t}` is not a run length")))
                    })
                    .collect::<Result<Vec<u32>, _>>()?;
                Ok(Clue(if runs == [0] { Vec::new() } else { runs }))
            })
            .collect()
    };
    let rows = clues("rows")?;
    let columns = clues("columns")?;
    let mut p = Puzzle::new(rows, columns);
    p.meta.title = text_of(puzzle, "title");
    p.meta.author = text_of(puzzle, "author");
    p.meta.copyright = text_of(puzzle, "copyright");
    p.meta.catalogue = text_of(puzzle, "id").map(|id| format!("webpbn.com {id}"));
    if let Some(image) = puzzle
        .children()
        .find(|n| n.has_tag_name("solution") && n.attribute("type").is_none_or(|t| t == "goal"))
        .and_then(|s| child(s, "image"))
    {
        p.meta.goal = Some(parse_image(doc, image, p.width(), p.height(), background_char)?);
    }
    Ok(p)
}

/// `<image>` lines like `|.XX..|`: the background character is empty.
fn parse_image(
    doc: &Document,
    image: Node,
    width: usize,
    height: usize,
    bg: char,
) -> Result<Grid, ParseError> {
    let rows: Vec<Vec<Cell>> = image
        .text()
        .unwrap_or("")
        .lines()
        .map(|l| l.trim().trim_matches('|'))
        .filter(|l| !l.is_empty())
        .map(|l| l.chars().map(|c| if c == bg { Cell::Empty } else { Cell::Filled }).collect())
        .collect();
    Grid::from_rows(&rows)
        .filter(|g| g.width() == width && g.height() == height)
        .ok_or_else(|| located(doc, image, format!("the goal image is not {width}×{height}")))
}
