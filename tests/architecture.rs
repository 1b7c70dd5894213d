//! The architecture's invariants, as CONTRIBUTING.md's "Architecture" section
//! states them, read from the manifests and sources: dependencies point one
//! way, from the board up; the protocol crate and the search never depend on
//! each other, and the control seam they share sits on the board alone; only
//! the protocol crate writes protocol messages; every crate inherits the
//! workspace lints; `unsafe` code is forbidden or justified; no two public
//! types in the workspace share a name, and error types follow one
//! naming rule; no module imports itself through others.

mod manifest;
mod module_graph;

use manifest::Manifest;
use module_graph::ModuleGraph;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each member crate's `ox88-*` dependencies: normal, dev and build alike
/// with `all_kinds`, the library's own (`[dependencies]`) without.
fn graph(all_kinds: bool) -> BTreeMap<String, BTreeSet<String>> {
    let members = manifest::members().into_iter();
    let deps = |m: &Manifest| -> BTreeSet<String> {
        if all_kinds {
            m.ox88_dependencies().into_iter().collect()
        } else {
            m.section("dependencies")
                .keys()
                .map(|k| k.split('.').next().expect("a key").to_owned())
                .filter(|k| k.starts_with("ox88-"))
                .collect()
        }
    };
    members.map(|m| (m.name(), deps(&m))).collect()
}

/// Everything `name` depends on, directly or not.
fn closure(graph: &BTreeMap<String, BTreeSet<String>>, name: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![name.to_owned()];
    while let Some(next) = todo.pop() {
        for dep in graph.get(&next).into_iter().flatten() {
            if seen.insert(dep.clone()) {
                todo.push(dep.clone());
            }
        }
    }
    seen
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|&name| name.to_owned()).collect()
}

#[test]
fn the_protocol_and_the_search_do_not_know_each_other() {
    let graph = graph(true);
    for name in ["ox88-board", "ox88-control", "ox88-protocol", "ox88-search"] {
        assert!(graph.contains_key(name), "{name} is a member: {graph:?}");
    }
    let protocol = closure(&graph, "ox88-protocol");
    assert!(!protocol.contains("ox88-search") && !protocol.contains("ox88-eval"), "{protocol:?}");
    assert!(!closure(&graph, "ox88-search").contains("ox88-protocol"));
    assert!(protocol.contains("ox88-control") && closure(&graph, "ox88-search").contains("ox88-control"));
}

#[test]
fn the_control_seam_stands_on_the_board_alone() {
    assert_eq!(closure(&graph(true), "ox88-control"), set(&["ox88-board"]));
}

#[test]
fn the_client_drives_engines_without_being_one() {
    let graph = graph(true);
    let client = closure(&graph, "ox88-client");
    assert!(client.contains("ox88-protocol"), "{client:?}");
    assert!(!client.contains("ox88-search") && !client.contains("ox88-eval"), "{client:?}");
    // The programs that drive engines may use it: the facade (behind its
    // feature `client`), the match runner and the Python package (its
    // `ox88.engine`); no library of the engine may.
    let drivers = ["ox88", "ox88-match", "ox88-python"];
    for (name, deps) in graph.iter().filter(|(name, _)| !drivers.contains(&name.as_str())) {
        assert!(
            !deps.contains("ox88-client"),
            "{name} depends on the client: only the facade, the runner and the Python package may"
        );
    }
}

/// An engine user who turns the default features off compiles no PGN
/// library and no process manager: the engine does not need them.
#[test]
fn the_engine_needs_neither_pgn_nor_the_client() {
    let dependencies = manifest::root().section("dependencies");
    for name in ["ox88-client", "ox88-pgn"] {
        let raw = dependencies.get(name).unwrap_or_else(|| panic!("{name} = {{ ..., optional = true }}"));
        assert!(raw.contains("optional = true"), "{name} is optional in the root crate: {raw}");
    }
}

/// The applications built on top of the engine: they may depend on the root
/// `ox88` package (the engine and its facade), which no library may.
const APPLICATIONS: [&str; 1] = ["ox88-server"];

/// Whether `manifest` depends on the root `ox88` package, in any table.
fn depends_on_the_engine_package(manifest: &Manifest) -> bool {
    let named = |key: &str| key.split('.').next() == Some("ox88");
    manifest.sections.iter().filter(|(section, _)| !section.starts_with("workspace")).any(|(section, entries)| {
        (section.ends_with("dependencies") && entries.keys().any(|key| named(key)))
            || section.rsplit_once("dependencies.").is_some_and(|(_, name)| name == "ox88")
    })
}

