// keywordcount.bb — the KeywordCount benchmark (the Bamboo paper's section 2
// example) in Bamboo: count the occurrences of every word of a text and
// print the most frequent ones.
//
// Usage: keywordcount FILE [TOP [sections]]   (TOP default 20, sections 62)
//
// Structure (the paper's Figure 2, at benchmark scale, with the merge as a
// tree so that no one task folds in every section):
//   startup  takes the file's size (it reads none of the text) and makes
//            `sections` Section task objects (state `process`), section i
//            for the bytes near [i*chunk, (i+1)*chunk), and the merge
//            tree's tags: sections 2j and 2j+1 are combined first,
//            then the survivors 4j and 4j+2, and so on (a section without
//            a partner at a level goes up to the next); each section is
//            bound to the `pair` tag of the first combination it takes
//            part in;
//   count    reads its section's byte range of the file itself
//            (Files.readBytes, then Files.readInto, so the sections read
//            in parallel) and counts its words in one invocation
//            (process -> submit; a lone section goes straight to
//            `complete`), reading one block of at most BLOCK (128 KiB)
//            bytes at a time into one buffer, so that the text it scans
//            was just read (it is still in the cache, and leaves the
//            section's table there: 1 MiB blocks cost the 1-core run 3%
//            in misses on the table's slots) and is no garbage (fewer
//            collections, which on many cores wait for every core's
//            running task). The buffer is made by the first block's
//            read (Files.readBytes), not zeroed first. One invocation per
//            section, not one per block, keeps the section's table in the
//            cache while it counts: a core that holds several sections
//            would otherwise take their blocks in turns (the scheduler
//            runs enabled invocations in arrival order) and find each
//            table evicted by the others' (62 tables of ~0.6 MB);
//   combine  (two submitted sections with the same `pair` tag) gives the
//            lower-numbered section both sections' counts (the smaller
//            table folded into the larger), and it moves on to the tag of
//            its next combination, or to `complete` when it holds every
//            section's counts;
//   report   prints the result of the complete section.
// Combinations in different subtrees run in parallel: a pair's objects
// meet on the core their shared tag hashes to.
//
// Sections are cut at word boundaries: cut k (0 < k < sections) is the
// first byte at or after k*chunk that is not a word character (or the end of
// the file), cut 0 is 0, and section k is [cut k, cut k+1). A section reads
// from k*chunk to a little past (k+1)*chunk, skips its partial first word
// and finishes its last one (reading again, further, if that runs past what
// it read), so each word is counted by exactly one section (a word across
// or starting at k*chunk by section k-1). Its blocks are cut the same way:
// a block ends at the first non-word byte at or after its nominal end, and
// the next block starts there.
//
// A word is a maximal run of ASCII letters and digits, compared in lower
// case. Counts live in WordTable, an open-addressing hash table over the
// words' bytes (FNV-1a, linear probing, doubled at half load), the same
// table keywordcount.c uses, so no String is made per word; its slots are
// ints and its words' bytes share one pool, so a table is three objects
// however many words it holds (nothing for the collector to trace per word).
// A probe compares a word's bytes with Arrays.equals over ranges (one
// memcmp, as keywordcount.c does; a byte loop's exit mispredicts once per
// word, which cost 4% of the 1-core run).
// A section's table starts at a capacity foreseen from the section's size,
// so that it need not grow.
//
// Output (identical, byte for byte, to keywordcount.c and `gen.py --expect`):
//   KeywordCount: <words> words, <distinct> distinct
//   <word> <count>        the TOP most frequent, by count then word

/**
 * Word counts keyed by the words' lower-case bytes. The table holds no
 * object per word: a slot is four ints of `slots` (the word's hash, its
 * count, where its bytes start in `pool`, and its length, 0 when the slot is
 * free), and the words' bytes lie one after another in `pool`. So a table is
 * three objects however many words it holds: nothing for the collector to
 * trace word by word, no allocation per new word, and a probe reads one
 * slot's four ints together (as keywordcount.c's entry structure).
 */
