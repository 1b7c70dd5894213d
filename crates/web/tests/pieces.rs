//! The committed piece sprite is ox88-svg's pieces, as the `pieces` example
//! writes them.

/// The sprite is on cm-chessboard's tile of 40, as `examples/pieces.rs` writes it.
#[test]
fn the_committed_piece_sprite_is_ox88_svgs() {
    let committed = include_str!("../assets/pieces/ox88.svg");
    assert!(
        committed == ox88_svg::piece_sprite(40.0),
        "crates/web/assets/pieces/ox88.svg is not ox88-svg's pieces: run `cargo run -p ox88-web --example pieces`"
    );
}
