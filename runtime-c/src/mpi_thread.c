/* mpi_thread.c — the MPI backend's communication thread (issue 31): the one
 * thread of a rank that calls MPI (MPI_THREAD_SERIALIZED). It sends what the
 * cores queued (mpi.c, bb_mpi_send), polls for arrivals and hands each to
 * its core, runs rank 0's termination waves (Mattern's four counters over
 * the ring of ranks), and ends the job: STOP, EXIT, FIN and the output that
 * rank 0 writes. The design is in mpi.c's header; the unity build includes
 * this file after it, so its types and helpers are in scope. */
#ifdef BB_MPI

/* ---- the communication thread -------------------------------------------- */

static void bb_mpi_send_all(bb_mpi *m) {
  pthread_mutex_lock(&m->lock);
  bb_mpi_item *it = m->out_head;
  __atomic_store_n(&m->out_head, NULL, __ATOMIC_RELAXED); /* peeked at without the lock */
  m->out_tail = NULL;
  pthread_mutex_unlock(&m->lock);
  while (it) {
    bb_mpi_item *next = it->next;
    /* MPI counts in ints: a region of 2 GiB or more goes as bytes of a
       derived type would; refused plainly instead */
    if (it->len > (size_t)INT32_MAX) bb_panic("MPI: an object region of %zu bytes is too large to send", it->len);
    bb_mpi_fail(MPI_Isend(it->data, (int)it->len, MPI_BYTE, it->dest, it->tag, MPI_COMM_WORLD, &it->req), "MPI_Isend");
    /* the bodies right after: the receiver takes them as soon as it has
       the object message (bb_mpi_bodies) */
    for (uint32_t i = 0; i < it->next_bodies; i++)
      bb_mpi_fail(MPI_Isend((char *)it->ext[i].obj + sizeof(bb_object), (int)it->ext[i].len, MPI_BYTE, it->dest, BB_MPI_BODY, MPI_COMM_WORLD,
                            &it->body_reqs[i]),
                  "MPI_Isend");
    it->next = m->inflight;
    m->inflight = it;
    it = next;
  }
}

/* Frees the sends that completed; true if none is left. */
static bool bb_mpi_test_sends(bb_mpi *m) {
  bb_mpi_item **at = &m->inflight;
  while (*at) {
    int done = 0;
    bb_mpi_fail(MPI_Test(&(*at)->req, &done, MPI_STATUS_IGNORE), "MPI_Test");
    if (done && (*at)->next_bodies)
      bb_mpi_fail(MPI_Testall((int)(*at)->next_bodies, (*at)->body_reqs, &done, MPI_STATUSES_IGNORE), "MPI_Testall");
    if (done) {
      bb_mpi_item *d = *at;
      *at = d->next;
      bb_mpi_item_free(m, d);
    } else {
      at = &(*at)->next;
    }
  }
  return m->inflight == NULL;
}

static void bb_mpi_wave_send(bb_runtime *rt, uint64_t *w) {
  bb_mpi_post(rt->mpi, (int)((rt->rank + 1) % rt->nranks), BB_MPI_WAVE, w, 4 * sizeof *w, NULL, 0);
}

/* Rank 0: STOP to every rank (itself included, handled at once). */
static void bb_mpi_stop_all(bb_runtime *rt, int32_t status);

/* Rank 0: a wave came back. */
static void bb_mpi_wave_back(bb_runtime *rt, const uint64_t *w) {
  bb_mpi *m = rt->mpi;
  m->wave_out = false;
  /* A wave that finds work (a busy rank, objects in flight) makes the next
     wait longer: in a busy run waves would only add messages. One that
     could end the run is confirmed soon. */
  m->wave_gap = w[1] && w[2] == w[3] ? BB_MPI_WAVE_GAP_NS
                : m->wave_gap < BB_MPI_WAVE_GAP_MAX_NS ? 2 * m->wave_gap
                                                      : BB_MPI_WAVE_GAP_MAX_NS;
  if (!w[1]) {
    m->last[0] = 0;
    return;
  }
  if (m->last[0] == w[0] && m->last[1] == w[2] && m->last[2] == w[3] && w[2] == w[3]) {
    bb_mpi_stop_all(rt, 0);
    return;
  }
  m->last[0] = w[0] + 1; /* the seq the next wave must have to confirm this one */
  m->last[1] = w[2];
  m->last[2] = w[3];
}

