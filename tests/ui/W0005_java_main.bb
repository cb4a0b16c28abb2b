// A Java program's entry point: Bamboo starts at a task on the
// StartupObject instead, so this program would run nothing.
class Main {
    public static void main(String[] args) { //~ WARNING W0005
        System.printString("hello\n");
    }
}