#[test]
fn only_applications_depend_on_the_engine_package() {
    let members = manifest::members();
    for member in &members {
        let name = member.name();
        if depends_on_the_engine_package(member) {
            assert!(
                APPLICATIONS.contains(&name.as_str()),
                "{name} depends on the root ox88 package: only applications may"
            );
        }
    }
    // The server is such an application: it searches with the engine itself.
    let server = members.iter().find(|m| m.name() == "ox88-server").expect("ox88-server is a member");
    assert!(depends_on_the_engine_package(server));
}

#[test]
fn no_crate_depends_on_itself_through_others() {
    let graph = graph(true);
    for name in graph.keys() {
        assert!(!closure(&graph, name).contains(name), "a cycle through {name}");
    }
}

/// The layers of the README's crate table: what each library may use. A
/// crate may use less; a new dependency between them changes the README too.
#[test]
fn each_library_uses_only_the_layers_below_it() {
    let allowed: [(&str, &[&str]); 15] = [
        ("ox88-board", &[]),
        ("ox88-control", &["ox88-board"]),
        ("ox88-movegen", &["ox88-board"]),
        ("ox88-eval", &["ox88-board"]),
        ("ox88-book", &["ox88-board", "ox88-movegen"]),
        ("ox88-pgn", &["ox88-board", "ox88-movegen"]),
        ("ox88-syzygy", &["ox88-board", "ox88-movegen"]),
        ("ox88-svg", &["ox88-board", "ox88-movegen"]),
        ("ox88-search", &["ox88-board", "ox88-control", "ox88-movegen", "ox88-eval", "ox88-syzygy"]),
        ("ox88-protocol", &["ox88-board", "ox88-control", "ox88-movegen"]),
        ("ox88-client", &["ox88-board", "ox88-movegen", "ox88-protocol"]),
        // The match runner drives engines: it is a client, never an engine.
        ("ox88-match", &["ox88-board", "ox88-control", "ox88-movegen", "ox88-pgn", "ox88-client"]),
        // The JSON edge the server and the web page share.
        ("ox88-http", &["ox88-board", "ox88-control", "ox88-movegen", "ox88-syzygy"]),
        ("ox88-web", &["ox88-board", "ox88-control", "ox88-movegen", "ox88-pgn", "ox88-http"]),
        // The Python package: python-chess's API over the libraries, never the engine.
        (
            "ox88-python",
            &[
                "ox88-board",
                "ox88-movegen",
                "ox88-pgn",
                "ox88-client",
                "ox88-syzygy",
                "ox88-svg",
                "ox88-book",
                "ox88-db",
                "ox88-explorer",
            ],
        ),
    ];
    let graph = graph(false);
    for (name, allowed) in allowed {
        let deps = graph.get(name).unwrap_or_else(|| panic!("{name} is a member"));
        let extra: Vec<_> = deps.difference(&set(allowed)).cloned().collect();
        assert!(extra.is_empty(), "{name} depends on {extra:?}, above its layer");
    }
}

#[test]
fn every_crate_inherits_the_workspace_lints() {
    // unsafe_code = "deny", missing_docs = "warn" (an error under CI's
    // clippy -D warnings), rust_2018_idioms: declared once, in the root.
    for manifest in std::iter::once(manifest::root()).chain(manifest::members()) {
        let lints = manifest.section("lints");
        assert_eq!(
            lints.get("workspace").map(String::as_str),
            Some("true"),
            "{}: [lints] workspace = true",
            manifest.name()
        );
    }
}

/// The Rust files under `dir`, recursively.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten() {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// The lines of `text` that are code, not comments.
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, line)| (i + 1, line.trim())).filter(|(_, line)| !line.starts_with("//"))
}

#[test]
fn only_the_protocol_crate_writes_protocol_messages() {
    // The words that begin UCI and CECP messages and commands; other crates
    // may name them in comments, never in code.
    // Scores included: `cp 34` and `mate 3` are protocol text too (a
    // `Score` displays itself for people, as `+0.34` and `#+3`).
    const WORDS: [&str; 12] = [
        "bestmove",
        "uciok",
        "readyok",
        "isready",
        "info string",
        "info depth",
        "setoption",
        "usermove",
        "protover",
        "feature done",
        "\"cp {",
        "\"mate {",
    ];
    for member in manifest::members().into_iter().filter(|m| m.name() != "ox88-protocol") {
        for file in rust_files(&member.dir().join("src")) {
            let text = std::fs::read_to_string(&file).expect("a source file");
            for (number, line) in code_lines(&text) {
                let found = WORDS.iter().find(|word| line.contains(*word));
                assert!(found.is_none(), "{}:{number}: {found:?} belongs in ox88-protocol: {line}", file.display());
            }
        }
    }
}

