/* signals.c — what ends a program from outside or overflows its stack.
 *
 * SIGINT, SIGTERM and SIGHUP are blocked in every thread and taken by one
 * watcher thread (sigtimedwait), which flushes the output and exits with
 * 128 + the signal; between signals it writes the output buffer at least
 * every 100 ms, so a program killed some other way has lost at most that
 * much. A stack overflow faults on the guard page below a core's stack;
 * the SIGSEGV handler runs on an alternate stack of the core's own, prints
 * one error line and exits with status 1. Under AddressSanitizer and
 * ThreadSanitizer the handler is not installed: they catch the fault on
 * alternate stacks of their own and report it themselves. */
#include "internal.h"
#include <errno.h>
#include <signal.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define BB_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define BB_SANITIZED 1
#endif
#endif

#define BB_FLUSH_PERIOD_NS 100000000L
#define BB_ALTSTACK_SIZE (64 * 1024)

static sigset_t bb_sig_watched;          /* the signals the watcher takes */
static pthread_mutex_t bb_sig_lock = PTHREAD_MUTEX_INITIALIZER;
static bb_runtime *bb_sig_rt;            /* the watched run; NULL once it ends (bb_sig_lock) */

/* This thread's core and the lowest address of its stack, for the SIGSEGV
 * handler (set by bb_signals_thread_init). */
static __thread bb_ctx *bb_sig_ctx;
static __thread uintptr_t bb_sig_stack_lo;
static __thread void *bb_sig_altstack;

/* The per-core stack size from BAMBOO_STACK, or 0 for the system's. */
static size_t bb_stack_size(void) {
  static size_t size = (size_t)-1;
  if (size == (size_t)-1) {
    size_t s = bb_env_bytes("BAMBOO_STACK", 0);
    if (s && s < (size_t)PTHREAD_STACK_MIN + 64 * 1024) {
      fprintf(stderr, "bamboo: error: BAMBOO_STACK must be at least %zu bytes, not `%s`\n",
              (size_t)PTHREAD_STACK_MIN + 64 * 1024, getenv("BAMBOO_STACK"));
      exit(2);
    }
    size = s;
  }
  return size;
}

/* Thread attributes for a core's thread: BAMBOO_STACK's size, if set. */
void bb_core_thread_attr(pthread_attr_t *a) {
  pthread_attr_init(a);
  size_t s = bb_stack_size();
  if (s && pthread_attr_setstacksize(a, s) != 0) bb_panic("cannot use a stack of %zu bytes", s);
}

/* Writes the decimal digits of v at p; returns the end. (Signal handlers
 * cannot use stdio.) */
static char *bb_sig_put_u64(char *p, uint64_t v) {
  char d[24];
  int n = 0;
  do d[n++] = (char)('0' + v % 10); while ((v /= 10) != 0);
  while (n) *p++ = d[--n];
  return p;
}

static char *bb_sig_put(char *p, const char *end, const char *s) {
  while (*s && p < end) *p++ = *s++;
  return p;
}

/* Flushes whatever the program printed, from a signal handler or a thread
 * that is about to end the process: waits briefly for a printing thread to
 * finish its call, then writes regardless (the process ends next). */
static void bb_sig_flush(bb_runtime *rt) {
  if (!rt || !rt->out_buf) return;
  bool locked = false;
  for (int i = 0; i < 1000 && !locked; i++) {
    locked = pthread_mutex_trylock(&rt->out_lock) == 0;
    if (!locked) {
      struct timespec ms = {0, 1000000};
      nanosleep(&ms, NULL);
    }
  }
  const char *p = rt->out_buf;
  size_t n = rt->out_len;
  while (n) {
    ssize_t w = write(1, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) break;
    p += w;
    n -= (size_t)w;
  }
  rt->out_len = 0;
}

/* The stack pointer when the fault happened, or 0 where unknown. */
static uintptr_t bb_sig_sp(void *uc) {
#if defined(__linux__) && defined(__x86_64__)
  return (uintptr_t)((ucontext_t *)uc)->uc_mcontext.gregs[REG_RSP];
#elif defined(__linux__) && defined(__aarch64__)
  return (uintptr_t)((ucontext_t *)uc)->uc_mcontext.sp;
#else
  (void)uc;
  return 0;
#endif
}

