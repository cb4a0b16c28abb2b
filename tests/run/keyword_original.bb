// keyword-original.bb — the keyword-counting example of the Bamboo paper
// (Zhou and Demsky, PLDI 2010, section 2), written in the ORIGINAL Bamboo
// distribution's spelling of the task language: guards in braces
// (`Text tp{process}`), flag changes as `{!f, g}` in `taskexit` and in
// allocation blocks, and `s.parameters` for the command-line arguments.
// It is otherwise the same program as examples/keyword.bb, and prints the
// same output.
//
// Usage: keyword-original FILE
// Prints every word of FILE once, in sorted order, with its number of
// occurrences: one "word count" per line. A word is a maximal run of ASCII
// letters and digits, compared in lower case.

/** Cuts a text into sections of about `sectionSize` chars, ending at whitespace. */
class Partitioner {
    private static final int SECTIONS = 16;

    private String text;
    private int pos;
    private int sectionSize;
    private int sections;

    public Partitioner(String path) {
        text = Files.readString(path);
        pos = 0;
        sections = 0;
        sectionSize = text.length() / SECTIONS + 1;
    }

    /** True while text remains; there is always at least one section. */
    public boolean morePartitions() {
        return pos < text.length() || sections == 0;
    }

    public String nextpartition() {
        int start = pos;
        int end = start + sectionSize;
        if (end >= text.length()) {
            end = text.length();
        } else {
            // never cut a word: a section ends just before whitespace
            while (end < text.length() && text.charAt(end) > ' ') {
                end++;
            }
        }
        pos = end;
        sections++;
        return text.substring(start, end);
    }

    public int sectionNum() {
        return sections;
    }
}

/** One section of the text and, once processed, its word counts. */
class Text {
    flag process;
    flag submit;

    String section;
    HashMap counts;   // String -> intwrapper

    public Text(String section) {
        this.section = section;
        this.counts = new HashMap();
    }

    static boolean isWordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    public void process() {
        int n = section.length();
        int i = 0;
        while (i < n) {
            while (i < n && !isWordChar(section.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && isWordChar(section.charAt(i))) {
                i++;
            }
            if (i > start) {
                String word = section.substring(start, i).toLowerCase();
                intwrapper count = (intwrapper) counts.get(word);
                if (count == null) {
                    count = new intwrapper();
                    counts.put(word, count);
                }
                count.value++;
            }
        }
        section = null;
    }
}

/** The merged counts; prints them once every section has been merged. */
class Results {
    flag finished;

    private int total;
    private int merged;
    private HashMap counts;   // String -> intwrapper

    public Results(int total) {
        this.total = total;
        this.merged = 0;
        this.counts = new HashMap();
    }

    /** Adds tp's counts; returns true when this was the last section. */
    public boolean mergeResult(Text tp) {
        Iterator it = tp.counts.entrySet().iterator();
        while (it.hasNext()) {
            MapEntry e = (MapEntry) it.next();
            String word = (String) e.getKey();
            intwrapper part = (intwrapper) e.getValue();
            intwrapper sum = (intwrapper) counts.get(word);
            if (sum == null) {
                sum = new intwrapper();
                counts.put(word, sum);
            }
            sum.value += part.value;
        }
        merged++;
        if (merged == total) {
            printResults();
            return true;
        }
        return false;
    }

    private void printResults() {
        String[] words = new String[counts.size()];
        Iterator it = counts.keySet().iterator();
        for (int i = 0; i < words.length; i++) {
            words[i] = (String) it.next();
        }
        sort(words);
        for (int i = 0; i < words.length; i++) {
            intwrapper count = (intwrapper) counts.get(words[i]);
            System.out.println(words[i] + " " + count.value);
        }
    }

    /** Merge sort by String.compareTo. */
    private static void sort(String[] a) {
        if (a.length < 2) {
            return;
        }
        String[] tmp = new String[a.length];
        mergeSort(a, tmp, 0, a.length);
    }

    private static void mergeSort(String[] a, String[] tmp, int lo, int hi) {
        if (hi - lo < 2) {
            return;
        }
        int mid = (lo + hi) >>> 1;
        mergeSort(a, tmp, lo, mid);
        mergeSort(a, tmp, mid, hi);
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
            if (a[i].compareTo(a[j]) <= 0) {
                tmp[k++] = a[i++];
            } else {
                tmp[k++] = a[j++];
            }
        }
        while (i < mid) {
            tmp[k++] = a[i++];
        }
        while (j < hi) {
            tmp[k++] = a[j++];
        }
        for (k = lo; k < hi; k++) {
            a[k] = tmp[k];
        }
    }
}

task startup(StartupObject s{initialstate}) {
    Partitioner p = new Partitioner(s.parameters[0]);
    while (p.morePartitions()) {
        String section = p.nextpartition();
        Text tp = new Text(section){process};
    }
    Results rp = new Results(p.sectionNum()){!finished};
    taskexit(s{!initialstate});
}

task processText(Text tp{process}) {
    tp.process();
    taskexit(tp{!process, submit});
}

task mergeIntermediateResult(Results rp{!finished}, Text tp{submit}) {
    boolean allprocessed = rp.mergeResult(tp);
    if (allprocessed)
        taskexit(rp{finished}, tp{!submit});
    taskexit(tp{!submit});
}
