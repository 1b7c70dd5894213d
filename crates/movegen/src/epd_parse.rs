//! Reading an EPD line: the position fields, optional FEN clocks, then
//! operations `opcode operand...;` whose string operands may hold spaces and
//! semicolons.

use crate::epd::{operation, Epd, EpdError, Operand};
use ox88_board::{Board, FenError};
use std::str::FromStr;

/// Reads an EPD line (the reader's entry point: `line.parse::<Epd>()`).
impl FromStr for Epd {
    type Err = EpdError;
    fn from_str(line: &str) -> Result<Epd, EpdError> {
        parse(line)
    }
}

/// An operation as read, before its operands are interpreted.
struct RawOperation<'a> {
    opcode: &'a str,
    operands: Vec<Operand<'a>>,
    raw: &'a str,
}

/// A position in the line being read.
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }
    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }
    /// The next run of characters up to whitespace or ';' (possibly empty).
    fn token(&mut self) -> &'a str {
        let start = self.pos;
        while self.peek().is_some_and(|b| !b.is_ascii_whitespace() && b != b';') {
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }
    /// The next token if it is a number (a FEN clock), else nothing.
    fn number(&mut self) -> Option<&'a str> {
        let saved = self.pos;
        self.skip_spaces();
        let token = self.token();
        if !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()) {
            Some(token)
        } else {
            self.pos = saved;
            None
        }
    }
    /// A string operand; the cursor is on its opening quote.
    fn quoted(&mut self, opcode: &str) -> Result<String, EpdError> {
        self.pos += 1;
        let mut text = String::new();
        let mut chars = self.text[self.pos..].char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.pos += i + 1;
                    return Ok(text);
                }
                '\\' => match chars.next() {
                    Some((_, escaped)) => text.push(escaped),
                    None => break,
                },
                c => text.push(c),
            }
        }
        Err(EpdError::UnterminatedString { opcode: opcode.to_owned() })
    }
    /// The next operation, or `None` at the end of the line.
    fn operation(&mut self) -> Result<Option<RawOperation<'a>>, EpdError> {
        loop {
            self.skip_spaces();
            match self.peek() {
                None => return Ok(None),
                Some(b';') => self.pos += 1,
                Some(_) => break,
            }
        }
        let opcode = self.token();
        let valid = opcode.as_bytes()[0].is_ascii_alphabetic()
            && opcode.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if !valid {
            return Err(EpdError::Opcode { opcode: opcode.to_owned() });
        }
        let mut operands = Vec::new();
        self.skip_spaces();
        let start = self.pos;
        let mut end = start;
        loop {
            self.skip_spaces();
            match self.peek() {
                None => break,
                Some(b';') => {
                    self.pos += 1;
                    break;
                }
                Some(b'"') => operands.push(Operand::Quoted(self.quoted(opcode)?)),
                Some(_) => operands.push(Operand::Token(self.token())),
            }
            end = self.pos;
        }
        Ok(Some(RawOperation { opcode, operands, raw: &self.text[start..end] }))
    }
}

/// Reads one EPD line.
fn parse(line: &str) -> Result<Epd, EpdError> {
    let mut cursor = Cursor { text: line.trim(), pos: 0 };
    let mut fields = Vec::with_capacity(6);
    for _ in 0..4 {
        cursor.skip_spaces();
        let field = cursor.token();
        if field.is_empty() {
            break;
        }
        fields.push(field);
    }
    if fields.len() < 4 {
        return Err(EpdError::Position(FenError::FieldCount { count: fields.len() }));
    }
    let clocks: Vec<&str> = std::iter::from_fn(|| cursor.number()).take(2).collect();
    let mut raw_operations = Vec::new();
    while let Some(op) = cursor.operation()? {
        raw_operations.push(op);
    }
    let from_ops = |name| raw_operations.iter().find(|op| op.opcode == name).map(|op| op.raw);
    match clocks.as_slice() {
        [] => fields.extend([from_ops("hmvc").unwrap_or("0"), from_ops("fmvn").unwrap_or("1")]),
        [halfmove] => fields.extend([*halfmove, from_ops("fmvn").unwrap_or("1")]),
        _ => fields.extend(clocks.iter().copied()),
    }
    let board = Board::from_fen(&fields.join(" "))?;
    let operations =
        raw_operations.iter().map(|op| operation(&board, op.opcode, &op.operands, op.raw)).collect::<Result<_, _>>()?;
    Ok(Epd { board, operations })
}

#[cfg(test)]
mod tests {
    use crate::{Epd, EpdError, Operation};

    #[test]
    fn perft_suite_lines_with_clocks() {
        let epd: Epd = "4k3/8/8/8/8/8/8/4K2R w K - 3 7 ;D1 15 ;D2 66".parse().unwrap();
        assert_eq!(epd.board.halfmove_clock(), 3);
        assert_eq!(epd.board.fullmove_number(), 7);
        assert_eq!(
            epd.operations,
            vec![Operation::Perft { depth: 1, nodes: 15 }, Operation::Perft { depth: 2, nodes: 66 }]
        );
    }

    #[test]
    fn strings_may_hold_semicolons_and_escapes() {
        let epd: Epd =
            r#"4k3/8/8/8/8/8/8/4K3 w - - c0 "a; \"b\""; c9 "x"; hmvc 12; xyz_1; foo 1 "2 3";"#.parse().unwrap();
        assert_eq!(epd.operations[0], Operation::Comment { index: 0, text: "a; \"b\"".into() });
        assert_eq!(epd.operations[1], Operation::Comment { index: 9, text: "x".into() });
        assert_eq!(epd.board.halfmove_clock(), 12);
        assert_eq!(epd.operations[3], Operation::Other { opcode: "xyz_1".into(), operands: String::new() });
        assert_eq!(epd.operations[4], Operation::Other { opcode: "foo".into(), operands: "1 \"2 3\"".into() });
        let written = epd.to_string();
        assert_eq!(written.parse::<Epd>().unwrap(), epd, "{written}");
    }

    #[test]
    fn an_illegal_move_is_written_without_panicking() {
        use ox88_board::{Move, MoveKind, Square};
        let board = ox88_board::Board::startpos();
        let bogus = Move::new(Square::E4, Square::E5, MoveKind::Quiet);
        let epd = Epd { board, operations: vec![Operation::BestMoves(vec![bogus])] };
        let text = epd.to_string();
        assert!(text.ends_with(" bm e4e5;"), "{text}");
        assert!(matches!(text.parse::<Epd>(), Err(EpdError::Move { .. })));
    }

    #[test]
    fn errors_are_typed() {
        let pos = "4k3/8/8/8/8/8/8/4K3 w - -";
        let err = |ops: &str| format!("{pos} {ops}").parse::<Epd>().unwrap_err();
        assert!(matches!(err("c0 \"open"), EpdError::UnterminatedString { .. }));
        assert!(matches!(err("1x 3;"), EpdError::Opcode { .. }));
        assert!(matches!(err("bm Ke3 Kf9;"), EpdError::Move { .. }));
        assert!(matches!(err("bm;"), EpdError::Operand { .. }));
        assert!(matches!(err("acd deep;"), EpdError::Operand { .. }));
        assert!(matches!(err("D3 many;"), EpdError::Operand { .. }));
        assert!(matches!("4k3/8/8 w".parse::<Epd>(), Err(EpdError::Position(_))));
        assert!(matches!("".parse::<Epd>(), Err(EpdError::Position(_))));
    }
}
