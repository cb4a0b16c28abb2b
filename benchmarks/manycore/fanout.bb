// Fan-out into a merge: a generator makes N tiny work objects, 100 an
// invocation; each is squared by `work` on any core and merged into one
// total by a two-parameter task. Usage: fanout N
class Gen { flag more; int left; }
class W { flag todo; flag done; int v; }
class Total { flag open; long sum; int seen; int expected; }
task startup(StartupObject s in initialstate) {
  int n = Integer.parseInt(s.args[0]);
  Gen g = new Gen() { more := true };
  g.left = n;
  Total t = new Total() { open := true };
  t.expected = n;
  taskexit(s: initialstate := false);
}
task gen(Gen g in more) {
  for (int i = 0; i < 100 && g.left > 0; i++) { W w = new W() { todo := true }; w.v = g.left; g.left--; }
  if (g.left == 0) taskexit(g: more := false);
}
task work(W w in todo) { w.v = (w.v % 1000) * (w.v % 1000); taskexit(w: todo := false, done := true); }
task merge(Total t in open, W w in done) {
  t.sum += w.v;
  t.seen++;
  if (t.seen == t.expected) { System.out.println(t.sum); taskexit(t: open := false; w: done := false); }
  taskexit(w: done := false);
}
