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
//!
//! Tables that grow ([`Column`]) are the other concern. A table that doubles by making a new
//! allocation and copying into it touches about twice its final size of fresh memory, and
//! the kernel clears every page first touched: on the virtual machine BENCHMARKS.md measures,
//! clearing fresh pages was a third of the time of `domineering[5x6]` (perf), and several
//! milliseconds a 2 MiB page. A large column instead reserves address space once (no memory
//! is committed until it is written) and grows inside it, so every page is touched once and
//! nothing is copied. A small column, other systems, and any refusal of the reservation use
//! the ordinary allocator.
//!
//! This module holds the workspace's only `unsafe` code (the lint is `deny` everywhere else).

/// Tables smaller than one huge page are not worth the advice; reservations are aligned to it.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
const HUGE_PAGE: usize = 2 << 20;

/// A vector of `n` copies of `value`, its memory advised to huge pages before it is written.
pub fn filled<T: Clone>(n: usize, value: T) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(n);
    advise_huge(&mut v);
    v.resize(n, value);
    v
}

/// Columns of at least this many bytes live in a reservation of their own.
const MAP_FROM: usize = 1 << 20;

/// The address space a column reserves when it first gets that large (it grows into a larger
/// reservation past it). Only what is written is ever committed.
const RESERVE: usize = if usize::BITS >= 64 { (1u64 << 35) as usize } else { 1 << 30 };

/// A growable array (an append-only vector) whose large allocations never move: see the
/// module's documentation. It dereferences to a slice.
pub struct Column<T> {
    ptr: std::ptr::NonNull<T>,
    len: usize,
    /// Entries the column holds before it next grows (doubling, as a vector's capacity); the
    /// memory budgets count these.
    cap: usize,
    /// The bytes of the column's reservation, or 0 when its memory is a vector's.
    mapped: usize,
    _owns: std::marker::PhantomData<T>,
}

// SAFETY: a column owns its entries exactly as a `Vec<T>` does.
#[allow(unsafe_code)]
unsafe impl<T: Send> Send for Column<T> {}
// SAFETY: shared access only reads the entries, as for a `Vec<T>`.
#[allow(unsafe_code)]
unsafe impl<T: Sync> Sync for Column<T> {}

impl<T> Default for Column<T> {
    fn default() -> Self {
        Column::new()
    }
}

