//! The workspace's manifests as the architecture and publishing tests read
//! them: `Cargo.toml` of the root and of every `crates/*` directory, each
//! split into sections of `key = value` entries.
//!
//! This reads the subset of TOML the manifests use (tables, one-line values,
//! arrays over several lines, `key.workspace = true`); a test that looks for
//! a key written in another form fails and names the manifest, so an
//! unexpected form is noticed rather than skipped.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One `Cargo.toml`: its sections (`package`, `dependencies`, ...) with their
/// entries, each value kept as written.
#[derive(Debug)]
pub struct Manifest {
    /// The manifest's path.
    pub path: PathBuf,
    /// Section name (without brackets) -> key -> the value's text.
    pub sections: BTreeMap<String, BTreeMap<String, String>>,
}

/// The workspace root (the root package's directory).
pub fn root_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The root manifest (the workspace and the `ox88` package).
pub fn root() -> Manifest {
    Manifest::read(&root_dir().join("Cargo.toml"))
}

/// The manifests of the member crates under `crates/`, sorted by directory.
pub fn members() -> Vec<Manifest> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root_dir().join("crates"))
        .expect("the crates directory")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|dir| dir.join("Cargo.toml").is_file())
        .collect();
    dirs.sort();
    dirs.iter().map(|dir| Manifest::read(&dir.join("Cargo.toml"))).collect()
}

impl Manifest {
    /// Reads and splits the manifest at `path`.
    pub fn read(path: &Path) -> Manifest {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut sections: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
        let mut section = String::new();
        let mut pending: Option<(String, String)> = None;
        for line in text.lines() {
            let line = strip_comment(line).trim();
            if let Some((key, mut value)) = pending.take() {
                // An array continued over several lines.
                value.push(' ');
                value.push_str(line);
                if balanced(&value) {
                    sections.entry(section.clone()).or_default().insert(key, value);
                } else {
                    pending = Some((key, value));
                }
            } else if line.starts_with('[') {
                section = line.trim_matches(|c| c == '[' || c == ']').trim().to_owned();
                sections.entry(section.clone()).or_default();
            } else if let Some((key, value)) = line.split_once('=') {
                let (key, value) = (key.trim().to_owned(), value.trim().to_owned());
                if balanced(&value) {
                    sections.entry(section.clone()).or_default().insert(key, value);
                } else {
                    pending = Some((key, value));
                }
            }
        }
        assert!(pending.is_none(), "{}: an array is never closed", path.display());
        Manifest { path: path.to_owned(), sections }
    }

    /// The directory the manifest is in.
    pub fn dir(&self) -> &Path {
        self.path.parent().expect("a manifest is in a directory")
    }

    /// The entries of `section` (empty when there is no such section).
    pub fn section(&self, section: &str) -> BTreeMap<String, String> {
        self.sections.get(section).cloned().unwrap_or_default()
    }

    /// The package's name.
    pub fn name(&self) -> String {
        let raw = self.section("package").get("name").cloned();
        raw.and_then(|raw| string(&raw)).unwrap_or_else(|| panic!("{} names no package", self.path.display()))
    }

    /// A `[package]` field's value as written, or, for `field.workspace =
    /// true`, the value in the root's `[workspace.package]`.
    pub fn package_field(&self, field: &str, root: &Manifest) -> Option<String> {
        let package = self.section("package");
        let inherited = package.get(&format!("{field}.workspace")).map(String::as_str) == Some("true")
            || package.get(field).is_some_and(|value| value.replace(' ', "") == "{workspace=true}");
        if inherited {
            root.section("workspace.package").get(field).cloned()
        } else {
            package.get(field).cloned()
        }
    }

    /// The `ox88-*` crates this one depends on, in any dependency table
    /// (normal, dev, build, target-specific).
    pub fn ox88_dependencies(&self) -> Vec<String> {
        let mut deps = Vec::new();
        // `[workspace.dependencies]` declares versions for the members; it
        // is not the root package's own dependency.
        for (section, entries) in self.sections.iter().filter(|(section, _)| !section.starts_with("workspace")) {
            if section.ends_with("dependencies") {
                let names = entries.keys().map(|key| key.split('.').next().expect("a key"));
                deps.extend(names.filter(|name| name.starts_with("ox88-")).map(str::to_owned));
            } else if let Some((_, name)) = section.split_once("dependencies.") {
                if name.starts_with("ox88-") {
                    deps.push(name.to_owned());
                }
            }
        }
        deps.sort();
        deps.dedup();
        deps
    }
}

/// A quoted string's contents (`"text"` or `'text'`), or `None`.
pub fn string(raw: &str) -> Option<String> {
    let raw = raw.trim();
    let quoted = |q: char| raw.len() >= 2 && raw.starts_with(q) && raw.ends_with(q);
    (quoted('"') || quoted('\'')).then(|| raw[1..raw.len() - 1].to_owned())
}

/// The strings of an array of strings (`["a", "b"]`), or `None` when the
/// value is not an array.
pub fn strings(raw: &str) -> Option<Vec<String>> {
    let inner = raw.trim().strip_prefix('[')?.strip_suffix(']')?;
    let items = inner.split(',').map(str::trim).filter(|item| !item.is_empty());
    items.map(string).collect()
}

/// `line` without a `#` comment (a `#` inside a string is kept).
fn strip_comment(line: &str) -> &str {
    let mut quote = None;
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') => return &line[..i],
            _ => {}
        }
    }
    line
}

/// Whether every `[` and `{` in `value` (outside strings) is closed.
fn balanced(value: &str) -> bool {
    let (mut depth, mut quote) = (0i32, None);
    for c in value.chars() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '[' | '{') => depth += 1,
            (None, ']' | '}') => depth -= 1,
            _ => {}
        }
    }
    depth <= 0
}
