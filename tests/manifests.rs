//! Every crate of the workspace is ready to publish: its manifest has what
//! crates.io shows and requires, and its package carries the license texts
//! and its README. Crates marked `publish = false` are exempt; any other
//! crate added under `crates/` is held to the same rules.

mod manifest;

use manifest::{string, strings, Manifest};

/// The license of every crate.
const LICENSE: &str = "MIT OR Apache-2.0";

/// The license texts at the root, which every package must carry.
const LICENSE_FILES: [&str; 2] = ["LICENSE-MIT", "LICENSE-APACHE"];

/// The category slugs crates.io accepts, from its `src/boot/categories.toml`
/// (subcategories as `parent::child`). crates.io refuses a package with any
/// other slug, which `cargo publish --dry-run` does not check; add a slug here
/// when crates.io adds one.
const CATEGORIES: &[&str] = &[
    "algorithms",
    "api-bindings",
    "asynchronous",
    "authentication",
    "caching",
    "command-line-interface",
    "command-line-utilities",
    "compression",
    "computer-vision",
    "concurrency",
    "config",
    "cryptography",
    "cryptography::cryptocurrencies",
    "data-structures",
    "database",
    "database-implementations",
    "date-and-time",
    "development-tools",
    "development-tools::build-utils",
    "development-tools::cargo-plugins",
    "development-tools::debugging",
    "development-tools::ffi",
    "development-tools::procedural-macro-helpers",
    "development-tools::profiling",
    "development-tools::testing",
    "email",
    "embedded",
    "emulators",
    "encoding",
    "external-ffi-bindings",
    "filesystem",
    "game-development",
    "game-engines",
    "games",
    "graphics",
    "gui",
    "hardware-support",
    "internationalization",
    "localization",
    "mathematics",
    "memory-management",
    "multimedia",
    "multimedia::audio",
    "multimedia::encoding",
    "multimedia::images",
    "multimedia::video",
    "network-programming",
    "no-std",
    "os",
    "os::linux-apis",
    "os::macos-apis",
    "os::unix-apis",
    "os::windows-apis",
    "parser-implementations",
    "parsing",
    "rendering",
    "rendering::data-formats",
    "rendering::engine",
    "rendering::graphics-api",
    "rust-patterns",
    "science",
    "science::robotics",
    "simulation",
    "template-engine",
    "text-editors",
    "text-processing",
    "value-formatting",
    "visualization",
    "wasm",
    "web-programming",
    "web-programming::http-client",
    "web-programming::http-server",
    "web-programming::websocket",
];

/// The root package and every member crate that may be published.
fn publishable() -> Vec<Manifest> {
    let all = std::iter::once(manifest::root()).chain(manifest::members());
    let all: Vec<Manifest> =
        all.filter(|m| m.section("package").get("publish").map(String::as_str) != Some("false")).collect();
    assert!(
        all.len() >= 8,
        "the root and at least seven member crates: {:?}",
        all.iter().map(|m| m.name()).collect::<Vec<_>>()
    );
    all
}

/// Whether crates.io accepts `keyword`: ASCII letters, digits, `_`, `-` and
/// `+`, starting with a letter, at most 20 characters.
fn valid_keyword(keyword: &str) -> bool {
    let mut chars = keyword.chars();
    keyword.len() <= 20
        && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || "_-+".contains(c))
}

/// What is missing or wrong in `manifest`'s `[package]` for crates.io.
fn field_problems(manifest: &Manifest, root: &Manifest) -> Vec<String> {
    let mut problems = Vec::new();
    let field = |name: &str| manifest.package_field(name, root);
    let text = |name: &str| field(name).and_then(|raw| string(&raw)).filter(|value| !value.trim().is_empty());
    for name in ["description", "repository", "rust-version", "readme"] {
        if text(name).is_none() {
            problems.push(format!("no {name}"));
        }
    }
    if text("documentation").or_else(|| text("homepage")).is_none() {
        problems.push("neither documentation nor homepage".to_owned());
    }
    for name in ["repository", "documentation", "homepage"] {
        if let Some(url) = text(name).filter(|url| !url.starts_with("https://")) {
            problems.push(format!("{name} {url:?} is not an https URL"));
        }
    }
    if text("license").as_deref() != Some(LICENSE) {
        problems.push(format!("license is {:?}, not {LICENSE:?}", field("license")));
    }
    if let Some(readme) = text("readme").filter(|readme| !manifest.dir().join(readme).is_file()) {
        problems.push(format!("readme {readme} does not exist"));
    }
    match field("keywords").as_deref().map(strings) {
        Some(Some(keywords)) if (1..=5).contains(&keywords.len()) => {
            let bad = keywords.iter().filter(|k| !valid_keyword(k));
            problems.extend(bad.map(|k| format!("keyword {k:?} is not valid on crates.io")));
        }
        other => problems.push(format!("keywords must be 1 to 5 strings, found {other:?}")),
    }
    match field("categories").as_deref().map(strings) {
        Some(Some(categories)) if (1..=5).contains(&categories.len()) => {
            let bad = categories.iter().filter(|c| !CATEGORIES.contains(&c.as_str()));
            problems.extend(bad.map(|c| format!("category {c:?} is not a crates.io slug")));
        }
        other => problems.push(format!("categories must be 1 to 5 strings, found {other:?}")),
    }
    problems
}