static void bb_sig_segv(int sig, siginfo_t *si, void *uc) {
  uintptr_t a = (uintptr_t)si->si_addr, sp = bb_sig_sp(uc);
  bb_ctx *ctx = bb_sig_ctx;
  /* A fault within 1 MiB below the stack's end (the guard page, or a frame
     that jumped over part of it), or within 64 KiB of the stack pointer
     (the main thread, whose end is not looked up), is an overflow; any
     other fault is left to the default action. */
  uintptr_t lo = bb_sig_stack_lo;
  bool overflow = ctx && ((lo && a < lo + 65536 && a + (1u << 20) >= lo) ||
                          (sp && a < sp + 65536 && a + 65536 >= sp));
  if (!overflow) {
    signal(sig, SIG_DFL);
    return;  /* the faulting instruction runs again and ends the process */
  }
  bb_runtime *rt = ctx->rt;
  uint32_t expect = 0;
  if (!__atomic_compare_exchange_n(&rt->halting, &expect, 1, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    for (;;) pause();  /* another core is ending the process */
  }
  bb_sig_flush(rt);
  char line[768], *p = line, *end = line + sizeof line - 2;
  p = bb_sig_put(p, end, "bamboo: error: stack overflow");
  const bb_task *t = ctx->task;
  if (t) {
    p = bb_sig_put(p, end, " in task ");
    p = bb_sig_put(p, end, t->name);
    const bb_program *prog = rt->prog;
    uint32_t f = BB_LOC_FILE(t->loc);
    if (BB_LOC_LINE(t->loc) && prog->files && f < prog->nfiles) {
      p = bb_sig_put(p, end, " (declared at ");
      p = bb_sig_put(p, end, prog->files[f]);
      p = bb_sig_put(p, end, ":");
      if (p + 12 < end) p = bb_sig_put_u64(p, BB_LOC_LINE(t->loc));
      p = bb_sig_put(p, end, ")");
    }
  }
  p = bb_sig_put(p, end, ": recursion too deep for the stack (BAMBOO_STACK sets its size)");
  *p++ = '\n';
  ssize_t w = write(2, line, (size_t)(p - line));
  (void)w;
  _exit(1);
}

/* Per core thread (core 0 included): where its stack ends (not for the
 * main thread, where glibc would parse /proc/self/maps: 40% of a small
 * program's instructions), and an alternate stack for the SIGSEGV handler,
 * which cannot run on the stack that overflowed. */
static void bb_sig_thread_setup(bb_ctx *ctx, bool main_thread) {
  bb_sig_ctx = ctx;
#ifndef BB_SANITIZED
  pthread_attr_t a;
  void *lo = NULL;
  size_t size = 0;
  if (!main_thread && pthread_getattr_np(pthread_self(), &a) == 0) {
    if (pthread_attr_getstack(&a, &lo, &size) != 0) lo = NULL;
    pthread_attr_destroy(&a);
  }
  bb_sig_stack_lo = (uintptr_t)lo;
  if (!bb_sig_altstack) {
    bb_sig_altstack = malloc(BB_ALTSTACK_SIZE);
    if (!bb_sig_altstack) bb_panic("out of memory");
    stack_t ss = {.ss_sp = bb_sig_altstack, .ss_size = BB_ALTSTACK_SIZE, .ss_flags = 0};
    if (sigaltstack(&ss, NULL) != 0) bb_panic("cannot set an alternate signal stack");
  }
#else
  (void)main_thread;
#endif
}

void bb_signals_thread_init(bb_ctx *ctx) { bb_sig_thread_setup(ctx, false); }

/* Before a core thread ends: its alternate stack goes (leak checkers). */
void bb_signals_thread_done(void) {
  if (!bb_sig_altstack) return;
  stack_t ss = {.ss_flags = SS_DISABLE};
  sigaltstack(&ss, NULL);
  free(bb_sig_altstack);
  bb_sig_altstack = NULL;
}

static void *bb_sig_watch(void *arg) {
  bb_runtime *rt = arg;
  struct timespec period = {0, BB_FLUSH_PERIOD_NS};
  for (;;) {
    siginfo_t info;
    int sig = sigtimedwait(&bb_sig_watched, &info, &period);
    pthread_mutex_lock(&bb_sig_lock);
    if (bb_sig_rt != rt) {
      pthread_mutex_unlock(&bb_sig_lock);
      return NULL;
    }
    if (sig > 0) {
      uint32_t expect = 0;
      if (__atomic_compare_exchange_n(&rt->halting, &expect, 1, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        bb_sig_flush(rt);
        _exit(128 + sig);
      }
      pthread_mutex_unlock(&bb_sig_lock);
      for (;;) pause();  /* another thread is ending the process */
    }
    /* (an empty buffer costs a lock and no write) */
    bb_out_flush(rt);
    pthread_mutex_unlock(&bb_sig_lock);
  }
}

/* At start-up, before any core thread exists (they inherit the mask). */
void bb_signals_start(bb_runtime *rt) {
  pthread_mutex_lock(&bb_sig_lock);
  bb_sig_rt = rt;
  pthread_mutex_unlock(&bb_sig_lock);
  sigemptyset(&bb_sig_watched);
  const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
  for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
    struct sigaction old;
    /* a signal ignored at start (nohup, a background job) stays ignored */
    if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    sigaddset(&bb_sig_watched, sigs[i]);
  }
  pthread_sigmask(SIG_BLOCK, &bb_sig_watched, NULL);
  pthread_attr_t a;
  pthread_attr_init(&a);
  pthread_attr_setstacksize(&a, (size_t)PTHREAD_STACK_MIN + 256 * 1024);
  pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
  pthread_t th;
  if (pthread_create(&th, &a, bb_sig_watch, rt) != 0) bb_panic("cannot start the signal thread");
  pthread_attr_destroy(&a);
#ifndef BB_SANITIZED
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = bb_sig_segv;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, NULL);
#endif
  bb_sig_thread_setup(&rt->cores[0], true);  /* the main thread: prog->init runs here */
}

/* At the end of a run, before the output buffer is freed: the watcher stops
 * touching it. */
void bb_signals_stop(void) {
  pthread_mutex_lock(&bb_sig_lock);
  bb_sig_rt = NULL;
  pthread_mutex_unlock(&bb_sig_lock);
  bb_signals_thread_done();
}

/* Runs the cores; with BAMBOO_STACK, core 0 runs on a thread of that stack
 * size too (the main thread's stack is the system's). */
static void *bb_core0_thread(void *arg) {
  bb_ctx *ctx = arg;
  ctx->stack_hi = (uintptr_t)__builtin_frame_address(0); /* roots.c scans below this */
  bb_signals_thread_init(ctx);
  bb_run(ctx);
  bb_signals_thread_done();
  return NULL;
}

void bb_run_cores(bb_ctx *ctx) {
  if (!bb_stack_size()) {
    bb_run(ctx);
    return;
  }
  pthread_attr_t a;
  bb_core_thread_attr(&a);
  pthread_t th;
  if (pthread_create(&th, &a, bb_core0_thread, ctx) != 0) bb_panic("cannot start the thread of core 0");
  pthread_attr_destroy(&a);
  pthread_join(th, NULL);
}
