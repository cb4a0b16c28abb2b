// Double.toString text (JDK 19+): shortest decimal that identifies the
// value, plain notation for 1e-3 <= |d| < 1e7, E notation otherwise.

class DoubleText {
    static void run() {
        double[] ds = { 1.0, 0.1, 1.0E10, 1.0E-5, 100.0, 1.0E7, 9999999.0, 9999999.999, 0.001, 9.99E-4,
                        123456.789, 1234567.0, 12345678.0, 0.5, 0.25, 1.0 / 3, 2.0 / 3, 100.0 / 7,
                        1e21, 1e22, 1e23, 2e-323, 4.9E-324, 1.7976931348623157E308, 2.2250738585072014E-308,
                        -1.5, -0.0, 0.0, 3.14159, 6.02214076E23, 6.62607015E-34, 1.0E-10, 5e-324,
                        0.3, 0.7, 1.1, 2.675, 1.005, 100.5, 0.000123, 1.0E16, 1.2345678901234567E16,
                        9007199254740992.0, 9007199254740993.0, 4.35, 0.1 + 0.7, 2.0E-3, 1.0E-3 * 0.999,
                        1.0E6, 1.0E300 * 10, 123e45, 5.0E-324 * 3, 8.41E21, 2.82879384806159E17,
                        1.18575755E-316, 4.8726570057E288, 7.0E22, 9.5E-5 };
        for (int i = 0; i < ds.length; i++) {
            System.out.println(ds[i]);
        }
        StringBuilder sb = new StringBuilder();
        for (int e = -8; e <= 8; e++) {
            sb.append(Math.pow(10, e)).append(' ');
        }
        System.out.println(sb.toString());
        System.out.println(String.valueOf(2.5) + " " + Double.toString(-7.25E-11) + " " + new Double(1.0E-7).toString());
        System.out.println("concat " + 1.0 + 2.0 + " " + (1.0 + 2.0));
        double x = 1.0;
        for (int i = 0; i < 12; i++) {
            x *= 7.3;
            System.out.print(x + " ");
        }
        System.out.println();
        System.printDouble(0.1);
        System.out.println();
    }
}

task startup(StartupObject s in initialstate) {
    DoubleText.run();
    taskexit(s: initialstate := false);
}
