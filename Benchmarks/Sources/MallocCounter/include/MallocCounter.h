#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdint.h>

/// The number of heap allocations (malloc, calloc, realloc, aligned variants) since the process
/// started; always 0 where the interposer is not available (anything but glibc).
uint64_t malloc_counter_allocations(void);

/// Whether allocations are counted on this platform.
int malloc_counter_is_available(void);

#endif
