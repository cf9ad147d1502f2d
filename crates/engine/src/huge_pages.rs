//! Asks the kernel to back the transposition table with huge pages (2 MiB on x86-64).
//!
//! A probe lands on a random cache line of a table of tens or hundreds of MiB: with 4 KiB
//! pages nearly every probe also misses the address-translation cache, and the search waits
//! for a page-table walk on top of the memory read. Linux gives huge pages to memory that asks
//! for them (`madvise`, the default setting of transparent huge pages). Measured from the
//! international start, depth 19: see docs/speed.md.

/// Advise that `len` bytes from `start`, an allocation not yet written, be backed by huge
/// pages. Only the whole pages inside the range are named; a refusal is ignored (the table
/// works the same on small pages).
#[cfg(target_os = "linux")]
pub(crate) fn advise(start: *const u8, len: usize) {
    const PAGE: usize = 4096;
    let first = (start as usize).next_multiple_of(PAGE);
    let end = (start as usize + len) / PAGE * PAGE;
    if end <= first {
        return;
    }
    // SAFETY: `madvise` with MADV_HUGEPAGE changes how the kernel backs the pages, never their
    // contents or who may access them; the range lies inside one live allocation of the
    // caller's, rounded inwards to whole pages, so no other memory is named.
    #[allow(unsafe_code)]
    unsafe {
        libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
    }
}

/// Elsewhere the kernel decides alone.
#[cfg(not(target_os = "linux"))]
pub(crate) fn advise(_start: *const u8, _len: usize) {}
