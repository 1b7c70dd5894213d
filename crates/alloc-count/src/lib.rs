#![doc = include_str!("../README.md")]
#![warn(missing_docs)]
// The one crate of the workspace with unsafe code, as a global allocator
// must be: each use passes the caller's guarantees on to the system's
// allocator unchanged (see the SAFETY comments).
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    /// Allocations made by this thread.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count_one() {
    // Not counted while the thread is being torn down.
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

/// The system allocator, counting each allocation and reallocation of the
/// thread that makes it. Install it with `#[global_allocator]`.
pub struct CountingAllocator;

// SAFETY: every call is passed on unchanged to the system allocator, which
// upholds GlobalAlloc's contract; the counter has no effect on the memory.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller's guarantees for `layout` are passed on.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with this `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: as for `dealloc` and `alloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// The allocations this thread makes while `f` runs (zero unless the
/// program installed [`CountingAllocator`] as its global allocator).
pub fn allocations_during(f: impl FnOnce()) -> u64 {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}
