//! The module graph of a crate, read from its sources: which of its modules
//! (one a file) each module uses, through `use` and through paths in code
//! (`crate::a::B`, `super::C`, `self::d::E`, a child module's `d::E`), so
//! that the architecture test can find modules that import each other.
//!
//! A path is followed down the files as far as modules go, and through the
//! `pub use` re-exports of the module it reaches, to the module that defines
//! the item: `crate::Headers` in ox88-pgn is a use of `headers.rs`, not of
//! `lib.rs`. A re-export alone is the module's face, not a use. Test code
//! (`#[cfg(test)]` items) is left out: like dev-dependencies, it may use
//! anything; so are imports for documentation links (`#[cfg(doc)]`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path inside its crate (`[]` is the crate root).
pub type ModPath = Vec<String>;

/// One module: its file, its file-module children, the paths it uses in
/// code and its re-exports (name -> path).
struct Module {
    file: PathBuf,
    children: BTreeSet<String>,
    uses: Vec<ModPath>,
    reexports: BTreeMap<String, ModPath>,
}

/// A crate's modules and which of them each one uses.
pub struct ModuleGraph {
    modules: BTreeMap<ModPath, Module>,
}

impl ModuleGraph {
    /// The graph of the crate whose root file is `root` (`lib.rs`, `main.rs`).
    pub fn read(root: &Path) -> ModuleGraph {
        let mut graph = ModuleGraph { modules: BTreeMap::new() };
        graph.load(Vec::new(), root.to_path_buf());
        graph
    }

    fn load(&mut self, path: ModPath, file: PathBuf) {
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let code = without_test_and_doc_items(&blank_comments_and_literals(&text));
        let dir = match file.file_name().and_then(|n| n.to_str()) {
            Some("lib.rs" | "main.rs" | "mod.rs") => file.parent().expect("a directory").to_path_buf(),
            _ => file.with_extension(""),
        };
        let mut children = BTreeSet::new();
        for name in module_declarations(&code) {
            let candidates = [dir.join(format!("{name}.rs")), dir.join(&name).join("mod.rs")];
            if let Some(child) = candidates.into_iter().find(|c| c.is_file()) {
                children.insert(name.clone());
                self.load([path.clone(), vec![name]].concat(), child);
            }
        }
        let (uses, reexports) = paths(&code, &children);
        self.modules.insert(path, Module { file, children, uses, reexports });
    }

    /// The file of module `path`.
    pub fn file(&self, path: &ModPath) -> &Path {
        &self.modules[path].file
    }

    /// The module that defines what `path`, used in `from`, names.
    fn resolve(&self, from: &ModPath, path: &[String], depth: usize) -> ModPath {
        let mut segments = path.iter().peekable();
        let mut at: ModPath = match segments.peek().map(|s| s.as_str()) {
            Some("crate") => {
                segments.next();
                Vec::new()
            }
            Some("self") => {
                segments.next();
                from.clone()
            }
            _ => from.clone(),
        };
        while segments.peek().is_some_and(|s| *s == "super") {
            segments.next();
            at.pop();
        }
        for segment in segments {
            let module = &self.modules[&at];
            if module.children.contains(segment) {
                at.push(segment.clone());
            } else {
                // An item of `at`: defined there, or re-exported from elsewhere.
                if let Some(target) = module.reexports.get(segment).filter(|_| depth < 8) {
                    return self.resolve(&at, target, depth + 1);
                }
                break;
            }
        }
        at
    }

    /// Each module and the other modules of the crate it uses, each with
    /// the first path that uses it.
    pub fn edges(&self) -> BTreeMap<ModPath, BTreeMap<ModPath, String>> {
        let mut edges = BTreeMap::new();
        for (path, module) in &self.modules {
            let mut targets = BTreeMap::new();
            for used in &module.uses {
                let target = self.resolve(path, used, 0);
                if &target != path {
                    targets.entry(target).or_insert_with(|| used.join("::"));
                }
            }
            edges.insert(path.clone(), targets);
        }
        edges
    }

    /// A cycle in words: each module's file and the paths by which it uses
    /// the others of the cycle.
    pub fn describe(&self, cycle: &[ModPath]) -> String {
        let edges = self.edges();
        let mut text = String::new();
        for module in cycle {
            let uses: Vec<&str> = edges[module]
                .iter()
                .filter(|(target, _)| cycle.contains(target))
                .map(|(_, used)| used.as_str())
                .collect();
            text.push_str(&format!("\n  {} uses {}", self.file(module).display(), uses.join(", ")));
        }
        text
    }

