task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}

/* this comment is never closed //~ ERROR E0006

class Ghost {
}
