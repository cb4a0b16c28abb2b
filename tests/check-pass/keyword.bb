// The paper's keyword-counting example (Figure 2), completed with the
// classes it uses. Paper spelling. Usage: keyword "some text to count".

class Partitioner {
    String[] words;
    int next;
    int sections;
    static final int WORDS_PER_SECTION = 4;

    Partitioner(String text) {
        words = text.split(" ");
        next = 0;
        sections = (words.length + WORDS_PER_SECTION - 1) / WORDS_PER_SECTION;
    }

    boolean morePartitions() {
        return next < words.length;
    }

    String nextpartition() {
        StringBuilder sb = new StringBuilder();
        int end = Math.min(next + WORDS_PER_SECTION, words.length);
        for (int i = next; i < end; i++) {
            if (i > next)
                sb.append(' ');
            sb.append(words[i]);
        }
        next = end;
        return sb.toString();
    }

    int sectionNum() {
        return sections;
    }
}

class Text {
    flag process;
    flag submit;

    String section;
    HashMap counts;

    Text(String section) {
        this.section = section;
        this.counts = new HashMap();
    }

    void process() {
        String[] words = section.split(" ");
        for (int i = 0; i < words.length; i++) {
            String w = words[i].toLowerCase();
            if (w.length() == 0)
                continue;
            intwrapper c = (intwrapper) counts.get(w);
            if (c == null) {
                c = new intwrapper();
                counts.put(w, c);
            }
            c.value++;
        }
    }
}

class Results {
    flag finished;
    flag reported;

    int expected;
    int merged;
    HashMap totals;

    Results(int expected) {
        this.expected = expected;
        this.merged = 0;
        this.totals = new HashMap();
    }

    boolean mergeResult(Text tp) {
        Iterator it = tp.counts.keySet().iterator();
        while (it.hasNext()) {
            String w = (String) it.next();
            intwrapper c = (intwrapper) tp.counts.get(w);
            intwrapper t = (intwrapper) totals.get(w);
            if (t == null) {
                t = new intwrapper();
                totals.put(w, t);
            }
            t.value += c.value;
        }
        merged++;
        return merged == expected;
    }

    void print() {
        String[] keys = new String[totals.size()];
        int n = 0;
        Iterator it = totals.keySet().iterator();
        while (it.hasNext())
            keys[n++] = (String) it.next();
        // insertion sort, so the output does not depend on hash order
        for (int i = 1; i < n; i++) {
            String k = keys[i];
            int j = i - 1;
            while (j >= 0 && keys[j].compareTo(k) > 0) {
                keys[j + 1] = keys[j];
                j--;
            }
            keys[j + 1] = k;
        }
        for (int i = 0; i < n; i++) {
            intwrapper c = (intwrapper) totals.get(keys[i]);
            System.out.println(keys[i] + ": " + c.value);
        }
    }
}

task startup(StartupObject s in initialstate) {
    Partitioner p = new Partitioner(s.args[0]);
    while (p.morePartitions()) {
        String section = p.nextpartition();
        Text tp = new Text(section) { process := true };
    }
    Results rp = new Results(p.sectionNum()) { finished := false };
    taskexit(s: initialstate := false);
}

task processText(Text tp in process) {
    tp.process();
    taskexit(tp: process := false, submit := true);
}

task mergeIntermediateResult(Results rp in !finished, Text tp in submit) {
    boolean allprocessed = rp.mergeResult(tp);
    if (allprocessed)
        taskexit(rp: finished := true; tp: submit := false);
    taskexit(tp: submit := false);
}

task report(Results rp in finished and !reported) {
    rp.print();
    taskexit(rp: reported := true);
}
