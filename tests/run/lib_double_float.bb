// Double and Float: parseDouble/parseFloat (signs, exponents, whitespace,
// suffixes, NaN, Infinity, hex floats), valueOf, boxes, conversions.

class FpLib {
    static void run() {
        String[] ins = { "1", "-2.5", "+3.25e2", "1e-3", ".5", "5.", "  7.75  ", "1e400", "-1e400", "1e-400", "NaN", "-Infinity",
                         "Infinity", "0x1p4", "0x1.8p-1", "2.5f", "2.5D", "0.1", "123456789012345678901234567890", "4.9e-324", "-0" };
        for (int i = 0; i < ins.length; i++) {
            System.out.println("[" + ins[i] + "] " + Double.parseDouble(ins[i]) + " " + Float.parseFloat(ins[i]));
        }
        System.out.println(Float.parseFloat("1.00000017881393432617187499") + " " + Double.parseDouble("1.00000017881393432617187499"));
        System.out.println(Float.parseFloat("3.4028236e38") + " " + Float.parseFloat("1e-46") + " " + Float.parseFloat("7e-46"));
        System.out.println(Double.valueOf("2.5").doubleValue() + " " + Double.valueOf(1.0 / 3) + " " + Float.valueOf("0.1").floatValue() + " " + Float.valueOf(0.3f));
        Double d = new Double(2.75);
        Float f = new Float(2.75f);
        System.out.println(d.intValue() + " " + d.longValue() + " " + d.floatValue() + " " + f.doubleValue() + " " + f.intValue() + " " + d.hashCode() + " " + f.hashCode());
        System.out.println(d.equals(new Double(2.75)) + " " + d.equals(f) + " " + d.compareTo(new Double(3)) + " " + f.compareTo(new Float(1)));
        System.out.println(Double.hashCode(1.5) + " " + Float.hashCode(1.5f) + " " + new Double(-0.0).hashCode() + " " + new Float("1e10").toString());
        System.out.println(Double.max(1.5, -2) + " " + Double.min(1.5, -2) + " " + Double.sum(0.1, 0.2) + " " + Float.max(1f, 2f) + " " + Float.sum(0.1f, 0.2f));
        System.out.println(Double.toString(100) + " " + Float.toString(100) + " " + Double.toString(1e-7) + " " + Float.toString(1e-7f));
        System.out.println(new Float(0.1).doubleValue() + " " + new Double("1e2"));
        long bits = Double.doubleToRawLongBits(Math.PI);
        System.out.println(Long.toHexString(bits) + " " + Double.longBitsToDouble(bits) + " " + Integer.toHexString(Float.floatToRawIntBits(-1.5f)));
    }
}

task startup(StartupObject s in initialstate) {
    FpLib.run();
    taskexit(s: initialstate := false);
}
