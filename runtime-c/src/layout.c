/* layout.c — BAMBOO_LAYOUT=file.json (paper 4.3.4): a layout file read at
 * start-up in place of the layout the program was built with. In: the
 * file's text, the program's task names, tag slots and fingerprint, and the
 * launched core count. Out: policies, hosts and routes in the shape of the
 * bb_program tables, which startup.c installs as it would the compiled
 * ones. The reader takes exactly the layout file's JSON shape (format
 * versions 1 and 2, docs/layout-format.md) and checks the same rules as
 * the compiler's `synthesis::layout::Layout::validate`; anything else is an
 * error naming the line and what was expected. */
#include "internal.h"
#include <errno.h>
#include <stdarg.h>

#define BB_LAYOUT_NAME_MAX 256 /* task names, fingerprints: far shorter */
#define BB_LAYOUT_NO_POLICY 0xff

/* A reader over the text: position, line, and the first error. */
typedef struct bb_jr {
  const char *p, *end;
  uint32_t line;
  char *err;
  size_t errlen;
  bool failed;
} bb_jr;

/* The file as read, before the checks. */
typedef struct bb_lf {
  char format[BB_LAYOUT_NAME_MAX], program[BB_LAYOUT_NAME_MAX], fingerprint[BB_LAYOUT_NAME_MAX];
  uint32_t version;
  bool has[7]; /* format, version, program, fingerprint, machine, policies, cores */
  uint32_t ncores, cap;
  uint8_t *policies;     /* per task, BB_LAYOUT_NO_POLICY when missing */
  uint8_t *hosts;        /* ncores * ntasks */
  uint32_t *rstart, *rn; /* per core and task: the route's span in rcores; rn 0: none */
  uint32_t *rcores;
  size_t nrc, rccap;
  /* the first name that is not one of the program's tasks: reported after
     the checks that say whether the file is this program's at all */
  char unknown[BB_LAYOUT_NAME_MAX + 96];
} bb_lf;

static const char *const bb_policy_names[] = {"single", "round-robin", "tag-hash", "tag-home", "local", "here"};
static const char *const bb_layout_keys[] = {"format", "version", "program", "fingerprint", "machine", "policies", "cores"};

static bool bb_jr_fail(bb_jr *r, const char *fmt, ...) {
  if (r->failed) return false;
  r->failed = true;
  int n = snprintf(r->err, r->errlen, "line %u: ", r->line);
  va_list ap;
  va_start(ap, fmt);
  if (n >= 0 && (size_t)n < r->errlen) vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
  va_end(ap);
  return false;
}

static void bb_jr_ws(bb_jr *r) {
  while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\r' || *r->p == '\n')) {
    if (*r->p == '\n') r->line++;
    r->p++;
  }
}

/* What the reader is looking at, for an error: `c` or "the end of the file". */
static const char *bb_jr_found(const bb_jr *r, char buf[16]) {
  if (r->p >= r->end) return "the end of the file";
  unsigned char c = (unsigned char)*r->p;
  if (c < 0x20 || c >= 0x7f) snprintf(buf, 16, "byte 0x%02x", c);
  else snprintf(buf, 16, "`%c`", c);
  return buf;
}

static bool bb_jr_expect(bb_jr *r, char c, const char *what) {
  bb_jr_ws(r);
  if (r->p < r->end && *r->p == c) {
    r->p++;
    return true;
  }
  char buf[16];
  return bb_jr_fail(r, "expected %s, found %s", what, bb_jr_found(r, buf));
}

/* A JSON string of at most BB_LAYOUT_NAME_MAX - 1 bytes into buf, or of
 * any length skipped when buf is NULL. */
