//! JSON: `{"rows": [[3], [2, 1]], "columns": [...]}` (`"cols"` also accepted),
//! with an optional `"title"`. An empty line is `[]` or `[0]`.

use crate::ParseError;
use nonogram_core::{Clue, Puzzle};
use serde_json::Value;

pub(crate) fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| ParseError::at(e.line(), e.column(), format!("invalid JSON: {}", strip_location(&e))))?;
    let Value::Object(obj) = &value else {
        return Err(ParseError::new("JSON puzzle must be an object with \"rows\" and \"columns\""));
    };
    let rows = obj.get("rows").ok_or_else(|| ParseError::new("JSON puzzle has no \"rows\""))?;
    let columns = obj
        .get("columns")
        .or_else(|| obj.get("cols"))
        .ok_or_else(|| ParseError::new("JSON puzzle has no \"columns\" (or \"cols\")"))?;
    let mut p = Puzzle::new(clue_list(rows, "row")?, clue_list(columns, "column")?);
    if let Some(Value::String(t)) = obj.get("title") {
        p.meta.title = Some(t.clone());
    }
    Ok(p)
}

fn clue_list(value: &Value, kind: &str) -> Result<Vec<Clue>, ParseError> {
    let Value::Array(items) = value else {
        return Err(ParseError::new(format!("JSON: the {kind} clues must be a list of lists of numbers")));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let runs = match item {
                Value::Array(runs) => runs,
                Value::Number(_) => std::slice::from_ref(item),
                _ => {
                    return Err(ParseError::new(format!(
                        "JSON: {kind} {}: a clue must be a list of numbers",
                        i + 1
                    )))
                }
            };
            let runs = runs
                .iter()
                .map(|r| match r.as_u64() {
                    Some(n) if n <= 1_000_000 => Ok(n as u32),
                    _ => Err(ParseError::new(format!("JSON: {kind} {}: `{r}` is not a run length", i + 1))),
                })
                .collect::<Result<Vec<u32>, _>>()?;
            Ok(Clue(if runs == [0] { Vec::new() } else { runs }))
        })
        .collect()
}

/// serde_json's message without its trailing " at line L column C".
fn strip_location(e: &serde_json::Error) -> String {
    let s = e.to_string();
    match s.rfind(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}
