/* Several arrays in one allocation (src/core/block.h). */
#include "../support/harness.h"
#include "../../src/core/block.h"

#include <stdlib.h>

typedef struct {
    double *a;
    char *c;
    long double *l;
} arrays;

static void take(mbs_block *b, arrays *x, size_t n)
{
    x->a = mbs_block_take(b, n, sizeof *x->a);
    x->c = mbs_block_take(b, 3, sizeof *x->c);
    x->l = mbs_block_take(b, n, sizeof *x->l);
}

TEST(measured_block_holds_the_arrays_aligned_and_apart)
{
    arrays shape, x;
    mbs_block b = {0};
    take(&b, &shape, 5);
    CHECK(!shape.a && !shape.c && !shape.l && !b.overflow);
    size_t size = b.used;
    b = (mbs_block){.base = calloc(1, size)};
    take(&b, &x, 5);
    CHECK(b.used == size);
    /* in order, apart, inside the block, each aligned for any type */
    CHECK(x.a == (double *)b.base);
    CHECK((char *)(x.a + 5) <= x.c && (char *)x.l >= x.c + 3);
    CHECK((char *)(x.l + 5) <= b.base + size);
    CHECK((uintptr_t)x.l % _Alignof(max_align_t) == 0 && (uintptr_t)x.c % _Alignof(max_align_t) == 0);
    free(b.base);
}

TEST(a_size_beyond_size_t_is_an_overflow)
{
    mbs_block b = {0};
    mbs_block_take(&b, 1, 8);
    CHECK(!b.overflow);
    mbs_block_take(&b, SIZE_MAX / 4, 8);
    CHECK(b.overflow);
    char room[64];
    b = (mbs_block){.base = room, .overflow = 1};
    CHECK(mbs_block_take(&b, 1, 8) == NULL);
}

TEST_SUITE(block, T(measured_block_holds_the_arrays_aligned_and_apart), T(a_size_beyond_size_t_is_an_overflow));