static bool bb_jr_string(bb_jr *r, char *buf, const char *what) {
  if (!bb_jr_expect(r, '"', what)) return false;
  size_t n = 0;
  for (;;) {
    if (r->p >= r->end) return bb_jr_fail(r, "expected `\"` to end the string, found the end of the file");
    unsigned char c = (unsigned char)*r->p++;
    if (c == '"') break;
    if (c < 0x20) return bb_jr_fail(r, "expected `\"` to end the string, found byte 0x%02x", c);
    if (c == '\\') {
      char e = r->p < r->end ? *r->p++ : 0;
      switch (e) {
      case '"': case '\\': case '/': c = (unsigned char)e; break;
      case 'b': c = '\b'; break;
      case 'f': c = '\f'; break;
      case 'n': c = '\n'; break;
      case 'r': c = '\r'; break;
      case 't': c = '\t'; break;
      case 'u': {
        unsigned v = 0;
        for (int k = 0; k < 4; k++) {
          char h = r->p < r->end ? *r->p++ : 0;
          int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
          if (d < 0) return bb_jr_fail(r, "expected four hexadecimal digits after `\\u`");
          v = v * 16 + (unsigned)d;
        }
        /* names in a layout are ASCII identifiers */
        if (v == 0 || v >= 0x80) return bb_jr_fail(r, "expected an ASCII character, found `\\u%04x`", v);
        c = (unsigned char)v;
        break;
      }
      default: return bb_jr_fail(r, "expected one of `\"\\/bfnrtu` after `\\` in a string");
      }
    }
    if (!buf) continue;
    if (n + 1 >= BB_LAYOUT_NAME_MAX) return bb_jr_fail(r, "expected a string of at most %d bytes", BB_LAYOUT_NAME_MAX - 1);
    buf[n++] = (char)c;
  }
  if (buf) buf[n] = 0;
  return true;
}

/* A JSON number that is a whole number from 0 to max. */
static bool bb_jr_uint(bb_jr *r, uint32_t max, uint32_t *v, const char *what) {
  bb_jr_ws(r);
  char buf[16];
  if (r->p >= r->end || *r->p < '0' || *r->p > '9') return bb_jr_fail(r, "expected %s, found %s", what, bb_jr_found(r, buf));
  uint64_t x = 0;
  const char *start = r->p;
  while (r->p < r->end && *r->p >= '0' && *r->p <= '9') {
    x = x * 10 + (uint64_t)(*r->p++ - '0');
    if (x > max) return bb_jr_fail(r, "expected %s, at most %u", what, max);
  }
  if (*start == '0' && r->p - start > 1) return bb_jr_fail(r, "expected %s without leading zeros", what);
  if (r->p < r->end && (*r->p == '.' || *r->p == 'e' || *r->p == 'E'))
    return bb_jr_fail(r, "expected %s, a whole number", what);
  *v = (uint32_t)x;
  return true;
}

/* Between the elements of an object or array: 1 when another element
 * follows, 0 at the closing bracket (consumed), -1 on an error. `first`
 * is true before the first element. */
static int bb_jr_more(bb_jr *r, char close, bool *first) {
  bb_jr_ws(r);
  bool was_first = *first;
  *first = false;
  if (r->p < r->end && *r->p == close) {
    r->p++;
    return 0;
  }
  if (was_first) return 1;
  if (r->p < r->end && *r->p == ',') {
    r->p++;
    return 1;
  }
  char buf[16];
  bb_jr_fail(r, "expected `,` or `%c`, found %s", close, bb_jr_found(r, buf));
  return -1;
}

/* The task named `name`, or -1. */
static int32_t bb_layout_task(const bb_program *prog, const char *name) {
  for (uint32_t t = 0; t < prog->ntasks; t++)
    if (strcmp(prog->tasks[t].name, name) == 0) return (int32_t)t;
  return -1;
}

/* Notes the first unknown task name: `use` says how the file uses it
 * ("hosts", "routes"; core UINT32_MAX: `policies` names it). */
static void bb_layout_unknown(const bb_jr *r, bb_lf *f, uint32_t core, const char *use, const char *task) {
  if (f->unknown[0]) return;
  if (core == UINT32_MAX)
    snprintf(f->unknown, sizeof f->unknown, "line %u: `policies` names unknown task `%s`", r->line, task);
  else
    snprintf(f->unknown, sizeof f->unknown, "line %u: core %u %s unknown task `%s`", r->line, core, use, task);
}