impl<T> Column<T> {
    /// An empty column (it allocates nothing).
    pub const fn new() -> Self {
        Column { ptr: std::ptr::NonNull::dangling(), len: 0, cap: 0, mapped: 0, _owns: std::marker::PhantomData }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The entries the column holds before it next grows.
    pub fn capacity(&self) -> usize {
        self.cap
    }

    /// Appends `x`.
    #[allow(unsafe_code)]
    pub fn push(&mut self, x: T) {
        if self.len == self.cap {
            self.grow(1);
        }
        // SAFETY: `len < cap`, and the memory of the first `cap` entries is the column's.
        unsafe { self.ptr.as_ptr().add(self.len).write(x) };
        self.len += 1;
    }

    /// Lengthens the column to `n` entries with copies of `value` (nothing when it is as long
    /// already). The capacity becomes exactly `n` when it grows.
    #[allow(unsafe_code)]
    pub fn extend_filled(&mut self, n: usize, value: T)
    where
        T: Clone,
    {
        if n <= self.len {
            return;
        }
        if n > self.cap {
            self.grow_to(n);
        }
        for _ in self.len..n {
            // SAFETY: `len < n <= cap`, and the memory of the first `cap` entries is the column's.
            unsafe { self.ptr.as_ptr().add(self.len).write(value.clone()) };
            self.len += 1;
        }
    }

    /// Makes room for `additional` more entries, at least doubling the capacity.
    fn grow(&mut self, additional: usize) {
        let needed = self.len.checked_add(additional).expect("column too long");
        self.grow_to(needed.max(self.cap.saturating_mul(2)).max(4));
    }

    /// Sets the capacity to `cap` (more than the current one): inside the reservation if it
    /// has room, else in a new reservation when the column is large (entries moved once),
    /// else in the allocator's memory.
    #[allow(unsafe_code)]
    fn grow_to(&mut self, cap: usize) {
        debug_assert!(cap > self.cap);
        let size = size_of::<T>().max(1);
        let bytes = cap.checked_mul(size).expect("column too long");
        if self.mapped >= bytes {
            self.cap = cap;
            return;
        }
        if bytes >= MAP_FROM
            && size_of::<T>() > 0
            && let Some((ptr, mapped)) = reserve::<T>(bytes.max(RESERVE))
        {
            // SAFETY: the new reservation holds `cap > len` entries and does not overlap the
            // old memory; the entries move bitwise and the old memory is then released
            // without dropping them.
            unsafe {
                std::ptr::copy_nonoverlapping(self.ptr.as_ptr(), ptr.as_ptr(), self.len);
                self.release();
            }
            (self.ptr, self.cap, self.mapped) = (ptr, cap, mapped);
            return;
        }
        let mut v: Vec<T> = Vec::with_capacity(cap);
        // SAFETY: `v` holds `cap > len` entries; the entries move bitwise and the old memory
        // is released without dropping them.
        unsafe {
            std::ptr::copy_nonoverlapping(self.ptr.as_ptr(), v.as_mut_ptr(), self.len);
            self.release();
        }
        let mut v = std::mem::ManuallyDrop::new(v);
        // SAFETY: a vector's pointer is never null.
        self.ptr = unsafe { std::ptr::NonNull::new_unchecked(v.as_mut_ptr()) };
        (self.cap, self.mapped) = (v.capacity(), 0);
    }

    /// Gives back the column's memory without dropping its entries (the caller has moved or
    /// dropped them).
    ///
    /// # Safety
    /// The entries must not be used again through this column's pointer.
    #[allow(unsafe_code)]
    unsafe fn release(&mut self) {
        if self.mapped > 0 {
            unmap(self.ptr.as_ptr().cast(), self.mapped);
        } else if self.cap > 0 {
            // SAFETY: the pointer and capacity came from a `Vec<T>` (`grow_to`); length 0
            // drops nothing.
            drop(unsafe { Vec::from_raw_parts(self.ptr.as_ptr(), 0, self.cap) });
        }
        (self.ptr, self.cap, self.mapped) = (std::ptr::NonNull::dangling(), 0, 0);
    }
}

impl<T> Drop for Column<T> {
    #[allow(unsafe_code)]
    fn drop(&mut self) {
        let len = std::mem::replace(&mut self.len, 0);
        // SAFETY: the first `len` entries are initialised and dropped once; then the memory
        // goes back where it came from.
        unsafe {
            std::ptr::drop_in_place(std::ptr::slice_from_raw_parts_mut(self.ptr.as_ptr(), len));
            self.release();
        }
    }
}

impl<T> std::ops::Deref for Column<T> {
    type Target = [T];

    #[allow(unsafe_code)]
    fn deref(&self) -> &[T] {
        // SAFETY: the first `len` entries are initialised (a dangling pointer when `len` is 0
        // is allowed for slices).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> std::ops::DerefMut for Column<T> {
    #[allow(unsafe_code)]
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as for `deref`, and `&mut self` makes the access unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<'a, T> IntoIterator for &'a Column<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T> IntoIterator for &'a mut Column<T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Column<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Reserves at least `bytes` of address space aligned to a huge page (so that the kernel can
/// back it with huge pages from the start), advised to huge pages. Nothing is committed until
/// written. Returns the start and the bytes reserved, or nothing when the system refuses
/// (a strict overcommit policy, an address-space limit).
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn reserve<T>(bytes: usize) -> Option<(std::ptr::NonNull<T>, usize)> {
    let bytes = bytes.checked_next_multiple_of(HUGE_PAGE)?;
    let span = bytes.checked_add(HUGE_PAGE)?;
    // SAFETY: a fresh private anonymous mapping; no existing memory is affected.
    let p = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            span,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        )
    };
    if p == libc::MAP_FAILED {
        return None;
    }
    let start = p as usize;
    let aligned = start.next_multiple_of(HUGE_PAGE);
    // SAFETY: the head and tail trimmed here lie inside the mapping just made and outside
    // `[aligned, aligned + bytes)`, which is kept; the advice never changes contents.
    unsafe {
        if aligned > start {
            libc::munmap(p, aligned - start);
        }
        let tail = aligned + bytes;
        if start + span > tail {
            libc::munmap(tail as *mut libc::c_void, start + span - tail);
        }
        libc::madvise(aligned as *mut libc::c_void, bytes, libc::MADV_HUGEPAGE);
    }
    Some((std::ptr::NonNull::new(aligned as *mut T)?, bytes))
}

#[cfg(not(target_os = "linux"))]
fn reserve<T>(_: usize) -> Option<(std::ptr::NonNull<T>, usize)> {
    None
}

/// Gives back a reservation made by [`reserve`].
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn unmap(start: *mut u8, bytes: usize) {
    // SAFETY: `[start, start + bytes)` is a whole reservation of [`reserve`], no longer used.
    unsafe {
        libc::munmap(start.cast(), bytes);
    }
}

#[cfg(not(target_os = "linux"))]
fn unmap(_: *mut u8, _: usize) {}

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
    use super::{Column, HUGE_PAGE, MAP_FROM, RESERVE, filled, reserve};

