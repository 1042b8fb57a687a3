//! A table of text rendered four ways (plain text, Markdown, HTML, CSV), and a whole HTML
//! page: the one home of the escaping every report needs (the tournament's pages, the
//! grader's reports and class summary).

use std::fmt::Write as _;

/// A table, rendered four ways.
pub struct TextTable {
    /// The column heads.
    pub head: Vec<String>,
    /// The rows, a cell per column.
    pub rows: Vec<Vec<String>>,
    /// Columns aligned right in text and HTML.
    pub numeric: Vec<bool>,
}

impl TextTable {
    /// A table with these heads; `numeric` columns align right.
    #[must_use]
    pub fn new(head: &[&str], numeric: &[bool]) -> TextTable {
        TextTable { head: head.iter().map(|s| (*s).to_string()).collect(), rows: Vec::new(), numeric: numeric.to_vec() }
    }

    /// Plain text, columns aligned.
    #[must_use]
    pub fn text(&self) -> String {
        let n = self.head.len();
        let width: Vec<usize> = (0..n)
            .map(|i| {
                self.rows.iter().map(|r| r[i].chars().count()).chain([self.head[i].chars().count()]).max().unwrap_or(0)
            })
            .collect();
        let mut out = String::new();
        for row in std::iter::once(&self.head).chain(&self.rows) {
            let cells: Vec<String> = row
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    if self.numeric.get(i).copied().unwrap_or(false) {
                        format!("{c:>w$}", w = width[i])
                    } else {
                        format!("{c:<w$}", w = width[i])
                    }
                })
                .collect();
            let _ = writeln!(out, "{}", cells.join("  ").trim_end());
        }
        out
    }

    /// A Markdown table (`|` and line breaks escaped).
    #[must_use]
    pub fn markdown(&self) -> String {
        let cell = |c: &str| c.replace('\\', "\\\\").replace('|', "\\|").replace('\n', " ");
        let mut out = format!("| {} |\n|", self.head.iter().map(|h| cell(h)).collect::<Vec<_>>().join(" | "));
        for i in 0..self.head.len() {
            out.push_str(if self.numeric.get(i).copied().unwrap_or(false) { " ---: |" } else { " --- |" });
        }
        out.push('\n');
        for row in &self.rows {
            let _ = writeln!(out, "| {} |", row.iter().map(|c| cell(c)).collect::<Vec<_>>().join(" | "));
        }
        out
    }

    /// HTML; `link` may turn a cell into a link (row, column → href).
    #[must_use]
    pub fn html(&self, link: &dyn Fn(usize, usize) -> Option<String>) -> String {
        let mut out = String::from("<table>\n<thead><tr>");
        for h in &self.head {
            let _ = write!(out, "<th>{}</th>", escape(h));
        }
        out.push_str("</tr></thead>\n<tbody>\n");
        for (r, row) in self.rows.iter().enumerate() {
            out.push_str("<tr>");
            for (i, c) in row.iter().enumerate() {
                let class = if self.numeric.get(i).copied().unwrap_or(false) { " class=\"n\"" } else { "" };
                let inner = match link(r, i) {
                    Some(href) => format!("<a href=\"{}\">{}</a>", escape(&href), escape(c)),
                    None => escape(c),
                };
                let _ = write!(out, "<td{class}>{inner}</td>");
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</tbody>\n</table>\n");
        out
    }

    /// CSV (RFC 4180: quotes where needed, CRLF line ends).
    #[must_use]
    pub fn csv(&self) -> String {
        let cell = |c: &str| {
            if c.contains([',', '"', '\n', '\r']) { format!("\"{}\"", c.replace('"', "\"\"")) } else { c.to_string() }
        };
        let mut out = String::new();
        for row in std::iter::once(&self.head).chain(&self.rows) {
            let _ = write!(out, "{}\r\n", row.iter().map(|c| cell(c)).collect::<Vec<_>>().join(","));
        }
        out
    }
}

/// Text with `&`, `<`, `>` and quotes escaped for HTML.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// A whole HTML page: no external assets.
#[must_use]
pub fn html_page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n\
         body {{ font-family: system-ui, sans-serif; margin: 2em; color: #222; }}\n\
         table {{ border-collapse: collapse; margin: 1em 0; }}\n\
         th, td {{ border: 1px solid #bbb; padding: 0.25em 0.6em; vertical-align: top; }}\n\
         th {{ background: #eee; }}\n td.n {{ text-align: right; font-variant-numeric: tabular-nums; }}\n\
         pre, code {{ background: #f6f6f6; }}\n pre {{ padding: 0.5em; overflow-x: auto; }}\n\
         </style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        escape(title)
    )
}
