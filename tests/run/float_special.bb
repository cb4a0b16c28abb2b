// Special floating values: NaN, infinities, signed zero; IEEE division by
// zero; % on floating types (truncating, sign of the dividend); Double and
// Float classification helpers.

class Special {
    static void run() {
        double pinf = 1.0 / 0.0;
        double ninf = -1.0 / 0.0;
        double nan = 0.0 / 0.0;
        double nz = -0.0;
        System.out.println(pinf + " " + ninf + " " + nan + " " + nz + " " + (0.0 * -1));
        System.out.println((pinf + ninf) + " " + (pinf * 0) + " " + (pinf - pinf) + " " + (pinf * -2) + " " + (1 / pinf) + " " + (-1 / pinf));
        System.out.println((1.0 / nz) + " " + (nz + 0.0) + " " + (nz - 0.0) + " " + (nz * nz) + " " + (-nz));
        System.out.println((5.5 % 2) + " " + (-5.5 % 2) + " " + (5.5 % -2) + " " + (5.0 % 0) + " " + (pinf % 2) + " " + (2 % pinf));
        System.out.println((5.5f % 2f) + " " + (-7.25f % 0.5f) + " " + (1e20 % 3) + " " + (0.3 % 0.1));
        System.out.println(Double.isNaN(nan) + " " + Double.isInfinite(ninf) + " " + Double.isFinite(pinf) + " " + Double.isFinite(1e308));
        System.out.println(Float.isNaN(0f / 0f) + " " + Float.isInfinite(1f / 0f) + " " + Float.isFinite(3.4e38f));
        System.out.println(Double.MAX_VALUE + " " + Double.MIN_VALUE + " " + Double.MIN_NORMAL);
        System.out.println(Float.MAX_VALUE + " " + Float.MIN_VALUE + " " + Float.MIN_NORMAL);
        System.out.println(Double.MAX_VALUE * 2 + " " + (-Double.MAX_VALUE * 2) + " " + Double.MIN_VALUE / 2);
        System.out.println(Double.compare(0.0, -0.0) + " " + Double.compare(nan, pinf) + " " + Double.compare(1, 2) + " " + Double.compare(nan, nan));
        System.out.println(Float.compare(-0.0f, 0.0f) + " " + Float.compare(1f, 1f));
        System.out.println(Double.doubleToLongBits(-0.0) + " " + Double.doubleToLongBits(1.0) + " " + Double.doubleToLongBits(nan));
        System.out.println(Float.floatToIntBits(1.0f) + " " + Float.floatToIntBits(-2.5f) + " " + Float.intBitsToFloat(0x7f800000) + " " + Double.longBitsToDouble(0x3FF8000000000000L));
        System.out.println(Math.sqrt(-1) + " " + Math.sqrt(nz) + " " + Math.log(0) + " " + Math.log(-1) + " " + Math.pow(0, -1));
        System.out.println(Math.max(nz, 0.0) + " " + Math.min(nz, 0.0) + " " + Math.max(nan, 1) + " " + Math.min(1f, 0f / 0f));
        System.out.println(Math.abs(nz) + " " + Math.abs(ninf) + " " + Math.abs(-5.5f));
        System.out.println(Math.floor(-0.5) + " " + Math.ceil(-0.5) + " " + Math.floor(nan) + " " + Math.ceil(pinf) + " " + Math.rint(-0.4));
        Double boxed = new Double(nan);
        System.out.println(boxed.equals(new Double(nan)) + " " + new Double(0.0).equals(new Double(-0.0)) + " " + boxed.isNaN());
        float fnz = -0.0f;
        System.out.println(fnz + " " + (fnz == 0.0f) + " " + (1 / fnz));
    }
}

task startup(StartupObject s in initialstate) {
    Special.run();
    taskexit(s: initialstate := false);
}
