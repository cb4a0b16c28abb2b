task startup(StartupObject s in initialstate) {
    taskexit(s: initialState := false); //~ ERROR E0400
}
