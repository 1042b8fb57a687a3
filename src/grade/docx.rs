//! The text of a Word report (`.docx`), where a student with no README wrote how to run the
//! programs: a TA opens the report and reads the commands there, and so does the grader.
//! The document's body (`word/document.xml`, WordprocessingML) is read as text, a line a
//! paragraph, a table's row as a Markdown row (`| MiniMaxOpening | python3 solve.py … |`), so
//! that [`super::readme`] reads it as it reads a README.

/// The text of a document's body: each paragraph a line, a tab or break as itself, a
/// table's row one line of its cells between `|`, the text of runs (`<w:t>`) alone, XML's
/// escapes undone.
#[must_use]
pub fn text_of(xml: &str) -> String {
    let mut out = String::new();
    let mut rest = xml;
    // Inside a `<w:t>`, whose text is the run's; inside a cell, whose paragraphs share a line.
    let mut in_text = false;
    let mut cells = 0usize;
    while let Some(open) = rest.find('<') {
        if in_text {
            out.push_str(&unescape(&rest[..open]));
        }
        let Some(close) = rest[open..].find('>') else { break };
        let tag = &rest[open + 1..open + close];
        rest = &rest[open + close + 1..];
        let closing = tag.starts_with('/');
        let name = tag.trim_start_matches('/').split([' ', '/']).next().unwrap_or("");
        let empty = tag.ends_with('/');
        match (name, closing) {
            ("w:t", false) => in_text = !empty,
            ("w:t", true) => in_text = false,
            ("w:tab", false) => out.push('\t'),
            ("w:br" | "w:cr", false) => out.push(if cells > 0 { ' ' } else { '\n' }),
            ("w:p", true) => out.push(if cells > 0 { ' ' } else { '\n' }),
            ("w:tr", false) => out.push('|'),
            ("w:tr", true) => out.push('\n'),
            ("w:tc", false) => {
                cells += 1;
                out.push(' ');
            }
            ("w:tc", true) => {
                cells = cells.saturating_sub(1);
                // The cell's last paragraph's space, then the cell's end.
                while out.ends_with(' ') {
                    out.pop();
                }
                out.push_str(" |");
            }
            _ => {}
        }
    }
    out
}

/// XML's escapes (`&amp;`, `&lt;`, `&#8220;`, `&#x201C;`) as the characters they stand for;
/// one it does not know left as it is.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(end) = rest.find(';').filter(|e| *e <= 10) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..end];
        let c = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => entity
                .strip_prefix("#x")
                .map(|h| u32::from_str_radix(h, 16))
                .or_else(|| entity.strip_prefix('#').map(str::parse::<u32>))
                .and_then(Result::ok)
                .and_then(char::from_u32),
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Whether a file is a Word report to read: a `.docx`, not Word's lock file (`~$port.docx`,
/// left beside a document open in Word).
#[must_use]
pub fn is_report(path: &std::path::Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    !name.starts_with("~$") && path.extension().is_some_and(|e| e.eq_ignore_ascii_case("docx"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_tables_and_escapes_as_a_readme_has_them() {
        let xml = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="x"><w:body>
<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>How to run</w:t></w:r></w:p>
<w:p><w:r><w:t xml:space="preserve">Run </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>python3 solve.py --black</w:t></w:r><w:r><w:tab/><w:t>&lt;in&gt; &amp; &#8220;out&#x201D;</w:t></w:r></w:p>
<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Program</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Command</w:t></w:r></w:p></w:tc></w:tr>
<w:tr><w:tc><w:p><w:r><w:t>ABGame</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>python3 ab.py</w:t></w:r></w:p><w:p><w:r><w:t>game b3.txt b4.txt 3</w:t></w:r></w:p></w:tc></w:tr></w:tbl>
<w:p><w:r><w:t>A &unknown; &amp</w:t></w:r><w:r><w:br/><w:t>end</w:t></w:r></w:p>
<w:p><w:r><w:instrText>PAGE</w:instrText></w:r></w:p>
</w:body></w:document>"#;
        let text = text_of(xml);
        let lines: Vec<&str> = text.lines().map(str::trim_end).filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(
            lines,
            vec![
                "How to run",
                "Run python3 solve.py --black\t<in> & \u{201c}out\u{201d}",
                "| Program | Command |",
                "| ABGame | python3 ab.py game b3.txt b4.txt 3 |",
                "A &unknown; &amp",
                "end",
            ]
        );
        assert!(is_report(std::path::Path::new("a/Project2_Report.DOCX")));
        assert!(!is_report(std::path::Path::new("a/~$oject2_Report.docx")));
        assert!(!is_report(std::path::Path::new("a/report.doc")));
    }
}
