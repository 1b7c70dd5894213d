//! Writes the board's piece sprite, `assets/pieces/ox88.svg`, from ox88-svg's
//! pieces: `cargo run -p ox88-web --example pieces`. The file is committed
//! (the page is served from the binary) and `tests/pieces.rs` checks that it
//! is what this writes.

use std::path::Path;

/// cm-chessboard's tile: the side of a piece in its sprites (its
/// `style.pieces.tileSize`, 40 unless set; its markers are drawn on 40 too).
const TILE: f64 = 40.0;

fn main() -> std::io::Result<()> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/pieces/ox88.svg");
    std::fs::write(&path, ox88_svg::piece_sprite(TILE))?;
    println!("wrote {}", path.display());
    Ok(())
}
