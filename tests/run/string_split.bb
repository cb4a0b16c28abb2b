// String.split on literal separators: Java drops trailing empty strings
// but keeps leading and inner ones; a string with no separator gives
// itself; the empty string gives one empty string; "\\|" is an escaped
// metacharacter; and the limit argument.

class Split {
    static void show(String label, String[] parts) {
        StringBuilder sb = new StringBuilder();
        sb.append(label).append(" ").append(parts.length).append(":");
        for (int i = 0; i < parts.length; i++)
            sb.append(" [").append(parts[i]).append("]");
        System.out.println(sb.toString());
    }

    static void run() {
        show("basic", "a,b,c".split(","));
        show("trailing", "a,b,,c,,".split(","));
        show("leading", ",a,,b".split(","));
        show("only", ",,,".split(","));
        show("none", "abc".split(","));
        show("empty", "".split(","));
        show("multi", "one::two::::three::".split("::"));
        show("space", "  the quick  brown fox ".split(" "));
        show("semi", "k=v;x=y;".split(";"));
        show("limit2", "a,b,c,d".split(",", 2));
        show("limit-1", "a,b,,".split(",", -1));
        show("limit0", "a,b,,".split(",", 0));
        show("word", "andXandXand".split("X"));
        show("sepfirst", "Xa".split("X"));
        show("colon", "12:34:56".split(":"));
        String[] fields = "name|age|city".split("\\|");
        show("escaped", fields);
        int total = 0;
        String[] nums = "10 20 30 40".split(" ");
        for (int i = 0; i < nums.length; i++)
            total += Integer.parseInt(nums[i]);
        System.out.println("total " + total);
    }
}

task startup(StartupObject s in initialstate) {
    Split.run();
    taskexit(s: initialstate := false);
}
