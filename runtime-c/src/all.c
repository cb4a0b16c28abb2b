/* all.c — unity build of the Bamboo runtime: compile this one file. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1  /* pthread_setaffinity_np, CPU_SET */
#endif
#include "error.c"
#include "addrs.c"
#include "heap.c"
#include "object.c"
#include "tag.c"
#include "string.c"
#include "numfmt.c"
#include "lib.c"
#include "io.c"
#include "profile.c"
#include "sharing.c"
#include "locks.c"
#include "pack.c"
#include "sched.c"
#include "balance.c"
#include "signals.c"
#include "cores.c"
#include "layout.c"
#include "startup.c"
#include "roots.c"
#include "mpi.c"
#include "mpi_thread.c"
#include "meet.c"

const uint32_t bb_abi_version = BB_ABI_VERSION;
