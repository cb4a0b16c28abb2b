// The paper's keyword-counting example (Figure 2) in the original Bamboo
// distribution's spelling: brace guards, brace exits, brace allocation
// blocks, and the original library names (Vector, Hashtable, StringBuffer,
// System.printString, StartupObject.parameters).

class Partitioner {
    Vector sections;
    int next;

    public Partitioner(String text) {
        sections = new Vector();
        String[] words = text.split(" ");
        StringBuffer cur = new StringBuffer();
        int inSection = 0;
        for (int i = 0; i < words.length; i++) {
            if (inSection > 0)
                cur.append(" ");
            cur.append(words[i]);
            inSection++;
            if (inSection == 4 || i == words.length - 1) {
                sections.addElement(cur.toString());
                cur = new StringBuffer();
                inSection = 0;
            }
        }
        next = 0;
    }

    public boolean morePartitions() {
        return next < sections.size();
    }

    public String nextpartition() {
        String s = (String) sections.elementAt(next);
        next++;
        return s;
    }

    public int sectionNum() {
        return sections.size();
    }
}

public class Text {
    flag process;
    flag submit;

    String section;
    Hashtable counts;

    public Text(String section) {
        this.section = section;
        counts = new Hashtable();
    }

    public void process() {
        String[] words = section.split(" ");
        for (int i = 0; i < words.length; i++) {
            String w = words[i];
            intwrapper c = (intwrapper) counts.get(w);
            if (c == null) {
                c = new intwrapper();
                counts.put(w, c);
            }
            c.value = c.value + 1;
        }
    }

    public Vector words() {
        String[] ws = section.split(" ");
        Vector v = new Vector();
        for (int i = 0; i < ws.length; i++)
            if (!v.contains(ws[i]))
                v.addElement(ws[i]);
        return v;
    }
}

public class Results {
    flag finished;

    int expected;
    int merged;
    Hashtable totals;
    Vector order;

    public Results(int expected) {
        this.expected = expected;
        totals = new Hashtable();
        order = new Vector();
    }

    public boolean mergeResult(Text tp) {
        Vector ws = tp.words();
        for (int i = 0; i < ws.size(); i++) {
            String w = (String) ws.elementAt(i);
            intwrapper c = (intwrapper) tp.counts.get(w);
            intwrapper t = (intwrapper) totals.get(w);
            if (t == null) {
                t = new intwrapper();
                totals.put(w, t);
                order.addElement(w);
            }
            t.value += c.value;
        }
        merged++;
        if (merged == expected) {
            System.printString("distinct words: " + order.size() + "\n");
            return true;
        }
        return false;
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