class WordTable {
    int[] slots;        // slot j: hash 4j, count 4j+1, start 4j+2, length 4j+3
    byte[] pool;        // the words' bytes
    int pooled;         // bytes of pool in use
    int used;           // slots in use
    int mask;           // capacity - 1; the capacity is a power of two

    /**
     * An empty table of `capacity` slots (a power of two, at least 2), so
     * that a table whose size is foreseen need not grow (each doubling
     * rehashes every word and leaves the old slots as garbage).
     */
    WordTable(int capacity) {
        slots = new int[4 * capacity];
        mask = capacity - 1;
        pool = new byte[4 * capacity];
    }

    /**
     * The capacity for the words of `bytes` bytes of text: a power of two
     * of at least 1024 slots and about one slot per 256 bytes (a 5 MB
     * section of the benchmark's text holds ~11,000 distinct words, and
     * the table doubles when half full), at most 2^15 (larger tables grow).
     */
    static int capacityFor(long bytes) {
        int capacity = 1024;
        while (capacity < (1 << 15) && capacity * 256L < bytes) {
            capacity *= 2;
        }
        return capacity;
    }

    void grow() {
        int[] old = slots;
        int capacity = 2 * (mask + 1);
        slots = new int[4 * capacity];
        mask = capacity - 1;
        for (int s = 0; s < old.length; s += 4) {
            if (old[s + 3] != 0) {
                int j = old[s] & mask;
                while (slots[4 * j + 3] != 0) {
                    j = (j + 1) & mask;
                }
                int t = 4 * j;
                slots[t] = old[s];
                slots[t + 1] = old[s + 1];
                slots[t + 2] = old[s + 2];
                slots[t + 3] = old[s + 3];
            }
        }
    }

    /** Copies bytes[from .. from+length-1] to the end of the pool; returns where they start. */
    int store(byte[] bytes, int from, int length) {
        if (pooled + length > pool.length) {
            int capacity = 2 * pool.length;
            while (pooled + length > capacity) {
                capacity *= 2;
            }
            byte[] larger = new byte[capacity];
            System.arraycopy(pool, 0, larger, 0, pooled);
            pool = larger;
        }
        int start = pooled;
        System.arraycopy(bytes, from, pool, start, length);
        pooled += length;
        return start;
    }

    /**
     * Adds `count` to the word held in bytes[from .. from+length-1]
     * (length > 0), which is copied into the pool when the word is new.
     */
    void add(byte[] bytes, int from, int length, int hash, int count) {
        if (2 * (used + 1) > mask + 1) {
            grow();
        }
        int[] table = slots;
        byte[] words = pool;
        int j = hash & mask;
        while (true) {
            int s = 4 * j;
            int wordLength = table[s + 3];
            if (wordLength == 0) {
                table[s] = hash;
                table[s + 1] = count;
                table[s + 2] = store(bytes, from, length);
                table[s + 3] = length;
                used++;
                return;
            }
            if (table[s] == hash && wordLength == length
                    && Arrays.equals(words, table[s + 2], table[s + 2] + length, bytes, from, from + length)) {
                table[s + 1] += count;
                return;
            }
            j = (j + 1) & mask;
        }
    }

