// Issue 28's ping-pong: four objects bounce between two tasks of a few
// nanoseconds until one of them has bounced 20,000 times, when the program
// ends by System.exit(5) (benchmarks/finegrain runs it with 200,000).
class P { flag ping; flag pong; int n; }
task startup(StartupObject s in initialstate) {
  for (int i = 0; i < 4; i++) new P() { ping := true };
  taskexit(s: initialstate := false);
}
task a(P p in ping) { p.n++; if (p.n >= 20000) System.exit(5); taskexit(p: ping := false, pong := true); }
task b(P p in pong) { p.n++; taskexit(p: pong := false, ping := true); }
