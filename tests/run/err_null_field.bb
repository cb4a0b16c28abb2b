// Reading a field through a null reference is a run-time error: output
// printed before it is flushed, one line on stderr, exit status 1.

class Node {
    int value;
    Node next;
}

task startup(StartupObject s in initialstate) {
    Node n = new Node();
    n.value = 5;
    System.out.println("value " + n.value);
    System.out.print("no newline yet");
    int v = n.next.value;
    System.out.println("not reached " + v);
    taskexit(s: initialstate := false);
}
