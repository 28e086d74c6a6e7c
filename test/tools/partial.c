/* partial.c - A Kokkos Tools library exporting only the kernel entry points
 * of parallel_for, as many tools do: the runtime must not call what a tool
 * does not export. Prints to stderr.
 */
#include <stdint.h>
#include <stdio.h>

void kokkosp_begin_parallel_for(const char *name, const uint32_t dev,
                                uint64_t *id) {
  (void)dev;
  fprintf(stderr, "partial: begin '%s' id=%llu\n", name,
          (unsigned long long)*id);
}
void kokkosp_end_parallel_for(const uint64_t id) {
  fprintf(stderr, "partial: end id=%llu\n", (unsigned long long)id);
}
