//! A book made by Debian's `polyglot make-book` from a PGN (see
//! tests/data/book/README.md): every move of every game must be found, with
//! castling, en passant and promotions decoded to the right moves.

use ox88_board::Board;
use ox88_book::{Book, BookChoice, BookEntry, BookError};
use ox88_movegen::Position;

fn data(name: &str) -> String {
    format!("{}/../../tests/data/book/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The SAN moves of each game in a PGN (headers, move numbers and results dropped).
fn games(pgn: &str) -> Vec<Vec<String>> {
    let mut games = vec![];
    let mut current: Vec<String> = vec![];
    for line in pgn.lines() {
        if line.starts_with('[') {
            if !current.is_empty() {
                games.push(std::mem::take(&mut current));
            }
            continue;
        }
        for token in line.split_whitespace() {
            let is_number = token.trim_end_matches('.').chars().all(|c| c.is_ascii_digit());
            let is_result = matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*");
            if !is_number && !is_result {
                current.push(token.to_owned());
            }
        }
    }
    if !current.is_empty() {
        games.push(current);
    }
    games
}

#[test]
fn every_game_move_is_in_the_book() {
    let book = Book::open(data("games.bin")).unwrap();
    assert_eq!(book.len(), 1430);
    let pgn = std::fs::read_to_string(data("games.pgn")).unwrap();
    let games = games(&pgn);
    assert_eq!(games.len(), 24);
    let (mut moves, mut castles, mut en_passants, mut promotions) = (0, 0, 0, 0);
    for game in games {
        let mut board = Position::startpos();
        for san in game {
            let m = board.parse_san(&san).unwrap_or_else(|e| panic!("{san}: {e}"));
            let book_moves = book.moves(&board);
            assert!(book_moves.iter().any(|&(b, w)| b == m && w > 0), "{san} not in book at {}", board.fen());
            castles += m.is_castle() as u32;
            en_passants += m.is_en_passant() as u32;
            promotions += m.is_promotion() as u32;
            assert!(book.choose(&board, BookChoice::Best).is_some());
            // The fast path on the bare board agrees.
            assert_eq!(book.moves_on_board(board.board()), book_moves);
            board.play(m).unwrap();
            moves += 1;
        }
    }
    assert_eq!((moves, castles, en_passants, promotions), (1440, 10, 6, 4));
}

#[test]
fn positions_out_of_book_have_no_moves() {
    let book = Book::open(data("games.bin")).unwrap();
    let board: Position = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
    assert!(book.moves(&board).is_empty());
    assert_eq!(book.choose(&board, BookChoice::Weighted(7)), None);
    assert_eq!(book.choose_on_board(board.board(), BookChoice::Best), None);
}

#[test]
fn weighted_choice_follows_the_weights() {
    let start = Position::startpos();
    let moves = start.legal_moves();
    let entries = vec![
        BookEntry { key: start.key(), raw_move: BookEntry::encode_move(moves[0]), weight: 1, learn: 0 },
        BookEntry { key: start.key(), raw_move: BookEntry::encode_move(moves[1]), weight: 3, learn: 0 },
        BookEntry { key: start.key(), raw_move: BookEntry::encode_move(moves[2]), weight: 0, learn: 0 },
    ];
    let book = Book::from_entries(entries);
    let picks: Vec<_> = (0..4).map(|r| book.choose(&start, BookChoice::Weighted(r)).unwrap()).collect();
    assert_eq!(picks, [moves[0], moves[1], moves[1], moves[1]]);
    assert_eq!(book.choose(&start, BookChoice::Best), Some(moves[1]));
    assert_eq!(book.choose_on_board(start.board(), BookChoice::Weighted(0)), Some(moves[0]));
}

#[test]
fn castling_entries_map_to_castling_moves() {
    // Standard and Chess960: Polyglot writes castling as king-takes-rook.
    for fen in ["r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1"] {
        let board: Position = fen.parse().unwrap();
        let castles: Vec<_> = board.legal_moves().into_iter().filter(|m| m.is_castle()).collect();
        assert_eq!(castles.len(), 2, "{fen}");
        let entries = castles.iter().map(|&m| BookEntry {
            key: board.key(),
            raw_move: BookEntry::encode_move(m),
            weight: 5,
            learn: 0,
        });
        let book = Book::from_entries(entries.collect());
        let found: Vec<_> = book.moves(&board).into_iter().map(|(m, _)| m).collect();
        assert_eq!(found, castles);
    }
    // The classic encoding of white's short castle is e1h1.
    let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    let entry = BookEntry { key: board.key(), raw_move: (4 << 6) | 7 /* e1 (4) -> h1 (7) */, weight: 1, learn: 0 };
    assert!(entry.to_move(&board).is_some_and(|m| m.is_castle()));
}

#[test]
fn bad_files_are_typed_errors() {
    assert!(matches!(Book::from_bytes(vec![0; 17]), Err(BookError::Truncated { len: 17 })));
    let mut bytes = BookEntry { key: 2, raw_move: 0, weight: 0, learn: 0 }.to_bytes().to_vec();
    bytes.extend(BookEntry { key: 1, raw_move: 0, weight: 0, learn: 0 }.to_bytes());
    assert!(matches!(Book::from_bytes(bytes), Err(BookError::Unsorted { index: 1 })));
    assert!(matches!(Book::open("/nonexistent/book.bin"), Err(BookError::Io { .. })));
}

#[test]
fn entries_round_trip_through_bytes() {
    let entry = BookEntry { key: 0x463b96181691fc9c, raw_move: 0x031c, weight: 42, learn: 7 };
    assert_eq!(BookEntry::from_bytes(&entry.to_bytes()), entry);
    let book = Book::from_entries(vec![entry]);
    assert_eq!(Book::from_bytes(book.as_bytes().to_vec()).unwrap().entry(0), entry);
}
