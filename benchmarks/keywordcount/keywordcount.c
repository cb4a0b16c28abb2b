/* keywordcount.c — sequential C reference for the KeywordCount benchmark
 * (the Bamboo paper's section 2 example): count the occurrences of every
 * word of a text and print the most frequent ones.
 *
 * A word is a maximal run of ASCII letters and digits, compared in lower
 * case. The counts live in an open-addressing hash table (FNV-1a, linear
 * probing, doubled at half load).
 *
 * Usage: keywordcount FILE [TOP]      (TOP: words to print, default 20)
 * Output (identical, byte for byte, to keywordcount.bb and to
 * `gen.py --expect` for a generated text):
 *   KeywordCount: <words> words, <distinct> distinct
 *   <word> <count>        the TOP most frequent, by count then word
 *
 * Build: cc -O2 keywordcount.c -o keywordcount
 */
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

static void table_add(table *t, const char *word, int length, uint32_t hash)
{
    if (2 * (t->used + 1) > t->capacity)
        table_grow(t);
    size_t j = hash & (t->capacity - 1);
    for (;;) {
        entry *e = &t->slots[j];
        if (!e->word) {
            e->word = malloc(length + 1);
            memcpy(e->word, word, length);
            e->word[length] = '\0';
            e->hash = hash;
            e->length = length;
            e->count = 1;
            t->used++;
            return;
        }
        if (e->hash == hash && e->length == length && memcmp(e->word, word, length) == 0) {
            e->count++;
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
            table_add(&t, word, length, hash);
            words++;
        }
    }

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
