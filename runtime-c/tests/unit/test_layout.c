/* test_layout.c — layout.c's reader of BAMBOO_LAYOUT files: a good file
 * becomes the bb_program's tables; each broken one is refused with the
 * line and what was expected, or the rule it breaks. */
#include "unit.h"
#include "internal.h"
#include <string.h>

/* Tasks startup(StartupObject), work(Item) and join(Item with t, Item
 * with t): enough for every rule. */
static void l_never(bb_ctx *c, bb_object **p, bb_tag **t) { (void)c; (void)p; (void)t; }
static const bb_guard l_any[] = {{0, 0}};
static const bb_tagreq l_tag[] = {{0, 0}};
static const bb_param l_one[] = {{"s", CLS_Startup, 1, l_any, 0, NULL}};
static const bb_param l_two[] = {{"a", CLS_Node, 1, l_any, 1, l_tag}, {"b", CLS_Node, 1, l_any, 1, l_tag}};
static const bb_flagop l_exits[] = {{~0ull, 0}, {~0ull, 0}};
static const bb_task l_tasks[] = {{"startup", l_never, 1, l_one, 0, 1, l_exits, 0},
                                  {"work", l_never, 1, l_one, 0, 1, l_exits, 0},
                                  {"join", l_never, 2, l_two, 1, 1, l_exits, 0}};
static const uint8_t l_policies[] = {BB_POLICY_SINGLE, BB_POLICY_ROUND_ROBIN, BB_POLICY_TAG_HASH};
static const uint8_t l_pinned[] = {1, 0, 0};
static const bb_program l_prog = {.name = "pairs.bb",
                                  .ntasks = 3,
                                  .tasks = l_tasks,
                                  .policies = l_policies,
                                  .fingerprint = "00112233aabbccdd",
                                  .pinned = l_pinned};

#define L_HEAD "{\"format\": \"bambooc-layout\", \"version\": 2, \"program\": \"pairs\",\n" \
               " \"fingerprint\": \"00112233aabbccdd\", \"machine\": \"smp:2\",\n"
#define L_POLICIES " \"policies\": {\"startup\": \"single\", \"work\": \"round-robin\", \"join\": \"tag-hash\"},\n"
#define L_CORE0 "{\"tasks\": [\"startup\", \"work\", \"join\"], \"routes\": {\"startup\": [0], \"work\": [1, 0, 1], \"join\": [0, 1]}}"
#define L_CORE1 "{\"tasks\": [\"work\", \"join\"], \"routes\": {\"startup\": [0], \"work\": [0, 1], \"join\": [0, 1]}}"
static const char l_good[] = L_HEAD L_POLICIES " \"cores\": [" L_CORE0 ",\n " L_CORE1 "]}\n";

static char l_err[512];

/* Parses `text` for 2 cores (shared memory); true when it was accepted. */
static bool l_parse(const char *text, bool mpi) {
  bb_layout_file f = {0};
  l_err[0] = 0;
  bool ok = bb_layout_parse(&l_prog, text, strlen(text), 2, "test", mpi, &f, l_err, sizeof l_err);
  bb_layout_free(&f);
  return ok;
}

/* `base` with the first `from` replaced by `to` (in one of two buffers
 * used in turn, so an edit of an edit works). */
static const char *l_edit_in(const char *base, const char *from, const char *to) {
  static char bufs[2][2048];
  static int turn;
  char *buf = bufs[turn ^= 1];
  const char *at = strstr(base, from);
  if (!at) return "";
  snprintf(buf, 2048, "%.*s%s%s", (int)(at - base), base, to, at + strlen(from));
  return buf;
}

static const char *l_edit(const char *from, const char *to) { return l_edit_in(l_good, from, to); }

/* Refused, with `want` in the reason. */
static void l_refused(const char *text, const char *want) {
  bb_t_checks++;
  if (l_parse(text, false) || !strstr(l_err, want)) {
    fprintf(stderr, "test_layout: expected an error with `%s`, got `%s`\n", want, l_err);
    bb_t_failures++;
  }
}

