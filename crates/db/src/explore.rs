//! Adding games to an explorer ([`ox88_explorer`]) from PGN files or from a
//! games dataset this crate imported.

use crate::{dataset, input, Columns, GameRecord, GameRecorder, ImportError};
use arrow_array::cast::AsArray;
use arrow_array::types::{Date32Type, Int32Type, Int64Type};
use arrow_array::{Array, ArrowPrimitiveType, PrimitiveArray, RecordBatch};
use ox88_board::{Board, CastlingMode, Color, Move};
use ox88_explorer::{ExplorerError, ExplorerWriter, GameInfo, Winner};
use ox88_movegen::Notation;
use ox88_pgn::{Date, GameResult, ParallelReader};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::ProjectionMask;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Why games could not be added.
#[derive(Debug, thiserror::Error)]
pub enum ExploreError {
    /// Reading the games failed.
    #[error(transparent)]
    Input(#[from] ImportError),
    /// Writing the explorer failed.
    #[error(transparent)]
    Explorer(#[from] ExplorerError),
}

/// What an addition did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExploreSummary {
    /// Games added (those without a result are stored, not counted).
    pub games: u64,
    /// Moves counted.
    pub moves: u64,
    /// Games skipped: unreadable, or (from a dataset) with a move that does
    /// not replay.
    pub skipped: u64,
}

/// The month a game is filed under: `UTCDate`, else `Date`.
fn month(days: Option<i32>) -> u32 {
    days.map_or(0, |days| {
        let date = Date::from_days_since_epoch(i64::from(days));
        u32::try_from(date.year * 12 + i64::from(date.month) - 1).unwrap_or(0)
    })
}

fn winner(result: GameResult) -> Option<Winner> {
    match result {
        GameResult::Win(Color::White) => Some(Winner::White),
        GameResult::Win(Color::Black) => Some(Winner::Black),
        GameResult::Draw => Some(Winner::Draw),
        GameResult::Unknown => None,
    }
}

fn rating(elo: Option<i32>) -> u16 {
    elo.and_then(|e| u16::try_from(e).ok()).unwrap_or(0)
}

/// Adds the games of PGN files (plain, `.zst` or `.bz2`) to the explorer
/// `writer`, read on `threads` threads.
pub fn add_pgn(writer: &mut ExplorerWriter, files: &[PathBuf], threads: usize) -> Result<ExploreSummary, ExploreError> {
    let mut summary = ExploreSummary::default();
    summary.skipped = read_pgn(files, threads, |game, moves| -> Result<(), ExploreError> {
        writer.add_game(game, moves.iter().copied())?;
        summary.games += 1;
        if game.winner.is_some() {
            summary.moves += moves.len() as u64;
        }
        Ok(())
    })?;
    Ok(summary)
}

/// Reads the games of PGN files (plain, `.zst` or `.bz2`) on `threads`
/// threads and hands each, in order, to `add` as the explorer files it: its
/// record, and its moves, each with the key of the position it is played
/// in. Returns the number of games that could not be read (left out); the
/// first error `add` returns stops the reading.
pub fn read_pgn<E: From<ImportError>>(
    files: &[PathBuf],
    threads: usize,
    mut add: impl FnMut(&GameInfo, &[(u64, Move)]) -> Result<(), E>,
) -> Result<u64, E> {
    let columns = Columns { uci: false, move_indices: false, san: false, annotations: false, positions: true };
    let reader = ParallelReader::new(threads);
    let (mut skipped, mut moves) = (0, Vec::new());
    let mut failure = None;
    for path in files {
        let io = |source| ImportError::Io { path: path.clone(), source };
        let file = input::open(path, Arc::default()).map_err(io)?;
        let read = reader.read(
            file,
            || GameRecorder::new(columns),
            |_, game| {
                if failure.is_some() {
                    return;
                }
                let Ok(record) = game else {
                    skipped += 1;
                    return;
                };
                moves.clear();
                moves.extend(record.keys.iter().zip(&record.moves).filter_map(|(&key, mv)| mv.map(|mv| (key, mv))));
                failure = add(&game_info(&record), &moves).err();
            },
        );
        read.map_err(io)?;
        if let Some(failure) = failure.take() {
            return Err(failure);
        }
    }
    Ok(skipped)
}

/// What the explorer keeps of a game read from PGN.
fn game_info(record: &GameRecord) -> GameInfo {
    let tags = &record.tags;
    GameInfo {
        id: String::new(),
        white: tags.white().unwrap_or_default().to_owned(),
        black: tags.black().unwrap_or_default().to_owned(),
        white_rating: rating(tags.white_elo),
        black_rating: rating(tags.black_elo),
        winner: winner(record.result()),
        month: month(tags.utc_date.or(tags.date)),
    }
}

/// Adds the games of a games dataset (a folder of Parquet parts written by
/// [`import`](crate::import())): their `uci` moves replayed from the start
/// (or the `fen` tag), their ids kept.
pub fn add_dataset(writer: &mut ExplorerWriter, dir: &Path) -> Result<ExploreSummary, ExploreError> {
    let mut summary = ExploreSummary::default();
    let wanted = ["id", "white", "black", "white_elo", "black_elo", "date", "utc_date", "result", "fen", "tags", "uci"];
    for part in dataset::parts(dir)? {
        let io = |source| ImportError::Io { path: part.clone(), source };
        let builder =
            ParquetRecordBatchReaderBuilder::try_new(File::open(&part).map_err(io)?).map_err(ImportError::from)?;
        let schema = builder.parquet_schema();
        let roots: Vec<usize> = wanted.iter().filter_map(|name| builder.schema().index_of(name).ok()).collect();
        if roots.len() != wanted.len() {
            return Err(ImportError::Schema { path: part }.into());
        }
        let mask = ProjectionMask::roots(schema, roots);
        let reader = builder.with_projection(mask).build().map_err(ImportError::from)?;
        for batch in reader {
            let batch = batch.map_err(|e| ImportError::Parquet(e.into()))?;
            add_batch(writer, &batch, &mut summary)?;
        }
    }
    Ok(summary)
}

fn text(array: &arrow_array::StringArray, row: usize) -> Option<&str> {
    array.is_valid(row).then(|| array.value(row))
}

fn value<T: ArrowPrimitiveType>(array: &PrimitiveArray<T>, row: usize) -> Option<T::Native> {
    array.is_valid(row).then(|| array.value(row))
}

fn add_batch(
    writer: &mut ExplorerWriter,
    batch: &RecordBatch,
    summary: &mut ExploreSummary,
) -> Result<(), ExplorerError> {
    let column = |name: &str| batch.column_by_name(name).expect("projected");
    let (ids, uci, fen) =
        (column("id").as_primitive::<Int64Type>(), column("uci").as_string::<i32>(), column("fen").as_string::<i32>());
    let (white, black) = (column("white").as_string::<i32>(), column("black").as_string::<i32>());
    let (white_elo, black_elo) =
        (column("white_elo").as_primitive::<Int32Type>(), column("black_elo").as_primitive::<Int32Type>());
    let (date, utc_date) =
        (column("date").as_primitive::<Date32Type>(), column("utc_date").as_primitive::<Date32Type>());
    let (result, tags) = (column("result").as_string::<i32>(), column("tags").as_map());
    let mut moves = Vec::new();
    for row in 0..batch.num_rows() {
        let Some(line) = text(uci, row) else { continue }; // a game that could not be read
        let chess960 = tags.value(row).column(1).as_string::<i32>().iter().flatten().any(|v| {
            let v = v.to_ascii_lowercase();
            v.contains("960") || v.contains("fischer")
        });
        let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        let board = match text(fen, row) {
            Some(fen) => Board::from_fen_lenient(fen).map(|(board, _)| board).ok(),
            None => Some(Board::startpos()),
        };
        let Some(mut board) = board else {
            summary.skipped += 1;
            continue;
        };
        moves.clear();
        let mut replayed = true;
        for token in line.split_ascii_whitespace() {
            if token == "0000" {
                board.make_null_move();
                continue;
            }
            match board.parse_uci(token, mode) {
                Ok(mv) => {
                    moves.push((board.key(), mv));
                    board.make_move_unchecked(mv);
                }
                Err(_) => {
                    replayed = false;
                    break;
                }
            }
        }
        if !replayed {
            summary.skipped += 1;
            continue;
        }
        let game = GameInfo {
            id: ids.value(row).to_string(),
            white: text(white, row).unwrap_or_default().to_owned(),
            black: text(black, row).unwrap_or_default().to_owned(),
            white_rating: rating(value(white_elo, row)),
            black_rating: rating(value(black_elo, row)),
            winner: text(result, row).and_then(|r| r.parse().ok()).and_then(winner),
            month: month(value(utc_date, row).or(value(date, row))),
        };
        writer.add_game(&game, moves.iter().copied())?;
        summary.games += 1;
        if game.winner.is_some() {
            summary.moves += moves.len() as u64;
        }
    }
    Ok(())
}
