// Number parsing edge cases that succeed: leading zeros, signs, the
// extreme values in every radix, whitespace accepted only by
// parseDouble, hex float forms, long suffix-free values, valueOf/parse
// agreement, and Integer.toString round trips.

class ParseEdge {
    static void run() {
        System.out.println(Integer.parseInt("-0") + " " + Integer.parseInt("+0") + " " + Integer.parseInt("0000000000000000000042") + " " + Integer.parseInt("-80000000", 16) + " " + Integer.parseInt("7fffffff", 16));
        System.out.println(Integer.parseInt("-2147483648", 10) + " " + Integer.parseInt("-10000000000000000000000000000000", 2) + " " + Integer.parseInt("-zik0zk", 36) + " " + Integer.parseInt("ZIK0ZJ", 36));
        System.out.println(Long.parseLong("-8000000000000000", 16) + " " + Long.parseLong("1y2p0ij32e8e7", 36) + " " + Long.parseLong("-0777", 8));
        System.out.println(Double.parseDouble("\t\n 1.5 \r") + " " + Double.parseDouble("+.5e-1") + " " + Double.parseDouble("-0.0") + " " + Double.parseDouble("0x.8p1") + " " + Double.parseDouble("0X1P-1074") + " " + Double.parseDouble("1e-324") + " " + Double.parseDouble("2.4703282292062328e-324"));
        System.out.println(Double.parseDouble("1.7976931348623157e308") + " " + Double.parseDouble("1.7976931348623159e308") + " " + Double.parseDouble("179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792"));
        System.out.println(Float.parseFloat("3.4028235e38") + " " + Float.parseFloat("3.4028236e38") + " " + Float.parseFloat("3.4028235677973366e38") + " " + Float.parseFloat("1.4e-45") + " " + Float.parseFloat("0.7e-45") + " " + Float.parseFloat("0.70000001e-45"));
        System.out.println(Double.parseDouble("Infinity") + " " + Double.parseDouble("-Infinity") + " " + Double.parseDouble("+NaN") + " " + Float.parseFloat("-NaN") + " " + Double.parseDouble("1d") + " " + Double.parseDouble("1F"));
        int[] xs = { 0, 1, -1, 123456, Integer.MIN_VALUE, Integer.MAX_VALUE };
        for (int i = 0; i < xs.length; i++) {
            String dec = Integer.toString(xs[i]);
            String hex = Integer.toHexString(xs[i]);
            System.out.print((Integer.parseInt(dec) == xs[i]) + "/" + ((int) Long.parseLong(hex, 16) == xs[i]) + "/" + Integer.valueOf(dec) + " ");
        }
        System.out.println();
        System.out.println(Long.parseLong("123456789012345678") + Long.valueOf("-1").longValue());
    }
}

task startup(StartupObject s in initialstate) {
    ParseEdge.run();
    taskexit(s: initialstate := false);
}
