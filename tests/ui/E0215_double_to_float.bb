task startup(StartupObject s in initialstate) {
    float f = 1.0; //~ ERROR E0215
    taskexit(s: initialstate := false);
}
