// A task with three parameters, two of them tied by one tag variable and a
// third by a second tag type (`with dept d and floor f` style): an Employee
// and a Desk share a `dept` tag; the Desk and a Room share a `floor` tag.
// assign() needs all three; each Room has capacity for exactly one desk,
// so every desk ends up in a room of its own floor. Output is printed from
// the Registry once all desks are placed, sorted.

class Employee {
    flag unassigned;
    flag seated;
    String name;

    Employee(String name) {
        this.name = name;
    }
}

class Desk {
    flag free;
    flag taken;
    int number;

    Desk(int number) {
        this.number = number;
    }
}

class Room {
    flag empty;
    flag full;
    String label;
    int floorNo;

    Room(String label, int floorNo) {
        this.label = label;
        this.floorNo = floorNo;
    }
}

class Registry {
    flag open;
    String[] lines = new String[4];
    int n;

    boolean add(String s) {
        lines[n++] = s;
        return n == lines.length;
    }

    void print() {
        Arrays.sort(lines);
        for (int i = 0; i < n; i++)
            System.out.println(lines[i]);
    }
}

task startup(StartupObject s in initialstate) {
    tag f1 = new tag(floor);
    tag f2 = new tag(floor);
    String[] names = { "ada", "bob", "cy", "di" };
    for (int i = 0; i < 4; i++) {
        tag d = new tag(dept);
        tag fl = i < 2 ? f1 : f2;
        new Employee(names[i]) { unassigned := true, add d };
        new Desk(100 + i) { free := true, add d, add fl };
    }
    new Room("1A", 1) { empty := true, add f1 };
    new Room("1B", 1) { empty := true, add f1 };
    new Room("2A", 2) { empty := true, add f2 };
    new Room("2B", 2) { empty := true, add f2 };
    new Registry() { open := true };
    taskexit(s: initialstate := false);
}

task assign(Employee e in unassigned with dept d, Desk k in free with dept d and floor f, Room r in empty with floor f) {
    e.name = e.name + " desk " + k.number + " floor " + r.floorNo;
    taskexit(e: unassigned := false, seated := true; k: free := false, taken := true; r: empty := false, full := true);
}

task record(Registry reg in open, Employee e in seated) {
    if (reg.add(e.name)) {
        reg.print();
        taskexit(reg: open := false; e: seated := false);
    }
    taskexit(e: seated := false);
}
