//===- KernelResourcesTest.cpp - Tests of hppc/KernelResources.h ----------===//
///
/// \file
/// The ptxas report parser on text in the format nvcc 13 prints (entries of
/// hppc's kernels and of others, with and without spills or shared
/// memory), the occupancy arithmetic against values of the CUDA occupancy
/// calculator, and the flags forwarded to the nvcc that reports.
///
//===----------------------------------------------------------------------===//

#include "hppc/KernelResources.h"
#include "gtest/gtest.h"

using namespace hpp;

namespace {

const char *PtxasText =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function "
    "'_Z21hpp_kernel_yax_nowaitIZ14hpp_yax_nowaitRKN3hpp6StreamEiiPKdS5_PdEUlRKN5hpprt3gpu3CtxEE_"
    "EvT_S9_' for 'sm_90'\n"
    "ptxas info    : Function properties for _Z21hpp_kernel_yax_nowaitIZ14hpp_yax_nowait\n"
    "    16 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 40 registers, used 1 barriers, 16 bytes cumulative stack size, 256 "
    "bytes smem\n"
    "ptxas info    : Compile time = 67.094 ms\n"
    "ptxas info    : Compiling entry function '_ZN45_GLOBAL__N__1859d6c2_12_baselines_cu_"
    "fa70a23811yax3_kernelEiiiPKdS1_S1_Pd' for 'sm_90'\n"
    "ptxas info    : Function properties for _ZN45_GLOBAL__N__baselines\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 30 registers, used 1 barriers, 128 bytes smem\n"
    "ptxas info    : Compiling entry function '_Z16hpp_kernel_daxpyIZ9hpp_daxpyEUlRKN5hpprt3gpu3"
    "CtxEE_EvT_S4_' for 'sm_90'\n"
    "ptxas info    : Function properties for _Z16hpp_kernel_daxpy\n"
    "    24 bytes stack frame, 40 bytes spill stores, 36 bytes spill loads\n"
    "ptxas info    : Used 12 registers, used 0 barriers\n";

TEST(KernelResourcesTest, ParsesHppcKernelsOnly) {
  std::vector<KernelResources> K = parsePtxasInfo(PtxasText);
  ASSERT_EQ(K.size(), 2u);
  EXPECT_EQ(K[0].Region, "yax_nowait");
  EXPECT_EQ(K[0].Registers, 40u);
  EXPECT_EQ(K[0].StackBytes, 16u);
  EXPECT_EQ(K[0].SharedBytes, 256u);
  EXPECT_EQ(K[0].SpillStoreBytes, 0u);
  EXPECT_EQ(K[1].Region, "daxpy");
  EXPECT_EQ(K[1].Registers, 12u);
  EXPECT_EQ(K[1].SharedBytes, 0u);
  EXPECT_EQ(K[1].StackBytes, 24u);
  EXPECT_EQ(K[1].SpillStoreBytes, 40u);
  EXPECT_EQ(K[1].SpillLoadBytes, 36u);
}

TEST(KernelResourcesTest, NamesTheBoundedVariant) {
  const char *Text =
      "ptxas info    : Compiling entry function '_Z19hpp_kernel_contractIZ12hpp_contractEUlRKN5"
      "hpprt3gpu3CtxEE_EvT_S4_' for 'sm_90'\n"
      "ptxas info    : Function properties for _Z16hpp_kernel_contract\n"
      "    16 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 56 registers, used 1 barriers, 16 bytes cumulative stack size\n"
      "ptxas info    : Compiling entry function '_Z27hpp_bounded_kernel_contractIZ12hpp_"
      "contractEUlRKN5hpprt3gpu3CtxEE_EvT_S4_' for 'sm_90'\n"
      "ptxas info    : Function properties for _Z24hpp_bounded_kernel_contract\n"
      "    16 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 32 registers, used 1 barriers, 16 bytes cumulative stack size\n";
  std::vector<KernelResources> K = parsePtxasInfo(Text);
  ASSERT_EQ(K.size(), 2u);
  EXPECT_EQ(K[0].Region, "contract");
  EXPECT_FALSE(K[0].Bounded);
  EXPECT_EQ(K[0].Registers, 56u);
  EXPECT_EQ(K[1].Region, "contract");
  EXPECT_TRUE(K[1].Bounded);
  EXPECT_EQ(K[1].Registers, 32u);
  std::string Report = renderKernelResources(K, "sm_90");
  EXPECT_NE(Report.find("region 'contract': 56 registers"), std::string::npos) << Report;
  EXPECT_NE(Report.find("region 'contract' (kernel bounded to fill a multiprocessor): 32 "
                        "registers"),
            std::string::npos)
      << Report;
}

TEST(KernelResourcesTest, OccupancyMatchesTheCalculator) {
  const MultiprocessorLimits H100 = *multiprocessorLimits("sm_90");
  KernelResources K;
  // 40 registers: 1280 per warp, 51 warps fit, 6 blocks of 8 warps.
  K.Registers = 40;
  Occupancy O = theoreticalOccupancy(K, 256, 0, H100);
  EXPECT_EQ(O.BlocksPerSM, 6u);
  EXPECT_DOUBLE_EQ(O.Fraction, 0.75);
  EXPECT_STREQ(O.LimitedBy, "registers");
  // 56 registers (1792 per warp): 4 blocks; 48 (1536): 5.
  K.Registers = 56;
  EXPECT_EQ(theoreticalOccupancy(K, 256, 0, H100).BlocksPerSM, 4u);
  K.Registers = 48;
  EXPECT_EQ(theoreticalOccupancy(K, 256, 0, H100).BlocksPerSM, 5u);
  // Few registers: the 64 warps of a multiprocessor bound it.
  K.Registers = 12;
  O = theoreticalOccupancy(K, 256, 0, H100);
  EXPECT_EQ(O.BlocksPerSM, 8u);
  EXPECT_STREQ(O.LimitedBy, "warps");
  // 100 KiB of shared memory per block (+1 KiB reserved): 2 fit in 228 KiB.
  K.SharedBytes = 60 * 1024;
  O = theoreticalOccupancy(K, 256, 40 * 1024, H100);
  EXPECT_EQ(O.BlocksPerSM, 2u);
  EXPECT_STREQ(O.LimitedBy, "shared memory");
  // Small blocks: the 32-block limit.
  K = KernelResources();
  K.Registers = 16;
  O = theoreticalOccupancy(K, 32, 0, H100);
  EXPECT_EQ(O.BlocksPerSM, 32u);
  EXPECT_DOUBLE_EQ(O.Fraction, 0.5);
  EXPECT_FALSE(multiprocessorLimits("sm_5x").has_value());
}

TEST(KernelResourcesTest, ForwardsWhatSelectsCode) {
  std::vector<std::string> F = kernelResourceFlags(
      {"-std=gnu++20", "-I", "inc", "-DN=4", "-Wall", "-O2", "-isystem", "/sys", "-Ulegacy"},
      {"/prefix/include"});
  const std::vector<std::string> Want{"--extended-lambda", "--expt-relaxed-constexpr",
                                      "-I/prefix/include", "-std=c++20", "-I", "inc",
                                      "-DN=4", "-isystem", "/sys", "-Ulegacy"};
  EXPECT_EQ(F, Want);
  EXPECT_EQ(kernelResourceFlags({}, {}).back(), "-std=c++17");
}

} // namespace
