//! The bar to clear: the classical evaluation's loss on the validation
//! positions, measured exactly as the network's (its score through the same
//! sigmoid against the same target).

use crate::model::{sigmoid, Objective};
use crate::positions::NetworkSample;
use ox88_eval::nnue::KingBuckets;
use ox88_eval::{Classical, Evaluator};
use ox88_train::data::PackedPosition;

/// The classical evaluation's mean loss on `records` (malformed ones left
/// out) against `objective`'s target, and against the results alone.
pub fn classical_loss(records: &[PackedPosition], objective: &Objective) -> (f64, f64) {
    let mut classical = Classical::new();
    let results_only = Objective { wdl: 1.0, ..*objective };
    let (mut total, mut results, mut count) = (0.0, 0.0, 0usize);
    for record in records {
        let (Some(board), Some(sample)) = (record.to_board(), NetworkSample::from_record(record, &KingBuckets::NONE))
        else {
            continue;
        };
        let predicted = sigmoid(classical.evaluate(&board).raw() as f32 / objective.scale);
        let error = f64::from(predicted - objective.target(&sample));
        let result_error = f64::from(predicted - results_only.target(&sample));
        total += error * error;
        results += result_error * result_error;
        count += 1;
    }
    let n = count.max(1) as f64;
    (total / n, results / n)
}