    /// The import cycles: each set of two or more modules that reach each
    /// other through their uses (the graph's strongly connected components).
    pub fn cycles(&self) -> Vec<Vec<ModPath>> {
        let edges = self.edges();
        let reach = |start: &ModPath| {
            let mut seen = BTreeSet::new();
            let mut stack = vec![start.clone()];
            while let Some(next) = stack.pop() {
                for target in edges[&next].keys() {
                    if seen.insert(target.clone()) {
                        stack.push(target.clone());
                    }
                }
            }
            seen
        };
        let reaches: BTreeMap<&ModPath, BTreeSet<ModPath>> = edges.keys().map(|m| (m, reach(m))).collect();
        let mut cycles: Vec<Vec<ModPath>> = Vec::new();
        for (module, reached) in &reaches {
            if cycles.iter().any(|cycle| cycle.contains(module)) {
                continue;
            }
            let cycle: Vec<ModPath> =
                reached.iter().filter(|other| reaches[other].contains(*module)).cloned().collect();
            if cycle.len() > 1 {
                cycles.push(cycle);
            }
        }
        cycles
    }
}

/// `text` with comments, string and character literals turned to spaces
/// (newlines kept), so that only code is read.
pub fn blank_comments_and_literals(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, from: &[char]| out.extend(from.iter().map(|&c| if c == '\n' { '\n' } else { ' ' }));
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        let ident_before = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        let end = if rest.starts_with(&['/', '/']) {
            i + rest.iter().position(|&c| c == '\n').unwrap_or(rest.len())
        } else if rest.starts_with(&['/', '*']) {
            let (mut depth, mut j) = (0, i);
            while j < chars.len() {
                if chars[j..].starts_with(&['/', '*']) {
                    (depth, j) = (depth + 1, j + 2);
                } else if chars[j..].starts_with(&['*', '/']) {
                    (depth, j) = (depth - 1, j + 2);
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            j
        } else if let Some(hashes) = raw_string_start(rest).filter(|_| !ident_before) {
            // r"..", r#".."#, br".." : ends at a quote followed by as many hashes.
            let open = rest.iter().position(|&c| c == '"').expect("a raw string's quote");
            let mut j = i + open + 1;
            while j < chars.len()
                && !(chars[j] == '"' && chars[j + 1..].iter().take(hashes).filter(|&&c| c == '#').count() == hashes)
            {
                j += 1;
            }
            (j + 1 + hashes).min(chars.len())
        } else if rest[0] == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            (j + 1).min(chars.len())
        } else if rest[0] == '\'' && rest.get(1) == Some(&'\\') && rest.len() > 3 {
            // '\n', '\'', '\u{..}': the escaped character, then the closing quote.
            i + 3 + rest[3..].iter().position(|&c| c == '\'').map_or(rest.len() - 3, |p| p + 1)
        } else if rest[0] == '\'' && rest.get(2) == Some(&'\'') {
            i + 3
        } else {
            out.push(rest[0]);
            i += 1;
            continue;
        };
        blank(&mut out, &chars[i..end]);
        i = end;
    }
    out
}

/// The number of `#`s of a raw string starting at `rest`, if one does.
fn raw_string_start(rest: &[char]) -> Option<usize> {
    let after_b = if rest.first() == Some(&'b') { &rest[1..] } else { rest };
    let after_r = after_b.strip_prefix(&['r'])?;
    let hashes = after_r.iter().take_while(|&&c| c == '#').count();
    (after_r.get(hashes) == Some(&'"')).then_some(hashes)
}

/// `code` without its `#[cfg(test)]` and `#[cfg(doc)]` items (each from the
/// attribute to the end of the item: its `;` or its closing brace).
pub fn without_test_and_doc_items(code: &str) -> String {
    let mut out = code.to_owned();
    let next =
        |out: &str| ["#[cfg(test)]", "#[cfg(doc)]"].iter().filter_map(|a| out.find(a).map(|at| (at, a.len()))).min();
    while let Some((start, length)) = next(&out) {
        let bytes = out.as_bytes();
        let mut end = start + length;
        let mut depth = 0;
        while end < bytes.len() {
            match bytes[end] {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                b';' if depth == 0 => break,
                _ => {}
            }
            end += 1;
        }
        out.replace_range(start..(end + 1).min(out.len()), "");
    }
    out
}

