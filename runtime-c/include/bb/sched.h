/* bb/sched.h — program start, task objects, task exits, the scheduler.
 *
 * Generated code:
 *   - allocates a task object with bb_new + constructor, then
 *     bb_task_object(ctx, o, flags, site) and bb_tag_bind(...) for its block;
 *     it is published when the running task exits;
 *   - ends a task with BB_TASKEXIT(ctx, exit) after staging the exit's tag
 *     actions with bb_exit_add_tag / bb_exit_clear_tag;
 *   - defines main() as `return bb_main(&program, argc, argv);`.
 */
#ifndef BB_SCHED_H
#define BB_SCHED_H

#include "tag.h"

/* Run the program: check the ABI, set up core 0, publish the StartupObject,
 * run tasks until none is enabled, flush output, return the exit status. */
int bb_main(const bb_program *prog, int argc, char **argv);

/* `new C(...) { flags }`: make `o` (just allocated by the running task) a
 * task object with the initial flag word `flags`; it becomes visible to the
 * scheduler when the running task exits. `site` is the compiler's number of
 * the allocation block (hir::AllocSiteId), recorded by profiling builds. */
void bb_task_object(bb_ctx *ctx, bb_object *o, uint64_t flags, uint32_t site);

/* Stage `add t` / `clear t` on parameter `param` for the coming exit. A null
 * tag is a run-time error at `loc`. */
void bb_exit_add_tag(bb_ctx *ctx, uint32_t param, bb_tag *t, bb_loc loc);
void bb_exit_clear_tag(bb_ctx *ctx, uint32_t param, bb_tag *t, bb_loc loc);

/* taskexit: choose exit `e` (an index into the task's exit table) and return
 * from the task function. Only valid directly in a task function. */
#define BB_TASKEXIT(ctx, e) do { (ctx)->exit = (e); return; } while (0)

/* Guard evaluation: does flag word f satisfy the DNF guard of p? */
BB_INLINE bool bb_guard_holds(const bb_param *p, uint64_t f) {
  for (uint32_t i = 0; i < p->nguards; i++)
    if ((f & p->guards[i].mask) == p->guards[i].value) return true;
  return false;
}

/* ---- lower-level entry points (tests, benchmarks, future many-core) ------- */
/* Initialise the runtime and core 0 for `prog` without running anything. */
bb_ctx *bb_runtime_init(const bb_program *prog, int argc, char **argv);
/* Publish the StartupObject with the command-line arguments. */
void    bb_publish_startup(bb_ctx *ctx);
/* Publish a task object right away (between tasks only). */
void    bb_publish(bb_ctx *ctx, bb_object *o);
/* Run invocations until quiescent. */
void    bb_run(bb_ctx *ctx);
/* Run at most one invocation; false when none is enabled. */
bool    bb_step(bb_ctx *ctx);
/* Flush output, print stats/trace, free the runtime (no exit). */
void    bb_runtime_finish(bb_ctx *ctx);

#endif
