#!/usr/bin/env python3
"""Print a valid Bamboo program of about LINES lines, for timing the compiler.

    python3 tools/genprog.py LINES [SEED] > big.bb
    bambooc check big.bb        # must exit 0 and print nothing

The program is many classes (fields, a constructor, a dozen methods with
loops, branches, switches, arrays, strings, arithmetic, calls into other
classes, single inheritance with overriding, and the library's collections:
Vector, ArrayList, LinkedList, HashMap and Hashtable, filled, read,
iterated and kept in fields), some of them task classes with flags, and a
few tasks: a startup task that makes task objects with
allocation blocks, a task per task class that processes an object, and tasks
that hand results to a collector. Deterministic for a given SEED (default 1).
"""

import random
import sys


class Out:
    def __init__(self):
        self.lines = []
        self.depth = 0

    def __call__(self, text=""):
        self.lines.append("    " * self.depth + text if text else "")

    def open(self, text):
        self(text)
        self.depth += 1

    def close(self, text="}"):
        self.depth -= 1
        self(text)


class ClassInfo:
    def __init__(self, k, sup):
        self.k = k
        self.name = f"Worker{k}"
        self.sup = sup  # ClassInfo or None
        self.methods = []  # (name, [param types], return type, static)
        self.flags = []


def ancestors(c):
    while c is not None:
        yield c
        c = c.sup


def gen_class(out, rng, c, earlier):
    k = c.k
    head = f"class {c.name}"
    if c.sup is not None:
        head += f" extends {c.sup.name}"
    out.open(head + " {")
    for f in c.flags:
        out(f"flag {f};")
    out(f"static final int SIZE{k} = {rng.randint(4, 64)};")
    out(f"static final String TAG{k} = \"w{k}-\" + SIZE{k};")
    out(f"int count{k};")
    out(f"double total{k};")
    out(f"int[] data{k};")
    out(f"String name{k};")
    out(f"Vector items{k};")
    out(f"HashMap index{k};")
    peer = rng.choice(earlier) if earlier else None
    if peer is not None:
        out(f"{peer.name} peer{k};")
    out()
    out.open(f"{c.name}(int n, String name) {{")
    if c.sup is not None:
        out("super(n + 1, name);")
    out(f"this.count{k} = n;")
    out(f"this.name{k} = name + TAG{k};")
    out(f"data{k} = new int[SIZE{k} + (n & 7)];")
    out.open(f"for (int i = 0; i < data{k}.length; i++) {{")
    out(f"data{k}[i] = (i * {rng.randint(3, 97)} + n) % {rng.randint(5, 101)};")
    out.close()
    out(f"total{k} = {rng.randint(0, 9)}.5;")
    out(f"items{k} = new Vector();")
    out(f"index{k} = new HashMap();")
    if peer is not None:
        out.open("if (n > 0) {")
        out(f"peer{k} = new {peer.name}(n - 1, \"peer\");")
        out.close()
    out.close()

    kinds = [sum_method, avg_method, text_method, check_method, hash_method, sort_method,
             copy_method, call_method, util_method, chars_method, matrix_method, words_method,
             vector_method, map_method, list_method, linked_method, table_method]
    n_methods = rng.randint(7, 12)
    for i in range(n_methods):
        kind = kinds[(i + k) % len(kinds)] if i < len(kinds) else rng.choice(kinds)
        out()
        kind(out, rng, c, f"m{k}_{i}", earlier, peer)
    # score() is declared by every class; subclasses override it.
    out()
    out.open("int score() {")
    out(f"int s = count{k} * {rng.randint(2, 9)};")
    out.open(f"for (int v : data{k}) {{")
    out("s += v;")
    out.close()
    if c.sup is not None:
        out("s += super.score();")
    out("return s;")
    out.close()
    out.close()


def sum_method(out, rng, c, name, earlier, peer):
    k = c.k
    out.open(f"int {name}(int a, int b) {{")
    out("int acc = 0;")
    out.open(f"for (int i = 0; i < data{k}.length; i++) {{")
    out.open(f"if (data{k}[i] % 2 == 0) {{")
    out(f"acc += data{k}[i] * a;")
    out.close("} else if (i > b) {")
    out.depth += 1
    out(f"acc -= (data{k}[i] << 1) ^ b;")
    out.close("} else {")
    out.depth += 1
    out(f"acc = acc * {rng.randint(3, 31)} + i;")
    out.close()
    out.close()
    out(f"count{k} += acc & 0xff;")
    out(f"return acc + count{k} % {rng.randint(2, 13)};")
    out.close()
    c.methods.append((name, ["int", "int"], "int", False))


