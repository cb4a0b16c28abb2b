// The keyword-count pattern on numbers: startup reads a file and makes
// one Section task object per line; each section is parsed and summarised
// in parallel; a merge task with two parameters folds every summary into
// one Result, which prints when the last section arrives. Min, max, sum,
// count and a histogram do not depend on the merge order.

class Section {
    flag parse;
    flag submit;

    String line;
    int count;
    long sum;
    int min = Integer.MAX_VALUE;
    int max = Integer.MIN_VALUE;
    int[] hist = new int[10];

    Section(String line) {
        this.line = line;
    }

    void summarise() {
        String[] parts = line.split(" ");
        for (int i = 0; i < parts.length; i++) {
            if (parts[i].length() == 0)
                continue;
            int v = Integer.parseInt(parts[i]);
            count++;
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
            int bucket = v < 0 ? 0 : v >= 100 ? 9 : v / 10;
            hist[bucket]++;
        }
        line = null;
    }
}

class Result {
    flag collecting;
    flag done;

    int sections;
    int merged;
    int count;
    long sum;
    int min = Integer.MAX_VALUE;
    int max = Integer.MIN_VALUE;
    int[] hist = new int[10];

    Result(int sections) {
        this.sections = sections;
    }

    boolean merge(Section s) {
        merged++;
        count += s.count;
        sum += s.sum;
        if (s.min < min)
            min = s.min;
        if (s.max > max)
            max = s.max;
        for (int i = 0; i < hist.length; i++)
            hist[i] += s.hist[i];
        return merged == sections;
    }

    void print() {
        System.out.println("sections " + merged + " numbers " + count + " sum " + sum + " min " + min + " max " + max);
        System.out.println("mean " + (double) sum / count);
        StringBuilder sb = new StringBuilder("histogram");
        for (int i = 0; i < hist.length; i++)
            sb.append(' ').append(hist[i]);
        System.out.println(sb);
    }
}

task startup(StartupObject s in initialstate) {
    String[] lines = Files.readAllLines(s.args[0]);
    for (int i = 0; i < lines.length; i++)
        new Section(lines[i]) { parse := true };
    new Result(lines.length) { collecting := true };
    taskexit(s: initialstate := false);
}

task parse(Section sec in parse) {
    sec.summarise();
    taskexit(sec: parse := false, submit := true);
}

task mergeResult(Result r in collecting, Section sec in submit) {
    if (r.merge(sec)) {
        r.print();
        taskexit(r: collecting := false, done := true; sec: submit := false);
    }
    taskexit(sec: submit := false);
}