void test_layout(void) {
  bb_layout_file f = {0};
  CHECK(bb_layout_parse(&l_prog, l_good, strlen(l_good), 2, "test", false, &f, l_err, sizeof l_err));
  CHECK(f.ncores == 2);
  CHECK(f.policies[0] == BB_POLICY_SINGLE && f.policies[1] == BB_POLICY_ROUND_ROBIN && f.policies[2] == BB_POLICY_TAG_HASH);
  CHECK(f.hosts[0] && f.hosts[1] && f.hosts[2] && !f.hosts[3] && f.hosts[4] && f.hosts[5]);
  /* core 0's route for work, [1, 0, 1], sorted and without repeats */
  CHECK(f.routes[1].n == 2 && f.routes[1].cores[0] == 0 && f.routes[1].cores[1] == 1);
  CHECK(f.routes[3].n == 1 && f.routes[3].cores[0] == 0);
  bb_layout_free(&f);

  /* the file's syntax: the line and what was expected */
  l_refused(l_edit("\"machine\"", "\"machine\" \"smp\""), "line 2: expected `:`");
  l_refused(l_edit("},\n \"cores\"", "}\n \"cores\""), "line 4: expected `,` or `}`, found `\"`");
  l_refused(l_edit("[0, 1]}}]", "[0, 1,]}}]"), "line 5: expected a core number, found `]`");
  l_refused(l_edit("\"version\": 2", "\"version\": 2.0"), "line 1: expected a version number, a whole number");
  l_refused(l_edit("\"machine\"", "\"colour\""), "expected one of the keys");
  l_refused(l_edit("\"machine\"", "\"format\""), "line 2: the key `format` appears twice");
  l_refused(l_edit("]}\n", "]}\n}"), "line 6: expected the end of the file");
  l_refused("", "line 1: expected `{` to start the layout, found the end of the file");
  l_refused(l_edit("\"routes\": {\"startup\": [0], \"work\": [0, 1]", "\"routes\": {\"work\": [0, 1]"),
            "gives core 1 no route for task `startup`");
  char long_machine[600];
  snprintf(long_machine, sizeof long_machine, "\"machine\": \"%0500d\"", 7);
  CHECK(l_parse(l_edit("\"machine\": \"smp:2\"", long_machine), false));
  l_refused(l_edit("\"pairs\"", "\"a\\u00e9\""), "line 1: expected an ASCII character, found `\\u00e9`");
  /* the program: fingerprint, version, names */
  l_refused(l_edit("00112233aabbccdd", "ffffffffffffffff"), "fingerprint ffffffffffffffff, not this one's 00112233aabbccdd");
  l_refused(l_edit("\"version\": 2", "\"version\": 3"), "has version 3");
  l_refused(l_edit("\"fingerprint\": \"00112233aabbccdd\",", ""), "version 2 but no `fingerprint`");
  CHECK(l_parse(l_edit("\"version\": 2, \"program\": \"pairs\",\n \"fingerprint\": \"00112233aabbccdd\",",
                       "\"version\": 1, \"program\": \"pairs\",\n"),
                false));
  /* a version 1 file's fingerprint is not checked, its program name is */
  CHECK(l_parse(l_edit_in(l_edit("\"version\": 2", "\"version\": 1"), "00112233aabbccdd", "ffffffffffffffff"), false));
  l_refused(l_edit("\"version\": 2, \"program\": \"pairs\",\n \"fingerprint\": \"00112233aabbccdd\",",
                   "\"version\": 1, \"program\": \"other\",\n"),
            "made for program `other`, not `pairs.bb`");
  l_refused(l_edit("\"startup\": \"single\"", "\"setup\": \"single\""), "`policies` names unknown task `setup`");
  l_refused(l_edit("[\"work\", \"join\"]", "[\"work\", \"jion\"]"), "core 1 hosts unknown task `jion`");
  l_refused(l_edit("\"tag-hash\"", "\"tag-hush\""), "expected a policy");
  /* the rules of layout.rs `validate` and the run's core count */
  l_refused(l_edit(",\n " L_CORE1, ""), "has 1 cores, but this run has 2 (test)");
  l_refused(l_edit("\"single\"", "\"round-robin\", \"work\": \"round-robin\""), "names task `work` twice");
  l_refused(l_edit("\"join\": \"tag-hash\"", "\"join\": \"round-robin\""), "multi-parameter task `join`");
  l_refused(l_edit("\"work\": \"round-robin\"", "\"work\": \"tag-home\""), "gives task `work` the policy `tag-home`");
  l_refused(l_edit("\"work\": [0, 1], \"join\": [0, 1]", "\"work\": [0, 1], \"join\": [1]"), "tag-routed task `join` from core 1");
  l_refused(l_edit("\"startup\": [0], \"work\": [0, 1]", "\"startup\": [1], \"work\": [0, 1]"),
            "routes task `startup` from core 1 to core 1, which does not host it");
  l_refused(l_edit("[1, 0, 1]", "[2]"), "routes to core 2, but the layout has 2 cores");
  l_refused(l_edit("[\"work\", \"join\"]", "[\"work\", \"join\", \"startup\"]"), "`single` but 2 instances");
  /* MPI: a task the build keeps single stays single on core 0 */
  CHECK(l_parse(l_good, true));
  /* startup on core 1 instead */
  const char *moved = l_edit("\"tasks\": [\"startup\", \"work\", \"join\"], \"routes\": {\"startup\": [0]",
                             "\"tasks\": [\"work\", \"join\"], \"routes\": {\"startup\": [1]");
  moved = l_edit_in(moved, "\"tasks\": [\"work\", \"join\"], \"routes\": {\"startup\": [0]",
                    "\"tasks\": [\"startup\", \"work\", \"join\"], \"routes\": {\"startup\": [1]");
  CHECK(l_parse(moved, false));
  CHECK(!l_parse(moved, true) && strstr(l_err, "moves task `startup` off core 0"));
  /* a task built single (too small to spread) but not pinned may be
     spread under MPI */
  static const uint8_t all_single[] = {BB_POLICY_SINGLE, BB_POLICY_SINGLE, BB_POLICY_TAG_HASH};
  bb_program single = l_prog;
  single.policies = all_single;
  bb_layout_file spread = {0};
  CHECK(bb_layout_parse(&single, l_good, strlen(l_good), 2, "test", true, &spread, l_err, sizeof l_err));
  bb_layout_free(&spread);
}