/// Whether `c` may be part of an identifier.
fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The names of the file modules `code` declares (`mod a;`, `pub mod b;`).
fn module_declarations(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (at, _) in code.match_indices("mod ") {
        if code[..at].ends_with(|c: char| ident_char(c)) {
            continue;
        }
        let rest = code[at + 4..].trim_start();
        let name: String = rest.chars().take_while(|&c| ident_char(c)).collect();
        if !name.is_empty() && rest[name.len()..].trim_start().starts_with(';') {
            names.push(name);
        }
    }
    names
}

/// The paths `code` uses (from `use` declarations, `pub use` ones left out,
/// and from paths in code that start with `crate`, `super`, `self` or a
/// child module), and its re-exports (`pub use`: the name it exports and
/// the path it names).
fn paths(code: &str, children: &BTreeSet<String>) -> (Vec<ModPath>, BTreeMap<String, ModPath>) {
    let (mut uses, mut reexports) = (Vec::new(), BTreeMap::new());
    let mut rest = code.to_owned();
    // The `use` declarations first, then blanked so that their paths are not read twice.
    let mut from = 0;
    while let Some(found) = rest[from..].find("use ") {
        let at = from + found;
        from = at + 4;
        if rest[..at].ends_with(|c: char| ident_char(c)) {
            continue;
        }
        let Some(length) = rest[at..].find(';') else { break };
        let public = rest[..at].trim_end().ends_with("pub") || rest[..at].trim_end().ends_with(')');
        for (path, name) in expand(&compact(&rest[at + 4..at + length])) {
            if !is_local(&path, children) {
                continue;
            }
            match (public, name.as_str()) {
                (true, "*") => {}
                (true, _) => {
                    reexports.insert(name, path);
                }
                (false, _) => uses.push(path),
            }
        }
        rest.replace_range(at..at + length, &" ".repeat(length));
    }
    // Paths in code: `a::b::c` sequences whose first segment is local.
    let chars: Vec<char> = rest.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if !ident_char(chars[i]) || (i > 0 && (ident_char(chars[i - 1]) || chars[i - 1] == '$')) {
            i += 1;
            continue;
        }
        let mut path = Vec::new();
        let mut j = i;
        loop {
            let start = j;
            while j < chars.len() && ident_char(chars[j]) {
                j += 1;
            }
            path.push(chars[start..j].iter().collect::<String>());
            if chars.get(j) == Some(&':')
                && chars.get(j + 1) == Some(&':')
                && chars.get(j + 2).is_some_and(|&c| ident_char(c))
            {
                j += 2;
            } else {
                break;
            }
        }
        if path.len() > 1 && is_local(&path, children) {
            uses.push(path);
        }
        i = j.max(i + 1);
    }
    (uses, reexports)
}

/// Whether `path` names something of this crate.
fn is_local(path: &[String], children: &BTreeSet<String>) -> bool {
    path.first().is_some_and(|first| ["crate", "super", "self"].contains(&first.as_str()) || children.contains(first))
}

/// The paths of a use tree without blanks, `as` written `@`
/// (`crate::{a::B,c::{D,E@F},g::*}`), each with the name it brings into
/// scope (`*` for a glob).
fn expand(tree: &str) -> Vec<(ModPath, String)> {
    let tree = tree.strip_prefix("::").unwrap_or(tree);
    let Some(open) = tree.find('{').filter(|_| tree.ends_with('}')) else {
        let (path, alias) = match tree.split_once('@') {
            Some((path, alias)) => (path, Some(alias.to_owned())),
            None => (tree, None),
        };
        let path: ModPath = path.split("::").map(str::to_owned).collect();
        if path.last().is_some_and(|s| s == "*") {
            return vec![(path[..path.len() - 1].to_vec(), "*".to_owned())];
        }
        let name = alias.unwrap_or_else(|| path.last().cloned().unwrap_or_default());
        return vec![(path, name)];
    };
    let prefix: ModPath = tree[..open].split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect();
    let inner = &tree[open + 1..tree.len() - 1];
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (k, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    let mut paths = Vec::new();
    for (path, name) in parts.into_iter().filter(|part| !part.is_empty()).flat_map(expand) {
        // `a::{self}` is `a` itself, named `a`.
        let is_self = path == ["self"] && !prefix.is_empty();
        let full: ModPath = prefix.iter().cloned().chain(path.into_iter().filter(|_| !is_self)).collect();
        let name = if is_self && name == "self" { prefix.last().cloned().unwrap_or_default() } else { name };
        paths.push((full, name));
    }
    paths
}

/// A use declaration's tree as [`expand`] reads it: no blanks, `as` as `@`.
fn compact(tree: &str) -> String {
    let words: Vec<&str> = tree.split_whitespace().collect();
    words.join(" ").replace(" as ", "@").replace(' ', "")
}
