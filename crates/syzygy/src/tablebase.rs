//! A set of tables, gathered from directories and opened on first use.

use crate::bytes::{Bytes, Storage};
use crate::error::{OpenError, ProbeError, TableKind};
use crate::material::{Material, MaterialHashing};
use crate::table::Table;
use crate::{dtz_before_zeroing, Dtz, Wdl};
use ox88_board::Board;
use ox88_movegen::Position;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// One file, opened and parsed on its first probe.
#[derive(Debug, Default)]
struct Slot {
    path: Option<PathBuf>,
    table: OnceLock<Result<Table, ProbeError>>,
}

/// The WDL and DTZ files of one material.
#[derive(Debug, Default)]
struct Entry {
    wdl: Slot,
    dtz: Slot,
}

/// Syzygy tables found in one or more directories, probed through
/// [`probe_wdl`](Self::probe_wdl), [`probe_dtz`](Self::probe_dtz) and
/// [`rank_root_moves`](Self::rank_root_moves).
///
/// Files are opened, and their headers read, on the first probe that needs
/// them; a `Tablebase` can be shared between threads (`&self` probes).
///
/// ```no_run
/// use ox88_movegen::Position;
/// use ox88_syzygy::{Tablebase, Wdl};
///
/// let tables = Tablebase::open("/path/to/syzygy")?;
/// let position: Position = "8/8/8/8/8/2k5/8/R3K3 w - - 0 1".parse()?;
/// assert_eq!(tables.probe_wdl(&position)?, Wdl::Win);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Tablebase {
    entries: Vec<Entry>,
    by_material: HashMap<Material, usize, MaterialHashing>,
    storage: Storage,
    max_pieces: usize,
}

impl Tablebase {
    /// An empty tablebase that memory-maps its files.
    pub fn new() -> Tablebase {
        Tablebase::default()
    }

    /// An empty tablebase that holds its files as `storage` says.
    pub fn with_storage(storage: Storage) -> Tablebase {
        Tablebase { storage, ..Tablebase::default() }
    }

    /// A tablebase of the tables in `directory`.
    pub fn open(directory: impl AsRef<Path>) -> Result<Tablebase, OpenError> {
        let mut tablebase = Tablebase::new();
        tablebase.add_directory(directory)?;
        Ok(tablebase)
    }

    /// Adds the `.rtbw` and `.rtbz` files of `directory` (not its
    /// subdirectories) whose names are tables (`KRPvKR.rtbw`), and returns
    /// how many it added. A table already present keeps its first file.
    /// Files are only listed here: a damaged file is reported by the first
    /// probe that needs it.
    pub fn add_directory(&mut self, directory: impl AsRef<Path>) -> Result<usize, OpenError> {
        let directory = directory.as_ref();
        let error = |source| OpenError { path: directory.to_owned(), source };
        let mut added = 0;
        for entry in std::fs::read_dir(directory).map_err(error)? {
            let path = entry.map_err(error)?.path();
            if self.add_file(&path) {
                added += 1;
            }
        }
        Ok(added)
    }

    /// Adds one table file; false if its name is not a table's or the table
    /// already has a file of its kind.
    pub fn add_file(&mut self, path: impl AsRef<Path>) -> bool {
        let path = path.as_ref();
        let kind = match path.extension().and_then(|e| e.to_str()) {
            Some("rtbw") => TableKind::Wdl,
            Some("rtbz") => TableKind::Dtz,
            _ => return false,
        };
        let Some(material) = path.file_stem().and_then(|s| s.to_str()).and_then(Material::parse) else {
            return false;
        };
        let index = match self.by_material.get(&material) {
            Some(&index) => index,
            None => {
                self.entries.push(Entry::default());
                self.by_material.insert(material, self.entries.len() - 1);
                self.entries.len() - 1
            }
        };
        let slot = match kind {
            TableKind::Wdl => &mut self.entries[index].wdl,
            TableKind::Dtz => &mut self.entries[index].dtz,
        };
        if slot.path.is_some() {
            return false;
        }
        slot.path = Some(path.to_owned());
        self.max_pieces = self.max_pieces.max(material.piece_count());
        true
    }

    /// Adds a table from bytes in memory, as its file `name.rtbw` (WDL)
    /// or `name.rtbz` (DTZ) would hold them: tables embedded in a program,
    /// or fetched by other means. The header is read at once; a damaged one
    /// is reported by every probe that needs the table. False if `name` is
    /// not a table's or the table already has a file of this kind.
    ///
    /// ```
    /// use ox88_syzygy::{Damage, ProbeError, TableKind, Tablebase};
    /// let mut tables = Tablebase::new();
    /// assert!(tables.add_bytes("KQvK", TableKind::Wdl, b"not a table".to_vec()));
    /// let position = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".parse().unwrap();
    /// assert!(matches!(tables.probe_wdl(&position), Err(ProbeError::Damaged { damage: Damage::Magic { .. }, .. })));
    /// ```
    pub fn add_bytes(&mut self, name: &str, kind: TableKind, bytes: Vec<u8>) -> bool {
        let Some(material) = Material::parse(name) else { return false };
        let path = PathBuf::from(format!("{name}.{}", kind.extension()));
        if !self.add_file(&path) {
            return false;
        }
        let entry = &self.entries[self.by_material[&material]];
        let slot = if kind == TableKind::Wdl { &entry.wdl } else { &entry.dtz };
        let table = Table::parse(Bytes::Owned(bytes), kind, &material)
            .map_err(|damage| ProbeError::Damaged { path: path.clone(), damage });
        slot.table.set(table).is_ok()
    }

