/* checksum.h — the checksum lines every C version of the cluster benchmarks
 * (jacobi3d/, cannon/) prints, as their Bamboo programs print them: the
 * sum's IEEE 754 bits as a signed 64-bit integer (Java's
 * Double.doubleToRawLongBits), then the sum times 10^6 truncated. */
#ifndef CLUSTER_CHECKSUM_H
#define CLUSTER_CHECKSUM_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static void cluster_print_checksum(double sum) {
    int64_t bits;
    memcpy(&bits, &sum, sizeof bits);
    printf("checksum bits = %lld\n", (long long)bits);
    printf("checksum * 1e6 = %lld\n", (long long)(sum * 1000000.0));
}

#endif
