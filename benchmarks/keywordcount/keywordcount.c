/* keywordcount.c — C references for the KeywordCount benchmark (the
 * Bamboo paper's section 2 example): count the occurrences of every word of
 * a text and print the most frequent ones.
 *
 * Compiled plain, the sequential reference; with -fopenmp, the OpenMP
 * version (same output, byte for byte): the text is cut at word boundaries
 * into one piece per thread, each thread reads its piece of the file itself
 * (pread, a little past its end to finish its last word) and counts it into
 * its own table, and the tables are then merged pairwise as a tree, the
 * pairs of a level in parallel; the result is sorted, so it does not depend
 * on the thread count.
 *
 * A word is a maximal run of ASCII letters and digits, compared in lower
 * case. The counts live in an open-addressing hash table (FNV-1a, linear
 * probing, doubled at half load).
 *
 * Usage: keywordcount FILE [TOP]      (TOP: words to print, default 20)
 *        (OpenMP: OMP_NUM_THREADS=k keywordcount_omp FILE [TOP])
 * Output (identical, byte for byte, to keywordcount.bb and to
 * `gen.py --expect` for a generated text):
 *   KeywordCount: <words> words, <distinct> distinct
 *   <word> <count>        the TOP most frequent, by count then word
 *
 * Build: cc -O2 keywordcount.c -o keywordcount
 *        cc -O2 -fopenmp keywordcount.c -o keywordcount_omp
 */
#include <fcntl.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
    char *word;         /* NUL-terminated, lower case; NULL if the slot is free */
    uint32_t hash;
    int length;
    long count;
} entry;

typedef struct {
    entry *slots;
    size_t capacity;    /* a power of two */
    size_t used;
} table;

static int is_word_char(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static void table_grow(table *t)
{
    size_t capacity = t->capacity ? t->capacity * 2 : 1024;
    entry *slots = calloc(capacity, sizeof(entry));
    if (!slots) { perror("calloc"); exit(1); }
    for (size_t i = 0; i < t->capacity; i++) {
        if (!t->slots[i].word)
            continue;
        size_t j = t->slots[i].hash & (capacity - 1);
        while (slots[j].word)
            j = (j + 1) & (capacity - 1);
        slots[j] = t->slots[i];
    }
    free(t->slots);
    t->slots = slots;
    t->capacity = capacity;
}

/* Adds count occurrences of word (length chars) to t; owned, when not NULL,
 * is a malloc'd copy of the word the table takes over (the OpenMP merge
 * moves words from one table to another). */
static void table_add(table *t, const char *word, int length, uint32_t hash,
                      long count, char *owned)
{
    if (2 * (t->used + 1) > t->capacity)
        table_grow(t);
    size_t j = hash & (t->capacity - 1);
    for (;;) {
        entry *e = &t->slots[j];
        if (!e->word) {
            if (owned) {
                e->word = owned;
            } else {
                e->word = malloc(length + 1);
                memcpy(e->word, word, length);
                e->word[length] = '\0';
            }
            e->hash = hash;
            e->length = length;
            e->count = count;
            t->used++;
            return;
        }
        if (e->hash == hash && e->length == length && memcmp(e->word, word, length) == 0) {
            e->count += count;
            if (owned)
                free(owned);
            return;
        }
        j = (j + 1) & (t->capacity - 1);
    }
}

static int by_count_then_word(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return strcmp(x->word, y->word);
}

#ifdef _OPENMP
/* Reads up to n bytes at offset off (fewer only at the end of the file);
 * -1 on an error. */
static long read_at(int fd, unsigned char *dst, long n, long off)
{
    long got = 0;
    while (got < n) {
        ssize_t r = pread(fd, dst + got, (size_t)(n - got), (off_t)(off + got));
        if (r < 0)
            return -1;
        if (r == 0)
            break;
        got += r;
    }
    return got;
}
#endif /* _OPENMP */

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [TOP]\n", argv[0]);
        return 2;
    }
    int top = argc > 2 ? atoi(argv[2]) : 20;
