// char: unsigned 16-bit, arithmetic promotes to int, printing shows the
// character, ++ on char, casts between char and int, char in concatenation.

class Chars {
    char c;

    static void run() {
        char a = 'a';
        System.out.println(a);
        System.out.println(a + 1);
        System.out.println((char) (a + 1));
        System.out.println("" + a + 1);
        System.out.println(a + 'b');
        System.out.println("" + a + 'b');
        System.out.println('x' + "y" + 'z');
        char b = a;
        b++;
        b += 2;
        System.out.println(b);
        char z = 'z';
        z -= 25;
        System.out.println(z);
        char max = '\uffff';
        max++;
        System.out.println((int) max);
        char zero = 0;
        zero--;
        System.out.println((int) zero);
        System.out.println(zero > 0);
        int diff = 'A' - 'a';
        System.out.println(diff);
        String alphabet = "";
        for (char ch = 'A'; ch <= 'Z'; ch += 5)
            alphabet += ch;
        System.out.println(alphabet);
        char[] digits = new char[10];
        for (int i = 0; i < 10; i++)
            digits[i] = (char) ('0' + i);
        System.out.println(digits);
        System.out.println(new String(digits, 3, 4));
        Chars o = new Chars();
        System.out.println((int) o.c);
        o.c = 'm';
        o.c++;
        ++o.c;
        System.out.println(o.c);
        char[] arr = { 'p', 'q' };
        arr[0]++;
        arr[1]--;
        System.out.println(arr[0] + "" + arr[1]);
        System.out.println((char) 0x41 + " " + (int) '\n' + " " + (int) '\t' + " " + (int) '\\');
        char big = (char) 70000;
        System.out.println((int) big);
        short sh = (short) '\u8000';
        System.out.println(sh);
        char fromShort = (char) (short) -2;
        System.out.println((int) fromShort);
        System.out.println('a' < 'b' ? "less" : "not less");
        System.out.println(Character.toUpperCase('q') + " " + Character.isDigit('7') + " " + Character.isLetter('7'));
        StringBuilder sb = new StringBuilder();
        sb.append('c').append((int) 'c').append((char) 100);
        System.out.println(sb);
        char t = true ? 'T' : 0;    // char: the int constant fits
        System.out.println(t);
        int u = false ? 'T' : 70000;
        System.out.println(u);
    }
}

task startup(StartupObject s in initialstate) {
    Chars.run();
    taskexit(s: initialstate := false);
}
