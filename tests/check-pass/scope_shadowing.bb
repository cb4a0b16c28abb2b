// Scopes: locals and parameters shadow fields (reach the field through
// `this`), the same name is reused in sibling blocks and successive loops,
// and a name can be a field, a method and a local at once.

class Widget {
    int size;
    String name;

    Widget(int size, String name) {
        this.size = size;
        this.name = name;
    }

    int size() {
        return size;
    }

    void grow(int size) {
        this.size += size;
    }

    String rename(String name) {
        String old = this.name;
        this.name = name;
        return old;
    }

    int compute() {
        int total = 0;
        {
            int tmp = size * 2;
            total += tmp;
        }
        {
            int tmp = size * 3;
            total += tmp;
        }
        for (int i = 0; i < 2; i++)
            total += i;
        for (int i = 0; i < 3; i++)
            total += i;
        int size = 1000;
        return total + size + this.size + size();
    }
}

task startup(StartupObject s in initialstate) {
    Widget w = new Widget(5, "w");
    w.grow(2);
    String old = w.rename("v");
    System.out.println(old + " " + w.name + " " + w.size + " " + w.size() + " " + w.compute());
    if (w.size > 0) {
        int x = 1;
        System.out.println(x);
    } else {
        int x = 2;
        System.out.println(x);
    }
    int x = 3;
    System.out.println(x);
    taskexit(s: initialstate := false);
}
