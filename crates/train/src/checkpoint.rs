//! Checkpoints: everything needed to resume a run (the float network, the
//! optimiser's moments, the epochs done, the objective), in one file.
//!
//! Layout, little-endian: `ox88ckpt`, version `u32` (2), hidden size `u32`
//! (any of the widths `ox88_eval::nnue::HIDDEN_SIZES`),
//! parameter count `u32`, epochs done `u32`, optimiser steps `u64`, scale
//! `f32`, WDL weight `f32`, weight decay `f32`, output buckets `u32` (1 or
//! 8); version 3 then the king buckets: `u32` 1 if mirrored (0: none) and
//! the 32-byte table of network format 3; then the parameters, the first
//! moments and the second moments, each as `f32`s. Version 2 (before king
//! buckets) still reads, as a run without them. (Version 1, before output
//! buckets, is not read: a run is resumed by the build that began it.)

use crate::model::{Layout, Model, Objective};
use crate::optimizer::AdamW;
use ox88_eval::nnue::{KingBuckets, OUTPUT_BUCKETS};
use std::path::Path;

const MAGIC: &[u8; 8] = b"ox88ckpt";
const VERSION: u32 = 3;
/// The version before king buckets.
const VERSION_2: u32 = 2;
const HEADER_2_SIZE: usize = 8 + 4 * 4 + 8 + 3 * 4 + 4;
const HEADER_SIZE: usize = HEADER_2_SIZE + 4 + 32;

/// A run's state between epochs.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    /// The float network.
    pub model: Model,
    /// The optimiser's state.
    pub adam: AdamW,
    /// Epochs completed.
    pub epochs: u32,
    /// The objective the run trains for.
    pub objective: Objective,
}

