// Numeric casts: widening and narrowing between every primitive numeric
// type, float-to-int saturation and NaN, and casts in expressions.

task startup(StartupObject s in initialstate) {
    double d = 3.99;
    int i = (int) d;
    long l = (long) -d;
    float f = (float) d;
    short sh = (short) 70000;
    byte b = (byte) 200;
    char c = (char) 98;
    System.out.println(i + " " + l + " " + f + " " + sh + " " + b + " " + c);

    System.out.println((int) 1e20);
    System.out.println((long) -1e30);
    System.out.println((int) (0.0 / 0.0));
    System.out.println((int) Float.NaN);
    System.out.println((byte) 1e10);
    System.out.println((char) 1e10 == '\uffff');

    int big = 123456789;
    float lossy = big;
    System.out.println((int) lossy);
    double avg = (double) 7 / 2;
    int back = (int) (avg * 10);
    System.out.println(avg + " " + back);
    long ms = (long) 1 << 40;
    System.out.println(ms);
    byte fromChar = (byte) 'A';
    char fromByte = (char) fromChar;
    short fromLong = (short) 123456789012L;
    System.out.println(fromChar + " " + fromByte + " " + fromLong);
    int identity = (int) 5;
    boolean bool = (boolean) true;
    System.out.println(identity + " " + bool);
    double neg = -2.5;
    System.out.println((int) neg + " " + Math.round(neg) + " " + (int) Math.floor(neg));
    taskexit(s: initialstate := false);
}