static void bb_mpi_wave_add(bb_runtime *rt, uint64_t *w) {
  w[1] = w[1] && bb_terminated(rt);
  w[2] += __atomic_load_n(&rt->mpi->sent, __ATOMIC_SEQ_CST);
  w[3] += __atomic_load_n(&rt->mpi->received, __ATOMIC_SEQ_CST);
}

static void bb_mpi_fin(bb_runtime *rt) {
  bb_mpi *m = rt->mpi;
  if (m->fin_sent) return;
  m->fin_sent = true;
  if (rt->rank == 0) m->fins++;
  else bb_mpi_post(m, 0, BB_MPI_FIN, NULL, 0, NULL, 0);
}

/* STOP seen by this rank: the cores end; at an exit, output is closed. */
static void bb_mpi_stop(bb_runtime *rt, int32_t status, bool normal) {
  bb_mpi *m = rt->mpi;
  if (m->stopping) return;
  m->stopping = true;
  m->stop_status = status;
  m->normal = normal;
  if (normal) {
    __atomic_store_n(&rt->done, 1, __ATOMIC_SEQ_CST);
    bb_wake_all(rt);
    return; /* the main thread flushes the output and sets `finishing` */
  }
  uint32_t expect = 0;
  if (__atomic_compare_exchange_n(&rt->halting, &expect, 1, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    /* this rank did not end itself: close and flush its output (io.c) */
    pthread_mutex_lock(&rt->out_lock);
    bb_write_all(rt->out_buf, rt->out_len);
    rt->out_len = 0;
  } else {
    /* a local core is ending: wait for it to have flushed */
    uint64_t until = bb_now_ns() + BB_MPI_WAIT_S * 1000000000ull;
    while (!__atomic_load_n(&m->exit_req, __ATOMIC_SEQ_CST) && bb_now_ns() < until) sched_yield();
  }
  bb_mpi_fin(rt);
}

static void bb_mpi_stop_all(bb_runtime *rt, int32_t status) {
  bb_mpi *m = rt->mpi;
  if (m->stopping) return;
  int32_t msg[2] = {status, rt->mpi->exit_req || status != 0};
  for (uint32_t r = 1; r < rt->nranks; r++) bb_mpi_post(m, (int)r, BB_MPI_STOP, msg, sizeof msg, NULL, 0);
  bb_mpi_stop(rt, status, !msg[1]);
}

/* An arrived object: to its core's inbox, unpacked there. */
static void bb_mpi_deliver(bb_runtime *rt, uint8_t *buf, size_t len) {
  bb_mpi_objhdr h;
  if (len < sizeof h) bb_panic("MPI: a truncated object message");
  memcpy(&h, buf, sizeof h);
  uint32_t local = h.core - rt->core_base;
  if (local >= rt->ncores || h.task >= rt->prog->ntasks || h.param >= rt->prog->tasks[h.task].nparams)
    bb_panic("MPI: an object message for core %u, task %u: not on this rank", h.core, h.task);
  bb_msg *msg = calloc(1, sizeof *msg);
  if (!msg) bb_panic("out of memory");
  msg->bytes = buf;
  msg->nbytes = len;
  msg->task = h.task;
  msg->param = h.param;
  bb_ctx *d = &rt->cores[local];
  __atomic_fetch_add(&rt->mpi_injected, 1, __ATOMIC_SEQ_CST);
  bb_inbox_push(&d->sched.inbox, msg);
  bb_wake(d);
  /* counted after the push: until then the sender's count is ahead */
  __atomic_fetch_add(&rt->mpi->received, 1, __ATOMIC_SEQ_CST);
}

/* An object message from `src` whose large bodies follow it (BB_MPI_OBJS):
 * `msg` (len bytes) ends with a table of the bodies (where each belongs in
 * the packed bytes, its length, a word for its block) and their count.
 * Each body is received straight into a block of its own that becomes the
 * rebuilt object (meet.c, bb_unpack_blocks), so a large array is copied
 * once, by MPI. The header's kind then says so. With `drop` (the job is
 * ending) the bodies are received and freed. */
static void bb_mpi_bodies(bb_mpi *m, int src, uint8_t *msg, size_t len, bool drop) {
  uint32_t n;
  size_t packed;
  bb_mpi_body_entry *table = bb_mpi_body_table(msg, len, &n, &packed);
  for (uint32_t i = 0; i < n; i++) {
    bb_mpi_body_entry e;
    memcpy(&e, &table[i], sizeof e); /* the buffer's table need not be aligned */
    if (e.len > INT32_MAX) bb_panic("MPI: a malformed object message");
    void *at;
    void *block = bb_large_block((size_t)e.len, &at);
    if (!block) bb_panic("out of memory");
    MPI_Status st;
    int count = 0;
    bb_mpi_fail(MPI_Recv(at, (int)e.len, MPI_BYTE, src, BB_MPI_BODY, MPI_COMM_WORLD, &st), "MPI_Recv");
    MPI_Get_count(&st, MPI_BYTE, &count);
    if ((uint64_t)count != e.len)
      bb_panic("MPI: an object's body of %d bytes, not %llu", count, (unsigned long long)e.len);
    m->received_bytes += e.len;
    if (drop) {
      free(block);
      continue;
    }
    e.block = (uint64_t)(uintptr_t)block;
    memcpy(&table[i], &e, sizeof e);
  }
  bb_mpi_objhdr h;
  memcpy(&h, msg, sizeof h);
  h.kind |= BB_MPI_KIND_BLOCKS;
  memcpy(msg, &h, sizeof h);
}

/* Receives what has arrived; true if anything did. */
static bool bb_mpi_receive(bb_runtime *rt) {
  bb_mpi *m = rt->mpi;
  bool any = false, objects = false;
  for (;;) {
    int flag = 0, count = 0;
    MPI_Status st;
    bb_mpi_fail(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st), "MPI_Iprobe");
    if (!flag) {
      /* the cores just given objects may share this thread's processor
         (mpirun binds a rank to its own): let them run now */
      if (objects) sched_yield();
      return any;
    }
    any = true;
    MPI_Get_count(&st, MPI_BYTE, &count);
    size_t cap;
    uint8_t *buf = bb_mpi_buf_take(m, count > 0 ? (size_t)count : 1, &cap);
    bb_mpi_fail(MPI_Recv(buf, count, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE), "MPI_Recv");
    size_t len = (size_t)count;
    switch (st.MPI_TAG) {
    case BB_MPI_OBJ:
      if (m->stopping) break; /* the job is ending: dropped */
      m->received_bytes += len;
      bb_mpi_deliver(rt, buf, len);
      objects = true;
      continue; /* the core gives buf back (bb_mpi_recycle) */
    case BB_MPI_OBJS:
      /* the bodies are taken even when the job is ending: they are on
         their way, and MPI_Finalize would wait for them */
      bb_mpi_bodies(m, st.MPI_SOURCE, buf, len, m->stopping);
      if (m->stopping) break;
      m->received_bytes += len;
      bb_mpi_deliver(rt, buf, len);
      objects = true;
      continue;
    case BB_MPI_WAVE: {
      uint64_t w[4] = {0};
      if (len == sizeof w) memcpy(w, buf, sizeof w);
      if (rt->rank == 0) bb_mpi_wave_back(rt, w);
      else {
        bb_mpi_wave_add(rt, w);
        bb_mpi_wave_send(rt, w);
      }
      break;
    }
    case BB_MPI_EXIT: {
      int32_t status = 1;
      if (len == sizeof status) memcpy(&status, buf, sizeof status);
      if (rt->rank == 0 && !m->stopping) {
        int32_t msg[2] = {status, 1};
        for (uint32_t r = 1; r < rt->nranks; r++) bb_mpi_post(m, (int)r, BB_MPI_STOP, msg, sizeof msg, NULL, 0);
        bb_mpi_stop(rt, status, false);
      }
      break;
    }
    case BB_MPI_STOP: {
      int32_t msg[2] = {1, 1};
      if (len == sizeof msg) memcpy(msg, buf, sizeof msg);
      bb_mpi_stop(rt, msg[0], !msg[1]);
      break;
    }
    case BB_MPI_OUT:
      if (rt->rank == 0 && (uint32_t)st.MPI_SOURCE < rt->nranks)
        bb_mpi_out_rank(m, (uint32_t)st.MPI_SOURCE, (const char *)buf, len);
      break;
    case BB_MPI_FIN:
      m->fins++;
      break;
    default:
      bb_panic("MPI: a message with unknown tag %d", st.MPI_TAG);
    }
    bb_mpi_buf_give(m, buf, len);
  }
}

