//! Helpers shared by the notation tests: the workspace's test data.

#![allow(dead_code)]

use ox88_board::Board;

/// The text of a file under the workspace's `tests/data`.
pub fn data(path: &str) -> String {
    let full = format!("{}/../../tests/data/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// The positions of a perft suite (`tests/data/perft/NAME`).
pub fn perft_positions(name: &str) -> Vec<Board> {
    data(&format!("perft/{name}"))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let fen = line.split(';').next().expect("a FEN").trim();
            fen.parse().unwrap_or_else(|e| panic!("{name}: {fen}: {e}"))
        })
        .collect()
}

/// The Chess960 starting position with Scharnagl number `n` (0..960; 518
/// is the standard position).
pub fn chess960_start(n: u32) -> Board {
    let mut rank = [None::<char>; 8];
    let mut n = n % 960;
    rank[(2 * (n % 4) + 1) as usize] = Some('b');
    n /= 4;
    rank[(2 * (n % 4)) as usize] = Some('b');
    n /= 4;
    place(&mut rank, (n % 6) as usize, 'q');
    n /= 6;
    const KNIGHTS: [(usize, usize); 10] =
        [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];
    let (a, b) = KNIGHTS[n as usize];
    // Place the second knight first so that the first one's index is unchanged.
    place(&mut rank, b, 'n');
    place(&mut rank, a, 'n');
    for piece in ['r', 'k', 'r'] {
        place(&mut rank, 0, piece);
    }
    let black: String = rank.iter().map(|c| c.expect("all placed")).collect();
    let fen = format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1", black.to_ascii_uppercase());
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Puts `piece` on the `index`-th empty square of `rank`.
fn place(rank: &mut [Option<char>; 8], index: usize, piece: char) {
    let square = rank.iter().enumerate().filter(|(_, c)| c.is_none()).nth(index).expect("enough empty squares").0;
    rank[square] = Some(piece);
}
