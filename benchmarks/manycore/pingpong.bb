// Ping-pong: 4 objects, each alternating between two one-line tasks; every
// flag change is routed round-robin, so on several cores nearly every
// invocation is a hand-off. Exits with status 5 (System.exit) when the
// first object has made 200000 invocations. Used to check that more cores
// than processors cost little (runtime-c/README.md, "Idle cores").
// Usage: pingpong
class P { flag ping; flag pong; int n; }
task startup(StartupObject s in initialstate) {
  for (int i = 0; i < 4; i++) new P() { ping := true };
  taskexit(s: initialstate := false);
}
task a(P p in ping) { p.n++; if (p.n >= 200000) System.exit(5); taskexit(p: ping := false, pong := true); }
task b(P p in pong) { p.n++; taskexit(p: pong := false, ping := true); }
