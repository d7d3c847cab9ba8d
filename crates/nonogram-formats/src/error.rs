//! A parse error: what is wrong in a text, and where.

use std::fmt;

/// What went wrong in a text, and where (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub message: String,
    /// 1-based line of the text, when the error has one.
    pub line: Option<usize>,
    /// 1-based column (in characters) of the text, when the error has one.
    pub column: Option<usize>,
}

impl ParseError {
    pub fn new(message: impl Into<String>) -> ParseError {
        ParseError { message: message.into(), line: None, column: None }
    }

    pub fn at(line: usize, column: usize, message: impl Into<String>) -> ParseError {
        ParseError { message: message.into(), line: Some(line), column: Some(column) }
    }

    pub fn at_line(line: usize, message: impl Into<String>) -> ParseError {
        ParseError { message: message.into(), line: Some(line), column: None }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            (Some(l), None) => write!(f, "line {l}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ParseError {}
