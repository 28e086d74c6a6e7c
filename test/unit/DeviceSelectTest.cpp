//===- DeviceSelectTest.cpp - Device choice from the environment ----------===//
// choose_device is the whole decision of which GPU a rank uses; the GPU
// runtimes only apply it. Each case is an environment as a launcher (Open
// MPI, MPICH, Slurm) or the user sets it, and the device count of a node.
#include <hpprt/common/device_select.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <string>

using hpprt::choose_device;
using hpprt::DeviceChoice;

namespace {

using Env = std::map<std::string, std::string>;

DeviceChoice choose(const Env &env, int devices) {
  return choose_device(
      [&env](const char *name) -> const char * {
        auto it = env.find(name);
        return it == env.end() ? nullptr : it->second.c_str();
      },
      devices, "CUDA");
}

TEST(DeviceSelect, NoLauncherKeepsTheCurrentDevice) {
  DeviceChoice c = choose({}, 4);
  EXPECT_EQ(c.device, -1);
  EXPECT_EQ(c.error, "");
  EXPECT_EQ(c.warning, "");
  // Without a launcher a machine without devices is not an error here:
  // the first device call reports it as before.
  EXPECT_EQ(choose({}, 0).error, "");
}

TEST(DeviceSelect, EachLauncherLocalRankPicksADevice) {
  EXPECT_EQ(choose({{"OMPI_COMM_WORLD_LOCAL_RANK", "3"}}, 4).device, 3);
  EXPECT_EQ(choose({{"MPI_LOCALRANKID", "2"}}, 4).device, 2);
  EXPECT_EQ(choose({{"SLURM_LOCALID", "1"}}, 4).device, 1);
  DeviceChoice c = choose({{"SLURM_LOCALID", "1"}}, 4);
  EXPECT_EQ(c.reason, "local rank 1 (SLURM_LOCALID)");
  EXPECT_EQ(c.warning, "");
}

TEST(DeviceSelect, OpenMpiIsTrustedBeforeSlurm) {
  // mpirun inside an allocation: Slurm's id is that of the launcher task.
  DeviceChoice c =
      choose({{"SLURM_LOCALID", "0"}, {"OMPI_COMM_WORLD_LOCAL_RANK", "1"}}, 2);
  EXPECT_EQ(c.device, 1);
  EXPECT_EQ(c.reason, "local rank 1 (OMPI_COMM_WORLD_LOCAL_RANK)");
}

TEST(DeviceSelect, MoreRanksThanDevicesShareWithOneWarningPerNode) {
  // Open MPI tells the node's rank count: rank 0 warns, the others are quiet.
  Env r0{{"OMPI_COMM_WORLD_LOCAL_RANK", "0"}, {"OMPI_COMM_WORLD_LOCAL_SIZE", "2"}};
  Env r1{{"OMPI_COMM_WORLD_LOCAL_RANK", "1"}, {"OMPI_COMM_WORLD_LOCAL_SIZE", "2"}};
  DeviceChoice c0 = choose(r0, 1), c1 = choose(r1, 1);
  EXPECT_EQ(c0.device, 0);
  EXPECT_EQ(c1.device, 0);
  EXPECT_EQ(c0.warning, "more ranks per node than devices: 2 ranks on 1 CUDA device (0) "
                        "visible; ranks share devices (rank r uses device r % 1)");
  EXPECT_EQ(c1.warning, "");
  EXPECT_EQ(c0.error, "");
  // As many ranks as devices: no warning.
  EXPECT_EQ(choose(r0, 2).warning, "");
  // Slurm gives no size here: the ranks that share say so.
  EXPECT_EQ(choose({{"SLURM_LOCALID", "2"}}, 2).device, 0);
  EXPECT_NE(choose({{"SLURM_LOCALID", "2"}}, 2).warning.find("local rank 2 on 2 CUDA devices (0-1)"),
            std::string::npos);
  EXPECT_EQ(choose({{"SLURM_LOCALID", "1"}}, 2).warning, "");
}

TEST(DeviceSelect, HppDeviceOverridesTheLocalRank) {
  DeviceChoice c = choose({{"HPP_DEVICE", "1"}, {"OMPI_COMM_WORLD_LOCAL_RANK", "0"}}, 2);
  EXPECT_EQ(c.device, 1);
  EXPECT_EQ(c.reason, "HPP_DEVICE");
  // Also over HPP_MAP_DEVICE_BY=none: naming a device is the stronger request.
  EXPECT_EQ(choose({{"HPP_DEVICE", "0"}, {"HPP_MAP_DEVICE_BY", "none"}}, 1).device, 0);
}

TEST(DeviceSelect, HppDeviceThatDoesNotExistIsAnError) {
  DeviceChoice c = choose({{"HPP_DEVICE", "5"}}, 1);
  EXPECT_EQ(c.device, -1);
  EXPECT_EQ(c.error, "HPP_DEVICE=5 but 1 CUDA device (0) visible");
  EXPECT_EQ(choose({{"HPP_DEVICE", "2"}}, 2).error,
            "HPP_DEVICE=2 but 2 CUDA devices (0-1) visible");
  EXPECT_EQ(choose({{"HPP_DEVICE", "0"}}, 0).error,
            "HPP_DEVICE=0 but no CUDA device is visible");
  EXPECT_TRUE(c.too_few_devices);
  EXPECT_FALSE(choose({{"HPP_DEVICE", "x"}}, 1).too_few_devices);
}

TEST(DeviceSelect, MalformedNumbersAreErrorsNotDeviceZero) {
  for (const char *bad : {"", "-1", "1x", "x", " 1", "99999999999999999999"}) {
    SCOPED_TRACE(bad);
    EXPECT_NE(choose({{"HPP_DEVICE", bad}}, 4).error, "");
    EXPECT_NE(choose({{"OMPI_COMM_WORLD_LOCAL_RANK", bad}}, 4).error, "");
  }
  EXPECT_EQ(choose({{"HPP_DEVICE", "x"}}, 4).error,
            "HPP_DEVICE='x' is not a device number (expected 0, 1, ...)");
}

TEST(DeviceSelect, MapDeviceByNoneIgnoresTheLauncher) {
  DeviceChoice c =
      choose({{"HPP_MAP_DEVICE_BY", "none"}, {"OMPI_COMM_WORLD_LOCAL_RANK", "1"}}, 2);
  EXPECT_EQ(c.device, -1);
  EXPECT_EQ(c.error, "");
  EXPECT_EQ(choose({{"HPP_MAP_DEVICE_BY", "local_rank"}, {"MPI_LOCALRANKID", "1"}}, 2).device,
            1);
}

TEST(DeviceSelect, UnknownMappingIsAnError) {
  EXPECT_EQ(choose({{"HPP_MAP_DEVICE_BY", "socket"}}, 2).error,
            "HPP_MAP_DEVICE_BY='socket' is not a mapping (expected local_rank or none)");
}

TEST(DeviceSelect, AskedMappingWithoutLauncherWarns) {
  DeviceChoice c = choose({{"HPP_MAP_DEVICE_BY", "local_rank"}}, 2);
  EXPECT_EQ(c.device, -1);
  EXPECT_NE(c.warning.find("no launcher set a local rank"), std::string::npos);
}

TEST(DeviceSelect, LauncherButNoDeviceIsAnError) {
  DeviceChoice c = choose({{"SLURM_LOCALID", "0"}}, 0);
  EXPECT_EQ(c.error, "local rank 0 (SLURM_LOCALID) needs a device but no CUDA device is visible");
  EXPECT_TRUE(c.too_few_devices);
}

TEST(DeviceSelect, ReadsTheProcessEnvironment) {
  // The runtime passes std::getenv: the same decision from real variables.
  ASSERT_EQ(setenv("MPI_LOCALRANKID", "3", 1), 0);
  ASSERT_EQ(setenv("MPI_LOCALNRANKS", "4", 1), 0);
  DeviceChoice c = choose_device(std::getenv, 2, "HIP");
  unsetenv("MPI_LOCALRANKID");
  unsetenv("MPI_LOCALNRANKS");
  EXPECT_EQ(c.device, 1);
  EXPECT_EQ(c.warning, "");
}

} // namespace
