//! The user documentation stays true to what a user has: each crate's README
//! is its crate documentation (so its examples run as doctests), the
//! dependency lines name the version the crates carry, and nothing a user
//! reads points at tools outside the repository.

mod manifest;

use manifest::{string, Manifest};
use std::path::{Path, PathBuf};

/// The root package and every member crate.
fn all() -> Vec<Manifest> {
    std::iter::once(manifest::root()).chain(manifest::members()).collect()
}

/// The files under `dir` (recursively) whose name ends with `suffix`.
fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten() {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            found.extend(files(&path, suffix));
        } else if path.to_string_lossy().ends_with(suffix) {
            found.push(path);
        }
    }
    found
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_crate_documents_itself_with_its_readme() {
    let root = manifest::root();
    for manifest in all() {
        let lib = manifest.dir().join("src/lib.rs");
        if !lib.is_file() {
            continue;
        }
        let readme = manifest.package_field("readme", &root).and_then(|raw| string(&raw));
        assert_eq!(readme.as_deref(), Some("README.md"), "{}: readme = \"README.md\"", manifest.name());
        let first = read(&lib).lines().next().unwrap_or_default().to_owned();
        assert_eq!(
            first,
            "#![doc = include_str!(\"../README.md\")]",
            "{}: the README is the crate documentation",
            lib.display()
        );
    }
}

/// What users read: the READMEs, the crates' sources (their documentation)
/// and the examples (their `--help`).
fn user_docs() -> Vec<PathBuf> {
    let mut docs = Vec::new();
    for manifest in all() {
        let dir = manifest.dir();
        docs.push(dir.join("README.md"));
        docs.extend(files(&dir.join("src"), ".rs"));
        docs.extend(files(&dir.join("examples"), ".rs"));
    }
    docs
}

#[test]
fn no_user_doc_points_at_tools_outside_the_repository() {
    // The team's shared tools are not where a user's checkout is: where a
    // measurement needs them, docs/ says so and where they come from.
    for path in user_docs() {
        let text = read(&path);
        for (number, line) in text.lines().enumerate() {
            assert!(
                !line.contains("../shared") && !line.contains("/work/"),
                "{}:{}: points outside the repository (move it to docs/): {line}",
                path.display(),
                number + 1
            );
        }
    }
}

#[test]
fn dependency_lines_name_the_version_the_crates_carry() {
    // `ox88-movegen = "0.1"` in a README must be a version that resolves to
    // the workspace's: 0.1 while it is 0.1.x, 1 when it is 1.x.
    let root = manifest::root();
    let version = root.section("workspace.package").get("version").and_then(|raw| string(raw)).expect("a version");
    let parts: Vec<&str> = version.split('.').collect();
    let requirement = if parts[0] == "0" { format!("{}.{}", parts[0], parts[1]) } else { parts[0].to_owned() };
    let mut seen = 0;
    for manifest in all() {
        let path = manifest.dir().join("README.md");
        for (number, line) in read(&path).lines().enumerate() {
            let Some((name, value)) = line.split_once('=') else { continue };
            let name = name.trim();
            if !(name == "ox88" || name.starts_with("ox88-")) || name.contains(' ') {
                continue;
            }
            seen += 1;
            let value = value.trim();
            assert!(
                !value.contains('…') && !value.contains("..."),
                "{}:{}: a placeholder: {line}",
                path.display(),
                number + 1
            );
            if let Some(given) = value.strip_prefix('"').and_then(|v| v.split('"').next()) {
                assert_eq!(given, requirement, "{}:{}: {line}", path.display(), number + 1);
            }
        }
    }
    assert!(seen > 0, "the README shows how to depend on the crates");
}
