// A chain of four tiny tasks, cycled: OBJECTS objects each go through
// s1 > s2 > s3 > s4 ROUNDS times. Usage: chain OBJECTS ROUNDS
class Item {
    flag s1;
    flag s2;
    flag s3;
    flag s4;
    flag over;
    int rounds;
    int n;
    long v;
}

class Tally {
    flag open;
    int left;
    long total;
}

task startup(StartupObject s in initialstate) {
    int objects = Integer.parseInt(s.args[0]);
    int rounds = Integer.parseInt(s.args[1]);
    for (int i = 0; i < objects; i++) {
        Item it = new Item() { s1 := true };
        it.rounds = rounds;
        it.v = i;
    }
    Tally t = new Tally() { open := true };
    t.left = objects;
    taskexit(s: initialstate := false);
}

task one(Item it in s1) {
    it.v = it.v * 31 + 7;
    taskexit(it: s1 := false, s2 := true);
}

task two(Item it in s2) {
    it.v = it.v ^ (it.v >> 13);
    taskexit(it: s2 := false, s3 := true);
}

task three(Item it in s3) {
    it.v = it.v + 12345;
    taskexit(it: s3 := false, s4 := true);
}

task four(Item it in s4) {
    it.n++;
    it.v = it.v % 1000003;
    if (it.n >= it.rounds) taskexit(it: s4 := false, over := true);
    taskexit(it: s4 := false, s1 := true);
}

task count(Tally t in open, Item it in over) {
    t.total += it.v;
    t.left--;
    if (t.left == 0) {
        System.out.println("total " + t.total);
        taskexit(t: open := false; it: over := false);
    }
    taskexit(it: over := false);
}
