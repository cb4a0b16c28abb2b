// KeywordCount.java — Java version of the KeywordCount benchmark, the
// algorithm of keywordcount.c (see there): words are maximal runs of ASCII
// letters and digits, compared in lower case, counted in an
// open-addressing table (FNV-1a, linear probing, doubled at half load).
//
// Usage: javac -d OUT KeywordCount.java ../java/Bench.java
//        java [-Dthreads=N] -cp OUT KeywordCount FILE [TOP]
//
// With N threads the text is cut at word boundaries into N pieces, each
// thread counts its piece into its own table, and the tables are merged
// (keywordcount.c's OpenMP scheme); the result is sorted, so the output does
// not depend on the thread count.
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;

public class KeywordCount {
    /** Word counts in an open-addressing table, as keywordcount.c's. */
    static final class Table {
        byte[][] words = new byte[1024][];
        int[] hashes = new int[1024];
        long[] counts = new long[1024];
        int used;

        private void grow() {
            int capacity = words.length * 2;
            byte[][] w = new byte[capacity][];
            int[] h = new int[capacity];
            long[] c = new long[capacity];
            for (int i = 0; i < words.length; i++) {
                if (words[i] == null) {
                    continue;
                }
                int j = hashes[i] & (capacity - 1);
                while (w[j] != null) {
                    j = (j + 1) & (capacity - 1);
                }
                w[j] = words[i];
                h[j] = hashes[i];
                c[j] = counts[i];
            }
            words = w;
            hashes = h;
            counts = c;
        }

        /** Adds count to the word text[from .. to-1] (lower case). */
        void add(byte[] text, int from, int to, int hash, long count) {
            if (2 * (used + 1) > words.length) {
                grow();
            }
            int mask = words.length - 1;
            int j = hash & mask;
            for (;;) {
                byte[] w = words[j];
                if (w == null) {
                    words[j] = Arrays.copyOfRange(text, from, to);
                    hashes[j] = hash;
                    counts[j] = count;
                    used++;
                    return;
                }
                if (hashes[j] == hash && Arrays.equals(w, 0, w.length, text, from, to)) {
                    counts[j] += count;
                    return;
                }
                j = (j + 1) & mask;
            }
        }
    }

    static boolean isWordChar(byte c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    /**
     * Counts the words that start in text[start .. end-1] into t (a word
     * that starts there may run past end); returns how many. The text is
     * lowered in place: a neighbouring piece only asks whether those bytes
     * are letters or digits, which lowering does not change.
     */
    static long count(byte[] text, int start, int end, Table t) {
        int i = start;
        while (i > 0 && i < end && isWordChar(text[i]) && isWordChar(text[i - 1])) {
            i++;            // the previous piece's last word
        }
        long words = 0;
        while (i < end) {
            while (i < end && !isWordChar(text[i])) {
                i++;
            }
            int from = i;
            int hash = 0x811c9dc5;
            while (i < text.length && isWordChar(text[i])) {
                byte c = text[i];
                if (c >= 'A' && c <= 'Z') {
                    c += 'a' - 'A';
                    text[i] = c;
                }
                hash = (hash ^ (c & 0xff)) * 16777619;
                i++;
            }
            if (i > from) {
                t.add(text, from, i, hash, 1);
                words++;
            }
        }
        return words;
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: KeywordCount FILE [TOP]");
            System.exit(2);
        }
        int top = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        byte[] text = Files.readAllBytes(Paths.get(args[0]));
        int pieces = Bench.THREADS;
        Table[] tables = new Table[pieces];
        long words = Bench.parallelFor(0, pieces, 1, (lo, hi) -> {
            long n = 0;
            for (int p = lo; p < hi; p++) {
                tables[p] = new Table();
                n += count(text, (int) ((long) text.length * p / pieces),
                           (int) ((long) text.length * (p + 1) / pieces), tables[p]);
            }
            return n;
        });
        Table t = tables[0];
        for (int p = 1; p < pieces; p++) {
            Table from = tables[p];
            for (int j = 0; j < from.words.length; j++) {
                byte[] w = from.words[j];
                if (w != null) {
                    t.add(w, 0, w.length, from.hashes[j], from.counts[j]);
                }
            }
        }

        Integer[] order = new Integer[t.used];
        int n = 0;
        for (int j = 0; j < t.words.length; j++) {
            if (t.words[j] != null) {
                order[n++] = j;
            }
        }
        long[] counts = t.counts;
        byte[][] all = t.words;
        Arrays.sort(order, (x, y) -> counts[x] != counts[y] ? Long.compare(counts[y], counts[x])
                                                            : Arrays.compareUnsigned(all[x], all[y]));
        StringBuilder out = new StringBuilder();
        out.append("KeywordCount: ").append(words).append(" words, ").append(n).append(" distinct\n");
        for (int j = 0; j < n && j < top; j++) {
            out.append(new String(all[order[j]], StandardCharsets.US_ASCII)).append(' ')
               .append(counts[order[j]]).append('\n');
        }
        System.out.print(out);
    }
}