static void *bb_mpi_watchdog(void *arg) {
  sleep(BB_MPI_WAIT_S);
  _exit((int)(intptr_t)arg);
}

/* MPI_Finalize, given at most BB_MPI_WAIT_S seconds when the job ends by an
 * exit (a rank that ended early may never match what is left). */
static void bb_mpi_finalize(bb_runtime *rt, int32_t status) {
  bb_mpi *m = rt->mpi;
  pthread_t dog;
  if (!m->normal && pthread_create(&dog, NULL, bb_mpi_watchdog, (void *)(intptr_t)status) == 0) pthread_detach(dog);
  while (m->inflight) {
    bb_mpi_item *d = m->inflight;
    m->inflight = d->next;
    if (d->req != MPI_REQUEST_NULL) MPI_Request_free(&d->req);
    for (uint32_t i = 0; i < d->next_bodies; i++)
      if (d->body_reqs[i] != MPI_REQUEST_NULL) MPI_Request_free(&d->body_reqs[i]);
  }
  MPI_Finalize();
}

/* Whether this rank may stop its communication thread. */
static bool bb_mpi_over(bb_runtime *rt) {
  bb_mpi *m = rt->mpi;
  if (!m->fin_sent || m->out_head || m->inflight) return false;
  return rt->rank != 0 || m->fins == rt->nranks;
}