static bool bb_layout_policies(bb_jr *r, const bb_program *prog, bb_lf *f) {
  if (!bb_jr_expect(r, '{', "`{` to start `policies`")) return false;
  bool first = true;
  int more;
  while ((more = bb_jr_more(r, '}', &first)) == 1) {
    char task[BB_LAYOUT_NAME_MAX], pol[BB_LAYOUT_NAME_MAX];
    if (!bb_jr_string(r, task, "a task name")) return false;
    int32_t t = bb_layout_task(prog, task);
    if (t < 0) bb_layout_unknown(r, f, UINT32_MAX, "", task);
    if (t >= 0 && f->policies[t] != BB_LAYOUT_NO_POLICY) return bb_jr_fail(r, "`policies` names task `%s` twice", task);
    if (!bb_jr_expect(r, ':', "`:`") || !bb_jr_string(r, pol, "a policy")) return false;
    uint8_t k = 0;
    while (k < 6 && strcmp(bb_policy_names[k], pol) != 0) k++;
    if (k == 6) return bb_jr_fail(r, "expected a policy (single, round-robin, tag-hash, tag-home, local or here), found `%s`", pol);
    if (t >= 0) f->policies[t] = k;
  }
  return more == 0;
}

/* One core's routes: task name -> array of core numbers. */
static bool bb_layout_routes(bb_jr *r, const bb_program *prog, bb_lf *f, uint32_t c) {
  uint32_t nt = prog->ntasks;
  if (!bb_jr_expect(r, '{', "`{` to start `routes`")) return false;
  bool first = true;
  int more;
  while ((more = bb_jr_more(r, '}', &first)) == 1) {
    char task[BB_LAYOUT_NAME_MAX];
    if (!bb_jr_string(r, task, "a task name")) return false;
    int32_t t = bb_layout_task(prog, task);
    if (t < 0) bb_layout_unknown(r, f, c, "routes", task);
    size_t slot = (size_t)c * nt + (size_t)(t < 0 ? 0 : t);
    if (t >= 0 && f->rstart[slot] != UINT32_MAX) return bb_jr_fail(r, "core %u routes task `%s` twice", c, task);
    if (!bb_jr_expect(r, ':', "`:`") || !bb_jr_expect(r, '[', "`[` to start a list of cores")) return false;
    if (t >= 0) f->rstart[slot] = (uint32_t)f->nrc;
    bool first2 = true;
    int more2;
    while ((more2 = bb_jr_more(r, ']', &first2)) == 1) {
      uint32_t to;
      if (!bb_jr_uint(r, BB_MAX_CORES - 1, &to, "a core number")) return false;
      if (t < 0) continue;
      if (f->nrc == f->rccap) {
        f->rccap = f->rccap ? 2 * f->rccap : 256;
        f->rcores = bb_xrealloc(NULL, f->rcores, f->rccap * sizeof *f->rcores);
      }
      /* sorted and without repeats, as the compiler reads it */
      uint32_t *span = f->rcores + f->rstart[slot], n = f->rn[slot], k = n;
      while (k > 0 && span[k - 1] > to) k--;
      if (k > 0 && span[k - 1] == to) continue;
      memmove(span + k + 1, span + k, (n - k) * sizeof *span);
      span[k] = to;
      f->rn[slot]++;
      f->nrc++;
    }
    if (more2 < 0) return false;
  }
  return more == 0;
}

