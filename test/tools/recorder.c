/* recorder.c - A Kokkos Tools library that records every call it receives.
 *
 * Written in C against the Kokkos Tools C interface, as tools are: the
 * runtime must call it with the layouts and signatures that interface
 * defines. Each call becomes one line in the file named by
 * HPP_RECORDER_OUT (stderr when unset). Begin calls answer with ids of
 * their own (1000, 1001, ...) so that tests can check that the matching end
 * gets the tool's id back, and print the id the runtime proposed ("preset").
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct Kokkos_Profiling_KokkosPDeviceInfo {
  size_t deviceID;
};

struct Kokkos_Profiling_SpaceHandle {
  char name[64];
};

static FILE *out;
static uint64_t next_id = 1000;

static FILE *sink(void) {
  if (!out) {
    const char *path = getenv("HPP_RECORDER_OUT");
    out = path ? fopen(path, "w") : NULL;
    if (!out)
      out = stderr;
  }
  return out;
}

static void begin(const char *what, const char *name, uint32_t dev,
                  uint64_t *id) {
  uint64_t preset = *id;
  *id = next_id++;
  fprintf(sink(), "%s '%s' dev=%u preset=%llu id=%llu\n", what, name,
          (unsigned)dev, (unsigned long long)preset, (unsigned long long)*id);
}

static void end(const char *what, uint64_t id) {
  fprintf(sink(), "%s id=%llu\n", what, (unsigned long long)id);
}

void kokkosp_init_library(const int load_seq, const uint64_t version,
                          const uint32_t ndevices,
                          struct Kokkos_Profiling_KokkosPDeviceInfo *info) {
  (void)info;
  fprintf(sink(), "init seq=%d version=%llu devices=%u\n", load_seq,
          (unsigned long long)version, (unsigned)ndevices);
}

void kokkosp_finalize_library(void) {
  fprintf(sink(), "finalize\n");
  fflush(sink());
}

void kokkosp_begin_parallel_for(const char *name, const uint32_t dev,
                                uint64_t *id) {
  begin("begin_parallel_for", name, dev, id);
}
void kokkosp_end_parallel_for(const uint64_t id) {
  end("end_parallel_for", id);
}
void kokkosp_begin_parallel_reduce(const char *name, const uint32_t dev,
                                   uint64_t *id) {
  begin("begin_parallel_reduce", name, dev, id);
}
void kokkosp_end_parallel_reduce(const uint64_t id) {
  end("end_parallel_reduce", id);
}
void kokkosp_begin_parallel_scan(const char *name, const uint32_t dev,
                                 uint64_t *id) {
  begin("begin_parallel_scan", name, dev, id);
}
void kokkosp_end_parallel_scan(const uint64_t id) {
  end("end_parallel_scan", id);
}
void kokkosp_begin_fence(const char *name, const uint32_t dev, uint64_t *id) {
  begin("begin_fence", name, dev, id);
}
void kokkosp_end_fence(const uint64_t id) { end("end_fence", id); }

void kokkosp_push_profile_region(const char *name) {
  fprintf(sink(), "push_region '%s'\n", name);
}
void kokkosp_pop_profile_region(void) { fprintf(sink(), "pop_region\n"); }

void kokkosp_allocate_data(const struct Kokkos_Profiling_SpaceHandle space,
                           const char *label, const void *ptr,
                           const uint64_t size) {
  fprintf(sink(), "allocate space=%s label='%s' ptr=%p size=%llu\n",
          space.name, label, ptr, (unsigned long long)size);
}
void kokkosp_deallocate_data(const struct Kokkos_Profiling_SpaceHandle space,
                             const char *label, const void *ptr,
                             const uint64_t size) {
  fprintf(sink(), "deallocate space=%s label='%s' ptr=%p size=%llu\n",
          space.name, label, ptr, (unsigned long long)size);
}

void kokkosp_begin_deep_copy(struct Kokkos_Profiling_SpaceHandle dst_space,
                             const char *dst_label, const void *dst,
                             struct Kokkos_Profiling_SpaceHandle src_space,
                             const char *src_label, const void *src,
                             uint64_t size) {
  (void)dst_label;
  (void)src_label;
  fprintf(sink(), "begin_deep_copy dst=%s:%p src=%s:%p size=%llu\n",
          dst_space.name, dst, src_space.name, src, (unsigned long long)size);
}
void kokkosp_end_deep_copy(void) { fprintf(sink(), "end_deep_copy\n"); }
