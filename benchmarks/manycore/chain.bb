// A chain of three one-line tasks: 8 objects go s1 -> s2 -> s3 -> s1 until
// each has made N invocations; the program ends by termination detection.
// Usage: chain N
class C { flag one; flag two; flag three; int n; int lim; }
task startup(StartupObject s in initialstate) {
  int n = Integer.parseInt(s.args[0]);
  for (int i = 0; i < 8; i++) { C c = new C() { one := true }; c.lim = n; }
  taskexit(s: initialstate := false);
}
task s1(C c in one) { c.n++; taskexit(c: one := false, two := true); }
task s2(C c in two) { c.n++; taskexit(c: two := false, three := true); }
task s3(C c in three) {
  c.n++;
  if (c.n >= c.lim) { taskexit(c: three := false); }
  taskexit(c: three := false, one := true);
}
