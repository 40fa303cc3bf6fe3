//! Large tables on huge pages, and a hint to load a table's line before it is read.
//!
//! The searches keep flat tables of tens to hundreds of megabytes (the comparison and sum
//! memos of [`crate::game`], the transposition tables of the Domineering solvers) and probe
//! them at random. On 4 KiB pages nearly every probe also misses the TLB, and the page walk
//! costs about as much as the probe. Linux backs memory with 2 MiB pages where a program asks
//! for them (`madvise(MADV_HUGEPAGE)`, the kernel's default `transparent_hugepage=madvise`
//! mode), so [`filled`] asks before it first writes the table. The advice changes only which
//! pages back the memory, never its contents; where it is refused, or on other systems, the
//! table is an ordinary vector.
//!
//! This module holds the workspace's only `unsafe` code (the lint is `deny` everywhere else).

/// Tables smaller than one huge page are not worth the advice.
const HUGE_PAGE: usize = 2 << 20;

/// A vector of `n` copies of `value`, its memory advised to huge pages before it is written.
pub fn filled<T: Clone>(n: usize, value: T) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(n);
    advise_huge(&mut v);
    v.resize(n, value);
    v
}

/// Pushes `x` on `v`; when `v` is full and large, it moves to an allocation twice as large,
/// advised to huge pages (for tables indexed at random that grow one entry at a time).
pub fn push<T>(v: &mut Vec<T>, x: T) {
    if v.len() == v.capacity() && v.capacity() * size_of::<T>() >= HUGE_PAGE / 2 {
        let mut bigger = Vec::with_capacity(v.capacity() * 2);
        advise_huge(&mut bigger);
        bigger.append(v);
        *v = bigger;
    }
    v.push(x);
}

/// A vector of `n` values made by `make`, its memory advised to huge pages before it is
/// written (for values that cannot be cloned, such as atomics).
pub fn filled_with<T>(n: usize, make: impl FnMut() -> T) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(n);
    advise_huge(&mut v);
    v.resize_with(n, make);
    v
}

/// Advises the kernel to back the whole pages of `v`'s allocation with huge pages.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_huge<T>(v: &mut Vec<T>) {
    let bytes = v.capacity() * size_of::<T>();
    if bytes < HUGE_PAGE {
        return;
    }
    // SAFETY: page size from the system; no memory is touched.
    let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096).max(1);
    let start = v.as_mut_ptr() as usize;
    let first = start.div_ceil(page) * page;
    let end = (start + bytes) / page * page;
    if end > first {
        // SAFETY: `[first, end)` lies within the vector's own allocation, which lives for this
        // call; MADV_HUGEPAGE only changes which physical pages may back it and never its
        // contents or mapping. A refusal (an old kernel, THP disabled) is harmless.
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge<T>(_: &mut Vec<T>) {}

/// A hint to load the cache line of `x` (no effect on any value; nothing on other targets):
/// a search that knows which entries of a large table it will read or write can ask for them
/// first, so that the misses overlap with other work.
#[allow(unsafe_code)]
pub fn prefetch_read<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing the program sees and cannot fault; `x` is a live
    // reference anyway. SSE, which the instruction needs, is part of every x86-64 target.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(x).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

#[cfg(test)]
mod tests {
    use super::filled;

    #[test]
    fn filled_holds_n_copies() {
        for n in [0, 1, 1000, (2 << 20) / 16 + 3, (5 << 20) / 8] {
            let v = filled(n, (u64::MAX, 7u32));
            assert_eq!(v.len(), n);
            assert!(v.iter().all(|&x| x == (u64::MAX, 7)));
        }
        let v = filled(3 << 20, 0u8);
        assert!(v.len() == 3 << 20 && v.iter().all(|&x| x == 0));
        // Past the size where `push` moves to advised allocations, the order is kept.
        let mut v = Vec::new();
        for i in 0..(3u64 << 20) / 8 {
            super::push(&mut v, i);
        }
        assert!(v.iter().enumerate().all(|(i, &x)| x == i as u64));
    }
}
