//! webpbn XML (`<puzzleset><puzzle type="grid">…`), black and white only.

use crate::text::shown;
use crate::ParseError;
use nonogram_core::{Cell, Clue, Grid, Puzzle};
use roxmltree::{Document, Node};

/// The most tags (`<`) and attributes (`=`) a document may have. The
/// parser sizes its tables by counting them first (about 68 bytes a `<`:
/// 10 MB of `<a/>` took 171 MB), so they are counted here before it runs;
/// its node limit is the same, so its table can grow at most once. That
/// bounds its memory to about 35 MB. A run is a `<count>` element, two
/// tags and two nodes, so a puzzle of up to about 120 000 runs reads
/// (webpbn's largest, 99×99, have under 10 000); larger puzzles read from
/// the other formats.
const MAX_TAGS: usize = 250_000;

pub(crate) fn parse(text: &str) -> Result<Vec<Puzzle>, ParseError> {
    screen(text)?;
    // A DTD is allowed (webpbn's files name theirs), but one that declares
    // entities is refused above: the parser would expand them, and one
    // 50 KB entity used 20 000 times is a gigabyte.
    let doc = Document::parse_with_options(
        text,
        roxmltree::ParsingOptions { allow_dtd: true, nodes_limit: MAX_TAGS as u32 },
    )
    .map_err(|e| {
        let pos = e.pos();
        let message = match e {
            roxmltree::Error::NodesLimitReached => {
                format!(
                    "the XML has more than {MAX_TAGS} nodes (elements, text pieces); a puzzle needs fewer"
                )
            }
            e => format!("invalid XML: {e}"),
        };
        ParseError::at(pos.row as usize, pos.col as usize, message)
    })?;
    let puzzles: Vec<Node> = doc.descendants().filter(|n| n.has_tag_name("puzzle")).collect();
    if puzzles.is_empty() {
        return Err(ParseError::new("no <puzzle> element in the XML"));
    }
    puzzles.iter().map(|&node| parse_puzzle(&doc, node)).collect()
}

/// Refuses, before the parser allocates anything, a text that declares an
/// entity (`<!ENTITY`, anywhere: in a DTD, where it would be expanded, or
/// elsewhere, where it cannot be valid; a webpbn puzzle needs none of its
/// own, and the five predefined ones (`&amp;` …) and character references
/// still work), or that has more than [`MAX_TAGS`] tags or attributes.
fn screen(text: &str) -> Result<(), ParseError> {
    if let Some(at) = text.find("<!ENTITY") {
        return Err(error_at(
            text,
            at,
            "the XML declares an entity (`<!ENTITY`); puzzle files need none, so it is refused".into(),
        ));
    }
    for (mark, what) in [(b'<', "tags"), (b'=', "attributes")] {
        if let Some((at, _)) = text.bytes().enumerate().filter(|&(_, b)| b == mark).nth(MAX_TAGS) {
            return Err(error_at(
                text,
                at,
                format!("the XML has more than {MAX_TAGS} {what}; a puzzle needs fewer"),
            ));
        }
    }
    Ok(())
}

/// An error at byte `at` of `text`, by 1-based line and column.
fn error_at(text: &str, at: usize, message: String) -> ParseError {
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    ParseError::at(line, column, message)
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
                format!("puzzle type \"{}\" is not supported (only \"grid\")", shown(t)),
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
                let runs =
                    line.children()
                        .filter(|n| n.has_tag_name("count"))
                        .map(|count| {
                            if count.attribute("color").is_some_and(|c| c != default) {
                                return Err(located(doc, count, "colour puzzles are not supported yet"));
                            }
                            let t = count.text().unwrap_or("").trim();
                            t.parse::<u32>().ok().filter(|&n| n <= 1_000_000).ok_or_else(|| {
                                located(doc, count, format!("`{}` is not a run length", shown(t)))
                            })
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
