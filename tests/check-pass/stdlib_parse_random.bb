// Wrapper classes (parse, format, classify, constants, boxes) and Random
// with a fixed seed, so the sequence is the same as Java's.

task startup(StartupObject s in initialstate) {
    int i = Integer.parseInt("-1234");
    long l = Long.parseLong("9876543210");
    double d = Double.parseDouble("2.5e3");
    float f = Float.parseFloat("0.75");
    boolean b = Boolean.parseBoolean("true");
    System.out.println(i + " " + l + " " + d + " " + f + " " + b);
    System.out.println(Integer.MAX_VALUE + " " + Integer.MIN_VALUE + " " + Long.MAX_VALUE);
    System.out.println(Integer.toString(255) + " " + Integer.toHexString(255) + " " + Integer.toBinaryString(5)
        + " " + Double.toString(0.5));
    System.out.println(Character.isDigit('7') + " " + Character.isLetter('x') + " " + Character.isWhitespace(' ')
        + " " + Character.toUpperCase('q') + " " + Character.isUpperCase('Q'));
    System.out.println(Double.isNaN(0.0 / 0.0) + " " + Double.isInfinite(1 / 0.0) + " " + Double.MAX_VALUE);

    Integer boxed = new Integer(41);
    Double dbox = new Double(1.5);
    System.out.println(boxed.intValue() + 1 + " " + dbox.doubleValue() + " " + boxed.equals(new Integer(41))
        + " " + boxed);

    Random r = new Random(42);
    System.out.println(r.nextInt());
    System.out.println(r.nextInt(100));
    System.out.println(r.nextLong());
    System.out.println(r.nextDouble());
    System.out.println(r.nextFloat());
    System.out.println(r.nextBoolean());
    System.out.println(r.nextGaussian());
    int[] histogram = new int[6];
    Random dice = new Random(2010);
    for (int k = 0; k < 600; k++)
        histogram[dice.nextInt(6)]++;
    for (int k = 0; k < 6; k++)
        System.out.println((k + 1) + ": " + histogram[k]);
    taskexit(s: initialstate := false);
}