impl Checkpoint {
    /// Writes the checkpoint to `path` (through a temporary file, so that an
    /// interrupted write leaves the previous checkpoint whole).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let layout = self.model.layout;
        let mut bytes = Vec::with_capacity(HEADER_SIZE + 12 * layout.parameters);
        bytes.extend(MAGIC);
        for value in [VERSION, layout.hidden as u32, layout.parameters as u32, self.epochs] {
            bytes.extend(value.to_le_bytes());
        }
        bytes.extend(self.adam.steps.to_le_bytes());
        for value in [self.objective.scale, self.objective.wdl, self.adam.weight_decay] {
            bytes.extend(value.to_le_bytes());
        }
        let buckets = if self.model.bucketed { OUTPUT_BUCKETS as u32 } else { 1 };
        bytes.extend(buckets.to_le_bytes());
        let king_buckets = layout.king_buckets;
        bytes.extend(u32::from(king_buckets.is_mirrored()).to_le_bytes());
        bytes.extend(king_buckets.table());
        for values in [&self.model.params, &self.adam.m, &self.adam.v] {
            bytes.extend(values.iter().flat_map(|v| v.to_le_bytes()));
        }
        let temporary = path.with_extension("tmp");
        std::fs::write(&temporary, &bytes)
            .and_then(|()| std::fs::rename(&temporary, path))
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads a checkpoint written by [`save`](Self::save).
    pub fn load(path: &Path) -> Result<Checkpoint, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let bad = |what: &str| format!("{}: not a checkpoint of this build ({what})", path.display());
        if bytes.len() < HEADER_2_SIZE || &bytes[..8] != MAGIC {
            return Err(bad("no ox88ckpt header"));
        }
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("four bytes"));
        let f32_at = |i: usize| f32::from_le_bytes(bytes[i..i + 4].try_into().expect("four bytes"));
        let (king_buckets, header) = match u32_at(8) {
            VERSION_2 => (KingBuckets::NONE, HEADER_2_SIZE),
            VERSION if bytes.len() >= HEADER_SIZE => {
                let table = bytes[HEADER_2_SIZE + 4..HEADER_SIZE].try_into().expect("32 bytes");
                let king_buckets = match u32_at(HEADER_2_SIZE) {
                    0 => KingBuckets::NONE,
                    1 => KingBuckets::mirrored(table).map_err(|e| bad(&e.to_string()))?,
                    _ => return Err(bad("king buckets")),
                };
                (king_buckets, HEADER_SIZE)
            }
            _ => return Err(bad("version")),
        };
        let layout = Layout::with_king_buckets(u32_at(12) as usize, king_buckets)
            .filter(|layout| u32_at(16) as usize == layout.parameters)
            .ok_or_else(|| bad(&format!("hidden size {}, {} parameters", u32_at(12), u32_at(16))))?;
        if bytes.len() != header + 12 * layout.parameters {
            return Err(bad("length"));
        }
        let epochs = u32_at(20);
        let steps = u64::from_le_bytes(bytes[24..32].try_into().expect("eight bytes"));
        let objective = Objective { scale: f32_at(32), wdl: f32_at(36) };
        let weight_decay = f32_at(40);
        let bucketed = match u32_at(44) {
            1 => false,
            n if n == OUTPUT_BUCKETS as u32 => true,
            _ => return Err(bad("output buckets")),
        };
        let mut values = bytes[header..].chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().expect("four")));
        let mut take = || values.by_ref().take(layout.parameters).collect::<Vec<f32>>();
        let model = Model::from_params(take(), bucketed, layout).ok_or_else(|| bad("parameters"))?;
        let (m, v) = (take(), take());
        Ok(Checkpoint { model, adam: AdamW { m, v, steps, weight_decay }, epochs, objective })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoints_round_trip() {
        for hidden in [256, 512] {
            round_trip(Layout::new(hidden).unwrap());
        }
        let four = KingBuckets::named("4").unwrap();
        round_trip(Layout::with_king_buckets(256, four).unwrap());
    }

    /// A version 2 checkpoint (before king buckets) reads as a run without
    /// them.
    #[test]
    fn version_2_checkpoints_still_load() {
        let layout = Layout::new(256).unwrap();
        let checkpoint = Checkpoint {
            model: Model::new(2, true, layout),
            adam: AdamW::new(0.01, layout.parameters),
            epochs: 3,
            objective: Objective { scale: 300.0, wdl: 0.1 },
        };
        let path = std::env::temp_dir().join(format!("ox88-train-ckpt2-{}.bin", std::process::id()));
        checkpoint.save(&path).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.drain(HEADER_2_SIZE..HEADER_SIZE);
        bytes[8..12].copy_from_slice(&2u32.to_le_bytes());
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(Checkpoint::load(&path).unwrap(), checkpoint);
        std::fs::remove_file(&path).unwrap();
    }

    fn round_trip(layout: Layout) {
        let mut adam = AdamW::new(0.01, layout.parameters);
        adam.steps = 77;
        adam.m[5] = 0.25;
        adam.v[layout.parameters - 1] = 3.5;
        let mut checkpoint = Checkpoint {
            model: Model::new(9, false, layout),
            adam,
            epochs: 4,
            objective: Objective { scale: 321.0, wdl: 0.25 },
        };
        let path = std::env::temp_dir().join(format!(
            "ox88-train-ckpt-{}-{}-{}.bin",
            std::process::id(),
            layout.hidden,
            layout.king_buckets.count()
        ));
        checkpoint.save(&path).unwrap();
        let loaded = Checkpoint::load(&path).unwrap();
        assert_eq!(loaded.model.layout.king_buckets, layout.king_buckets);
        assert_eq!(loaded, checkpoint);
        checkpoint.model.bucketed = true;
        checkpoint.save(&path).unwrap();
        assert_eq!(Checkpoint::load(&path).unwrap(), checkpoint);
        // A width no network has.
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[12..16].copy_from_slice(&300u32.to_le_bytes());
        std::fs::write(&path, &bytes).unwrap();
        assert!(Checkpoint::load(&path).unwrap_err().contains("hidden size 300"));
        std::fs::write(&path, b"ox88ckpt short").unwrap();
        assert!(Checkpoint::load(&path).is_err());
        std::fs::remove_file(&path).unwrap();
    }
}
