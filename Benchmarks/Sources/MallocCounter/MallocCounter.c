// Counts heap allocations by defining the allocation functions in the executable, which the
// dynamic linker then prefers over libc's; each one forwards to glibc's own implementation.
// Single-threaded benchmarks only: the counters are plain increments to keep them cheap.
//
// Live bytes are tracked only between malloc_counter_begin_bytes() and
// malloc_counter_end_bytes(): every block allocated in that window adds its usable size
// (malloc_usable_size), every block freed subtracts it, whenever it was allocated. The net is the
// change of the live heap over the window; outside it no allocation pays for the size lookup.
#include "MallocCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <malloc.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static uint64_t allocations = 0;
static int tracksBytes = 0;
static int64_t netBytes = 0;
static int64_t netBlocks = 0;

/// Adds a block that was just allocated to the live totals, while they are tracked.
static inline void *allocated(void *pointer) {
  if (tracksBytes && pointer != NULL) {
    netBytes += (int64_t)malloc_usable_size(pointer);
    netBlocks += 1;
  }
  return pointer;
}

/// Takes a block that is about to be freed or moved out of the live totals, while they are
/// tracked.
static inline void released(void *pointer) {
  if (tracksBytes && pointer != NULL) {
    netBytes -= (int64_t)malloc_usable_size(pointer);
    netBlocks -= 1;
  }
}

void *malloc(size_t size) {
  allocations += 1;
  return allocated(__libc_malloc(size));
}

void *calloc(size_t count, size_t size) {
  allocations += 1;
  return allocated(__libc_calloc(count, size));
}

void *realloc(void *pointer, size_t size) {
  allocations += 1;
  if (!tracksBytes) return __libc_realloc(pointer, size);
  // The old block leaves the totals only if the reallocation succeeds (or frees it: size 0).
  int64_t oldBytes = pointer != NULL ? (int64_t)malloc_usable_size(pointer) : 0;
  void *result = __libc_realloc(pointer, size);
  if (result == NULL && size != 0) return NULL;
  if (pointer != NULL) {
    netBytes -= oldBytes;
    netBlocks -= 1;
  }
  return allocated(result);
}

void free(void *pointer) {
  released(pointer);
  __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
  allocations += 1;
  return allocated(__libc_memalign(alignment, size));
}

void *aligned_alloc(size_t alignment, size_t size) {
  allocations += 1;
  return allocated(__libc_memalign(alignment, size));
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  allocations += 1;
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL && size != 0) return ENOMEM;
  *result = allocated(pointer);
  return 0;
}

uint64_t malloc_counter_allocations(void) { return allocations; }
int malloc_counter_is_available(void) { return 1; }

void malloc_counter_begin_bytes(void) {
  netBytes = 0;
  netBlocks = 0;
  tracksBytes = 1;
}

void malloc_counter_end_bytes(void) { tracksBytes = 0; }
int64_t malloc_counter_net_bytes(void) { return netBytes; }
int64_t malloc_counter_net_blocks(void) { return netBlocks; }
size_t malloc_counter_usable_size(const void *pointer) {
  return pointer != NULL ? malloc_usable_size((void *)pointer) : 0;
}
#else
uint64_t malloc_counter_allocations(void) { return 0; }
int malloc_counter_is_available(void) { return 0; }
void malloc_counter_begin_bytes(void) {}
void malloc_counter_end_bytes(void) {}
int64_t malloc_counter_net_bytes(void) { return 0; }
int64_t malloc_counter_net_blocks(void) { return 0; }
size_t malloc_counter_usable_size(const void *pointer) {
  (void)pointer;
  return 0;
}
#endif
