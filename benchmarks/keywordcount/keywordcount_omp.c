/* keywordcount_omp.c — OpenMP version of keywordcount.c (same output, byte
 * for byte): the text is cut at word boundaries into one piece per thread,
 * each thread counts its piece into its own table, and the tables are then
 * merged pairwise as a tree, the pairs of a level in parallel; the result
 * is sorted, so it does not depend on the thread count.
 *
 * The KeywordCount benchmark
 * (the Bamboo paper's section 2 example): count the occurrences of every
 * word of a text and print the most frequent ones.
 *
 * A word is a maximal run of ASCII letters and digits, compared in lower
 * case. The counts live in an open-addressing hash table (FNV-1a, linear
 * probing, doubled at half load).
 *
 * Usage: OMP_NUM_THREADS=k keywordcount_omp FILE [TOP]   (TOP default 20)
 * Output (identical, byte for byte, to keywordcount.bb and to
 * `gen.py --expect` for a generated text):
 *   KeywordCount: <words> words, <distinct> distinct
 *   <word> <count>        the TOP most frequent, by count then word
 *
 * Build: cc -O2 -fopenmp keywordcount_omp.c -o keywordcount_omp
 */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [TOP]\n", argv[0]);
        return 2;
    }
    int top = argc > 2 ? atoi(argv[2]) : 20;
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *text = malloc(size > 0 ? size : 1);
    if (!text || fread(text, 1, size, f) != (size_t)size) { perror(argv[1]); return 1; }
    fclose(f);

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
        while (i > 0 && i < size && is_word_char(text[i]) && is_word_char(text[i - 1]))
            i++;
        while (end > 0 && end < size && is_word_char(text[end]) && is_word_char(text[end - 1]))
            end++;
        table *t = &tables[me];
        char word[4096];
        long words = 0;
        while (i < end) {
            while (i < end && !is_word_char(text[i]))
                i++;
            int length = 0;
            uint32_t hash = 2166136261U;
            while (i < end && is_word_char(text[i])) {
                unsigned char c = text[i++];
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
    free(text);
    return 0;
}