def avg_method(out, rng, c, name, earlier, peer):
    k = c.k
    out.open(f"double {name}(double scale) {{")
    out("double sum = 0.0;")
    out("int n = 0;")
    out.open(f"while (n < data{k}.length) {{")
    out(f"sum += data{k}[n] * scale / (n + 1);")
    out("n++;")
    out.close()
    out(f"total{k} = sum / Math.max(1, n);")
    out(f"double r = Math.sqrt(Math.abs(total{k})) + {rng.randint(1, 9)}.25e-1;")
    out(f"return r > 1e6 ? 1e6 : r;")
    out.close()
    c.methods.append((name, ["double"], "double", False))


def text_method(out, rng, c, name, earlier, peer):
    k = c.k
    out.open(f"String {name}(int n) {{")
    out("StringBuilder sb = new StringBuilder();")
    out(f"sb.append(name{k}).append(':');")
    out.open(f"for (int i = 0; i < n && i < data{k}.length; i++) {{")
    out.open("if (i > 0) {")
    out("sb.append(\", \");")
    out.close()
    out(f"sb.append(data{k}[i] > {rng.randint(10, 50)} ? \"big\" : String.valueOf(data{k}[i]));")
    out.close()
    out("String s = sb.toString();")
    out("return s.length() > 80 ? s.substring(0, 80) : s.toUpperCase();")
    out.close()
    c.methods.append((name, ["int"], "String", False))


def check_method(out, rng, c, name, earlier, peer):
    k = c.k
    out.open(f"boolean {name}(int x) {{")
    out("boolean r = false;")
    out.open(f"switch (x % {rng.randint(4, 9)}) {{")
    out("case 0:")
    out(f"    r = x > count{k};")
    out("    break;")
    out("case 1:")
    out("case 2:")
    out(f"    r = data{k}.length > x;")
    out("    break;")
    out("case 3:")
    out("    r = !r;")
    out("default:")
    out(f"    r = r || (x & {rng.randint(1, 15)}) != 0;")
    out.close()
    out(f"return r && name{k} != null;")
    out.close()
    c.methods.append((name, ["int"], "boolean", False))


def hash_method(out, rng, c, name, earlier, peer):
    k = c.k
    out.open(f"long {name}(long seed) {{")
    out("long h = seed ^ 0x5DEECE66DL;")
    out("int rounds = 0;")
    out.open("do {")
    out("h ^= h << 13;")
    out("h ^= h >>> 7;")
    out("h ^= h << 17;")
    out("rounds++;")
    out.close(f"}} while (rounds < {rng.randint(2, 6)});")
    out(f"return h + (long) count{k} * {rng.randint(1000, 99999)}L;")
    out.close()
    c.methods.append((name, ["long"], "long", False))


def sort_method(out, rng, c, name, earlier, peer):
    k = c.k
    out.open(f"void {name}() {{")
    out(f"int[] a = data{k};")
    out.open("for (int i = 1; i < a.length; i++) {")
    out("int key = a[i];")
    out("int j = i - 1;")
    out.open("while (j >= 0 && a[j] > key) {")
    out("a[j + 1] = a[j];")
    out("j--;")
    out.close()
    out("a[j + 1] = key;")
    out.close()
    out.close()
    c.methods.append((name, [], "void", False))


def copy_method(out, rng, c, name, earlier, peer):
    k = c.k
    out.open(f"int[] {name}(int len) {{")
    out("if (len < 0) len = 0;")
    out("int[] r = new int[len];")
    out.open(f"for (int i = 0; i < len; i++) {{")
    out(f"r[i] = i < data{k}.length ? data{k}[i] : -i;")
    out.close()
    out("return r;")
    out.close()
    c.methods.append((name, ["int"], "int[]", False))


def call_method(out, rng, c, name, earlier, peer):
    k = c.k
    out.open(f"int {name}(int a) {{")
    out("int r = a;")
    targets = [t for t in earlier if t.methods]
    for t in rng.sample(targets, min(len(targets), 2)):
        v = f"o{t.k}"
        out(f"{t.name} {v} = new {t.name}(a & 3, \"tmp\");")
        for (mname, params, ret, static) in rng.sample(t.methods, min(2, len(t.methods))):
            args = ", ".join(arg_for(p, rng) for p in params)
            call = f"{t.name}.{mname}({args})" if static else f"{v}.{mname}({args})"
            if ret == "int":
                out(f"r += {call};")
            elif ret in ("long", "double"):
                out(f"r += (int) {call};")
            elif ret == "boolean":
                out(f"if ({call}) r++;")
            elif ret == "String":
                out(f"r += {call}.length();")
            elif ret == "int[]":
                out(f"r += {call}.length;")
            else:
                out(f"{call};")
        out(f"r += {v}.score();")
    if peer is not None:
        out.open(f"if (peer{k} != null) {{")
        out(f"r ^= peer{k}.score();")
        out.close()
    out("return r;")
    out.close()
    c.methods.append((name, ["int"], "int", False))


