// The startup object's args and parameters (the same array): count,
// contents with spaces and non-ASCII text, an empty argument; numbers
// parsed from arguments.

task startup(StartupObject s in initialstate) {
    System.out.println("args " + s.args.length + " parameters " + s.parameters.length + " same " + (s.args == s.parameters));
    for (int i = 0; i < s.args.length; i++)
        System.out.println(i + ": [" + s.args[i] + "] " + s.args[i].length());
    int sum = 0;
    for (int i = 0; i < s.parameters.length; i++) {
        String a = s.parameters[i];
        if (a.length() > 0 && a.charAt(0) >= '0' && a.charAt(0) <= '9')
            sum += Integer.parseInt(a);
    }
    System.out.println("sum " + sum);
    taskexit(s: initialstate := false);
}