/* One entry of `cores`: {"tasks": [...], "routes": {...}}. */
static bool bb_layout_core(bb_jr *r, const bb_program *prog, bb_lf *f) {
  uint32_t nt = prog->ntasks, c = f->ncores;
  if (c == BB_MAX_CORES) return bb_jr_fail(r, "expected at most %d cores", BB_MAX_CORES);
  if (c == f->cap) {
    f->cap = f->cap ? 2 * f->cap : 8;
    f->hosts = bb_xrealloc(NULL, f->hosts, (size_t)f->cap * nt + 1);
    f->rstart = bb_xrealloc(NULL, f->rstart, ((size_t)f->cap * nt + 1) * sizeof *f->rstart);
    f->rn = bb_xrealloc(NULL, f->rn, ((size_t)f->cap * nt + 1) * sizeof *f->rn);
  }
  f->ncores++;
  memset(f->hosts + (size_t)c * nt, 0, nt);
  memset(f->rn + (size_t)c * nt, 0, nt * sizeof *f->rn);
  memset(f->rstart + (size_t)c * nt, 0xff, nt * sizeof *f->rstart);
  if (!bb_jr_expect(r, '{', "`{` to start a core")) return false;
  bool first = true, has_tasks = false, has_routes = false;
  int more;
  while ((more = bb_jr_more(r, '}', &first)) == 1) {
    char key[BB_LAYOUT_NAME_MAX];
    if (!bb_jr_string(r, key, "`\"tasks\"` or `\"routes\"`") || !bb_jr_expect(r, ':', "`:`")) return false;
    if (strcmp(key, "tasks") == 0 && !has_tasks) {
      has_tasks = true;
      if (!bb_jr_expect(r, '[', "`[` to start a list of tasks")) return false;
      bool first2 = true;
      int more2;
      while ((more2 = bb_jr_more(r, ']', &first2)) == 1) {
        char task[BB_LAYOUT_NAME_MAX];
        if (!bb_jr_string(r, task, "a task name")) return false;
        int32_t t = bb_layout_task(prog, task);
        if (t < 0) bb_layout_unknown(r, f, c, "hosts", task);
        else f->hosts[(size_t)c * nt + (size_t)t] = 1;
      }
      if (more2 < 0) return false;
    } else if (strcmp(key, "routes") == 0 && !has_routes) {
      has_routes = true;
      if (!bb_layout_routes(r, prog, f, c)) return false;
    } else {
      return bb_jr_fail(r, "expected `\"tasks\"` or `\"routes\"` (once each) in core %u, found `\"%s\"`", c, key);
    }
  }
  if (more < 0) return false;
  if (!has_tasks || !has_routes) return bb_jr_fail(r, "core %u has no `%s`", c, has_tasks ? "routes" : "tasks");
  return true;
}

/* The whole file into f. */
static bool bb_layout_read(bb_jr *r, const bb_program *prog, bb_lf *f) {
  if (!bb_jr_expect(r, '{', "`{` to start the layout")) return false;
  bool first = true;
  int more;
  while ((more = bb_jr_more(r, '}', &first)) == 1) {
    char key[BB_LAYOUT_NAME_MAX];
    if (!bb_jr_string(r, key, "a key") || !bb_jr_expect(r, ':', "`:`")) return false;
    int k = 0;
    while (k < 7 && strcmp(bb_layout_keys[k], key) != 0) k++;
    if (k == 7)
      return bb_jr_fail(r, "expected one of the keys format, version, program, fingerprint, machine, policies, cores, found `\"%s\"`", key);
    if (f->has[k]) return bb_jr_fail(r, "the key `%s` appears twice", key);
    f->has[k] = true;
    bool ok;
    switch (k) {
    case 0: ok = bb_jr_string(r, f->format, "a string"); break;
    case 1: ok = bb_jr_uint(r, 1000000, &f->version, "a version number"); break;
    case 2: ok = bb_jr_string(r, f->program, "a string"); break;
    case 3: ok = bb_jr_string(r, f->fingerprint, "a string"); break;
    case 4: ok = bb_jr_string(r, NULL, "a string"); break; /* what it was made for (a machine file's path, say); not checked */
    case 5: ok = bb_layout_policies(r, prog, f); break;
    default: {
      ok = bb_jr_expect(r, '[', "`[` to start `cores`");
      bool first2 = true;
      int more2 = 0;
      while (ok && (more2 = bb_jr_more(r, ']', &first2)) == 1) ok = bb_layout_core(r, prog, f);
      ok = ok && more2 == 0;
    }
    }
    if (!ok) return false;
  }
  if (more < 0) return false;
  bb_jr_ws(r);
  char buf[16];
  if (r->p < r->end) return bb_jr_fail(r, "expected the end of the file after the layout, found %s", bb_jr_found(r, buf));
  for (int k = 0; k < 7; k++)
    if (!f->has[k] && k != 3) return bb_jr_fail(r, "expected the key `%s` in the layout", bb_layout_keys[k]);
  return true;
}

/* Whether some tag slot is named on every parameter of task t: the tag
 * instance its objects share (layout.rs, `shared_tag_slot`). */
