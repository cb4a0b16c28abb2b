// Wake-up latency of a parked core: a token hops N times, every hop a new
// object (round-robin, each core starting at itself, so on two cores every second hop crosses), and each hop
// first works for about K microseconds, so the other core has parked by
// the time the token reaches it: (T2 - T1) / N is the latency of a
// hand-off to a parked core. Usage: parkhop N K
class Token { flag moving; int left; int k; }
task startup(StartupObject s in initialstate) {
  Token t = new Token() { moving := true };
  t.left = Integer.parseInt(s.args[0]);
  t.k = Integer.parseInt(s.args[1]);
  taskexit(s: initialstate := false);
}
task hop(Token t in moving) {
  long until = System.nanoTime() + 1000L * t.k;
  while (System.nanoTime() < until) { }
  if (t.left > 0) { Token u = new Token() { moving := true }; u.left = t.left - 1; u.k = t.k; }
  else System.out.println("arrived");
  taskexit(t: moving := false);
}