/* Sleeps up to `ns` unless the thread has work: an object or a message to
 * send, an exit or the main thread's end to handle, a core that ran out of
 * work since `idle_seen`. Whoever makes such work signals `bell` under
 * `lock` when `napping` is set, so none is missed. */
static void bb_mpi_nap(bb_runtime *rt, uint64_t ns, uint64_t idle_seen) {
  bb_mpi *m = rt->mpi;
  uint64_t until = bb_now_ns() + ns;
  struct timespec ts = {(time_t)(until / 1000000000ull), (long)(until % 1000000000ull)};
  pthread_mutex_lock(&m->lock);
  __atomic_store_n(&m->napping, true, __ATOMIC_SEQ_CST);
  if (!m->out_head && __atomic_load_n(&m->exit_req, __ATOMIC_SEQ_CST) != 1 &&
      !(__atomic_load_n(&m->finishing, __ATOMIC_SEQ_CST) && !m->fin_sent) &&
      __atomic_load_n(&m->idle_at, __ATOMIC_SEQ_CST) == idle_seen)
    pthread_cond_timedwait(&m->bell, &m->lock, &ts);
  __atomic_store_n(&m->napping, false, __ATOMIC_RELAXED);
  pthread_mutex_unlock(&m->lock);
}

/* Whether a local core has nothing to do: an object arriving now would
 * run at once. */
static bool bb_mpi_cores_waiting(const bb_runtime *rt) {
  for (uint32_t c = 0; c < rt->ncores; c++)
    if (__atomic_load_n(&rt->cores[c].sched.idle, __ATOMIC_RELAXED)) return true;
  return false;
}

