//! Writes the embedded network widened to another hidden width: the new
//! units repeat the old ones' feature weights (so that they cost the work
//! real units cost) with output weights of zero (so that the network
//! scores every position exactly as the embedded one does, and a search
//! with it visits the same nodes). For measuring what a wider network costs
//! the search: `ox88 --eval-file FILE bench` then differs from the embedded
//! network's bench only in speed.
//!
//! ```text
//! cargo run --release -p ox88-eval --example widen -- 1024 /tmp/widened-1024.nnue
//! ```

use ox88_eval::nnue::{Network, HIDDEN_SIZES, OUTPUT_BUCKETS};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [hidden, out] = args.as_slice() else {
        return Err(format!("usage: widen HIDDEN OUT (HIDDEN one of {HIDDEN_SIZES:?})").into());
    };
    let hidden: usize = hidden.parse().map_err(|_| format!("{hidden:?} is not a width"))?;
    let embedded = Network::embedded();
    let old = embedded.hidden();
    if hidden < old || !HIDDEN_SIZES.contains(&hidden) {
        return Err(format!("{hidden}: give one of {HIDDEN_SIZES:?}, at least {old}").into());
    }
    // Unit i of the wide network repeats unit i % old of the embedded one.
    let widen = |row: &[i16], fill: Option<i16>| -> Vec<i16> {
        (0..hidden).map(|i| if i < old { row[i] } else { fill.unwrap_or(row[i % old]) }).collect()
    };
    let features: Vec<i16> = embedded.feature_weights().chunks_exact(old).flat_map(|row| widen(row, None)).collect();
    let bias = widen(embedded.feature_bias(), None);
    let mut output = Vec::with_capacity(OUTPUT_BUCKETS * 2 * hidden);
    let mut output_bias = Vec::with_capacity(OUTPUT_BUCKETS);
    for bucket in 0..OUTPUT_BUCKETS {
        let (layer, bias) = embedded.output_layer(bucket);
        for side in layer.chunks_exact(old) {
            output.extend(widen(side, Some(0)));
        }
        output_bias.push(bias);
    }
    let wide = Network::from_weights(&features, &bias, &output, &output_bias, embedded.scale())?;
    std::fs::write(out, wide.to_bytes())?;
    println!("{out}: {hidden} hidden units, hash {:016x}", wide.hash());
    Ok(())
}
