// The original distribution's library spellings (issue 33 item 4):
// String.subString, HashMap.iterator(int) (0 keys, 1 values, anything
// else an IllegalArgumentException) and Math.PI() as a method.
task startup(StartupObject s in initialstate) {
  String t = "hello world";
  System.printString(t.subString(6, 11) + "\n");
  HashMap m = new HashMap();
  m.put("a", new Integer(1));
  m.put("b", new Integer(2));
  Iterator k = m.iterator(0);
  int n = 0;
  while (k.hasNext()) { String key = (String) k.next(); n = n + key.length(); }
  Iterator v = m.iterator(1);
  int sum = 0;
  while (v.hasNext()) { sum = sum + ((Integer) v.next()).intValue(); }
  System.printString(n + " " + sum + "\n");
  System.printString(Math.PI() + " " + Math.PI + "\n");
  Iterator bad = m.iterator(2);
  taskexit(s: initialstate := false);
}
