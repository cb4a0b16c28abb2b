// keywordcount.bb — the KeywordCount benchmark (the Bamboo paper's section 2
// example) in Bamboo: count the occurrences of every word of a text and
// print the most frequent ones.
//
// Usage: keywordcount FILE [TOP [sections]]   (TOP default 20, sections 62)
//
// Structure (the paper's Figure 2, at benchmark scale):
//   startup  cuts the text into `sections` pieces at word boundaries, one
//            Section task object each (state `process`), and allocates the
//            Results object that merges them;
//   count    counts the words of one section (process -> submit);
//   merge    folds a section's counts into Results; when every section is
//            in, prints the result and sets `finished`.
//
// A word is a maximal run of ASCII letters and digits, compared in lower
// case. Counts live in WordTable, an open-addressing hash table over the
// words' bytes (FNV-1a, linear probing, doubled at half load), the same
// table keywordcount.c uses, so no String is made per word.
//
// Output (identical, byte for byte, to keywordcount.c and `gen.py --expect`):
//   KeywordCount: <words> words, <distinct> distinct
//   <word> <count>        the TOP most frequent, by count then word

/** Word counts keyed by the words' lower-case bytes. */
class WordTable {
    byte[][] words;     // null where a slot is free
    int[] hashes;
    int[] counts;
    int used;
    int mask;           // capacity - 1; the capacity is a power of two

    WordTable() {
        allocate(1024);
        used = 0;
    }

    void allocate(int capacity) {
        words = new byte[capacity][];
        hashes = new int[capacity];
        counts = new int[capacity];
        mask = capacity - 1;
    }

    void grow() {
        byte[][] oldWords = words;
        int[] oldHashes = hashes;
        int[] oldCounts = counts;
        allocate(oldWords.length * 2);
        for (int i = 0; i < oldWords.length; i++) {
            if (oldWords[i] != null) {
                int j = oldHashes[i] & mask;
                while (words[j] != null) {
                    j = (j + 1) & mask;
                }
                words[j] = oldWords[i];
                hashes[j] = oldHashes[i];
                counts[j] = oldCounts[i];
            }
        }
    }

    static boolean sameWord(byte[] word, byte[] buffer, int length) {
        if (word.length != length) {
            return false;
        }
        for (int k = 0; k < length; k++) {
            if (word[k] != buffer[k]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Adds `count` to the word held in buffer[0 .. length-1]. The buffer is
     * copied when the word is new, unless `owned` says it may be kept.
     */
    void add(byte[] buffer, int length, int hash, int count, boolean owned) {
        if (2 * (used + 1) > words.length) {
            grow();
        }
        int j = hash & mask;
        while (true) {
            byte[] word = words[j];
            if (word == null) {
                if (owned) {
                    words[j] = buffer;
                } else {
                    byte[] copy = new byte[length];
                    for (int k = 0; k < length; k++) {
                        copy[k] = buffer[k];
                    }
                    words[j] = copy;
                }
                hashes[j] = hash;
                counts[j] = count;
                used++;
                return;
            }
            if (hashes[j] == hash && sameWord(word, buffer, length)) {
                counts[j] += count;
                return;
            }
            j = (j + 1) & mask;
        }
    }

    static boolean isWordChar(byte c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    /** Counts the words of text; returns how many there were. */
    long countWords(byte[] text) {
        byte[] buffer = new byte[64];
        long total = 0;
        int n = text.length;
        int i = 0;
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
                    for (int k = 0; k < length; k++) {
                        longer[k] = buffer[k];
                    }
                    buffer = longer;
                }
                buffer[length] = c;
                length++;
                hash = (hash ^ c) * 16777619;
            }
            if (length > 0) {
                add(buffer, length, hash, 1, false);
                total++;
            }
        }
        return total;
    }

    /** Adds every count of other into this table; other's words move here. */
    void addAll(WordTable other) {
        for (int i = 0; i < other.words.length; i++) {
            byte[] word = other.words[i];
            if (word != null) {
                add(word, word.length, other.hashes[i], other.counts[i], true);
            }
        }
    }
}

/** One piece of the text and, once processed, its word counts. */
class Section {
    flag process;
    flag submit;

    byte[] text;
    WordTable table;
    long words;

    Section(byte[] text) {
        this.text = text;
    }

    void process() {
        table = new WordTable();
        words = table.countWords(text);
        text = null;
    }
}

/** The merged counts; prints the most frequent words once every section is in. */
class Results {
    flag finished;

    int sections;
    int merged;
    int top;
    long words;
    WordTable table;

    Results(int sections, int top) {
        this.sections = sections;
        this.top = top;
        this.merged = 0;
        this.table = new WordTable();
    }

    /** Adds one section's counts; true when this was the last section. */
    boolean mergeSection(Section s) {
        table.addAll(s.table);
        words += s.words;
        s.table = null;
        merged++;
        return merged == sections;
    }

    void report() {
        int[] order = new int[table.used];
        int n = 0;
        for (int i = 0; i < table.words.length; i++) {
            if (table.words[i] != null) {
                order[n] = i;
                n++;
            }
        }
        sort(order);
        System.out.println("KeywordCount: " + words + " words, " + n + " distinct");
        for (int r = 0; r < n && r < top; r++) {
            int i = order[r];
            System.out.println(new String(table.words[i]) + " " + table.counts[i]);
        }
    }

    /** True if slot a comes before slot b: the higher count, then the smaller word. */
    boolean before(int a, int b) {
        int ca = table.counts[a];
        int cb = table.counts[b];
        if (ca != cb) {
            return ca > cb;
        }
        byte[] wa = table.words[a];
        byte[] wb = table.words[b];
        int common = wa.length < wb.length ? wa.length : wb.length;
        for (int k = 0; k < common; k++) {
            if (wa[k] != wb[k]) {
                return (wa[k] & 0xff) < (wb[k] & 0xff);
            }
        }
        return wa.length < wb.length;
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

/** Cuts a text into `count` sections of about equal size, never inside a word. */
class Partitioner {
    byte[] text;
    int pos;
    int sectionSize;
    int sections;

    Partitioner(byte[] text, int count) {
        this.text = text;
        this.pos = 0;
        this.sections = 0;
        this.sectionSize = text.length / count + 1;
    }

    /** True while text remains; there is always at least one section. */
    boolean morePartitions() {
        return pos < text.length || sections == 0;
    }

    byte[] nextPartition() {
        int start = pos;
        int end = start + sectionSize;
        if (end >= text.length) {
            end = text.length;
        } else {
            while (end < text.length && WordTable.isWordChar(text[end])) {
                end++;
            }
        }
        pos = end;
        sections++;
        byte[] section = new byte[end - start];
        System.arraycopy(text, start, section, 0, end - start);
        return section;
    }
}

task startup(StartupObject s in initialstate) {
    if (s.args.length < 1) {
        System.out.println("usage: keywordcount FILE [TOP [sections]]");
        taskexit(s: initialstate := false);
    }
    byte[] text = Files.readAllBytes(s.args[0]);
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
    Partitioner p = new Partitioner(text, count);
    while (p.morePartitions()) {
        byte[] section = p.nextPartition();
        Section sp = new Section(section) { process := true };
    }
    Results r = new Results(p.sections, top) { finished := false };
    taskexit(s: initialstate := false);
}

task count(Section sp in process) {
    sp.process();
    taskexit(sp: process := false, submit := true);
}

task merge(Results r in !finished, Section sp in submit) {
    if (r.mergeSection(sp)) {
        r.report();
        taskexit(r: finished := true; sp: submit := false);
    }
    taskexit(sp: submit := false);
}
