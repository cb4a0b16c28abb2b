task startup(StartupObject s in initialstate) {
    char c = 'a';
    switch (c) {
        case 'a':
            break;
        case 97: //~ ERROR E0212
            break;
    }
    taskexit(s: initialstate := false);
}
