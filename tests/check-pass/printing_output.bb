// Output: System.out.print and println for every type, println() with no
// argument, and the original System.printString/printInt/printDouble.

class Thing {
    public String toString() {
        return "a thing";
    }
}

task startup(StartupObject s in initialstate) {
    System.out.print(true);
    System.out.print(' ');
    System.out.print((byte) 1);
    System.out.print((short) 2);
    System.out.print(3);
    System.out.print(4L);
    System.out.print(5.5f);
    System.out.print(6.25);
    System.out.print("!");
    System.out.println();
    System.out.println(false);
    System.out.println('c');
    System.out.println((byte) -1);
    System.out.println((short) -2);
    System.out.println(-3);
    System.out.println(-4L);
    System.out.println(-5.5f);
    System.out.println(-6.25);
    System.out.println("string");
    System.out.println(new Thing());
    Object nothing = null;
    System.out.println(nothing);
    String none = null;
    System.out.println(none);
    char[] word = { 'o', 'k' };
    System.out.println(new String(word));
    System.printString("printString ");
    System.printInt(7);
    System.printString(" ");
    System.printDouble(0.5);
    System.printString("\n");
    taskexit(s: initialstate := false);
}
