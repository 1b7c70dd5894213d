//! The pictures read back as XML: their elements are where the board says.

use ox88_board::{Board, Color, Move, MoveKind, Square};
use ox88_movegen::Position;
use ox88_svg::{Arrow, BoardSvg, Tint};
use roxmltree::{Document, Node};

/// The elements whose class list starts with `class`.
fn with_class<'a>(doc: &'a Document<'a>, class: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants().filter(|n| n.attribute("class").is_some_and(|c| c.split(' ').next() == Some(class))).collect()
}

fn number(node: &Node<'_, '_>, name: &str) -> f64 {
    node.attribute(name).unwrap_or_else(|| panic!("{name} on {node:?}")).parse().expect("a number")
}

/// The top-left corner of the square element for `square`.
fn square_corner(doc: &Document<'_>, square: Square) -> (f64, f64) {
    let name = square.to_string();
    let node = with_class(doc, "square")
        .into_iter()
        .find(|n| n.attribute("class").is_some_and(|c| c.split(' ').nth(2) == Some(name.as_str())))
        .unwrap_or_else(|| panic!("no square {name}"));
    (number(&node, "x"), number(&node, "y"))
}

#[test]
fn the_start_position_is_a_well_formed_picture() {
    let text = BoardSvg::new(&Board::startpos()).to_string();
    let doc = Document::parse(&text).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    assert_eq!((root.attribute("width"), root.attribute("height")), (Some("400"), Some("400")));
    assert_eq!(with_class(&doc, "square").len(), 64);
    assert_eq!(with_class(&doc, "piece").len(), 32);
    assert_eq!(with_class(&doc, "coord").len(), 16);
    assert!(with_class(&doc, "check").is_empty() && with_class(&doc, "arrow").is_empty());
    // Twelve drawings, each used by the pieces that show it.
    let defs: Vec<_> = doc.descendants().filter(|n| n.attribute("id").is_some_and(|id| id.contains('-'))).collect();
    assert_eq!(defs.iter().filter(|n| n.tag_name().name() == "g").count(), 12);
    let kings: Vec<_> = with_class(&doc, "piece")
        .into_iter()
        .filter(|n| n.attribute("href") == Some("#white-king"))
        .map(|n| n.attribute("class").expect("a class").to_owned())
        .collect();
    assert_eq!(kings, ["piece e1"]);
}

#[test]
fn white_and_black_see_the_board_from_their_side() {
    let board = Board::startpos();
    let white = BoardSvg::new(&board).coordinates(false).to_string();
    let white = Document::parse(&white).expect("XML");
    assert_eq!(square_corner(&white, Square::A1), (0.0, 315.0));
    assert_eq!(square_corner(&white, Square::H8), (315.0, 0.0));
    let black = BoardSvg::new(&board).coordinates(false).flipped().to_string();
    let black = Document::parse(&black).expect("XML");
    assert_eq!(square_corner(&black, Square::A1), (315.0, 0.0));
    assert_eq!(square_corner(&black, Square::H8), (0.0, 315.0));
    // With coordinates, the board moves inside the frame and the first file
    // letter of Black's picture, the leftmost, is h.
    let framed = BoardSvg::new(&board).orientation(Color::Black).to_string();
    let framed = Document::parse(&framed).expect("XML");
    assert_eq!(square_corner(&framed, Square::H1), (15.0, 15.0));
    let files = &with_class(&framed, "coord")[..8];
    let leftmost = files.iter().min_by(|a, b| number(a, "x").total_cmp(&number(b, "x"))).expect("eight letters");
    assert_eq!(leftmost.text(), Some("h"));
}