    #[test]
    fn filled_holds_n_copies() {
        for n in [0, 1, 1000, (2 << 20) / 16 + 3, (5 << 20) / 8] {
            let v = filled(n, (u64::MAX, 7u32));
            assert_eq!(v.len(), n);
            assert!(v.iter().all(|&x| x == (u64::MAX, 7)));
        }
        let v = filled(3 << 20, 0u8);
        assert!(v.len() == 3 << 20 && v.iter().all(|&x| x == 0));
    }

    /// A column keeps its entries in order through every kind of growth: in the allocator's
    /// memory, into a reservation, inside it, and (with a reservation made small on purpose)
    /// into a larger one.
    #[test]
    fn columns_keep_their_entries() {
        let n = 3 * (MAP_FROM / 8) + 5;
        let mut c = Column::new();
        assert!(c.is_empty() && c.capacity() == 0 && c.iter().next().is_none());
        let mut caps = vec![];
        for i in 0..n as u64 {
            c.push(i);
            if caps.last() != Some(&c.capacity()) {
                caps.push(c.capacity());
            }
        }
        assert_eq!(c.len(), n);
        assert!(c.iter().enumerate().all(|(i, &x)| x == i as u64));
        assert!(caps.windows(2).all(|w| w[1] == 2 * w[0]), "{caps:?}");
        if cfg!(target_os = "linux") {
            assert!(c.mapped >= RESERVE);
        }
        c[7] = 70;
        assert_eq!(c[7], 70);

        let mut small = Column::new();
        small.extend_filled(1000, 1u64);
        // A reservation of one huge page, which the entries then outgrow.
        small.grow_to(HUGE_PAGE / 8 / 2);
        if let Some((ptr, mapped)) = reserve::<u64>(HUGE_PAGE) {
            let moved = Column { ptr, len: 0, cap: HUGE_PAGE / 8, mapped, _owns: std::marker::PhantomData };
            let mut moved = moved;
            moved.extend_filled(1000, 2);
            assert_eq!(moved.mapped, HUGE_PAGE);
            moved.extend_filled(HUGE_PAGE / 8 + 10, 3);
            assert!(moved.mapped > HUGE_PAGE);
            assert!(moved.iter().enumerate().all(|(i, &x)| x == if i < 1000 { 2 } else { 3 }));
            assert_eq!(moved.capacity(), HUGE_PAGE / 8 + 10);
        }
        small.extend_filled(5000, 2);
        small.extend_filled(10, 9);
        assert_eq!(small.len(), 5000);
        assert!(small.iter().enumerate().all(|(i, &x)| x == if i < 1000 { 1 } else { 2 }));
    }

    /// Every entry is dropped exactly once, whether the column lived in the allocator's memory
    /// or in a reservation, and moving between them drops nothing.
    #[test]
    fn columns_drop_each_entry_once() {
        let counter = std::rc::Rc::new(());
        for n in [0, 3, 1000, MAP_FROM / 8 + 1] {
            let mut c = Column::new();
            for _ in 0..n {
                c.push(std::rc::Rc::clone(&counter));
            }
            assert_eq!(std::rc::Rc::strong_count(&counter), n + 1);
            drop(c);
            assert_eq!(std::rc::Rc::strong_count(&counter), 1);
        }
    }
}