    static boolean isWordChar(byte c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    /** Counts the words of text[from .. to); returns how many there were. */
    long countWords(byte[] text, int from, int to) {
        byte[] buffer = new byte[64];
        long total = 0;
        int n = to;
        int i = from;
        while (i < n) {
            while (i < n && !isWordChar(text[i])) {
                i++;
            }
            int length = 0;
            int hash = 0x811c9dc5;
            while (i < n && isWordChar(text[i])) {
                byte c = text[i];
                i++;
                if (c >= 'A' && c <= 'Z') {
                    c = (byte) (c + ('a' - 'A'));
                }
                if (length == buffer.length) {
                    byte[] longer = new byte[2 * length];
                    System.arraycopy(buffer, 0, longer, 0, length);
                    buffer = longer;
                }
                buffer[length] = c;
                length++;
                hash = (hash ^ c) * 16777619;
            }
            if (length > 0) {
                // The common case, a word already counted, without a call.
                int[] table = slots;
                int j = hash & mask;
                while (true) {
                    int s = 4 * j;
                    int wordLength = table[s + 3];
                    if (wordLength == 0) {
                        if (2 * (used + 1) > mask + 1) {
                            add(buffer, 0, length, hash, 1);
                        } else {
                            // A new word, put where the probe ended (no second probe).
                            table[s] = hash;
                            table[s + 1] = 1;
                            table[s + 2] = store(buffer, 0, length);
                            table[s + 3] = length;
                            used++;
                        }
                        break;
                    }
                    if (table[s] == hash && wordLength == length
                            && Arrays.equals(pool, table[s + 2], table[s + 2] + length, buffer, 0, length)) {
                        table[s + 1]++;
                        break;
                    }
                    j = (j + 1) & mask;
                }
                total++;
            }
        }
        return total;
    }

    /** Adds every count of other into this table (its words' bytes are copied). */
    void addAll(WordTable other) {
        int[] from = other.slots;
        byte[] words = other.pool;
        for (int f = 0; f < from.length; f += 4) {
            int length = from[f + 3];
            if (length != 0) {
                if (2 * (used + 1) > mask + 1) {
                    grow();
                }
                // The probe of add, inline: most words are in both tables.
                int hash = from[f];
                int start = from[f + 2];
                int[] table = slots;
                int j = hash & mask;
                while (true) {
                    int s = 4 * j;
                    int wordLength = table[s + 3];
                    if (wordLength == 0) {
                        table[s] = hash;
                        table[s + 1] = from[f + 1];
                        table[s + 2] = store(words, start, length);
                        table[s + 3] = length;
                        used++;
                        break;
                    }
                    if (table[s] == hash && wordLength == length
                            && Arrays.equals(pool, table[s + 2], table[s + 2] + length, words, start, start + length)) {
                        table[s + 1] += from[f + 1];
                        break;
                    }
                    j = (j + 1) & mask;
                }
            }
        }
    }

    /** The word of slot j, as a String. */
    String word(int j) {
        byte[] bytes = new byte[slots[4 * j + 3]];
        System.arraycopy(pool, slots[4 * j + 2], bytes, 0, bytes.length);
        return new String(bytes);
    }

    /** The count of slot j. */
    int count(int j) {
        return slots[4 * j + 1];
    }

    /** The used slots, the most frequent word first (ties: the smaller word first). */
    int[] ranked() {
        int[] order = new int[used];
        int n = 0;
        for (int j = 0; j <= mask; j++) {
            if (slots[4 * j + 3] != 0) {
                order[n] = j;
                n++;
            }
        }
        sort(order);
        return order;
    }

    /** True if slot a comes before slot b: the higher count, then the smaller word. */
    boolean before(int a, int b) {
        int ca = slots[4 * a + 1];
        int cb = slots[4 * b + 1];
        if (ca != cb) {
            return ca > cb;
        }
        int sa = slots[4 * a + 2];
        int sb = slots[4 * b + 2];
        int la = slots[4 * a + 3];
        int lb = slots[4 * b + 3];
        int common = la < lb ? la : lb;
        for (int k = 0; k < common; k++) {
            if (pool[sa + k] != pool[sb + k]) {
                return (pool[sa + k] & 0xff) < (pool[sb + k] & 0xff);
            }
        }
        return la < lb;
    }

    /** Merge sort of slot numbers by `before`. */
    void sort(int[] a) {
        int[] tmp = new int[a.length];
        for (int width = 1; width < a.length; width *= 2) {
            for (int lo = 0; lo < a.length - width; lo += 2 * width) {
                int mid = lo + width;
                int hi = mid + width;
                if (hi > a.length) {
                    hi = a.length;
                }
                int i = lo;
                int j = mid;
                int k = lo;
                while (i < mid && j < hi) {
                    if (before(a[j], a[i])) {
                        tmp[k] = a[j];
                        j++;
                    } else {
                        tmp[k] = a[i];
                        i++;
                    }
                    k++;
                }
                while (i < mid) {
                    tmp[k] = a[i];
                    i++;
                    k++;
                }
                while (j < hi) {
                    tmp[k] = a[j];
                    j++;
                    k++;
                }
                for (k = lo; k < hi; k++) {
                    a[k] = tmp[k];
                }
            }
        }
    }
}

/** One piece of the text and, once processed, its word counts (and those it combined). */
class Section {
    /**
     * The bytes `count` reads at a time: small enough that the text it
     * scans and the section's table (~0.6 MB) stay in the cache together.
     */
    static final int BLOCK = 1 << 17;

