// Compound assignment carries an implicit narrowing cast back to the type
// of the variable (Java's rule), for every compound operator; ++ and --
// on byte, short, char, long, float and double; and constant narrowing
// in plain declarations.

class Acc {
    byte small;
    long total;
    double avg;
    int[] slots = new int[2];

    void feed(int v) {
        small += v;
        total += v;
        avg = avg * 0.5 + v * 0.5;
        slots[v & 1] += v;
    }
}

task startup(StartupObject s in initialstate) {
    byte b = 1;
    b += 300;
    System.out.println("b = " + b);
    b -= 1.7;
    b *= 3;
    b /= 2;
    b %= 7;
    b <<= 5;
    b >>= 1;
    b >>>= 1;
    b &= 0x3F;
    b |= 0x40;
    b ^= 0x0F;
    System.out.println("b = " + b);

    short sh = 10;
    sh *= 10000;
    System.out.println("sh = " + sh);

    char c = 'a';
    c += 2;
    c++;
    System.out.println("c = " + c);

    int i = 5;
    i += 2.7;
    i *= 1.5f;
    i <<= 33;
    i -= 10L;
    System.out.println("i = " + i);

    long l = 100;
    l >>>= 3;
    l ^= 0xFF;
    l /= 2.0;
    System.out.println("l = " + l);

    float f = 1;
    f += 0.5;
    f *= 2;
    f++;
    double d = 2;
    d /= 4;
    d--;
    System.out.println("f = " + f + " d = " + d);

    String str = "n=";
    str += 5;
    str += 'c';
    str += 1.5;
    str += true;
    str += null;
    System.out.println(str);

    byte b2 = 100;
    short s2 = 'a';
    char c2 = 65;
    byte b3 = 'a';
    final int K = 12;
    byte b4 = K;
    char c3 = (char) (c2 + 1);
    System.out.println(b2 + " " + s2 + " " + c2 + " " + b3 + " " + b4 + " " + c3);

    Acc acc = new Acc();
    acc.feed(200);
    acc.feed(100);
    System.out.println(acc.small + " " + acc.total + " " + acc.avg + " " + acc.slots[0]);
    taskexit(s: initialstate := false);
}
