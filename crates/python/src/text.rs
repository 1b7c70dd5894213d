//! The Unicode picture with python-chess's options, drawn from ox88's (`Board::unicode`) or a draft's.

use ox88_board::Color;

/// python-chess's `unicode()`: ox88's picture with the colours swapped (`invert_color`), another symbol for
/// empty squares, and with `borders` a frame of `|` and `-` with rank and file labels.
/// `picture` is ox88's (`Board::unicode`): eight lines of symbols and `⭘`, from `orientation`'s side.
pub fn unicode(picture: &str, invert_color: bool, borders: bool, empty_square: &str, orientation: Color) -> String {
    let swap = |c: char| match c {
        '♔'..='♙' if invert_color => char::from_u32(c as u32 + 6).unwrap_or(c),
        '♚'..='♟' if invert_color => char::from_u32(c as u32 - 6).unwrap_or(c),
        _ => c,
    };
    let rows: Vec<Vec<String>> = picture
        .lines()
        .map(|line| {
            line.split(' ')
                .map(|cell| if cell == "⭘" { empty_square.to_owned() } else { cell.chars().map(swap).collect() })
                .collect()
        })
        .collect();
    if !borders {
        return rows.iter().map(|row| row.join(" ")).collect::<Vec<_>>().join("\n");
    }
    let ranks: Vec<char> = match orientation {
        Color::White => "87654321".chars().collect(),
        Color::Black => "12345678".chars().collect(),
    };
    let rule = format!("  {}\n", "-".repeat(17));
    let mut text = String::new();
    for (row, rank) in rows.iter().zip(ranks) {
        text.push_str(&rule);
        text.push(rank);
        text.push(' ');
        for cell in row {
            text.push('|');
            text.push_str(cell);
        }
        text.push_str("|\n");
    }
    text.push_str(&rule);
    text.push_str(match orientation {
        Color::White => "   a b c d e f g h",
        Color::Black => "   h g f e d c b a",
    });
    text
}
