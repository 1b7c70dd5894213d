//! Finishing an Arrow builder into an array while leaving it with room for
//! a batch like the one just made.
//!
//! Arrow's `finish` hands the builder's buffers to the array and leaves it
//! with none, so each batch grew its buffers again from nothing, doubling
//! and copying as it went: on a big import, 88 M instructions of `realloc`
//! on the thread that hands the games over (of its 0.58 G). The batches of
//! an import are alike (4096 games, about as many bytes of moves), so the
//! last one's sizes, with an eighth more for the bytes, are the next one's
//! room: one allocation a buffer and a batch.

use arrow_array::builder::{
    ArrayBuilder, GenericByteBuilder, ListBuilder, MapBuilder, MapFieldNames, PrimitiveBuilder, StringBuilder,
};
use arrow_array::types::{ArrowPrimitiveType, ByteArrayType};
use arrow_array::{GenericByteArray, ListArray, MapArray, PrimitiveArray};
use arrow_schema::FieldRef;

/// Room for `bytes` more bytes than a batch took: an eighth more, so that a
/// batch a little larger than the last does not double a buffer.
pub(crate) fn with_margin(bytes: usize) -> usize {
    bytes + bytes / 8
}

/// The rows of a text or binary builder as an array; the builder is empty,
/// with room for as many rows and about as many bytes.
pub(crate) fn finish_bytes<T: ByteArrayType>(builder: &mut GenericByteBuilder<T>) -> GenericByteArray<T> {
    let room = GenericByteBuilder::with_capacity(builder.len(), with_margin(builder.values_slice().len()));
    std::mem::replace(builder, room).finish()
}

/// The rows of a builder of numbers (or dates) as an array; the builder is
/// empty, with room for as many rows. (For a builder of its type's default
/// data type, as every one of the tables' is.)
pub(crate) fn finish_primitive<T: ArrowPrimitiveType>(builder: &mut PrimitiveBuilder<T>) -> PrimitiveArray<T> {
    let room = PrimitiveBuilder::with_capacity(builder.len());
    std::mem::replace(builder, room).finish()
}

/// The rows of a builder of lists of numbers, whose items are `item`, as an
/// array; the builder is empty, with room for as many lists and about as
/// many numbers.
pub(crate) fn finish_list<T: ArrowPrimitiveType>(
    builder: &mut ListBuilder<PrimitiveBuilder<T>>,
    item: FieldRef,
) -> ListArray {
    let values = PrimitiveBuilder::with_capacity(with_margin(builder.values_ref().len()));
    let room = ListBuilder::with_capacity(values, builder.len()).with_field(item);
    std::mem::replace(builder, room).finish()
}

/// The rows of a builder of maps of text to text, whose fields are named
/// `names`, as an array; the builder is empty, with room for as many maps
/// and about as many entries and bytes.
pub(crate) fn finish_map(builder: &mut MapBuilder<StringBuilder, StringBuilder>, names: MapFieldNames) -> MapArray {
    let rows = builder.len();
    let (keys, values) = builder.entries();
    let room = |text: &StringBuilder| {
        StringBuilder::with_capacity(with_margin(text.len()), with_margin(text.values_slice().len()))
    };
    let (keys, values) = (room(keys), room(values));
    let room = MapBuilder::with_capacity(Some(names), keys, values, rows);
    std::mem::replace(builder, room).finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::builder::{Int32Builder, StringBuilder};
    use arrow_array::Array;

    #[test]
    fn finishing_keeps_room_for_the_next_batch() {
        let mut text = StringBuilder::new();
        text.append_value("e2e4 e7e5");
        text.append_null();
        let array = finish_bytes(&mut text);
        assert_eq!((array.len(), array.null_count(), array.value(0)), (2, 1, "e2e4 e7e5"));
        assert_eq!((text.len(), text.values_slice().len()), (0, 0));
        assert!(text.values_slice().is_empty());
        let mut ints = Int32Builder::new();
        ints.append_value(7);
        ints.append_null();
        let array = finish_primitive(&mut ints);
        assert_eq!((array.len(), array.null_count(), array.value(0)), (2, 1, 7));
        assert_eq!(ints.len(), 0);
        assert!(ints.capacity() >= 2);
        assert_eq!(with_margin(800), 900);
    }
}
