/* bb/profile.h — profiling builds (`bambooc --profile-gen`, paper 4.3.1).
 *
 * A profiling build sets `bb_program.profile` to a descriptor of this type.
 * The runtime then records, for every task invocation, the task, the runtime
 * exit taken (0 = end of body, k >= 1 = the k-th `taskexit`), the time spent
 * in the task body, and the task objects the body allocated per allocation
 * site (the `site` argument of bb_task_object). It aggregates as it goes
 * (count and Welford mean/variance of the time per (task, exit); allocation
 * totals per (task, exit, site)), so memory does not grow with the run, and
 * writes the profile as JSON (docs/profile-format.md) when the program ends:
 * to the file named by $BAMBOO_PROFILE_OUT, else `<argv[0]'s base name>.profile`
 * in the current folder.
 *
 * Programs built without --profile-gen leave `profile` NULL and pay nothing:
 * the dispatch hook sits inside the branch that already measures task times
 * for BAMBOO_STATS and BAMBOO_TRACE.
 */
#ifndef BB_PROFILE_H
#define BB_PROFILE_H

#include "types.h"

typedef struct bb_profile_info {
  const char     *fingerprint;  /* profile::fingerprint of the program (hex) */
  uint32_t        nsites;       /* allocation sites: hir::AllocSiteId 0..nsites-1 */
  const uint32_t *site_class;   /* class id of the objects each site allocates */
} bb_profile_info;

#endif