#ifndef _OPENMP
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *text = malloc(size > 0 ? size : 1);
    if (!text || fread(text, 1, size, f) != (size_t)size) { perror(argv[1]); return 1; }
    fclose(f);

    table t = { NULL, 0, 0 };
    long words = 0;
    char word[4096];
    long i = 0;
    while (i < size) {
        while (i < size && !is_word_char(text[i]))
            i++;
        int length = 0;
        uint32_t hash = 2166136261U;
        while (i < size && is_word_char(text[i])) {
            unsigned char c = text[i++];
            if (c >= 'A' && c <= 'Z')
                c += 'a' - 'A';
            if (length < (int)sizeof word)
                word[length] = (char)c;
            length++;
            hash = (hash ^ c) * 16777619U;
        }
        if (length > (int)sizeof word) {
            fprintf(stderr, "%s: a word longer than %zu characters\n", argv[1], sizeof word);
            return 1;
        }
        if (length > 0) {
            table_add(&t, word, length, hash, 1, NULL);
            words++;
        }
    }
#else /* _OPENMP */
    int fd = open(argv[1], O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) { perror(argv[1]); return 1; }
    long size = (long)st.st_size;

    int threads = omp_get_max_threads();
    table *tables = calloc(threads, sizeof(table));
    long *counted = calloc(threads, sizeof(long));
    int failed = 0;
    #pragma omp parallel num_threads(threads) reduction(|:failed)
    {
        int me = omp_get_thread_num();
        /* This thread's piece: from the first word starting at or after
         * me*size/threads to the first one at or after (me+1)*size/threads. */
        long i = size * (long)me / threads;
        long end = size * (long)(me + 1) / threads;
        /* Read from the byte before the piece to a little past it, further
         * while its last word runs past what was read; text[k - base] is
         * the file's byte k. */
        long base = i > 0 ? i - 1 : 0;
        long extra = 256;
        unsigned char *text = NULL;
        for (;;) {
            long want = end + extra < size ? end + extra - base : size - base;
            unsigned char *more = realloc(text, want > 0 ? (size_t)want : 1);
            if (!more) { perror(argv[1]); exit(1); }
            text = more;
            long got = read_at(fd, text, want, base);
            if (got < 0) { perror(argv[1]); exit(1); }
            long stop = base + got;
            while (end > 0 && end < stop && is_word_char(text[end - base]) && is_word_char(text[end - 1 - base]))
                end++;
            if (end < stop || stop >= size)
                break;
            extra *= 2;
        }
        while (i > 0 && i < end && is_word_char(text[i - base]) && is_word_char(text[i - 1 - base]))
            i++;
        table *t = &tables[me];
        char word[4096];
        long words = 0;
        while (i < end) {
            while (i < end && !is_word_char(text[i - base]))
                i++;
            int length = 0;
            uint32_t hash = 2166136261U;
            while (i < end && is_word_char(text[i - base])) {
                unsigned char c = text[i++ - base];
                if (c >= 'A' && c <= 'Z')
                    c += 'a' - 'A';
                if (length < (int)sizeof word)
                    word[length] = (char)c;
                length++;
                hash = (hash ^ c) * 16777619U;
            }
            if (length > (int)sizeof word) {
                failed = 1;
                break;
            }
            if (length > 0) {
                table_add(t, word, length, hash, 1, NULL);
                words++;
            }
        }
        counted[me] = words;
        free(text);
    }
    if (failed) {
        fprintf(stderr, "%s: a word longer than 4096 characters\n", argv[1]);
        return 1;
    }
    /* Merge the tables pairwise, as a tree (the Bamboo version's combine
     * tasks): table k+step into table k, the pairs of a level in parallel. */
    for (int step = 1; step < threads; step *= 2) {
        #pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
        for (int k = 0; k < threads - step; k += 2 * step) {
            table *into = &tables[k], *from = &tables[k + step];
            for (size_t j = 0; j < from->capacity; j++) {
                entry *e = &from->slots[j];
                if (e->word)
                    table_add(into, e->word, e->length, e->hash, e->count, e->word);
            }
            free(from->slots);
            counted[k] += counted[k + step];
        }
    }
    table t = tables[0];
    long words = counted[0];
    free(tables);
    free(counted);
#endif /* _OPENMP */

    entry *all = malloc(sizeof(entry) * (t.used ? t.used : 1));
    size_t n = 0;
    for (size_t j = 0; j < t.capacity; j++)
        if (t.slots[j].word)
            all[n++] = t.slots[j];
    qsort(all, n, sizeof(entry), by_count_then_word);
    printf("KeywordCount: %ld words, %zu distinct\n", words, n);
    for (size_t j = 0; j < n && (long)j < top; j++)
        printf("%s %ld\n", all[j].word, all[j].count);
    for (size_t j = 0; j < n; j++)
        free(all[j].word);
    free(all);
    free(t.slots);
#ifndef _OPENMP
    free(text);
#else
    close(fd);
#endif
    return 0;
}
