/* addrs.c — a core's sorted set of the addresses of its heap pages, or of
 * its large blocks, kept up to date as the heap changes.
 *
 * roots.c looks a stack word up in these sets: the greatest address at or
 * below the word names the only page or block that may contain it. The
 * set changes where the heap does, never per collection: an allocation of
 * a page or block appends its address to an unsorted tail, and the sweep
 * that frees one appends it to a list of the dead. A lookup sorts the tail
 * (the addresses added since the last collection) and searches both
 * parts; the sweep then sorts the dead and merges the three in one pass.
 * The sorts are radix sorts: a heap that allocates thousands of large
 * arrays between collections (Tracking) adds and frees thousands of
 * addresses each time, and qsort's comparisons cost several times more.
 */
#include "internal.h"

/* Room for `want` entries in *a (capacity *cap), or a panic: only the
 * collector calls this, except bb_addrs_add, which checks first. */
static void bb_addrs_grow(uintptr_t **a, size_t *cap, size_t want) {
  if (want <= *cap) return;
  size_t nc = *cap ? *cap : 64;
  while (nc < want) nc *= 2;
  uintptr_t *na = realloc(*a, nc * sizeof *na);
  if (!na) bb_panic("out of memory while collecting garbage");
  *a = na;
  *cap = nc;
}

/* Adds `x`, or false when out of memory. */
bool bb_addrs_add(bb_addrs *s, uintptr_t x) {
  if (s->n == s->cap) {
    size_t nc = s->cap ? s->cap * 2 : 64;
    uintptr_t *na = realloc(s->a, nc * sizeof *na);
    if (!na) return false;
    s->a = na;
    s->cap = nc;
  }
  s->a[s->n++] = x;
  return true;
}

/* Sorts a[0, k) with the scratch s->tmp: insertion sort for a few, else a
 * least-significant-byte radix sort over the bytes in which keys differ. */
static void bb_addrs_sort(bb_addrs *s, uintptr_t *a, size_t k) {
  if (k < 32) {
    for (size_t i = 1; i < k; i++) {
      uintptr_t x = a[i];
      size_t j = i;
      for (; j > 0 && a[j - 1] > x; j--) a[j] = a[j - 1];
      a[j] = x;
    }
    return;
  }
  enum { NB = sizeof(uintptr_t) };
  uintptr_t vary = 0; /* the bits in which some key differs from the first */
  for (size_t i = 1; i < k; i++) vary |= a[i] ^ a[0];
  unsigned bytes[NB], nb = 0;
  for (unsigned b = 0; b < NB; b++)
    if ((vary >> (8 * b)) & 255) bytes[nb++] = b;
  uint32_t count[NB][256]; /* (k < 2^32: each entry is a page or more) */
  memset(count, 0, nb * sizeof count[0]);
  for (size_t i = 0; i < k; i++)
    for (unsigned j = 0; j < nb; j++) count[j][(a[i] >> (8 * bytes[j])) & 255]++;
  bb_addrs_grow(&s->tmp, &s->cap_tmp, k);
  uintptr_t *from = a, *to = s->tmp;
  for (unsigned j = 0; j < nb; j++) {
    uint32_t *c = count[j], sum = 0;
    unsigned shift = 8 * bytes[j];
    for (unsigned d = 0; d < 256; d++) {
      uint32_t t = c[d];
      c[d] = sum;
      sum += t;
    }
    for (size_t i = 0; i < k; i++) to[c[(from[i] >> shift) & 255]++] = from[i];
    uintptr_t *t = from;
    from = to;
    to = t;
  }
  if (from != a) memcpy(a, from, k * sizeof *a);
}

/* Sorts the tail: lookups may follow. */
void bb_addrs_ready(bb_addrs *s) {
  if (s->ntail_sorted == s->n) return;
  bb_addrs_sort(s, s->a + s->nsorted, s->n - s->nsorted);
  s->ntail_sorted = s->n;
}

/* The greatest entry <= w in the sorted run a[0, n), or 0. */
static uintptr_t bb_addrs_floor_in(const uintptr_t *a, size_t n, uintptr_t w) {
  size_t lo = 0, hi = n;
  while (lo < hi) { /* the first entry above w */
    size_t mid = lo + (hi - lo) / 2;
    if (a[mid] <= w) lo = mid + 1; else hi = mid;
  }
  return lo ? a[lo - 1] : 0;
}

/* The greatest address <= w, or 0 (after bb_addrs_ready, and not between
 * a bb_addrs_drop and the bb_addrs_settle after it). */
uintptr_t bb_addrs_floor(const bb_addrs *s, uintptr_t w) {
  uintptr_t x = bb_addrs_floor_in(s->a, s->nsorted, w);
  uintptr_t y = bb_addrs_floor_in(s->a + s->nsorted, s->n - s->nsorted, w);
  return x > y ? x : y;
}

/* Notes that `x`, an entry, was freed (the sweep; bb_addrs_settle takes it
 * out). */
void bb_addrs_drop(bb_addrs *s, uintptr_t x) {
  bb_addrs_grow(&s->dead, &s->cap_dead, s->ndead + 1);
  s->dead[s->ndead++] = x;
}

/* Merges the tail into the sorted part without the dropped entries. */
void bb_addrs_settle(bb_addrs *s) {
  if (s->nsorted == s->n && !s->ndead) return;
  bb_addrs_ready(s);
  bb_addrs_sort(s, s->dead, s->ndead);
  bb_addrs_grow(&s->tmp, &s->cap_tmp, s->n);
  const uintptr_t *x = s->a, *xe = s->a + s->nsorted, *y = xe, *ye = s->a + s->n;
  const uintptr_t *d = s->dead, *de = s->dead + s->ndead;
  uintptr_t *out = s->tmp;
  while (x < xe || y < ye) {
    uintptr_t v = y == ye || (x < xe && *x < *y) ? *x++ : *y++;
    if (d < de && *d == v) d++;
    else *out++ = v;
  }
  if (d != de) bb_panic("a freed heap address was not in its set");
  uintptr_t *t = s->a;
  size_t tc = s->cap;
  s->a = s->tmp;
  s->cap = s->cap_tmp;
  s->tmp = t;
  s->cap_tmp = tc;
  s->n = s->nsorted = s->ntail_sorted = (size_t)(out - s->a);
  s->ndead = 0;
}

void bb_addrs_free(bb_addrs *s) {
  free(s->a);
  free(s->dead);
  free(s->tmp);
  memset(s, 0, sizeof *s);
}
