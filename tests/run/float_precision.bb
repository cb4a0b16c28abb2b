// float is IEEE single and stays single: float sums, products and
// divisions are rounded to float at each step; mixing with double promotes.

class FloatPrec {
    static void run() {
        float a = 0.1f;
        float b = 0.2f;
        System.out.println(a + b);
        System.out.println(0.1 + 0.2);
        System.out.println(a + 0.2);
        System.out.println((double) a);
        float sum = 0;
        for (int i = 0; i < 10; i++)
            sum += 0.1f;
        System.out.println(sum);
        double dsum = 0;
        for (int i = 0; i < 10; i++)
            dsum += 0.1;
        System.out.println(dsum);
        float big = 16777216f;
        System.out.println(big + 1f);
        System.out.println(big + 1.0);
        float third = 1f / 3f;
        double dthird = 1.0 / 3.0;
        System.out.println(third + " " + dthird + " " + (third * 3f) + " " + (dthird * 3));
        float x = 1.1f;
        float prod = x * x * x;
        System.out.println(prod);
        System.out.println(x * x * 1.1);
        float h = 0.0f;
        for (int i = 1; i <= 100; i++)
            h += 1.0f / i;
        System.out.println("harmonic float " + h);
        double hd = 0.0;
        for (int i = 1; i <= 100; i++)
            hd += 1.0 / i;
        System.out.println("harmonic double " + hd);
        float f1 = 3.4028235E38f;
        System.out.println(f1 * 2);
        System.out.println(f1 * 2.0);
        float tiny = 1.4E-45f;
        System.out.println(tiny / 2);
        System.out.println(tiny);
        float fromLong = 123456789012L;
        System.out.println(fromLong);
        float fromInt = 123456789;
        System.out.println(fromInt);
        System.out.println((float) 0.1 == 0.1f);
        System.out.println((float) Math.PI);
        System.out.println(Math.PI);
        float[] fs = { 1.5f, 2.25f, -0.75f };
        float acc = 1;
        for (float f : fs)
            acc *= f;
        System.out.println(acc);
        float div = 10f / 4;
        int idiv = 10 / 4;
        System.out.println(div + " " + idiv + " " + 10 / 4.0f);
        System.out.println(1.0f * Integer.MAX_VALUE);
        System.out.println(0.1f * 3);
        System.out.println(100.0f / 3.0f);
        System.out.println(2.0f / 3.0f);
        System.out.println(1e7f + " " + 1e-3f + " " + 9999999f + " " + 0.001f + " " + 1.0E-4f);
    }
}

task startup(StartupObject s in initialstate) {
    FloatPrec.run();
    taskexit(s: initialstate := false);
}