static void *bb_mpi_thread(void *arg) {
  bb_runtime *rt = arg;
  bb_mpi *m = rt->mpi;
  uint64_t nap = BB_MPI_NAP_MIN_NS, deadline = 0, idle_seen = 0, active_at = 0;
  for (;;) {
    bool busy = bb_mpi_receive(rt);
    if (__atomic_load_n(&m->exit_req, __ATOMIC_SEQ_CST) == 1 && !m->stopping) {
      m->exit_req = 3; /* handled */
      if (rt->rank == 0) bb_mpi_stop_all(rt, m->exit_status);
      else {
        bb_mpi_post(m, 0, BB_MPI_EXIT, &m->exit_status, sizeof m->exit_status, NULL, 0);
        m->exit_req = 3;
      }
    }
    if (__atomic_load_n(&m->finishing, __ATOMIC_SEQ_CST)) bb_mpi_fin(rt);
    if (__atomic_load_n(&m->out_head, __ATOMIC_ACQUIRE)) {
      bb_mpi_send_all(m);
      busy = true;
    }
    bool sending = !bb_mpi_test_sends(m);
    uint64_t now = bb_now_ns();
    if (rt->rank == 0 && !m->stopping && !m->wave_out) {
      if (now - m->wave_at >= m->wave_gap && bb_terminated(rt)) {
        uint64_t w[4] = {m->wave_seq++, 1, 0, 0};
        m->wave_at = now;
        bb_mpi_wave_add(rt, w);
        if (rt->nranks == 1) bb_mpi_wave_back(rt, w);
        else {
          m->wave_out = true;
          bb_mpi_wave_send(rt, w);
        }
      }
    }
    if (m->stopping) {
      if (bb_mpi_over(rt)) break;
      if (!deadline) deadline = now + BB_MPI_WAIT_S * 1000000000ull;
      if (now > deadline) {
        fprintf(stderr, "bamboo: error: rank %u: the other ranks did not end within %d s\n", rt->rank, BB_MPI_WAIT_S);
        break;
      }
    }
    /* After traffic or once a core has run out of work (it now waits for
       other ranks), the next message is likely soon: poll for it a short
       while, then nap, a little longer each time. A send in flight keeps
       the naps short (a large one may need this thread's progress calls)
       but is no reason to poll: the cores it would take the processor
       from may be busy. */
    uint64_t idle_at = __atomic_load_n(&m->idle_at, __ATOMIC_RELAXED);
    if (busy || idle_at != idle_seen) {
      idle_seen = idle_at;
      active_at = now;
      nap = BB_MPI_NAP_MIN_NS;
      if (busy) continue;
    }
    if (now - active_at < m->spin_ns && bb_mpi_cores_waiting(rt)) {
      /* Without a processor of its own the thread polls between yields:
         a waiting core that has parked leaves the processor free, and one
         given work by this thread gets it at the next yield. A nap would
         cost a timer's wake-up per message (tens of microseconds). */
      if (!m->spin) sched_yield();
#if defined(__x86_64__) || defined(__i386__)
      else __builtin_ia32_pause();
#endif
      continue;
    }
    bb_mpi_nap(rt, sending && nap > BB_MPI_NAP_SENDING_NS ? BB_MPI_NAP_SENDING_NS : nap, idle_seen);
    if (nap < BB_MPI_NAP_MAX_NS) nap *= 2;
  }
  if (rt->rank == 0) {
    for (uint32_t r = 0; r < rt->nranks; r++) {
      bb_packbuf *t = &m->tails[r];
      if (t->len) bb_write_fd(1, (const char *)t->data, t->len);
      t->len = 0;
    }
  }
  if (!m->normal) {
    /* an exit: this thread ends the process (the core that called
       System.exit or failed waits in bb_mpi_halt) */
    bb_mpi_finalize(rt, m->stop_status);
    exit(m->stop_status);
  }
  return NULL;
}

/* Before the cores start. */
void bb_mpi_start(bb_runtime *rt) {
  if (pthread_create(&rt->mpi->thread, NULL, bb_mpi_thread, rt) != 0) bb_panic("cannot start the MPI thread");
  rt->mpi->started = true;
}


/* The normal end, on the main thread after the cores stopped and the
 * output was flushed (into the outbox). */
void bb_mpi_finish(bb_runtime *rt) {
  bb_mpi *m = rt->mpi;
  __atomic_store_n(&m->finishing, 1, __ATOMIC_SEQ_CST);
  bb_mpi_ring(m);
  pthread_join(m->thread, NULL);
  bb_mpi_finalize(rt, 0);
  if (rt->stats)
    fprintf(stderr,
            "bamboo: stats: rank %u: objects to other ranks %llu (%llu bytes, packed in %.3f ms), from them %llu "
            "(%llu bytes, with notes); meeting notes sent %llu\n",
            rt->rank, (unsigned long long)(m->sent - m->notes), (unsigned long long)m->sent_bytes,
            (double)m->pack_ns / 1e6, (unsigned long long)m->received, (unsigned long long)m->received_bytes,
            (unsigned long long)m->notes);
  int32_t status = m->stop_status;
  for (uint32_t r = 0; r < rt->nranks; r++) free(m->tails[r].data);
  free(m->tails);
  pthread_mutex_destroy(&m->lock);
  pthread_cond_destroy(&m->bell);
  for (uint32_t i = 0; i < m->npool; i++) free(m->pool[i].data);
  pthread_mutex_destroy(&m->pool_lock);
  pthread_mutex_destroy(&m->out_lock);
  rt->mpi = NULL;
  if (status) exit(status);
}

/* System.exit or a run-time error on this rank, after bb_halt_begin: every
 * rank ends with `status`. Never returns. */
void bb_mpi_halt(bb_runtime *rt, int32_t status) {
  bb_mpi *m = rt->mpi;
  if (!m || !m->started || pthread_equal(pthread_self(), m->thread)) exit(status);
  fflush(stderr);
  m->exit_status = status;
  uint32_t expect = 0;
  __atomic_compare_exchange_n(&m->exit_req, &expect, 1, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  bb_mpi_ring(m);
  /* the communication thread ends the job */
  for (;;) pause();
}
#endif
