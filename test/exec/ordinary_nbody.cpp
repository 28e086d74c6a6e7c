// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// The ordinary-style family (test/exec/ordinary_*.cpp): programs written
// as a new user writes them, with hpp pragmas added and nothing else.
//
// Gravitational n-body steps on a std::vector of structs: one team per
// body whose threads sum the forces of all the others (a team-vector
// reduction of three components), then a flat loop that moves the bodies,
// and the kinetic energy as a reduction. The vectors have no clause: each
// region maps them implicitly (the force loop only reads `bodies`).
#include <cmath>
#include <cstdio>
#include <vector>

struct Body {
  double x, y, z;
  double vx, vy, vz;
  double m;
};

struct Accel {
  double ax, ay, az;
};

static void forces(const std::vector<Body> &bodies, std::vector<Accel> &acc) {
  const int n = (int)bodies.size();
  const double soft = 1e-3;
#pragma hpp team
  for (int i = 0; i < n; ++i) {
    const double xi = bodies[i].x, yi = bodies[i].y, zi = bodies[i].z;
    double ax = 0, ay = 0, az = 0;
#pragma hpp thread vector reduction(+: ax, ay, az)
    for (int j = 0; j < n; ++j) {
      const double dx = bodies[j].x - xi, dy = bodies[j].y - yi, dz = bodies[j].z - zi;
      const double r2 = dx * dx + dy * dy + dz * dz + soft;
      const double inv = 1.0 / (r2 * std::sqrt(r2));
      ax += bodies[j].m * dx * inv;
      ay += bodies[j].m * dy * inv;
      az += bodies[j].m * dz * inv;
    }
    acc[i].ax = ax;
    acc[i].ay = ay;
    acc[i].az = az;
  }
}

static void move(std::vector<Body> &bodies, const std::vector<Accel> &acc, double dt) {
#pragma hpp parallel
  for (int i = 0; i < (int)bodies.size(); ++i) {
    Body &b = bodies[i];
    b.vx += dt * acc[i].ax;
    b.vy += dt * acc[i].ay;
    b.vz += dt * acc[i].az;
    b.x += dt * b.vx;
    b.y += dt * b.vy;
    b.z += dt * b.vz;
  }
}

static double kinetic(const std::vector<Body> &bodies) {
  double e = 0;
#pragma hpp parallel reduction(+: e)
  for (int i = 0; i < (int)bodies.size(); ++i)
    e += 0.5 * bodies[i].m * (bodies[i].vx * bodies[i].vx + bodies[i].vy * bodies[i].vy +
                              bodies[i].vz * bodies[i].vz);
  return e;
}

int main() {
  const int n = 2048;
  std::vector<Body> bodies(n);
  // A deterministic cloud: positions on a scrambled lattice, small spin.
  for (int i = 0; i < n; ++i) {
    const int a = (i * 7919) % n;
    bodies[i].x = (a % 16) - 7.5 + 0.01 * (i % 13);
    bodies[i].y = ((a / 16) % 16) - 7.5 + 0.01 * (i % 7);
    bodies[i].z = (a / 256) - 3.5 + 0.01 * (i % 5);
    bodies[i].vx = -0.01 * bodies[i].y;
    bodies[i].vy = 0.01 * bodies[i].x;
    bodies[i].vz = 0;
    bodies[i].m = 1.0 + (i % 3);
  }
  std::vector<Accel> acc(n);
  const double dt = 1e-3;
  for (int step = 0; step < 4; ++step) {
    forces(bodies, acc);
    move(bodies, acc, dt);
    std::printf("step %d kinetic %.17g\n", step, kinetic(bodies));
  }
  // Sums without cancellation, so that the comparison's relative
  // tolerance means something.
  double mass = 0, spread = 0;
  for (const Body &b : bodies) {
    mass += b.m;
    spread += b.m * (b.x * b.x + b.y * b.y + b.z * b.z);
  }
  std::printf("mass %.17g spread %.17g\n", mass, spread);
  std::printf("body 0 %.17g %.17g %.17g\n", bodies[0].x, bodies[0].y, bodies[0].z);
  std::printf("body %d %.17g %.17g %.17g\n", n - 1, bodies[n - 1].x, bodies[n - 1].y,
              bodies[n - 1].z);
  std::printf("acc 100 %.17g %.17g %.17g\n", acc[100].ax, acc[100].ay, acc[100].az);
  return 0;
}