#[test]
fn unsafe_code_is_forbidden_or_justified() {
    // A crate that does not forbid unsafe code must say why at each use.
    for manifest in std::iter::once(manifest::root()).chain(manifest::members()) {
        let src = manifest.dir().join("src");
        let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap_or_default();
        if lib.contains("#![forbid(unsafe_code)]") {
            continue;
        }
        for file in rust_files(&src) {
            let text = std::fs::read_to_string(&file).expect("a source file");
            let lines: Vec<&str> = text.lines().collect();
            for (number, line) in code_lines(&text) {
                if line.contains("unsafe ") || line.contains("unsafe{") {
                    let before = &lines[number.saturating_sub(11)..number - 1];
                    let justified = before.iter().any(|l| l.contains("SAFETY:"));
                    assert!(justified, "{}:{number}: unsafe without a `// SAFETY:` comment above it", file.display());
                }
            }
        }
    }
}

/// The library and program sources of every member, the root crate's
/// included (`src/` of each; tests, examples and benches define no public
/// types).
fn workspace_sources() -> Vec<PathBuf> {
    std::iter::once(manifest::root())
        .chain(manifest::members())
        .flat_map(|m| rust_files(&m.dir().join("src")))
        .collect()
}

/// Whether the item at line `number` (from 1) of `lines` carries a
/// `#[deprecated]` attribute: a renamed item's old name, kept for one
/// release, is not a second type.
fn is_deprecated(lines: &[&str], number: usize) -> bool {
    let attributes = lines[..number - 1].iter().rev().map(|line| line.trim());
    attributes
        .take_while(|line| line.starts_with("#[") || line.starts_with("///"))
        .any(|line| line.starts_with("#[deprecated"))
}

/// The public types defined in `files`, deprecated aliases left out: (name,
/// "file:line").
fn public_types(files: &[PathBuf]) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).expect("a source file");
        let lines: Vec<&str> = text.lines().collect();
        for (number, line) in code_lines(&text) {
            for kind in ["pub struct ", "pub enum ", "pub trait ", "pub type ", "pub union "] {
                if let Some(rest) = line.strip_prefix(kind) {
                    if is_deprecated(&lines, number) {
                        continue;
                    }
                    let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    found.push((name, format!("{}:{number}", file.display())));
                }
            }
        }
    }
    found
}

/// One word per idea: a public type's name says what it is, so no two
/// members define one name (the old name of a renamed type, kept for a
/// release as a `#[deprecated]` alias, does not count).
#[test]
fn no_two_public_types_in_the_workspace_share_a_name() {
    let mut by_name: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (name, place) in public_types(&workspace_sources()) {
        by_name.entry(name).or_default().push(place);
    }
    for name in ["GameResult", "Position", "Limits", "FriendGame", "GameRecord"] {
        assert!(by_name.contains_key(name), "the scan found {name}");
    }
    let shared: Vec<String> = by_name
        .into_iter()
        .filter(|(_, places)| places.len() > 1)
        .map(|(name, places)| format!("{name}: {}", places.join(", ")))
        .collect();
    assert!(shared.is_empty(), "public types that share a name (one word per idea):\n{}", shared.join("\n"));
}

#[test]
fn a_deprecated_alias_is_not_a_second_type() {
    let lines = ["/// Old.", "#[deprecated(note = \"renamed to New\")]", "pub type Old = New;", "pub struct New;"];
    assert!(is_deprecated(&lines, 3));
    assert!(!is_deprecated(&lines, 4));
}