#[test]
fn check_last_move_arrows_and_highlights_are_drawn() {
    let mut pos = Position::startpos();
    for san in ["f3", "e5", "g4", "Qh4#"] {
        pos.play_san(san).expect("legal");
    }
    let text = BoardSvg::of(&pos)
        .arrow(Arrow::new(Square::H4, Square::E1).tinted(Tint::Red))
        .arrow(Arrow::new(Square::G4, Square::G4))
        .highlight(Square::F2, Tint::Yellow)
        .size(123)
        .to_string();
    let doc = Document::parse(&text).expect("well-formed XML");
    assert_eq!(doc.root_element().attribute("width"), Some("123"));
    let check = with_class(&doc, "check");
    assert_eq!(check.len(), 1);
    assert_eq!(check[0].attribute("class"), Some("check e1"));
    let last: Vec<_> = with_class(&doc, "square")
        .into_iter()
        .filter(|n| n.attribute("class").is_some_and(|c| c.ends_with("lastmove")))
        .map(|n| n.attribute("class").expect("a class").split(' ').nth(2).expect("a square").to_owned())
        .collect();
    assert_eq!(last, ["h4", "d8"], "in square order, a1 first");
    let arrows = with_class(&doc, "arrow");
    assert_eq!(arrows.len(), 2);
    assert_eq!(arrows[0].attribute("class"), Some("arrow red"));
    assert!(arrows[0].descendants().any(|n| n.tag_name().name() == "polygon"));
    assert_eq!(arrows[1].tag_name().name(), "circle", "an arrow to its own square is a ring");
    let highlight = with_class(&doc, "highlight");
    assert_eq!(highlight[0].attribute("class"), Some("highlight yellow f2"));
    assert_eq!((number(&highlight[0], "x"), number(&highlight[0], "y")), square_corner(&doc, Square::F2));
}

#[test]
fn no_check_without_one_and_marks_can_be_set_by_hand() {
    let board = Board::startpos();
    let e4 = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
    let text = BoardSvg::new(&board).last_move(Some(e4)).check(Some(Square::E1)).to_string();
    let doc = Document::parse(&text).expect("XML");
    assert_eq!(with_class(&doc, "check")[0].attribute("class"), Some("check e1"));
    let text = BoardSvg::new(&"4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse().expect("FEN")).size(0).to_string();
    let doc = Document::parse(&text).expect("XML");
    assert!(with_class(&doc, "check").is_empty());
    assert_eq!(with_class(&doc, "piece").len(), 2);
    assert_eq!(doc.root_element().attribute("width"), Some("1"), "the size is at least one pixel");
}

#[test]
fn the_sprite_holds_the_twelve_pieces_as_the_board_draws_them() {
    let sprite = ox88_svg::piece_sprite(ox88_svg::PIECE_SIZE);
    let doc = Document::parse(&sprite).expect("well-formed XML");
    let size = ox88_svg::PIECE_SIZE.to_string();
    assert_eq!(doc.root_element().attribute("viewBox"), Some(format!("0 0 {size} {size}").as_str()));
    let ids: Vec<&str> = doc.descendants().filter(|n| n.has_tag_name("g")).filter_map(|n| n.attribute("id")).collect();
    assert_eq!(ids, ["wp", "wn", "wb", "wr", "wq", "wk", "bp", "bn", "bb", "br", "bq", "bk"]);
    // The start position's picture draws every kind of piece once: the same
    // drawing under a longer id.
    let board = BoardSvg::new(&Board::startpos()).to_string();
    for (short, long) in [("wp", "white-pawn"), ("wn", "white-knight"), ("bq", "black-queen"), ("bk", "black-king")] {
        let start = |text: &str, id: &str| text.find(&format!(r#"<g id="{id}""#)).expect("the piece's drawing");
        let in_sprite = &sprite[start(&sprite, short)..];
        let in_board = &board[start(&board, long)..];
        let body = |text: &str, id: &str| {
            text[..text.find("</g>").expect("its end")].replacen(&format!(r#"id="{id}""#), "", 1)
        };
        assert_eq!(body(in_sprite, short), body(in_board, long), "{short}");
    }
}

#[test]
fn a_sprite_of_another_tile_size_scales_each_piece() {
    let sprite = ox88_svg::piece_sprite(40.0);
    let doc = Document::parse(&sprite).expect("well-formed XML");
    assert_eq!(doc.root_element().attribute("viewBox"), Some("0 0 40 40"));
    let king = doc.descendants().find(|n| n.attribute("id") == Some("wk")).expect("the white king");
    let inner = king.first_element_child().expect("its scaled drawing");
    let scale = inner.attribute("transform").expect("a transform");
    assert_eq!(scale, format!("scale({})", 40.0 / ox88_svg::PIECE_SIZE));
    assert!(inner.children().filter(|n| n.has_tag_name("path")).count() >= 3, "the king's paths are in it");
}