    flag process;
    flag submit;
    flag complete;

    int index;          // the section's place in the text
    int sections;       // how many sections there are
    int top;            // how many words the report lists
    int level;          // the tree level of its next combination, or -1
    tag[] tags;         // tags[l]: the `pair` tag of its combination at level l
    String path;        // the text's file
    long size;          // the file's size
    long chunk;         // the sections' nominal size
    long position;      // where its next block starts (at a word's end)
    WordTable table;
    long words;
    byte[] text;        // while `count` runs: the buffer its blocks are read into

    Section(String path, long size, long chunk, int index, int sections, int top, tag[] tags) {
        this.path = path;
        this.size = size;
        this.chunk = chunk;
        this.index = index;
        this.sections = sections;
        this.top = top;
        this.tags = tags;
        this.level = nextLevel(index, 0, sections);
        long from = index * chunk;
        this.position = from < size ? from : size;
    }

    /**
     * The first level from `from` at which section i (then holding the
     * counts of sections i .. i + 2^from - 1) has a partner, or -1 when it
     * holds them all.
     */
    static int nextLevel(int i, int from, int sections) {
        int l = from;
        while (l < 31 && (1 << l) < sections) {
            if (((i >> l) & 1) == 1 || i + (1 << l) < sections) {
                return l;
            }
            l++;
        }
        return -1;
    }

    /** The tree's levels for `sections` sections: the smallest l with 2^l >= sections. */
    static int levels(int sections) {
        int l = 0;
        while (l < 31 && (1 << l) < sections) {
            l++;
        }
        return l;
    }

    /** The `pair` tag of its next combination (only when level >= 0). */
    tag pairTag() {
        return tags[level];
    }

    /** Counts the section's words, block by block. */
    void countSection() {
        table = new WordTable(WordTable.capacityFor(chunk));
        text = null;
        boolean done = false;
        while (!done) {
            done = countBlock();
        }
        text = null;
    }

    /**
     * Reads and counts the section's next block (see the cuts above): the
     * words from `position` to the first non-word byte at or after
     * position + BLOCK (or the section's nominal end, if that comes first).
     * True when the section is done.
     */
    boolean countBlock() {
        long to = (index + 1) * chunk;
        if (to > size) {
            to = size;
        }
        long blockEnd = position + BLOCK < to ? position + BLOCK : to;
        int nominal = (int) (blockEnd > position ? blockEnd - position : 0);
        int extra = 256;
        while (true) {
            int want = nominal + extra;
            int read;
            if (text == null || want > text.length) {
                // A new buffer, made by the read itself (not zeroed first
                // only to be overwritten); it is shorter where the file ends.
                text = Files.readBytes(path, position, want);
                read = text.length;
            } else {
                read = Files.readInto(path, position, text, 0, want);
            }
            boolean atEnd = position + read >= size;
            int start = 0;
            if (index > 0 && position == index * chunk) {
                // The section's first block: its partial first word is the previous section's.
                while (start < read && WordTable.isWordChar(text[start])) {
                    start++;
                }
            }
            int end = nominal < read ? nominal : read;
            while (end < read && WordTable.isWordChar(text[end])) {
                end++;
            }
            if (end < read || atEnd) {
                words += table.countWords(text, start, end);
                position += end;
                return blockEnd >= to;
            }
            extra *= 2;
        }
    }