static bool bb_layout_shared_tag(const bb_task *d) {
  if (d->nparams == 0) return false;
  for (uint32_t i = 0; i < d->params[0].ntags; i++) {
    uint32_t slot = d->params[0].tags[i].slot;
    bool all = true;
    for (uint32_t p = 1; p < d->nparams && all; p++) {
      bool here = false;
      for (uint32_t j = 0; j < d->params[p].ntags; j++) here |= d->params[p].tags[j].slot == slot;
      all = here;
    }
    if (all) return true;
  }
  return false;
}

/* The program's name without its file extension: what a layout names. */
static bool bb_layout_same_program(const char *layout_name, const char *prog_name) {
  const char *dot = strrchr(prog_name, '.');
  size_t n = dot ? (size_t)(dot - prog_name) : strlen(prog_name);
  return strlen(layout_name) == n && strncmp(layout_name, prog_name, n) == 0;
}

static bool bb_layout_fail(char *err, size_t errlen, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
  return false;
}

/* The checks of layout.rs `from_file` and `validate`, then the run's:
 * `ncores` cores (`rule` says where the number comes from) and, under MPI
 * (`mpi`), every task the build keeps on one core still there. */
static bool bb_layout_check(const bb_program *prog, const bb_lf *f, uint32_t ncores, const char *rule, bool mpi,
                            char *err, size_t errlen) {
  uint32_t nt = prog->ntasks, nc = f->ncores;
  if (strcmp(f->format, "bambooc-layout") != 0)
    return bb_layout_fail(err, errlen, "has format `%s`, expected `bambooc-layout`", f->format);
  if (f->version < 1 || f->version > 2)
    return bb_layout_fail(err, errlen, "has version %u, this runtime reads versions 1 to 2", f->version);
  const char *mine = prog->fingerprint ? prog->fingerprint : "";
  if (f->version >= 2 && !f->has[3])
    return bb_layout_fail(err, errlen, "has version 2 but no `fingerprint` (this program's is %s)", mine);
  if (f->version >= 2 && strcmp(f->fingerprint, mine) != 0)
    return bb_layout_fail(err, errlen, "was made for a program with fingerprint %s, not this one's %s (its tasks or allocation sites differ)",
                          f->fingerprint, mine);
  if (f->version == 1 && !bb_layout_same_program(f->program, prog->name))
    return bb_layout_fail(err, errlen, "was made for program `%s`, not `%s`", f->program, prog->name);
  if (f->unknown[0]) return bb_layout_fail(err, errlen, "%s", f->unknown);
  if (nc == 0) return bb_layout_fail(err, errlen, "has no cores");
  if (nc != ncores) return bb_layout_fail(err, errlen, "has %u cores, but this run has %u (%s)", nc, ncores, rule);
  for (uint32_t t = 0; t < nt; t++)
    if (f->policies[t] == BB_LAYOUT_NO_POLICY)
      return bb_layout_fail(err, errlen, "gives task `%s` no policy", prog->tasks[t].name);
  for (uint32_t t = 0; t < nt; t++) {
    const bb_task *d = &prog->tasks[t];
    uint32_t inst = 0, first = UINT32_MAX;
    for (uint32_t c = 0; c < nc; c++)
      if (f->hosts[(size_t)c * nt + t]) {
        inst++;
        if (first == UINT32_MAX) first = c;
      }
    uint8_t pol = f->policies[t];
    bool by_tag = pol == BB_POLICY_TAG_HASH || pol == BB_POLICY_TAG_HOME;
    if (inst == 0) return bb_layout_fail(err, errlen, "places no instance of task `%s` on any core", d->name);
    if (pol == BB_POLICY_SINGLE && inst > 1)
      return bb_layout_fail(err, errlen, "gives task `%s` the policy `single` but %u instances", d->name, inst);
    if (!by_tag && pol != BB_POLICY_SINGLE && inst > 1 && d->nparams > 1)
      return bb_layout_fail(err, errlen,
                            "places several instances of the multi-parameter task `%s` without hashing a tag all its parameters share",
                            d->name);
    if (by_tag && !bb_layout_shared_tag(d))
      return bb_layout_fail(err, errlen, "gives task `%s` the policy `%s`, but its parameters share no tag", d->name,
                            bb_policy_names[pol]);
    for (uint32_t c = 0; c < nc; c++) {
      size_t slot = (size_t)c * nt + t;
      uint32_t n = f->rn[slot];
      const uint32_t *to = f->rcores + f->rstart[slot];
      if (n == 0) return bb_layout_fail(err, errlen, "gives core %u no route for task `%s`", c, d->name);
      for (uint32_t k = 0; k < n; k++) {
        if (to[k] >= nc) return bb_layout_fail(err, errlen, "routes to core %u, but the layout has %u cores", to[k], nc);
        if (!f->hosts[(size_t)to[k] * nt + t])
          return bb_layout_fail(err, errlen, "routes task `%s` from core %u to core %u, which does not host it", d->name, c,
                                to[k]);
      }
      /* the route is sorted and every entry hosts t: all instances iff as many */
      if (by_tag && inst > 1 && n != inst)
        return bb_layout_fail(err, errlen,
                              "routes the tag-routed task `%s` from core %u to other cores than all its instances, so objects "
                              "sharing a tag could miss each other",
                              d->name, c);
    }
    /* mpi.rs `check_program` let merged locks through because the tasks
       that form or take merged groups run on global core 0 only */
    bool kept = prog->pinned && prog->pinned[t];
    if (mpi && kept && (pol != BB_POLICY_SINGLE || first != 0))
      return bb_layout_fail(err, errlen, "moves task `%s` off core 0: an MPI build keeps it `single` there (it starts the run, or forms or takes merged lock groups)", d->name);
  }
  return true;
}

