/* Vec3 positions and their squared distances, for the programs on sums of
 * squares whose lanes the SLP vectorizer extracts (reverse/lane_sums_*.cpp,
 * modes/split_lane_sums.cpp): `#include "../vec3_sums.h"` under -ffast-math.
 * `dist2(p, i, j)` inlined is the shape: the y and z differences one
 * <2 x double> subtract, their squares two lanes added to dx^2.  `np` is a
 * bound the compiler cannot see, so that loops stay loops. */
#ifndef VEC3_SUMS_H
#define VEC3_SUMS_H

#include "check.h"

extern int enzyme_dup, enzyme_const;

struct Vec3 {
  double x, y, z;
  Vec3 operator-(const Vec3 &o) const { return {x - o.x, y - o.y, z - o.z}; }
  double dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
};

static inline double dist2(const Vec3 *p, int i, int j) {
  Vec3 d = p[j] - p[i];
  return d.dot(d);
}

enum { NP = 7, N = 3 * NP };
int np = NP;

#endif
