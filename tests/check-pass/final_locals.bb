// final locals, parameters and fields: initialised at declaration, blank
// finals assigned exactly once on every path, final for-each variables,
// and final fields set in every constructor.

class Circle {
    final double radius;
    final String name;
    final int id = 7;

    Circle(double r) {
        radius = r;
        name = "c" + r;
    }

    Circle() {
        this(1.0);
    }

    double scaled(final double factor) {
        final double r2 = radius * factor;
        return r2 * r2;
    }
}

task startup(StartupObject s in initialstate) {
    final int answer = 42;
    final String greeting;
    if (answer > 40)
        greeting = "big";
    else
        greeting = "small";
    System.out.println(greeting + " " + answer);

    final int mode;
    switch (answer % 3) {
        case 0:
            mode = 10;
            break;
        case 1:
            mode = 11;
            break;
        default:
            mode = 12;
    }
    System.out.println("mode = " + mode);

    for (int i = 0; i < 3; i++) {
        final int sq = i * i;
        System.out.println(sq);
    }
    int[] values = { 4, 5 };
    for (final int v : values) {
        final int w;
        w = v + 1;
        System.out.println(w);
    }
    Circle c = new Circle();
    System.out.println(c.radius + " " + c.name + " " + c.id + " " + c.scaled(2));
    final int[] arr = new int[2];
    arr[0] = 9; // the array is final, its elements are not
    System.out.println(arr[0]);
    taskexit(s: initialstate := false);
}
