// Float.toString text (JDK 19+): shortest decimal for the float's own
// rounding interval; 3.4028235E38, 1.4E-45, 1.0E10, 0.1.

class FloatText {
    static void run() {
        float[] fs = { 1.0f, 0.1f, 1.0E10f, 1.0E-5f, 100.0f, 1.0E7f, 9999999.0f, 0.001f, 9.99E-4f,
                       3.4028235E38f, 1.4E-45f, 1.17549435E-38f, -0.0f, 0.0f, 0.3f, 0.7f, 1.1f, 16777216f,
                       16777217f, 1.0f / 3, 2.0f / 3, 123456.79f, 1234567.9f, 12345678f, 3.14159265f,
                       2.7182817f, 1.0E-45f, 3.0E-45f, 8.5E-44f, 1.0E38f, 0.2f + 0.1f, 4.35f,
                       1.00000012f, 33554432f, 2.0E-3f, 7.0E22f, 1.0E23f };
        for (int i = 0; i < fs.length; i++) {
            System.out.println(fs[i]);
        }
        float x = 1.0f;
        for (int i = 0; i < 12; i++) {
            x *= 7.3f;
            System.out.print(x + " ");
        }
        System.out.println();
        System.out.println(String.valueOf(2.5f) + " " + Float.toString(-7.25E-11f) + " " + new Float(1.0E-7f).toString());
        StringBuilder sb = new StringBuilder();
        sb.append(0.1f).append(',').append(1e-4f).append(',').append(12345.678f);
        System.out.println(sb);
    }
}

task startup(StartupObject s in initialstate) {
    FloatText.run();
    taskexit(s: initialstate := false);
}
