// StringBuilder (append for every type, chained; length, charAt,
// toString) and Math (abs, min, max, sqrt, pow, floor, ceil, round, trig,
// exp and log, hypot, PI, E).

task startup(StartupObject s in initialstate) {
    StringBuilder sb = new StringBuilder();
    sb.append("n=").append(3).append(' ').append(2.5).append(' ').append(true);
    sb.append(' ').append(7L).append(' ').append(1.25f).append(' ').append((Object) null);
    sb.append(new StringBuilder("!"));
    System.out.println(sb.toString() + " len " + sb.length() + " first " + sb.charAt(0));
    StringBuilder rev = new StringBuilder();
    String word = "level";
    for (int i = word.length() - 1; i >= 0; i--)
        rev.append(word.charAt(i));
    System.out.println(rev.toString().equals(word));

    System.out.println(Math.abs(-5) + " " + Math.abs(-5L) + " " + Math.abs(-2.5) + " " + Math.abs(-1.5f));
    System.out.println(Math.min(3, 9) + " " + Math.max(3L, 9L) + " " + Math.min(0.5, -0.5) + " " + Math.max(1.5f, 2));
    System.out.println(Math.sqrt(144) + " " + Math.cbrt(27) + " " + Math.pow(2, 10) + " " + Math.hypot(3, 4));
    System.out.println(Math.floor(-1.5) + " " + Math.ceil(-1.5) + " " + Math.round(2.5) + " " + Math.round(-2.5)
        + " " + Math.round(1.4f) + " " + Math.rint(2.5));
    double angle = Math.PI / 6;
    System.out.println((Math.sin(angle) > 0.49) + " " + (Math.cos(0) == 1.0) + " " + (Math.tan(0) == 0.0));
    System.out.println((Math.abs(Math.asin(1) - Math.PI / 2) < 1e-12) + " " + Math.acos(1) + " " + Math.atan(0)
        + " " + (Math.atan2(1, 1) > 0.78));
    System.out.println(Math.exp(0) + " " + Math.log(Math.E) + " " + Math.log10(1000));
    long rounded = Math.round(1e3 / 7);
    int roundedF = Math.round(10.0f / 4);
    System.out.println(rounded + " " + roundedF);
    taskexit(s: initialstate := false);
}
