// StartupObject.bb — `StartupObject`, the task object every program starts
// from (LANGUAGE.md section 2, "Program start and end").
//
// The run-time system builds exactly one, before any task runs, as if by
//   new StartupObject(argv) { initialstate := true }
// where argv holds the program's command-line arguments (not the program
// name), and hands it to the scheduler. `args` and `parameters` (the original
// distribution's name) are the same array.
//
// Natives: none.

public class StartupObject {

    flag initialstate;

    public String[] args;
    public String[] parameters;

    public StartupObject(String[] args) {
        this.args = args;
        this.parameters = args;
    }
}