    /// The most pieces, kings included, of any table added.
    pub fn max_pieces(&self) -> usize {
        self.max_pieces
    }

    /// How many tables (WDL and DTZ files) were added.
    pub fn file_count(&self) -> usize {
        self.entries.iter().map(|e| usize::from(e.wdl.path.is_some()) + usize::from(e.dtz.path.is_some())).sum()
    }

    /// The parsed table of `kind` for `material`, whether the board's
    /// colours are the table's swapped, and its file.
    pub(crate) fn table(&self, material: &Material, kind: TableKind) -> Result<(&Table, bool, &Path), ProbeError> {
        let (index, mirrored) = match self.by_material.get(material) {
            Some(&index) => (index, false),
            None => match self.by_material.get(&material.mirrored()) {
                Some(&index) => (index, true),
                None => return Err(missing(material, kind)),
            },
        };
        let slot = match kind {
            TableKind::Wdl => &self.entries[index].wdl,
            TableKind::Dtz => &self.entries[index].dtz,
        };
        let Some(path) = &slot.path else { return Err(missing(material, kind)) };
        let table = slot.table.get_or_init(|| {
            let bytes = Bytes::load(path, self.storage)
                .map_err(|e| ProbeError::Unreadable { path: path.clone(), message: e.to_string() })?;
            let name = if mirrored { material.mirrored() } else { *material };
            Table::parse(bytes, kind, &name).map_err(|damage| ProbeError::Damaged { path: path.clone(), damage })
        });
        match table {
            Ok(table) => Ok((table, mirrored, path)),
            Err(error) => Err(error.clone()),
        }
    }

    /// The win, draw or loss of `position` for the side to move, assuming
    /// the last move was a capture or a pawn move (the halfmove clock is not
    /// read): a cursed win or blessed loss is what the fifty-move rule turns
    /// into a draw when the clock starts at 0.
    pub fn probe_wdl(&self, position: &Position) -> Result<Wdl, ProbeError> {
        self.probe_wdl_board(position.board())
    }

    /// [`probe_wdl`](Self::probe_wdl) for a bare board, as a search holds it.
    pub fn probe_wdl_board(&self, board: &Board) -> Result<Wdl, ProbeError> {
        self.check(board)?;
        let mut scratch = board.clone();
        self.wdl_value(&mut scratch).map(Wdl::from_value)
    }

    /// The distance to zeroing of `position` for the side to move: see [`Dtz`].
    pub fn probe_dtz(&self, position: &Position) -> Result<Dtz, ProbeError> {
        self.probe_dtz_board(position.board())
    }

    /// [`probe_dtz`](Self::probe_dtz) for a bare board.
    pub fn probe_dtz_board(&self, board: &Board) -> Result<Dtz, ProbeError> {
        self.check(board)?;
        let mut scratch = board.clone();
        self.dtz_value(&mut scratch, 0).map(Dtz)
    }

    /// The DTZ of the move `m` from `board`, counted from before the move,
    /// and its WDL for the side that moves.
    pub(crate) fn dtz_of_move(&self, board: &mut Board, m: ox88_board::Move) -> Result<(i32, bool), ProbeError> {
        let undo = board.make_move_unchecked(m);
        let result = (|| {
            let dtz = if board.halfmove_clock() == 0 {
                dtz_before_zeroing(-self.wdl_value(board)?)
            } else {
                let dtz = -self.dtz_value(board, 0)?;
                dtz + dtz.signum()
            };
            Ok((dtz, ox88_movegen::MoveGen::is_checkmate(board)))
        })();
        board.unmake_move(m, undo);
        result
    }
}

fn missing(material: &Material, kind: TableKind) -> ProbeError {
    // Name the table as its file is named: the stronger side first.
    let name = material.to_string();
    let mirrored = material.mirrored().to_string();
    let name = if strength(&mirrored) > strength(&name) { mirrored } else { name };
    ProbeError::MissingTable { name, kind }
}

/// A rough order of table names: files name the side with more, or
/// stronger, pieces first.
fn strength(name: &str) -> (usize, Vec<u8>) {
    let first = name.split('v').next().unwrap_or("");
    let value = |c: char| match c {
        'Q' => 5,
        'R' => 4,
        'B' => 3,
        'N' => 2,
        'P' => 1,
        _ => 0,
    };
    (first.len(), first.chars().map(value).collect())
}