#[test]
fn error_types_follow_the_naming_rule() {
    // `Parse<X>Error`: text that is not X's syntax, naming the bad token in
    // a field (never a bare `(pub String)`). `<X>Error`: X failed for more
    // than syntax (legality, validity, I/O). Never `<X>ParseError`.
    let mut checked = 0;
    for member in std::iter::once(manifest::root()).chain(manifest::members()) {
        for file in rust_files(&member.dir().join("src")) {
            let text = std::fs::read_to_string(&file).expect("a source file");
            for (number, line) in code_lines(&text) {
                let line = line.trim_start();
                let Some(rest) = line.strip_prefix("pub struct ").or_else(|| line.strip_prefix("pub enum ")) else {
                    continue;
                };
                let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if !name.ends_with("Error") {
                    continue;
                }
                checked += 1;
                let place = format!("{}:{number}", file.display());
                assert!(
                    !name.contains("ParseError") || name.starts_with("Parse"),
                    "{place}: {name}: say Parse<X>Error"
                );
                assert!(!rest.contains("(pub String)"), "{place}: {name}(pub String): name the bad token in a field");
                if name.starts_with("Parse") && line.starts_with("pub enum ") {
                    // Syntax only: a legality or validity failure makes it an `<X>Error`.
                    let body = text[text.find(line).expect("the line")..].split("\n}").next().unwrap_or_default();
                    for legality in ["IllegalMoveError", "SetupError", "Illegal"] {
                        assert!(!body.contains(legality), "{place}: {name} carries {legality}: name it {}", &name[5..]);
                    }
                }
            }
        }
    }
    assert!(checked > 10, "the scan found only {checked} error types");
}

/// The crate root files of every member: its library, its program and its
/// `src/bin/` programs.
fn crate_roots() -> Vec<PathBuf> {
    let mut roots = Vec::new();
    for member in std::iter::once(manifest::root()).chain(manifest::members()) {
        let src = member.dir().join("src");
        roots.extend(["lib.rs", "main.rs"].map(|name| src.join(name)).into_iter().filter(|file| file.is_file()));
        let mut bins: Vec<PathBuf> =
            std::fs::read_dir(src.join("bin")).into_iter().flatten().flatten().map(|e| e.path()).collect();
        bins.retain(|file| file.extension().is_some_and(|e| e == "rs"));
        roots.extend(bins);
    }
    roots
}

/// Dependencies point one way inside a crate too: no two modules use each
/// other, directly or through others (a type both need moves down into a
/// module of its own).
#[test]
fn no_module_imports_itself_through_others() {
    let roots = crate_roots();
    assert!(roots.len() > 20, "the scan found only {} crates", roots.len());
    let mut found = Vec::new();
    for root in roots {
        let graph = ModuleGraph::read(&root);
        found.extend(graph.cycles().iter().map(|cycle| graph.describe(cycle)));
    }
    assert!(found.is_empty(), "{} import cycles between modules:{}", found.len(), found.concat());
}

/// The checker finds a cycle through a re-export and a path in code, and
/// none when the shared type sits below both modules (test code and imports
/// for documentation left out).
#[test]
fn the_module_checker_finds_cycles() {
    let dir = std::env::temp_dir().join(format!("ox88-module-graph-{}", std::process::id()));
    let write = |files: &[(&str, &str)]| {
        let _ = std::fs::remove_dir_all(&dir);
        for (name, text) in files {
            let file = dir.join(name);
            std::fs::create_dir_all(file.parent().expect("a directory")).expect("a temporary directory");
            std::fs::write(file, text).expect("a temporary file");
        }
        ModuleGraph::read(&dir.join("lib.rs"))
    };
    let lib = "mod a;\nmod b;\nmod shared;\npub use a::A;\n/// use crate::b;\n";
    let graph = write(&[
        ("lib.rs", lib),
        ("a.rs", "use crate::{b::{self, B as Bee}};\npub struct A;\n"),
        ("b.rs", "pub struct B;\nfn f() -> crate::A { let _ = \"super::a\"; crate::A }\n"),
        ("shared.rs", "#[cfg(test)]\nmod tests {\n    use crate::a::A;\n}\n"),
    ]);
    let module = |name: &str| vec![name.to_owned()];
    assert_eq!(graph.cycles(), [vec![module("a"), module("b")]]);
    let graph = write(&[
        ("lib.rs", lib),
        ("a.rs", "use crate::b::B;\nuse super::shared::*;\npub struct A;\n"),
        ("b.rs", "use crate::shared::Shared;\n#[cfg(doc)]\nuse crate::a::A;\npub struct B;\n"),
        ("shared.rs", "pub struct Shared;\n#[cfg(test)]\nmod tests {\n    use crate::a::A;\n}\n"),
    ]);
    assert!(graph.cycles().is_empty(), "{:?}", graph.edges());
    std::fs::remove_dir_all(&dir).expect("the temporary directory removed");
}
