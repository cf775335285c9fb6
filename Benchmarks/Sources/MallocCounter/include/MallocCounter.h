#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stddef.h>
#include <stdint.h>

/// The number of heap allocations (malloc, calloc, realloc, aligned variants) since the process
/// started; always 0 where the interposer is not available (anything but glibc).
uint64_t malloc_counter_allocations(void);

/// Whether allocations are counted on this platform.
int malloc_counter_is_available(void);

/// Starts tracking live bytes: the net bytes and blocks are reset to 0, then every allocation
/// adds its usable size and every free subtracts it, until malloc_counter_end_bytes().
void malloc_counter_begin_bytes(void);

/// Stops tracking live bytes; the net values stay readable.
void malloc_counter_end_bytes(void);

/// The usable bytes allocated minus the usable bytes freed while tracking (the change of the live
/// heap, malloc's own headers left out); always 0 where the interposer is not available.
int64_t malloc_counter_net_bytes(void);

/// The blocks allocated minus the blocks freed while tracking; always 0 where the interposer is
/// not available.
int64_t malloc_counter_net_blocks(void);

/// malloc_usable_size of a block malloc returned (0 for NULL, and where the interposer is not
/// available).
size_t malloc_counter_usable_size(const void *pointer);

#endif
