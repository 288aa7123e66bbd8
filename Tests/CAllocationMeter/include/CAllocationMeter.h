#ifndef C_ALLOCATION_METER_H
#define C_ALLOCATION_METER_H

#include <stdint.h>

/// Whether this process's allocations go through the meter: glibc, without a sanitizer (whose
/// runtime replaces malloc itself).
int kryo_meter_available(void);

/// Starts counting the calling thread's allocations: from now on, the bytes it allocates minus the
/// bytes it frees, and the highest that difference reaches.
void kryo_meter_start(void);

/// Stops counting on the calling thread and returns the highest net growth of its heap (bytes
/// allocated minus bytes freed, as `malloc_usable_size` sees them) since `kryo_meter_start()`.
int64_t kryo_meter_stop(void);

#endif
