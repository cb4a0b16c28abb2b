// String concatenation with + on every operand type: primitives, null,
// objects with and without toString, char arithmetic versus concatenation,
// and += on a String.

class Money {
    long cents;

    Money(long cents) {
        this.cents = cents;
    }

    public String toString() {
        return (cents / 100) + "." + (cents % 100 < 10 ? "0" : "") + (cents % 100);
    }
}

task startup(StartupObject s in initialstate) {
    boolean z = true;
    byte b = -3;
    short sh = 300;
    char c = 'q';
    int i = 42;
    long l = 1L << 40;
    float f = 0.1f;
    double d = 2.0 / 3;
    String nul = null;
    Object obj = new Money(1205);
    Money m = new Money(7);
    String all = "z=" + z + " b=" + b + " sh=" + sh + " c=" + c + " i=" + i + " l=" + l
        + " f=" + f + " d=" + d + " nul=" + nul + " obj=" + obj + " m=" + m + " null=" + null;
    System.out.println(all);
    System.out.println(1 + 2 + "3" + 4 + 5);
    System.out.println("" + c + 1);
    System.out.println(c + 1 + "");
    System.out.println(m + "!");
    System.out.println("x" + (i > 40));
    System.out.println("x" + -i + " " + (i - 2) + ~i);
    String acc = "";
    for (int k = 0; k < 3; k++)
        acc += k + ",";
    acc += 'e';
    acc += 1.5f;
    acc += obj;
    System.out.println(acc);
    System.out.println("neg zero " + (-0.0) + " " + (float) -0.0);
    System.out.println("large " + 1e21 + " " + 1e-4 + " " + 12345.678f);
    System.out.println("min " + Double.MIN_VALUE + " max " + Long.MIN_VALUE);
    String concat = "a".concat("b") + String.valueOf(3) + String.valueOf('c') + String.valueOf(2.5) + String.valueOf(true);
    System.out.println(concat);
    taskexit(s: initialstate := false);
}
