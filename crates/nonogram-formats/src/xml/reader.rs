//! A small XML reader, enough for webpbn's files: elements, attributes,
//! text, CDATA sections, comments, processing instructions and a DOCTYPE
//! (skipped; one that declares an entity is refused before reading), the
//! five predefined entities and character references.
//!
//! Linear in the text by construction: one pass, no recursion (a deep
//! nesting cannot overflow the stack), no namespace resolution (a name's
//! prefix is kept, matched by its local part), and at most
//! [`MAX_ATTRIBUTES`] attributes on an element, checked for repeats
//! among themselves only. Elements sit in one list in document order,
//! each with its attributes as a range of another list and its children
//! as a linked list, so that a document costs a few dozen bytes an
//! element besides the text it holds.

use std::borrow::Cow;
use std::ops::Range;

/// The most attributes one element may have (webpbn's have at most four):
/// each new one is compared with the element's others.
pub(crate) const MAX_ATTRIBUTES: usize = 64;

/// Where a reading error is (a byte offset of the text) and what it is.
pub(crate) type Error = (usize, String);

const NONE: u32 = u32::MAX;

struct Element<'a> {
    name: &'a str,
    /// The byte offset of its `<`.
    start: usize,
    attributes: Range<u32>,
    first_child: u32,
    next_sibling: u32,
    /// Its text: its text and CDATA pieces joined (comments between them
    /// dropped), references decoded.
    text: Cow<'a, str>,
    /// How many of its text's first and last bytes are whitespace written
    /// as such (not as a reference like `&#32;`): what trimming drops.
    literal_space: (usize, usize),
}

/// A document read: its elements in document order.
pub(crate) struct Document<'a> {
    elements: Vec<Element<'a>>,
    attributes: Vec<(&'a str, Cow<'a, str>)>,
}

/// An element of a [`Document`].
#[derive(Clone, Copy)]
pub(crate) struct Node<'d, 'a> {
    doc: &'d Document<'a>,
    index: u32,
}

impl<'d, 'a> Node<'d, 'a> {
    fn element(&self) -> &'d Element<'a> {
        &self.doc.elements[self.index as usize]
    }

    /// True when the element's name, without its prefix, is `tag`.
    pub(crate) fn has_tag_name(&self, tag: &str) -> bool {
        let name = self.element().name;
        name.rsplit(':').next() == Some(tag)
    }

    pub(crate) fn attribute(&self, name: &str) -> Option<&'d str> {
        let range = self.element().attributes.clone();
        self.doc.attributes[range.start as usize..range.end as usize]
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_ref())
    }

    /// The element's own text (not its children's), `""` when it has none.
    pub(crate) fn text(&self) -> &'d str {
        &self.element().text
    }

    /// [`Node::text`] without the XML whitespace (space, tab, line breaks)
    /// written as such at its start and end: whitespace written as a
    /// reference (`&#10;`, `&#32;`) is kept, and so is any other
    /// character, so that a title written with them reads back the same.
    pub(crate) fn trimmed_text(&self) -> &'d str {
        let element = self.element();
        let (lead, trail) = element.literal_space;
        match element.text.len().checked_sub(lead + trail) {
            Some(_) if lead < element.text.len() => &element.text[lead..element.text.len() - trail],
            _ => "",
        }
    }

    /// The byte offset of the element's `<`.
    pub(crate) fn start(&self) -> usize {
        self.element().start
    }

    /// The child elements, in order.
    pub(crate) fn children(&self) -> impl Iterator<Item = Node<'d, 'a>> + 'd {
        let doc = self.doc;
        let mut next = self.element().first_child;
        std::iter::from_fn(move || {
            let index = next;
            (index != NONE).then(|| {
                next = doc.elements[index as usize].next_sibling;
                Node { doc, index }
            })
        })
    }
}

impl<'a> Document<'a> {
    /// Every element, in document order.
    pub(crate) fn elements(&self) -> impl Iterator<Item = Node<'_, 'a>> {
        (0..self.elements.len() as u32).map(move |index| Node { doc: self, index })
    }