def util_method(out, rng, c, name, earlier, peer):
    out.open(f"static int {name}(int a, int b) {{")
    out("int lo = Math.min(a, b);")
    out("int hi = Math.max(a, b);")
    out("int g = lo == 0 ? hi : lo;")
    out.open("while (hi % g != 0) {")
    out("int t = hi % g;")
    out("hi = g;")
    out("g = t;")
    out.close()
    out(f"return g < 0 ? -g : g + {rng.randint(0, 5)};")
    out.close()
    c.methods.append((name, ["int", "int"], "int", True))


def chars_method(out, rng, c, name, earlier, peer):
    out.open(f"char[] {name}(String s) {{")
    out("char[] cs = s.toCharArray();")
    out.open("for (int i = 0; i < cs.length; i++) {")
    out.open("if (cs[i] >= 'a' && cs[i] <= 'z') {")
    out("cs[i] = (char) (cs[i] - 'a' + 'A');")
    out.close("} else if (cs[i] == ' ') {")
    out.depth += 1
    out("cs[i] = '_';")
    out.close()
    out.close()
    out("return cs;")
    out.close()
    c.methods.append((name, ["String"], "char[]", False))


def matrix_method(out, rng, c, name, earlier, peer):
    k = c.k
    out.open(f"double {name}(int n) {{")
    out("if (n < 1) n = 1;")
    out("if (n > 16) n = 16;")
    out("double[][] m = new double[n][n];")
    out.open("for (int i = 0; i < n; i++) {")
    out.open("for (int j = 0; j < n; j++) {")
    out(f"m[i][j] = (i + 1) * {rng.randint(1, 9)}.0 / (j + 1);")
    out.close()
    out.close()
    out("double trace = 0;")
    out.open("for (int i = 0; i < n; i++) {")
    out("trace += m[i][i];")
    out.close()
    out(f"return trace + total{k};")
    out.close()
    c.methods.append((name, ["int"], "double", False))


def words_method(out, rng, c, name, earlier, peer):
    out.open(f"int {name}(String text) {{")
    out("String[] words = text.split(\" \");")
    out("int n = 0;")
    out.open("for (String w : words) {")
    out("if (w.length() == 0) continue;")
    out("if (w.equals(\"the\") || w.startsWith(\"#\")) n += 2;")
    out("else n++;")
    out.close()
    out("return n;")
    out.close()
    c.methods.append((name, ["String"], "int", False))


def vector_method(out, rng, c, name, earlier, peer):
    k = c.k
    out.open(f"int {name}(int n) {{")
    out.open(f"for (int i = 0; i < n + {rng.randint(2, 9)}; i++) {{")
    out(f"items{k}.addElement(new Integer(data{k}[i % data{k}.length] + i));")
    out.close()
    out("int s = 0;")
    out.open(f"for (int i = 0; i < items{k}.size(); i++) {{")
    out(f"Integer v = (Integer) items{k}.elementAt(i);")
    out(f"s += v.intValue() * {rng.randint(1, 7)};")
    out.close()
    out(f"if (items{k}.size() > {rng.randint(50, 200)}) items{k}.removeAllElements();")
    out("return s;")
    out.close()
    c.methods.append((name, ["int"], "int", False))


def map_method(out, rng, c, name, earlier, peer):
    k = c.k
    out.open(f"int {name}(String key) {{")
    out(f"Integer old = (Integer) index{k}.get(key);")
    out("int n = old == null ? 1 : old.intValue() + 1;")
    out(f"index{k}.put(key, new Integer(n));")
    out(f"index{k}.put(key + n % {rng.randint(2, 9)}, new Integer(count{k}));")
    out("int total = 0;")
    out(f"Iterator it = index{k}.keySet().iterator();")
    out.open("while (it.hasNext()) {")
    out("String s = (String) it.next();")
    out(f"Integer v = (Integer) index{k}.get(s);")
    out("if (v != null) total += v.intValue() + s.length();")
    out.close()
    out(f"if (index{k}.containsKey(name{k})) total++;")
    out("return total;")
    out.close()
    c.methods.append((name, ["String"], "int", False))


def list_method(out, rng, c, name, earlier, peer):
    k = c.k
    out.open(f"String {name}(int n) {{")
    out("ArrayList parts = new ArrayList();")
    out.open(f"for (int i = 0; i < n % {rng.randint(5, 20)} + 3; i++) {{")
    out(f"parts.add(name{k} + \"-\" + i);")
    out.close()
    out.open("for (int i = 0; i < parts.size(); i += 2) {")
    out("parts.set(i, ((String) parts.get(i)).toUpperCase());")
    out.close()
    out("StringBuilder sb = new StringBuilder();")
    out.open("for (int i = 0; i < parts.size(); i++) {")
    out("sb.append((String) parts.get(i)).append(';');")
    out.close()
    out("return sb.toString();")
    out.close()
    c.methods.append((name, ["int"], "String", False))


