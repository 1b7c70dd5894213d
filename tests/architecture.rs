//! The architecture's invariants, read from the member crates' manifests:
//! the protocol crate and the search never depend on each other (directly,
//! through another crate, or for their tests), and the control seam they
//! share sits at the bottom of the graph, on the board alone.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each workspace crate's `ox88-*` dependencies (normal, dev and build).
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut graph = BTreeMap::new();
    for entry in std::fs::read_dir(&crates).expect("the crates directory") {
        let manifest = entry.expect("a directory entry").path().join("Cargo.toml");
        let Ok(text) = std::fs::read_to_string(&manifest) else { continue };
        let (mut name, mut deps, mut section) = (None, BTreeSet::new(), String::new());
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                section = line.to_owned();
            } else if section == "[package]" && line.starts_with("name") {
                name = line.split('"').nth(1).map(str::to_owned);
            } else if section.ends_with("dependencies]") && line.starts_with("ox88-") {
                let dep = line.split(['.', ' ', '=']).next().expect("a dependency name");
                deps.insert(dep.to_owned());
            }
        }
        graph.insert(name.unwrap_or_else(|| panic!("{} names its package", manifest.display())), deps);
    }
    graph
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

#[test]
fn the_protocol_and_the_search_do_not_know_each_other() {
    let graph = graph();
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
    let graph = graph();
    let expected: BTreeSet<String> = ["ox88-board".to_owned()].into();
    assert_eq!(closure(&graph, "ox88-control"), expected);
}

#[test]
fn no_crate_depends_on_itself_through_others() {
    let graph = graph();
    for name in graph.keys() {
        assert!(!closure(&graph, name).contains(name), "a cycle through {name}");
    }
}
