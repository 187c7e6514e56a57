#pragma once
// CRS sparsity patterns of the segmented-sort benchmarks, with the column
// indices of every row shuffled (as after assembly or a matrix product):
//  - uniform: row lengths uniform in 0..63, random columns;
//  - laplace3d: the 7-point stencil of an m^3 grid (m = 100: 1M rows, 7M entries);
//  - power-law: row lengths ~ 1 / u^2 up to 10^5, random columns.

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace tessel_perf {

struct CrsPattern {
  std::vector<std::int64_t> row_map;
  std::vector<std::int32_t> entries;
};

inline void shuffle_rows(CrsPattern& crs, std::mt19937_64& engine) {
  for (std::size_t r = 0; r + 1 < crs.row_map.size(); ++r)
    std::shuffle(crs.entries.begin() + crs.row_map[r], crs.entries.begin() + crs.row_map[r + 1], engine);
}

inline CrsPattern random_rows(const std::vector<std::int64_t>& lengths, std::int32_t columns, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  CrsPattern crs;
  crs.row_map.push_back(0);
  for (std::int64_t length : lengths) {
    for (std::int64_t i = 0; i < length; ++i) crs.entries.push_back(std::int32_t(engine() % std::uint64_t(columns)));
    crs.row_map.push_back(std::int64_t(crs.entries.size()));
  }
  return crs;
}

inline CrsPattern uniform_crs(std::int64_t entries) {
  std::mt19937_64 engine(3);
  std::vector<std::int64_t> lengths;
  for (std::int64_t total = 0; total < entries;) total += lengths.emplace_back(std::int64_t(engine() % 64));
  return random_rows(lengths, std::int32_t(lengths.size()), 4);
}

inline CrsPattern power_law_crs(std::int64_t entries) {
  std::mt19937_64 engine(5);
  std::vector<std::int64_t> lengths;
  for (std::int64_t total = 0; total < entries;) {
    const double u = std::uniform_real_distribution<double>(0.0, 1.0)(engine);
    total += lengths.emplace_back(std::min<std::int64_t>(100000, std::int64_t(1.0 / (u * u + 1e-5))));
  }
  return random_rows(lengths, std::int32_t(lengths.size()), 6);
}

inline CrsPattern laplace3d_crs(std::int32_t m) {
  CrsPattern crs;
  crs.row_map.push_back(0);
  for (std::int32_t z = 0; z < m; ++z)
    for (std::int32_t y = 0; y < m; ++y)
      for (std::int32_t x = 0; x < m; ++x) {
        const std::int32_t row = (z * m + y) * m + x;
        if (z > 0) crs.entries.push_back(row - m * m);
        if (y > 0) crs.entries.push_back(row - m);
        if (x > 0) crs.entries.push_back(row - 1);
        crs.entries.push_back(row);
        if (x + 1 < m) crs.entries.push_back(row + 1);
        if (y + 1 < m) crs.entries.push_back(row + m);
        if (z + 1 < m) crs.entries.push_back(row + m * m);
        crs.row_map.push_back(std::int64_t(crs.entries.size()));
      }
  std::mt19937_64 engine(7);
  shuffle_rows(crs, engine);
  return crs;
}

}  // namespace tessel_perf
