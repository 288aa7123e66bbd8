// Interposes the C allocator's entry points in the executable that links this target
// (kryo-compare): each counts one call for the calling thread and forwards to glibc's own
// implementation through the `__libc_*` names glibc exports for this purpose, so no `dlsym`
// bootstrapping is needed. The executable's definitions come first in the dynamic linker's search
// order, so the Swift runtime, Foundation and glibc itself (which calls `malloc` through its PLT)
// all reach them. `free` is left to glibc: the blocks are glibc's, and frees are not counted.
//
// The count is a plain increment of a thread-local variable (initial-exec TLS, one instruction in
// the executable), not an atomic: the workloads run on one thread, whose count is the one wanted,
// and allocations on other threads (none while a workload runs) stay out of it.
//
// Only on Linux with glibc; elsewhere `allocation_count()` returns -1 and nothing is interposed.
// Do not link this target into an executable that also links package-benchmark's malloc
// interposer (libMallocInterposerSwift): both define `malloc`.
#include "AllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static __thread int64_t allocations __attribute__((tls_model("initial-exec")));

int64_t allocation_count(void) { return allocations; }

void *malloc(size_t size) {
    allocations += 1;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    allocations += 1;
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    allocations += 1;
    return __libc_realloc(pointer, size);
}

void *reallocarray(void *pointer, size_t count, size_t size) {
    allocations += 1;
    size_t bytes;
    if (__builtin_mul_overflow(count, size, &bytes)) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_realloc(pointer, bytes);
}

void *memalign(size_t alignment, size_t size) {
    allocations += 1;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    allocations += 1;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    allocations += 1;
    if (alignment == 0 || alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) {
        return EINVAL;
    }
    int saved = errno;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) {
        errno = saved;
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    allocations += 1;
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    allocations += 1;
    return __libc_pvalloc(size);
}

#else

int64_t allocation_count(void) { return -1; }

#endif
