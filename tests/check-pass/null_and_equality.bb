// null: default values of reference fields and array elements, null
// comparisons, passing and returning null, and == on references versus
// equals on strings.

class Box {
    Box inner;
    String label;

    Box find(String l) {
        if (l.equals(label))
            return this;
        if (inner == null)
            return null;
        return inner.find(l);
    }
}

task startup(StartupObject s in initialstate) {
    Box a = new Box();
    System.out.println((a.inner == null) + " " + (a.label == null));
    a.label = "outer";
    a.inner = new Box();
    a.inner.label = "inner";
    Box hit = a.find("inner");
    Box miss = a.find("nowhere");
    System.out.println((hit == a.inner) + " " + (miss == null) + " " + (hit != null));
    String[] strs = new String[2];
    Object[] objs = new Object[1];
    System.out.println(strs[1] == null && objs[0] == null);
    String x = "ab";
    String y = new StringBuilder("a").append("b").toString();
    System.out.println(x.equals(y) + " " + (null == strs[0]));
    Object o = null;
    o = x;
    System.out.println(o == x);
    Box nb = null;
    String label = nb == null ? "none" : nb.label;
    System.out.println(label);
    taskexit(s: initialstate := false);
}
