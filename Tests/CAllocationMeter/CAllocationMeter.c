// A counting allocator for the tests: `malloc` and its family, defined in the test executable,
// which on glibc interposes them for the whole process (the executable is first in the dynamic
// linker's search order, and glibc supports replacing its allocator this way: "Replacing malloc"
// in its manual). Each call forwards to glibc's own allocator (`__libc_malloc`…), so the heap
// is the usual one; while a thread has started the meter, what it allocates and frees is counted
// in thread-local variables, and the peak of the difference is kept. Other threads (tests running
// in parallel) are not counted, and cost one thread-local load per call.
//
// Under a sanitizer the sanitizer's runtime defines these functions: nothing is defined here and
// `kryo_meter_available()` says so. On other platforms (Darwin's two-level namespace does not let
// an executable replace `malloc` for the libraries) likewise.

#include "CAllocationMeter.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define KRYO_METER_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define KRYO_METER_SANITIZED 1
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(KRYO_METER_SANITIZED)

#include <errno.h>
#include <malloc.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

// Initial-exec thread-locals of the executable: reading them never allocates.
static _Thread_local int meterActive;
static _Thread_local int64_t meterCurrent;
static _Thread_local int64_t meterPeak;

static inline void meterAllocated(void *pointer) {
    if (!meterActive || pointer == NULL) return;
    meterCurrent += (int64_t)malloc_usable_size(pointer);
    if (meterCurrent > meterPeak) meterPeak = meterCurrent;
}

static inline void meterFreeing(void *pointer) {
    if (!meterActive || pointer == NULL) return;
    meterCurrent -= (int64_t)malloc_usable_size(pointer);
}

void *malloc(size_t size) {
    void *pointer = __libc_malloc(size);
    meterAllocated(pointer);
    return pointer;
}

void free(void *pointer) {
    meterFreeing(pointer);
    __libc_free(pointer);
}

void *calloc(size_t count, size_t size) {
    void *pointer = __libc_calloc(count, size);
    meterAllocated(pointer);
    return pointer;
}

void *realloc(void *pointer, size_t size) {
    // Counted as the old block freed and the new one allocated: the peak sees the new size.
    int64_t before = (meterActive && pointer != NULL) ? (int64_t)malloc_usable_size(pointer) : 0;
    void *moved = __libc_realloc(pointer, size);
    if (meterActive) {
        if (moved != NULL) {
            meterCurrent -= before;
            meterAllocated(moved);
        } else if (size == 0) {
            meterCurrent -= before;
        }
    }
    return moved;
}

void *memalign(size_t alignment, size_t size) {
    void *pointer = __libc_memalign(alignment, size);
    meterAllocated(pointer);
    return pointer;
}

void *aligned_alloc(size_t alignment, size_t size) {
    void *pointer = __libc_memalign(alignment, size);
    meterAllocated(pointer);
    return pointer;
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    meterAllocated(pointer);
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    void *pointer = __libc_valloc(size);
    meterAllocated(pointer);
    return pointer;
}

void *pvalloc(size_t size) {
    void *pointer = __libc_pvalloc(size);
    meterAllocated(pointer);
    return pointer;
}

int kryo_meter_available(void) { return 1; }

void kryo_meter_start(void) {
    meterCurrent = 0;
    meterPeak = 0;
    meterActive = 1;
}

int64_t kryo_meter_stop(void) {
    meterActive = 0;
    return meterPeak;
}

#else

int kryo_meter_available(void) { return 0; }
void kryo_meter_start(void) {}
int64_t kryo_meter_stop(void) { return 0; }

#endif