def linked_method(out, rng, c, name, earlier, peer):
    k = c.k
    out.open(f"long {name}(long seed) {{")
    out("LinkedList queue = new LinkedList();")
    out(f"queue.addLast(new Long(seed));")
    out("long acc = 0;")
    out("int steps = 0;")
    out.open(f"while (queue.size() > 0 && steps < {rng.randint(8, 40)}) {{")
    out("Long x = (Long) queue.removeFirst();")
    out("acc += x.longValue();")
    out(f"queue.addLast(new Long(x.longValue() / 2 + {rng.randint(1, 9)}));")
    out("if ((steps & 1) == 0) queue.addLast(new Long(acc % 1000));")
    out("steps++;")
    out.close()
    out(f"return acc + count{k};")
    out.close()
    c.methods.append((name, ["long"], "long", False))


def table_method(out, rng, c, name, earlier, peer):
    k = c.k
    out.open(f"boolean {name}(int x) {{")
    out("Hashtable seen = new Hashtable();")
    out.open(f"for (int i = 0; i < data{k}.length; i++) {{")
    out(f"Integer key = new Integer(data{k}[i] % {rng.randint(3, 17)});")
    out.open("if (seen.containsKey(key)) {")
    out("return x > i;")
    out.close()
    out("seen.put(key, name" + str(k) + ");")
    out.close()
    out("return seen.size() > x;")
    out.close()
    c.methods.append((name, ["int"], "boolean", False))


def arg_for(t, rng):
    return {
        "int": str(rng.randint(0, 9)),
        "long": f"{rng.randint(0, 99999)}L",
        "double": f"{rng.randint(0, 9)}.5",
        "String": "\"a b the #c\"",
    }[t]


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: genprog.py LINES [SEED]")
    target = int(sys.argv[1])
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    out = Out()
    out(f"// Generated by tools/genprog.py {target}: a large valid Bamboo program for timing.")
    out()
    out.open("class Collector {")
    out("flag open;")
    out("flag closed;")
    out("int received;")
    out("long sum;")
    out.open("void add(int v) {")
    out("received++;")
    out("sum += v;")
    out.close()
    out.close()
    out()
    classes = []
    task_classes = []
    reserve = 40  # lines left for the tasks, adjusted below
    while len(out.lines) + reserve < target or not classes:
        k = len(classes)
        sup = None
        if classes and rng.random() < 0.3:
            sup = rng.choice(classes[-20:])
        c = ClassInfo(k, sup)
        if k % 5 == 0:
            c.flags = [f"ready{k}", f"done{k}"]
            task_classes.append(c)
            reserve += 20
        gen_class(out, rng, c, classes[-30:])
        out()
        classes.append(c)

    out.open("task startup(StartupObject s in initialstate) {")
    out("int n = s.args.length + 2;")
    out.open("for (int i = 0; i < n; i++) {")
    for c in task_classes:
        out(f"new {c.name}(i, \"t\" + i) {{ ready{c.k} := true }};")
    out.close()
    out("Collector col = new Collector() { open := true };")
    out("taskexit(s: initialstate := false);")
    out.close()
    for i, c in enumerate(task_classes):
        k = c.k
        out()
        if i % 2 == 0:
            out.open(f"task process{k}({c.name} w in ready{k} and !done{k}) {{")
        else:
            out.open(f"task process{k}({c.name} w{{ready{k} && !done{k}}}) {{")
        m = [x for x in c.methods if x[2] == "int" and not x[3]]
        if m:
            mname, params, _, _ = m[0]
            out(f"int r = w.{mname}({', '.join(arg_for(p, rng) for p in params)});")
            out.open("if (r < 0) {")
            out(f"taskexit(w: ready{k} := false);")
            out.close()
        if i % 2 == 0:
            out(f"taskexit(w: ready{k} := false, done{k} := true);")
        else:
            out(f"taskexit(w{{!ready{k}, done{k}}});")
        out.close()
        out()
        out.open(f"task collect{k}(Collector c in open, {c.name} w in done{k}) {{")
        out("c.add(w.score());")
        out.open("if (c.received > 1000000) {")
        out(f"taskexit(c: open := false, closed := true; w: done{k} := false);")
        out.close()
        out(f"taskexit(w: done{k} := false);")
        out.close()
    print("\n".join(out.lines))


if __name__ == "__main__":
    main()
