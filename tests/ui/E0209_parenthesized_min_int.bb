// Only a literal right after the minus may be 2147483648: inside
// parentheses it is an int literal of its own, which is out of range.
class A {
    int ok() {
        return -2147483648;
    }

    int bad() {
        return -(2147483648); //~ ERROR E0209
    }

    long badLong() {
        return -(9223372036854775808L); //~ ERROR E0209
    }
}
