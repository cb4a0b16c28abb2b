// Character and Boolean: classification, case mapping, digit/forDigit,
// boxes; Boolean parsing and formatting.

class CharLib {
    static void run() {
        String sample = "aZ5 _\t\n!\u00e9\u00c9\u0661\u4e2d";
        for (int i = 0; i < sample.length(); i++) {
            char c = sample.charAt(i);
            System.out.println((int) c + ": " + Character.isDigit(c) + " " + Character.isLetter(c) + " " + Character.isLetterOrDigit(c) + " " + Character.isUpperCase(c) + " " + Character.isLowerCase(c) + " " + Character.isWhitespace(c) + " " + (int) Character.toUpperCase(c) + " " + (int) Character.toLowerCase(c));
        }
        System.out.println(Character.digit('7', 10) + " " + Character.digit('f', 16) + " " + Character.digit('F', 16) + " " + Character.digit('g', 16) + " " + Character.digit('z', 36) + " " + Character.digit('5', 4));
        System.out.println(Character.forDigit(7, 10) + " " + Character.forDigit(11, 16) + " " + Character.forDigit(35, 36) + " " + (int) Character.forDigit(10, 10));
        Character boxed = new Character('q');
        System.out.println(boxed.charValue() + " " + boxed + " " + boxed.equals(new Character('q')) + " " + boxed.hashCode() + " " + boxed.compareTo(new Character('a')) + " " + Character.valueOf('r'));
        System.out.println(Character.toString('x') + " " + Character.compare('a', 'b') + " " + (int) Character.MAX_VALUE + " " + (int) Character.MIN_VALUE);
        System.out.println(Boolean.parseBoolean("true") + " " + Boolean.parseBoolean("TRUE") + " " + Boolean.parseBoolean("yes") + " " + Boolean.parseBoolean(null));
        System.out.println(Boolean.toString(false) + " " + Boolean.valueOf(true) + " " + new Boolean(true).booleanValue() + " " + new Boolean(true).equals(new Boolean(true)) + " " + new Boolean(false).hashCode() + " " + new Boolean(true).hashCode());
        System.out.println(Boolean.valueOf("TrUe") + " " + Boolean.logicalAnd(true, false) + " " + Boolean.compare(true, false) + " " + Boolean.logicalXor(true, false));
    }
}

task startup(StartupObject s in initialstate) {
    CharLib.run();
    taskexit(s: initialstate := false);
}
