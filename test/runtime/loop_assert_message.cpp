// The runtime's loop assertions still print their message with the failed
// condition. HPPRT_ASSERT(cond, message) no longer ands the message into
// the condition, which kept the assertions of AMD kernels from folding
// (benchmarks/hip_resources.test).
// RUN: %clangxx -std=c++17 -O0 -UNDEBUG -I%hpp_include %s -o %t
// RUN: not --crash %t 2>&1 | %FileCheck %s
// CHECK: Assertion {{.*}}hpp: a '<' loop needs a positive step{{.*}}step > 0{{.*}} failed
#include <hpprt/common/loop.hpp>

int main(int argc, char **) {
  // A step the translator would have refused, unknown to the compiler.
  return static_cast<int>(hpprt::trip_count<hpprt::Cmp::Lt>(0, 10, -argc));
}
