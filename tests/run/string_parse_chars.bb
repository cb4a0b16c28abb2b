// Double.parseDouble(new String(chars, offset, count)): numbers cut out of a
// char[] parse as they would through a String (the compiler leaves the
// String out), including text the fast decimal path does not take.

task startup(StartupObject s in initialstate) {
    char[] text = " 1.5,-2.25e3 ,0x1.8p1,1e400,NaN,12345678901234567890123,.5,7f,-0.0".toCharArray();
    int start = 0;
    double sum = 0.0;
    for (int i = 0; i <= text.length; i++) {
        if (i == text.length || text[i] == ',') {
            double v = Double.parseDouble(new String(text, start, i - start));
            System.out.println(v);
            if (!Double.isNaN(v) && !Double.isInfinite(v)) {
                sum += v;
            }
            start = i + 1;
        }
    }
    System.out.println(sum);
    // The String is still made where it is used for something else.
    String kept = new String(text, 1, 3);
    System.out.println(Double.parseDouble(kept) + " from " + kept);
    taskexit(s: initialstate := false);
}
