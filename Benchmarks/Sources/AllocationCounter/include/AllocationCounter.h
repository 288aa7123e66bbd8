// Counts the calls a thread makes to the C allocator, for kryo-compare's "allocs/op" column.
#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// The calls the calling thread has made so far to `malloc`, `calloc`, `realloc`, `reallocarray`,
/// `posix_memalign`, `aligned_alloc`, `memalign`, `valloc` and `pvalloc` (`free` is not counted),
/// or -1 where the counter is not built in (anything but Linux with glibc).
int64_t allocation_count(void);

#endif
