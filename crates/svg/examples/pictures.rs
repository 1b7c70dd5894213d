//! Draws the pictures of `docs/pictures.md` into `docs/pictures/` (or the
//! directory given as the first argument).
//!
//! ```text
//! cargo run -p ox88-svg --example pictures
//! ```

use ox88_board::{Color, Square};
use ox88_movegen::Position;
use ox88_svg::{Arrow, BoardSvg, Tint};
use std::error::Error;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn Error>> {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "docs/pictures".into()));
    std::fs::create_dir_all(&dir)?;

    let start = Position::startpos();
    std::fs::write(dir.join("start.svg"), BoardSvg::of(&start).to_string())?;

    let mut mate = Position::startpos();
    for san in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"] {
        mate.play_san(san)?;
    }
    let picture = BoardSvg::of(&mate).arrow(Arrow::new(Square::C4, Square::F7).tinted(Tint::Blue));
    std::fs::write(dir.join("scholars-mate.svg"), picture.to_string())?;

    let kiwipete = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
    let picture = BoardSvg::of(&kiwipete)
        .orientation(Color::Black)
        .arrow(Arrow::new(Square::E5, Square::F7))
        .arrow(Arrow::new(Square::D5, Square::E6).tinted(Tint::Red))
        .arrow(Arrow::new(Square::H3, Square::H3).tinted(Tint::Yellow))
        .highlight(Square::E7, Tint::Blue)
        .size(320);
    std::fs::write(dir.join("kiwipete-black.svg"), picture.to_string())?;
    println!("wrote start.svg, scholars-mate.svg and kiwipete-black.svg in {}", dir.display());
    Ok(())
}
