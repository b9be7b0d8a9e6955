/* Several arrays in one allocation (MuJoCo's mjData): a layout function
 * takes each array from an mbs_block, once to measure the block (no base
 * yet) and once more to place the arrays in it, so the list of arrays is
 * written once and one free() releases them all. */
#ifndef MBS_BLOCK_H
#define MBS_BLOCK_H

#include <stddef.h>
#include <stdint.h>

typedef struct mbs_block {
    char *base;  /* NULL while measuring */
    size_t used; /* bytes taken so far */
    int overflow; /* a size did not fit in size_t */
} mbs_block;

/* Takes count items of size bytes, aligned for any type; NULL while
 * measuring (or after an overflow). The memory is what the block's
 * allocation left there (calloc: zeros). */
static inline void *mbs_block_take(mbs_block *b, size_t count, size_t size)
{
    const size_t align = _Alignof(max_align_t);
    size_t start = (b->used + align - 1) / align * align;
    if (start < b->used || (size && count > (SIZE_MAX - start) / size)) {
        b->overflow = 1;
        return NULL;
    }
    b->used = start + count * size;
    return b->base && !b->overflow ? b->base + start : NULL;
}

#endif