static void bb_lf_free(bb_lf *f) {
  free(f->policies);
  free(f->hosts);
  free(f->rstart);
  free(f->rn);
  free(f->rcores);
}

bool bb_layout_parse(const bb_program *prog, const char *text, size_t len, uint32_t ncores, const char *rule, bool mpi,
                     bb_layout_file *out, char *err, size_t errlen) {
  uint32_t nt = prog->ntasks;
  bb_lf f;
  memset(&f, 0, sizeof f);
  f.policies = bb_xmalloc(NULL, nt + 1);
  memset(f.policies, BB_LAYOUT_NO_POLICY, nt + 1);
  bb_jr r = {text, text + len, 1, err, errlen, false};
  bool ok = bb_layout_read(&r, prog, &f) && bb_layout_check(prog, &f, ncores, rule, mpi, err, errlen);
  if (ok) {
    /* the compiled tables' shape (bb_program) */
    out->ncores = f.ncores;
    out->policies = f.policies;
    out->hosts = f.hosts;
    out->routes = bb_xmalloc(NULL, ((size_t)f.ncores * nt + 1) * sizeof *out->routes);
    out->route_cores = f.rcores;
    for (size_t i = 0; i < (size_t)f.ncores * nt; i++)
      out->routes[i] = (bb_route){f.rn[i], f.rcores + f.rstart[i]};
    f.policies = NULL;
    f.hosts = NULL;
    f.rcores = NULL;
  }
  bb_lf_free(&f);
  return ok;
}

void bb_layout_load(const bb_program *prog, const char *path, uint32_t ncores, const char *rule, bool mpi,
                    bb_layout_file *out) {
  char err[512];
  FILE *fp = fopen(path, "rb");
  size_t len = 0, cap = 0;
  char *text = NULL;
  bool ok = fp != NULL;
  if (!ok) snprintf(err, sizeof err, "cannot read it: %s", strerror(errno));
  while (ok) {
    if (len == cap) text = bb_xrealloc(NULL, text, cap = cap ? 2 * cap : 4096);
    size_t got = fread(text + len, 1, cap - len, fp);
    len += got;
    if (got == 0) {
      if (ferror(fp)) {
        ok = false;
        snprintf(err, sizeof err, "cannot read it: %s", strerror(errno));
      }
      break;
    }
  }
  if (fp) fclose(fp);
  ok = ok && bb_layout_parse(prog, text ? text : "", len, ncores, rule, mpi, out, err, sizeof err);
  free(text);
  if (!ok) {
    fprintf(stderr, "bamboo: error: BAMBOO_LAYOUT=%s: %s\n", path, err);
    exit(2);
  }
}

void bb_layout_free(bb_layout_file *l) {
  free(l->policies);
  free(l->hosts);
  free(l->routes);
  free(l->route_cores);
  memset(l, 0, sizeof *l);
}