#[test]
fn every_publishable_crate_has_the_fields_crates_io_shows() {
    let root = manifest::root();
    let mut problems = Vec::new();
    for manifest in publishable() {
        let name = manifest.name();
        problems.extend(field_problems(&manifest, &root).into_iter().map(|p| format!("{name}: {p}")));
    }
    assert!(problems.is_empty(), "add these to the manifests (or `publish = false`):\n{}", problems.join("\n"));
}

/// Whether the `include` pattern `pattern` takes the file `file` at the top of
/// the package (patterns as Cargo reads them: `*` matches within a name, a
/// leading `/` anchors at the package root).
fn includes(pattern: &str, file: &str) -> bool {
    let pattern = pattern.strip_prefix('/').unwrap_or(pattern);
    match pattern.split_once('*') {
        None => pattern == file,
        Some((before, after)) => {
            file.len() >= before.len() + after.len() && file.starts_with(before) && file.ends_with(after)
        }
    }
}

#[test]
fn every_package_carries_the_license_texts_and_its_readme_and_no_test_data() {
    let root = manifest::root();
    let mut problems = Vec::new();
    for manifest in publishable() {
        let name = manifest.name();
        for file in LICENSE_FILES {
            let expected = std::fs::read_to_string(root.dir().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
            let found = std::fs::read_to_string(manifest.dir().join(file)).ok();
            if found.as_deref() != Some(expected.as_str()) {
                problems.push(format!("{name}: no {file} with the root's text (link it: ln -s ../../{file})"));
            }
        }
        // An explicit list, so that nothing lands in the package by accident.
        let Some(include) = manifest.section("package").get("include").and_then(|raw| strings(raw)) else {
            problems.push(format!("{name}: no `include` list of what the package holds"));
            continue;
        };
        let readme = manifest.package_field("readme", &root).and_then(|raw| string(&raw)).unwrap_or_default();
        for file in LICENSE_FILES.iter().copied().chain([readme.as_str()]) {
            if !include.iter().any(|pattern| includes(pattern, file)) {
                problems.push(format!("{name}: `include` leaves out {file}"));
            }
        }
        for pattern in
            include.iter().filter(|p| p.contains("data") || p.contains("..") || p.trim_matches('/').is_empty())
        {
            problems.push(format!("{name}: `include` takes {pattern:?}: the tests' data stays in the repository"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn member_crates_are_declared_once_with_the_workspace_version() {
    // A path dependency is published as a registry dependency of this
    // version: without it `cargo publish` refuses the crate that uses it.
    let root = manifest::root();
    let version =
        root.section("workspace.package").get("version").and_then(|raw| string(raw)).expect("a workspace version");
    let declared = root.section("workspace.dependencies");
    for member in manifest::members() {
        let name = member.name();
        let dir = member.dir().file_name().and_then(|d| d.to_str()).expect("a directory name").to_owned();
        let Some(entry) = declared.get(&name) else { continue };
        let entry = entry.replace(' ', "");
        assert!(entry.contains(&format!("path=\"crates/{dir}\"")), "{name}: {entry} is not crates/{dir}");
        assert!(entry.contains(&format!("version=\"{version}\"")), "{name}: {entry} does not say version {version}");
    }
    for (dependency, entry) in declared.iter().filter(|(name, _)| name.starts_with("ox88-")) {
        let path = entry.replace(' ', "");
        assert!(path.contains("path=\"crates/"), "{dependency}: {entry} is not a member crate");
    }
}

#[test]
fn the_keyword_and_category_checks_can_fail() {
    assert!(valid_keyword("chess960") && valid_keyword("opening-book"));
    assert!(
        !valid_keyword("0x88") && !valid_keyword("move generation") && !valid_keyword("a-very-long-keyword-indeed")
    );
    assert!(includes("/LICENSE-*", "LICENSE-MIT") && includes("README.md", "README.md"));
    assert!(!includes("/src/", "README.md") && !includes("/LICENSE-M*", "LICENSE-APACHE"));
    assert!(!CATEGORIES.contains(&"chess"));
}
