/* java_format.h — Java's Double.toString and Float.toString (JDK 19+) for
 * the C references, so that their output compares with the Bamboo and Java
 * versions' line for line: the shortest decimal that reads back as the same
 * value (at least two significant digits are considered), laid out as plain
 * decimal for 1e-3 <= |d| < 1e7 and as d.dddE<n> otherwise.
 *
 * Include it once per program (the functions are static). */
#ifndef BENCH_JAVA_FORMAT_H
#define BENCH_JAVA_FORMAT_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lays out buf, "[-]D.DDDDe[+-]XX" as printf's %e writes it, into out the
 * way Java does. */
static void java_layout(const char *buf, char *out)
{
    const char *p = buf;
    char *o = out;
    if (*p == '-') { *o++ = '-'; p++; }
    char digits[32];
    int n = 0;
    for (; *p != 'e'; p++)
        if (*p != '.') digits[n++] = *p;
    int exp = atoi(p + 1);
    while (n > 1 && digits[n - 1] == '0') n--;     /* trailing zeros */
    digits[n] = '\0';

    if (exp >= -3 && exp < 7) {
        if (exp >= 0) {
            for (int i = 0; i <= exp; i++) *o++ = i < n ? digits[i] : '0';
            *o++ = '.';
            if (n > exp + 1)
                for (int i = exp + 1; i < n; i++) *o++ = digits[i];
            else
                *o++ = '0';
        } else {
            *o++ = '0'; *o++ = '.';
            for (int i = 0; i < -exp - 1; i++) *o++ = '0';
            for (int i = 0; i < n; i++) *o++ = digits[i];
        }
        *o = '\0';
    } else {
        *o++ = digits[0];
        *o++ = '.';
        if (n > 1)
            for (int i = 1; i < n; i++) *o++ = digits[i];
        else
            *o++ = '0';
        sprintf(o, "E%d", exp);
    }
}

/* Java's Double.toString(d) into out (at least 32 bytes). */
static inline void java_double_string(double d, char *out)
{
    if (isnan(d)) { strcpy(out, "NaN"); return; }
    if (isinf(d)) { strcpy(out, d > 0 ? "Infinity" : "-Infinity"); return; }
    if (d == 0.0) { strcpy(out, signbit(d) ? "-0.0" : "0.0"); return; }
    char buf[64];
    for (int prec = 2; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*e", prec - 1, d);
        if (strtod(buf, NULL) == d)
            break;
    }
    java_layout(buf, out);
}

/* Java's Float.toString(f) into out (at least 32 bytes): the same, with the
 * round trip through float. */
static inline void java_float_string(float f, char *out)
{
    if (isnan(f)) { strcpy(out, "NaN"); return; }
    if (isinf(f)) { strcpy(out, f > 0 ? "Infinity" : "-Infinity"); return; }
    if (f == 0.0f) { strcpy(out, signbit(f) ? "-0.0" : "0.0"); return; }
    char buf[64];
    for (int prec = 2; prec <= 9; prec++) {
        snprintf(buf, sizeof buf, "%.*e", prec - 1, (double)f);
        if (strtof(buf, NULL) == f)
            break;
    }
    java_layout(buf, out);
}

#endif
