// Integer and Long: parseInt/parseLong (signs, radix), valueOf, toString
// (radix), toHexString/toOctalString/toBinaryString of negatives, bit
// helpers, compare, signum, MIN/MAX constants.

class IntLib {
    static void run() {
        System.out.println(Integer.parseInt("0") + " " + Integer.parseInt("-123") + " " + Integer.parseInt("+77") + " " + Integer.parseInt("2147483647") + " " + Integer.parseInt("-2147483648") + " " + Integer.parseInt("007"));
        System.out.println(Integer.parseInt("ff", 16) + " " + Integer.parseInt("-FF", 16) + " " + Integer.parseInt("1010", 2) + " " + Integer.parseInt("zz", 36) + " " + Integer.parseInt("777", 8));
        System.out.println(Long.parseLong("9223372036854775807") + " " + Long.parseLong("-9223372036854775808") + " " + Long.parseLong("-ff", 16) + " " + Long.parseLong("123456789012345"));
        System.out.println(Integer.valueOf(5).intValue() + Integer.valueOf("6").intValue() + " " + Long.valueOf(7L).longValue() + " " + Long.valueOf("-8"));
        System.out.println(Integer.toString(255) + " " + Integer.toString(255, 16) + " " + Integer.toString(-255, 2) + " " + Integer.toString(35, 36) + " " + Integer.toString(Integer.MIN_VALUE, 7));
        System.out.println(Integer.toHexString(-1) + " " + Integer.toOctalString(-1) + " " + Integer.toBinaryString(-8) + " " + Integer.toHexString(0) + " " + Integer.toHexString(255) + " " + Integer.toBinaryString(5));
        System.out.println(Long.toHexString(-1L) + " " + Long.toOctalString(8L) + " " + Long.toBinaryString(-1L).length() + " " + Long.toString(-1234567890123L, 36) + " " + Long.toString(Long.MIN_VALUE));
        System.out.println(Integer.MAX_VALUE + " " + Integer.MIN_VALUE + " " + Long.MAX_VALUE + " " + Long.MIN_VALUE + " " + Integer.SIZE + " " + Long.SIZE);
        int[] vs = { 0, 1, -1, 12, 0x80000000, 0x7fffffff, 0x00F0F000, 1 << 20 };
        for (int i = 0; i < vs.length; i++) {
            int v = vs[i];
            System.out.println(v + ": " + Integer.bitCount(v) + " " + Integer.numberOfLeadingZeros(v) + " " + Integer.numberOfTrailingZeros(v) + " " + Integer.highestOneBit(v) + " " + Integer.lowestOneBit(v) + " " + Integer.reverse(v) + " " + Integer.reverseBytes(v) + " " + Integer.rotateLeft(v, 4) + " " + Integer.rotateRight(v, 36) + " " + Integer.signum(v));
        }
        long[] ls = { 0L, -1L, 1L << 40, Long.MIN_VALUE, 0x0123456789ABCDEFL };
        for (int i = 0; i < ls.length; i++) {
            long v = ls[i];
            System.out.println(v + ": " + Long.bitCount(v) + " " + Long.numberOfLeadingZeros(v) + " " + Long.numberOfTrailingZeros(v) + " " + Long.highestOneBit(v) + " " + Long.reverse(v) + " " + Long.reverseBytes(v) + " " + Long.rotateLeft(v, 8) + " " + Long.signum(v));
        }
        System.out.println(Integer.compare(3, 5) + " " + Integer.compare(5, 5) + " " + Integer.compare(Integer.MIN_VALUE, 1) + " " + Long.compare(9L, -9L));
        System.out.println(Integer.max(4, 9) + " " + Integer.min(4, 9) + " " + Integer.sum(4, 9) + " " + Long.max(-4L, -9L));
        System.out.println(Integer.hashCode(-7) + " " + Long.hashCode(-7L) + " " + Long.hashCode(1L << 32) + " " + new Long(123456789012L).hashCode());
        Integer a = new Integer(42);
        Integer b = Integer.valueOf(42);
        Integer c = new Integer("43");
        System.out.println(a.equals(b) + " " + a.equals(c) + " " + a.compareTo(c) + " " + c.compareTo(a) + " " + a.hashCode() + " " + a.toString() + " " + a.doubleValue() + " " + c.longValue() + " " + a.floatValue());
        Long l = new Long(-5L);
        System.out.println(l.intValue() + " " + l.equals(new Long(-5L)) + " " + l.equals(new Integer(-5)) + " " + l.compareTo(new Long(3L)));
        Integer big = new Integer(300);
        System.out.println(big.byteValue() + " " + big.shortValue());
    }
}

task startup(StartupObject s in initialstate) {
    IntLib.run();
    taskexit(s: initialstate := false);
}
