#ifndef SISE_CACHE_HINTS_H
#define SISE_CACHE_HINTS_H

/// Asks the processor to bring the cache line at `address` in, to be written (a reference count,
/// say), without waiting for it: a hint Swift has no spelling for (without the target's
/// `prfchw` feature it is a plain prefetch). The address is never read, so any value is safe,
/// even one no longer allocated.
static inline void cache_hints_prefetch_for_write(unsigned long address) {
    __builtin_prefetch((const void *)address, 1, 3);
}

#endif
