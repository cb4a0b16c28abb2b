/* bb/tag.h — tag instances (paper section 3). A tag instance knows the
 * objects bound to it and each object knows its tags, so the scheduler finds
 * the objects that share a tag without searching. */
#ifndef BB_TAG_H
#define BB_TAG_H

#include "object.h"

/* `new tag(type)` */
bb_tag *bb_tag_new(bb_ctx *ctx, uint32_t type);
/* `add t` in an allocation block: bind a task object that the running task
 * allocated (and has not yet been published) to `t`. A null tag is a
 * run-time error at `loc`. Binding twice is a no-op. */
void bb_tag_bind(bb_ctx *ctx, bb_object *o, bb_tag *t, bb_loc loc);
/* Remove the binding (runtime internal; generated code stages unbinds with
 * bb_exit_clear_tag). */
void bb_tag_unbind(bb_ctx *ctx, bb_object *o, bb_tag *t);
/* Is o bound to t? */
bool bb_tag_bound(const bb_object *o, const bb_tag *t);

#endif