    /**
     * Folds other's counts in (the smaller table into the larger, which
     * this section keeps); true when this holds them all.
     */
    boolean absorb(Section other) {
        if (other.table.used > table.used) {
            WordTable smaller = table;
            table = other.table;
            other.table = smaller;
        }
        table.addAll(other.table);
        words += other.words;
        other.table = null;
        level = nextLevel(index, level + 1, sections);
        return level < 0;
    }

    void report() {
        int[] order = table.ranked();
        System.out.println("KeywordCount: " + words + " words, " + order.length + " distinct");
        for (int r = 0; r < order.length && r < top; r++) {
            int i = order[r];
            System.out.println(table.word(i) + " " + table.count(i));
        }
    }
}

task startup(StartupObject s in initialstate) {
    if (s.args.length < 1) {
        System.out.println("usage: keywordcount FILE [TOP [sections]]");
        taskexit(s: initialstate := false);
    }
    String path = s.args[0];
    long size = Files.size(path);
    int top = 20;
    if (s.args.length > 1) {
        top = Integer.parseInt(s.args[1]);
    }
    int count = 62;
    if (s.args.length > 2) {
        count = Integer.parseInt(s.args[2]);
    }
    if (count < 1) {
        count = 1;
    }
    int sections = count;
    long chunk = size / sections + 1;
    if (chunk > (1 << 30)) {
        System.out.println("keywordcount: " + path + ": sections of more than 2^30 bytes; give more sections");
        taskexit(s: initialstate := false);
    }
    // pairs[l][g]: the tag of the combination at level l of the sections
    // g * 2^(l+1) .. (g + 1) * 2^(l+1) - 1.
    int levels = Section.levels(sections);
    tag[][] pairs = new tag[levels][];
    for (int l = 0; l < levels; l++) {
        int groups = ((sections - 1) >> (l + 1)) + 1;
        pairs[l] = new tag[groups];
        for (int g = 0; g < groups; g++) {
            pairs[l][g] = new tag(pair);
        }
    }
    for (int i = 0; i < sections; i++) {
        tag[] tags = new tag[levels];
        for (int l = 0; l < levels; l++) {
            tags[l] = pairs[l][i >> (l + 1)];
        }
        int level = Section.nextLevel(i, 0, sections);
        if (level >= 0) {
            tag first = tags[level];
            Section sp = new Section(path, size, chunk, i, sections, top, tags) { process := true, add first };
        } else {
            Section lone = new Section(path, size, chunk, i, sections, top, tags) { process := true };
        }
    }
    taskexit(s: initialstate := false);
}

task count(Section sp in process) {
    sp.countSection();
    if (sp.level < 0) {
        taskexit(sp: process := false, complete := true);
    }
    taskexit(sp: process := false, submit := true);
}

task combine(Section a in submit with pair t, Section b in submit with pair t) {
    if (a.index < b.index) {
        if (a.absorb(b)) {
            taskexit(a: submit := false, complete := true, clear t; b: submit := false, clear t);
        }
        tag next = a.pairTag();
        taskexit(a: clear t, add next; b: submit := false, clear t);
    }
    if (b.absorb(a)) {
        taskexit(b: submit := false, complete := true, clear t; a: submit := false, clear t);
    }
    tag next = b.pairTag();
    taskexit(b: clear t, add next; a: submit := false, clear t);
}

task report(Section sp in complete) {
    sp.report();
    taskexit(sp: complete := false);
}
