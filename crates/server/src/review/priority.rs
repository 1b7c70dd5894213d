//! The review engines' threads run at the lowest scheduling priority, so
//! that a review only ever takes the processor time nobody else wants: the
//! friend games, the engine's answers and every request of the service are
//! scheduled before it, however many reviews wait.
//!
//! On Linux a thread's nice value is its own: `setpriority(PRIO_PROCESS,
//! tid, 19)` lowers the calling thread alone (through rustix, so no
//! `unsafe` here). Elsewhere the threads keep their priority.

/// The nice value the review threads run at: the lowest priority (Linux's
/// scheduler gives a nice-19 thread about 1.5 % of what a nice-0 thread gets
/// when both want the processor).
pub const REVIEW_NICE: i32 = 19;

/// Lowers the calling thread (and only it) to nice [`REVIEW_NICE`]; the
/// reason when the system refused.
#[cfg(target_os = "linux")]
pub fn lower_this_thread() -> Result<(), String> {
    let tid = rustix::thread::gettid();
    rustix::process::setpriority_process(Some(tid), REVIEW_NICE).map_err(|e| format!("setpriority: {e}"))
}

/// Lowers the calling thread's priority: not done on this system.
#[cfg(not(target_os = "linux"))]
pub fn lower_this_thread() -> Result<(), String> {
    Err("a thread's own priority is set on Linux only".into())
}

/// The calling thread's nice value.
#[cfg(target_os = "linux")]
pub fn this_thread_nice() -> Result<i32, String> {
    rustix::process::getpriority_process(Some(rustix::thread::gettid())).map_err(|e| format!("getpriority: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn only_the_calling_thread_is_lowered() {
        let before = this_thread_nice().expect("this thread's nice");
        let lowered = std::thread::spawn(|| {
            lower_this_thread().expect("lowered");
            this_thread_nice().expect("that thread's nice")
        })
        .join()
        .expect("the thread ran");
        assert_eq!(lowered, REVIEW_NICE);
        assert_eq!(this_thread_nice().expect("this thread's nice"), before, "the other threads keep theirs");
    }
}