    pub(crate) fn parse(text: &'a str) -> Result<Document<'a>, Error> {
        let mut reader = Reader {
            text,
            pos: 0,
            doc: Document { elements: Vec::new(), attributes: Vec::new() },
            open: Vec::new(),
        };
        reader.document()?;
        Ok(reader.doc)
    }
}

/// An element still open, and its last child so far.
struct Open {
    index: u32,
    last_child: u32,
}

struct Reader<'a> {
    text: &'a str,
    pos: usize,
    doc: Document<'a>,
    open: Vec<Open>,
}

fn is_name_start(c: char) -> bool {
    c.is_alphabetic() || c == '_' || c == ':' || !c.is_ascii() && !c.is_whitespace()
}

fn is_name_char(c: char) -> bool {
    is_name_start(c) || c.is_ascii_digit() || c == '-' || c == '.'
}

impl<'a> Reader<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn error<T>(&self, at: usize, message: impl Into<String>) -> Result<T, Error> {
        Err((at, message.into()))
    }

    /// Skips whitespace; true when there was some.
    fn skip_space(&mut self) -> bool {
        let rest = self.rest();
        let skipped = rest.len() - rest.trim_start_matches([' ', '\t', '\r', '\n']).len();
        self.pos += skipped;
        skipped > 0
    }

    /// Moves past the next `end`, or fails naming what was not closed.
    fn skip_past(&mut self, end: &str, what: &str) -> Result<(), Error> {
        match self.rest().find(end) {
            Some(i) => {
                self.pos += i + end.len();
                Ok(())
            }
            None => self.error(self.pos, format!("{what} is not closed by `{end}`")),
        }
    }

    /// The prolog, the root element with its content, and what follows it.
    fn document(&mut self) -> Result<(), Error> {
        let mut doctype = false;
        loop {
            self.skip_space();
            let rest = self.rest();
            if rest.starts_with("<?") {
                self.skip_past("?>", "a processing instruction `<?`")?;
            } else if rest.starts_with("<!--") {
                self.skip_past("-->", "a comment `<!--`")?;
            } else if rest.starts_with("<!DOCTYPE") && !doctype {
                doctype = true;
                self.doctype()?;
            } else if rest.starts_with('<') && rest[1..].starts_with(is_name_start) {
                break;
            } else if rest.is_empty() {
                return self.error(self.pos, "no root element");
            } else {
                return self.error(self.pos, "expected the root element (`<puzzleset>`)");
            }
        }
        self.open_tag()?;
        while let Some(open) = self.open.last() {
            let rest = self.rest();
            let text_end = rest.find('<').unwrap_or(rest.len());
            if text_end > 0 {
                let index = open.index;
                let raw = &rest[..text_end];
                let piece = self.decoded(self.pos, raw, false)?;
                self.append_text(index, piece, raw);
                self.pos += text_end;
            }
            let rest = self.rest();
            if rest.is_empty() {
                let open = &self.doc.elements[self.open.last().map_or(0, |o| o.index as usize)];
                let name = crate::text::shown(open.name);
                return self.error(open.start, format!("`<{name}>` is never closed"));
            } else if rest.starts_with("<!--") {
                self.skip_past("-->", "a comment `<!--`")?;
            } else if let Some(cdata) = rest.strip_prefix("<![CDATA[") {
                let Some(end) = cdata.find("]]>") else {
                    return self.error(self.pos, "a CDATA section `<![CDATA[` is not closed by `]]>`");
                };
                let index = self.open.last().map_or(0, |o| o.index);
                self.append_text(index, Cow::Borrowed(&cdata[..end]), &cdata[..end]);
                self.pos += "<![CDATA[".len() + end + 3;
            } else if rest.starts_with("<?") {
                self.skip_past("?>", "a processing instruction `<?`")?;
            } else if rest.starts_with("</") {
                self.close_tag()?;
            } else if rest.starts_with("<!") {
                return self.error(self.pos, "expected a comment, a CDATA section or an element after `<!`");
            } else {
                self.open_tag()?;
            }
        }
        loop {
            self.skip_space();
            let rest = self.rest();
            if rest.is_empty() {
                return Ok(());
            } else if rest.starts_with("<?") {
                self.skip_past("?>", "a processing instruction `<?`")?;
            } else if rest.starts_with("<!--") {
                self.skip_past("-->", "a comment `<!--`")?;
            } else {
                return self.error(self.pos, "text after the root element");
            }
        }
    }

    /// `<!DOCTYPE name … [internal subset]>`: skipped (quoted strings and
    /// the subset's declarations may hold `>`; its comments and processing
    /// instructions may hold quotes and `]`, and are skipped whole).
    fn doctype(&mut self) -> Result<(), Error> {
        let start = self.pos;
        let bytes = self.text.as_bytes();
        let mut i = self.pos + "<!DOCTYPE".len();
        let mut in_subset = false;
        let mut quote = None;
        while let Some(&b) = bytes.get(i) {
            if quote.is_none() && in_subset {
                let skip = |from: usize, end: &[u8]| {
                    bytes[from..].windows(end.len()).position(|w| w == end).map(|p| from + p + end.len())
                };
                let skipped = if bytes[i..].starts_with(b"<!--") {
                    Some(skip(i + 4, b"-->"))
                } else if bytes[i..].starts_with(b"<?") {
                    Some(skip(i + 2, b"?>"))
                } else {
                    None
                };
                match skipped {
                    Some(Some(end)) => {
                        i = end;
                        continue;
                    }
                    Some(None) => break,
                    None => {}
                }
            }
            i += 1;
            match (quote, b) {
                (Some(q), _) if b == q => quote = None,
                (Some(_), _) => {}
                (None, b'"' | b'\'') => quote = Some(b),
                (None, b'[') => in_subset = true,
                (None, b']') => in_subset = false,
                (None, b'>') if !in_subset => {
                    self.pos = i;
                    return Ok(());
                }
                _ => {}
            }
        }
        self.error(start, "the `<!DOCTYPE` is not closed by `>`")
    }

    fn name(&mut self) -> Result<&'a str, Error> {
        let rest = self.rest();
        if !rest.starts_with(is_name_start) {
            return self.error(self.pos, "expected a name");
        }
        let len = rest.find(|c: char| !is_name_char(c)).unwrap_or(rest.len());
        self.pos += len;
        Ok(&rest[..len])
    }

    /// `<name attributes>` or `<name attributes/>`, at its `<`.
    fn open_tag(&mut self) -> Result<(), Error> {
        let start = self.pos;
        self.pos += 1;
        let name = self.name()?;
        let first_attribute = self.doc.attributes.len();
        let closed = loop {
            let spaced = self.skip_space();
            let rest = self.rest();
            if rest.starts_with("/>") {
                self.pos += 2;
                break true;
            } else if rest.starts_with('>') {
                self.pos += 1;
                break false;
            } else if rest.is_empty() {
                return self
                    .error(start, format!("the tag `<{}` is not closed by `>`", crate::text::shown(name)));
            } else if !spaced {
                return self.error(self.pos, "expected a space, `>` or `/>`");
            }
            let at = self.pos;
            let attribute = self.name()?;
            let attributes = &self.doc.attributes[first_attribute..];
            if attributes.len() == MAX_ATTRIBUTES {
                return self.error(
                    at,
                    format!("an element has more than {MAX_ATTRIBUTES} attributes; a puzzle needs fewer"),
                );
            }
            if attributes.iter().any(|(n, _)| *n == attribute) {
                return self
                    .error(at, format!("the attribute `{}` is repeated", crate::text::shown(attribute)));
            }
            self.skip_space();
            if !self.rest().starts_with('=') {
                return self.error(self.pos, "expected `=` after an attribute's name");
            }
            self.pos += 1;
            self.skip_space();
            let quote = match self.rest().chars().next() {
                Some(q @ ('"' | '\'')) => q,
                _ => return self.error(self.pos, "expected a quoted attribute value"),
            };
            self.pos += 1;
            let rest = self.rest();
            let Some(end) = rest.find(quote) else {
                return self.error(at, "an attribute value is not closed by its quote");
            };
            let raw = &rest[..end];
            if let Some(lt) = raw.find('<') {
                return self.error(self.pos + lt, "`<` in an attribute value");
            }
            let value = self.decoded(self.pos, raw, true)?;
            self.pos += end + 1;
            self.doc.attributes.push((attribute, value));
        };
        let index = self.doc.elements.len() as u32;
        self.doc.elements.push(Element {
            name,
            start,
            attributes: first_attribute as u32..self.doc.attributes.len() as u32,
            first_child: NONE,
            next_sibling: NONE,
            text: Cow::Borrowed(""),
            literal_space: (0, 0),
        });
        if let Some(parent) = self.open.last_mut() {
            match parent.last_child {
                NONE => self.doc.elements[parent.index as usize].first_child = index,
                last => self.doc.elements[last as usize].next_sibling = index,
            }
            parent.last_child = index;
        }
        if !closed {
            self.open.push(Open { index, last_child: NONE });
        }
        Ok(())
    }

    /// `</name>`, at its `<`: it must close the innermost open element.
    fn close_tag(&mut self) -> Result<(), Error> {
        let at = self.pos;
        self.pos += 2;
        let name = self.name()?;
        self.skip_space();
        if !self.rest().starts_with('>') {
            return self.error(self.pos, "expected `>` to close the end tag");
        }
        self.pos += 1;
        let open = self.open.pop().map(|o| &self.doc.elements[o.index as usize]);
        match open {
            Some(open) if open.name == name => Ok(()),
            Some(open) => self.error(
                at,
                format!(
                    "`</{}>` does not close `<{}>`, the element open here",
                    crate::text::shown(name),
                    crate::text::shown(open.name)
                ),
            ),
            None => self.error(at, "an end tag with no element open"),
        }
    }

    /// Appends `piece`, decoded from `raw`: literal whitespace at the
    /// ends of `raw` is the same bytes at the ends of `piece`.
    fn append_text(&mut self, index: u32, piece: Cow<'a, str>, raw: &str) {
        let element = &mut self.doc.elements[index as usize];
        let (lead, trail) = &mut element.literal_space;
        // XML's whitespace: space, tab, line feed and carriage return.
        const SPACE: [char; 4] = [' ', '\t', '\n', '\r'];
        let raw_lead = raw.len() - raw.trim_start_matches(SPACE).len();
        if *lead == element.text.len() {
            *lead += raw_lead;
        }
        if raw_lead == raw.len() {
            *trail += raw.len();
        } else {
            *trail = raw.len() - raw.trim_end_matches(SPACE).len();
        }
        let text = &mut element.text;
        if text.is_empty() {
            *text = piece;
        } else {
            text.to_mut().push_str(&piece);
        }
    }

    /// `raw` (at byte `at`) with its references decoded; in an attribute,
    /// a tab or line break stands for a space, as XML reads them.
    fn decoded(&self, at: usize, raw: &'a str, attribute: bool) -> Result<Cow<'a, str>, Error> {
        let special = |c: char| c == '&' || attribute && matches!(c, '\t' | '\n' | '\r');
        if !raw.contains(special) {
            return Ok(Cow::Borrowed(raw));
        }
        let mut out = String::with_capacity(raw.len());
        let mut rest = raw;
        while let Some(i) = rest.find(special) {
            out.push_str(&rest[..i]);
            let c = rest[i..].chars().next().unwrap_or('&');
            rest = &rest[i + c.len_utf8()..];
            if c != '&' {
                out.push(' ');
                continue;
            }
            let here = at + (raw.len() - rest.len()) - 1;
            // A reference is short: look no further than its longest.
            let Some(end) = rest.bytes().take(12).position(|b| b == b';') else {
                return self.error(here, "`&` starts no reference (write `&amp;` for `&`)");
            };
            let name = &rest[..end];
            let decoded = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                _ => match name.strip_prefix('#') {
                    Some(hex) if hex.starts_with('x') => u32::from_str_radix(&hex[1..], 16).ok(),
                    Some(decimal) => decimal.parse::<u32>().ok(),
                    None => {
                        return self.error(
                            here,
                            format!(
                                "unknown entity `&{};` (only &amp; &lt; &gt; &quot; &apos; and character references are read)",
                                crate::text::shown(name)
                            ),
                        )
                    }
                }
                .and_then(char::from_u32)
                .filter(|&c| c != '\0'),
            };
            let Some(c) = decoded else {
                return self.error(here, format!("`&{};` is not a character", crate::text::shown(name)));
            };
            out.push(c);
            rest = &rest[end + 1..];
        }
        out.push_str(rest);
        Ok(Cow::Owned(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> (usize, String) {
        match Document::parse(text) {
            Ok(_) => panic!("{text} read"),
            Err(e) => e,
        }
    }

    #[test]
    fn elements_attributes_and_text() {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"x.dtd\" [<!ELEMENT a (b)>]>\n\
                    <a x='1' y=\"&lt;&#65;&#x42;\t\"><!-- c --><b>one<!---->two</b><p:b/>t<![CDATA[<&>]]></a>\n<!-- end -->";
        let doc = Document::parse(text).unwrap();
        let a = doc.elements().next().unwrap();
        assert!(a.has_tag_name("a"));
        assert_eq!((a.attribute("x"), a.attribute("y"), a.attribute("z")), (Some("1"), Some("<AB "), None));
        let children: Vec<_> = a.children().collect();
        assert_eq!(children.len(), 2);
        assert_eq!(children[0].text(), "onetwo");
        assert!(children[1].has_tag_name("b"));
        assert_eq!(a.text(), "t<&>");
        assert_eq!(doc.elements().count(), 3);
        assert_eq!(&text[children[0].start()..][..3], "<b>");
    }

    #[test]
    fn errors_name_what_and_where() {
        for (text, at, message) in [
            ("<a><b></a>", 6, "`</a>` does not close `<b>`, the element open here"),
            ("<a>", 0, "`<a>` is never closed"),
            ("<a x='1' x='2'/>", 9, "the attribute `x` is repeated"),
            ("<a x='1'y='2'/>", 8, "expected a space, `>` or `/>`"),
            ("<a>&nbsp;</a>", 3, "unknown entity `&nbsp;` (only &amp; &lt; &gt; &quot; &apos; and character references are read)"),
            ("<a>&#0;</a>", 3, "`&#0;` is not a character"),
            ("<a>a & b</a>", 5, "`&` starts no reference (write `&amp;` for `&`)"),
            ("<a/>x", 4, "text after the root element"),
            ("x<a/>", 0, "expected the root element (`<puzzleset>`)"),
            ("", 0, "no root element"),
            ("<a x='<'/>", 6, "`<` in an attribute value"),
            ("<a><!-- x</a>", 3, "a comment `<!--` is not closed by `-->`"),
        ] {
            assert_eq!(error(text), (at, message.to_string()), "{text}");
        }
    }

    #[test]
    fn attributes_are_bounded_per_element() {
        let attributes =
            |n: usize| format!("<a {}/>", (0..n).map(|i| format!("a{i}='' ")).collect::<String>());
        assert!(Document::parse(&attributes(MAX_ATTRIBUTES)).is_ok());
        assert_eq!(
            error(&attributes(MAX_ATTRIBUTES + 1)).1,
            "an element has more than 64 attributes; a puzzle needs fewer"
        );
    }

    #[test]
    fn deep_nesting_needs_no_recursion() {
        let deep = format!("{}{}", "<a>".repeat(200_000), "</a>".repeat(200_000));
        assert_eq!(Document::parse(&deep).unwrap().elements().count(), 200_000);
    }
}
