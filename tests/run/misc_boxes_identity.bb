// Boxes: new Integer(...) is always a fresh object; equals and hashCode
// compare values whatever the identity. (Java's valueOf caches boxes in
// -128..127; Bamboo's valueOf always allocates, as stdlib/Boxes.bb states,
// so `==` on valueOf boxes is not tested here.)

task startup(StartupObject s in initialstate) {
    Integer a = new Integer(5);
    Integer b = a;
    System.out.println(new Integer(5) == new Integer(5));
    System.out.println(a == b);
    System.out.println(Integer.valueOf(1000).equals(Integer.valueOf(1000)));
    System.out.println(new Integer(7).equals(Integer.valueOf(7)));
    System.out.println(new Long(7L).equals(new Integer(7)));
    System.out.println(Boolean.valueOf(true).equals(Boolean.valueOf(true)));
    System.out.println(Character.valueOf('a').equals(new Character('a')));
    System.out.println(Long.valueOf(3L).hashCode() == new Long(3L).hashCode());
    System.out.println(new Double(0.0).equals(new Double(-0.0)));
    System.out.println(new Double(Double.NaN).equals(new Double(Double.NaN)));
    System.out.println(Integer.valueOf(-129).intValue() + Integer.valueOf(128).intValue());
    taskexit(s: initialstate := false);
}
