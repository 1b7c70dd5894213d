//! Any bytes as PGN, each game as a tree: building never panics; a tree
//! built writes text that reads back as a tree writing the same text, with
//! the same main line; every node's position is its parent's with its move
//! played; and reordering or removing nodes (chosen by the input's first
//! bytes) never panics and keeps the tree writable and readable.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ox88_movegen::MoveGen;
use ox88_pgn::{GameTree, NodeId, Reader};

fn ids(tree: &GameTree) -> Vec<NodeId> {
    let mut out = Vec::new();
    let mut stack = vec![tree.root()];
    while let Some(node) = stack.pop() {
        if let (Some(parent), Some(m)) = (node.parent(), node.mv()) {
            let mut board = parent.board().clone();
            board.play(m).expect("a tree's moves are legal");
            assert_eq!(&board, node.board());
        }
        out.push(node.id());
        stack.extend(node.variations());
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let Some((edits, bytes)) = data.split_at_checked(4) else { return };
    for game in Reader::from_bytes(bytes).games().flatten() {
        let Ok(mut tree) = game.tree() else { continue };
        let text = tree.to_string();
        let again = Reader::from_bytes(text.as_bytes()).next_game().expect("one game").expect("reads");
        let again = again.tree().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again.to_string(), text);
        assert_eq!(again.mainline_moves(), tree.mainline_moves());
        for &edit in edits {
            let nodes = ids(&tree);
            let id = nodes[usize::from(edit >> 2) % nodes.len()];
            match edit % 4 {
                0 => tree.promote(id),
                1 => tree.promote_to_main(id),
                2 => tree.demote(id),
                _ => tree.remove(id),
            };
        }
        ids(&tree);
        let text = tree.to_string();
        let read = Reader::from_bytes(text.as_bytes()).next_game().expect("one game").expect("reads");
        assert!(read.tree().is_ok(), "{text}");
    }
});
