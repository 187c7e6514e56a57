#pragma once
// What the scan tests share: the std reference along slices, tunings that
// force every path on small inputs, and operators of 1 to 16 bytes.

#include <test_helpers.hpp>

#include <tessel/scan.hpp>

#include <numeric>
#include <optional>

namespace tessel_test {

// std::inclusive_scan / std::exclusive_scan of every slice along dim of a
// host view, in place on the returned copy; with `init` and
// `inclusive_from_init`, std::inclusive_scan from init.
template <class HostView, class Op, class T>
std::vector<std::vector<T>> reference_scan(const HostView& input, int dim, Op op, std::optional<T> init,
                                           bool inclusive_from_init = false) {
  auto slices = host_slices(input, dim);
  std::vector<std::vector<T>> results;
  for (const auto& slice : slices) {
    std::vector<T> in(slice.begin(), slice.end()), out(slice.size());
    auto binary = [&](const T& a, const T& b) { return static_cast<T>(op(a, b)); };
    if (init && inclusive_from_init)
      std::inclusive_scan(in.begin(), in.end(), out.begin(), binary, *init);
    else if (init)
      std::exclusive_scan(in.begin(), in.end(), out.begin(), *init, binary);
    else
      std::inclusive_scan(in.begin(), in.end(), out.begin(), binary);
    results.push_back(std::move(out));
  }
  return results;
}

// Tunings that make tiles of a few elements, so that multi-tile, multi-level
// and multi-team paths run on inputs of a few hundred elements. Team sizes
// above what the space offers are capped by the library.
inline std::vector<tessel::TuningParameters> tiny_tunings(const tessel::TuningParameters& base) {
  std::vector<tessel::TuningParameters> tunings;
  for (int team_size : {1, 3, 4})
    for (int runs_per_thread : {1, 2, 9})
      for (int items : {1, 2, 3, 4})
        for (bool lookback : {false, true}) {
          tessel::TuningParameters tuning = base;
          tuning.team_size = team_size;
          tuning.runs_per_thread = runs_per_thread;
          tuning.max_items_per_thread = items;
          tuning.pad_runs = (items + team_size) % 2 == 0;  // padded and unpadded layouts both
          tuning.vector_load_bytes = 0;
          tuning.scan.lookback = lookback;
          // Chunks of one tile (kept in scratch) and of several (look-back:
          // written, then fixed up with the prefix), spread over the shapes.
          tuning.scan.tiles_per_team = 1 + (items + runs_per_thread) % 3;
          // Lone threads scan straight or through the tiles, both with and
          // without look-back.
          tuning.scan.straight = (items + runs_per_thread + lookback) % 2 == 0;
          // Several lone threads reduce whole scans ahead, or take the chunks.
          tuning.scan.reduce_ahead = items % 2 == 0 ? 0.4 : 0.0;
          // Straight chains write with non-temporal stores, and chunks of a
          // look-back reduce first, in chunks of one tile or a few.
          if ((team_size + runs_per_thread + items) % 3 != 0) {
            tuning.scan.stream_bytes = 0;
            tuning.scan.stream_chunk_bytes = std::size_t(runs_per_thread) * 24;
          }
          tuning.scratch_bytes = 1 << 20;
          tuning.scan.inline_bytes = 0;  // the kernels, not the calling thread
          tunings.push_back(tuning);
        }
  // Teams of four threads with long runs: loading a tile takes long enough
  // for a missing barrier to let a thread read what another has not written.
  for (bool lookback : {false, true}) {
    tessel::TuningParameters tuning = base;
    tuning.team_size = 4;
    tuning.runs_per_thread = 2;
    tuning.max_items_per_thread = 64;
    tuning.scan.lookback = lookback;
    tuning.scan.tiles_per_team = 2;
    tuning.scratch_bytes = 1 << 20;
    tunings.push_back(tuning);
  }
  return tunings;
}

// The tunings of the findall tests: the space's default, then teams of 1, 3
// and 4 threads with runs of 1 to 5 items, one tile per team and several.
template <class Space>
std::vector<tessel::TuningParameters> findall_tunings() {
  std::vector<tessel::TuningParameters> tunings{tessel::Tuning<Space>{}};
  for (int team : {1, 3, 4})
    for (int runs : {1, 2})
      for (int items : {1, 2, 3, 5}) {
        tessel::TuningParameters tuning = tessel::Tuning<Space>{};
        tuning.team_size = team;
        tuning.runs_per_thread = runs;
        tuning.max_items_per_thread = items;
        tuning.pad_runs = items % 2 == 0;
        tuning.vector_load_bytes = 0;
        tuning.findall.tiles_per_team = runs == 1 ? 1 : 3;  // one tile per team, and several
        tunings.push_back(tuning);
      }
  return tunings;
}

inline std::string describe(const tessel::TuningParameters& tuning) {
  std::ostringstream text;
  text << "tuning{team " << tuning.team_size << ", runs/thread " << tuning.runs_per_thread << ", items "
       << tuning.max_items_per_thread << ", pad " << tuning.pad_runs << ", lookback " << tuning.scan.lookback
       << ", tiles/team " << tuning.scan.tiles_per_team << ", straight " << tuning.scan.straight << ", reduce ahead " << tuning.scan.reduce_ahead << ", stream above " << tuning.scan.stream_bytes
       << " in chunks of " << tuning.scan.stream_chunk_bytes << " bytes, inline up to " << tuning.scan.inline_bytes << " bytes, findall tiles/team " << tuning.findall.tiles_per_team
       << ", batch teams/thread " << tuning.scan.batched_teams_per_thread << ", sweep " << tuning.scan.sweep_bytes << "}";
  return text.str();
}

// A whole view of small integers (-3 to 9) for the scans of whole views.
template <class Space, class T>
Kokkos::View<T*, typename Space::memory_space> small_integers(std::size_t n, std::uint64_t seed) {
  // Integer values keep float sums exact, so results compare bit for bit.
  Kokkos::View<T*, typename Space::memory_space> view("tessel_test::values", n);
  auto values = random_values<int>(n, seed, -3, 9);
  fill_view(view, [&](auto, std::size_t flat) { return static_cast<T>(values[flat]); });
  return view;
}

// ---- operators --------------------------------------------------------------

// x -> a*x + b on unsigned integers (wrapping): composition is associative,
// not commutative, and has no neutral element declared.
template <class U>
struct Affine {
  U a, b;
};
struct ComposeAffine {
  template <class U>
  KOKKOS_INLINE_FUNCTION Affine<U> operator()(const Affine<U>& f, const Affine<U>& g) const {
    return {static_cast<U>(f.a * g.a), static_cast<U>(g.a * f.b + g.b)};
  }
};
template <class U>
bool operator==(const Affine<U>& x, const Affine<U>& y) {
  return x.a == y.a && x.b == y.b;
}
template <class U>
std::ostream& operator<<(std::ostream& out, const Affine<U>& f) {
  return out << '(' << +f.a << ", " << +f.b << ')';
}

// 3x3 upper unitriangular matrices (12 bytes), a non-commutative group.
struct Unitriangular {
  std::uint32_t a, b, c;
};
struct UnitriangularProduct {
  KOKKOS_INLINE_FUNCTION Unitriangular operator()(const Unitriangular& x, const Unitriangular& y) const {
    return {x.a + y.a, x.b + x.a * y.c + y.b, x.c + y.c};
  }
};
inline bool operator==(const Unitriangular& x, const Unitriangular& y) {
  return x.a == y.a && x.b == y.b && x.c == y.c;
}
inline std::ostream& operator<<(std::ostream& out, const Unitriangular& x) {
  return out << '(' << x.a << ", " << x.b << ", " << x.c << ')';
}

// A wrapping sum whose copies are user-defined, so that it is not trivially
// copyable: tessel's own records (look-back status, reduce-ahead totals)
// then hold it constructed, as Kokkos would, rather than as plain bytes.
struct CopiedSum {
  std::uint32_t v = 0;
  KOKKOS_INLINE_FUNCTION CopiedSum() {}
  KOKKOS_INLINE_FUNCTION explicit CopiedSum(std::uint32_t x) : v(x) {}
  KOKKOS_INLINE_FUNCTION CopiedSum(const CopiedSum& other) : v(other.v) {}
  KOKKOS_INLINE_FUNCTION CopiedSum& operator=(const CopiedSum& other) {
    v = other.v;
    return *this;
  }
};
struct AddCopiedSums {
  KOKKOS_INLINE_FUNCTION CopiedSum operator()(const CopiedSum& x, const CopiedSum& y) const {
    return CopiedSum(x.v + y.v);
  }
};
inline bool operator==(const CopiedSum& x, const CopiedSum& y) { return x.v == y.v; }
inline std::ostream& operator<<(std::ostream& out, const CopiedSum& x) { return out << x.v; }

// 2x2 matrices of 32-bit unsigned integers (16 bytes) under multiplication.
struct Matrix2 {
  std::uint32_t a, b, c, d;
};
struct Matrix2Product {
  KOKKOS_INLINE_FUNCTION Matrix2 operator()(const Matrix2& x, const Matrix2& y) const {
    return {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d};
  }
};
// The same product as Matrix2's operator*, for tessel::Multiplies.
KOKKOS_INLINE_FUNCTION Matrix2 operator*(const Matrix2& x, const Matrix2& y) { return Matrix2Product{}(x, y); }
inline bool operator==(const Matrix2& x, const Matrix2& y) {
  return x.a == y.a && x.b == y.b && x.c == y.c && x.d == y.d;
}
inline std::ostream& operator<<(std::ostream& out, const Matrix2& x) {
  return out << '[' << x.a << ' ' << x.b << "; " << x.c << ' ' << x.d << ']';
}

// Keeps its left operand: associative, not commutative, no neutral element.
struct KeepFirst {
  template <class T>
  KOKKOS_INLINE_FUNCTION T operator()(const T& x, const T&) const {
    return x;
  }
};

// Plus without a declared identity: the Optional path on the same data as Plus.
struct PlusWithoutIdentity {
  template <class A, class B>
  KOKKOS_INLINE_FUNCTION auto operator()(const A& a, const B& b) const {
    return a + b;
  }
};

}  // namespace tessel_test

namespace tessel_test {

// Scans src into dst along dim with tessel and compares every slice with the
// std reference computed from a copy of src taken before (so that in-place
// scans are checked too). With `init`: an exclusive scan, or an inclusive
// one from init (`inclusive_from_init`).
template <class Space, class Src, class Dst, class Op, class T>
void check_scan(const Src& src, const Dst& dst, int dim, Op op, std::optional<T> init,
                const tessel::TuningParameters& tuning, const std::string& what, bool inclusive_from_init = false) {
  SCOPED_TRACE(what);
  const auto input = host_copy(src);
  const int slice_dim = dim < 0 ? 0 : dim;  // -1: the whole rank-1 view
  const auto expected = reference_scan(input, slice_dim, op, init, inclusive_from_init);
  tessel::ScanOptions options;
  options.dim = dim;
  if (init && inclusive_from_init)
    tessel::inclusive_scan(Space(), src, dst, op, *init, options, tuning);
  else if (init)
    tessel::exclusive_scan(Space(), src, dst, op, *init, options, tuning);
  else
    tessel::inclusive_scan(Space(), src, dst, op, options, tuning);
  Space().fence();
  const auto got = host_slices(to_host(dst), slice_dim);
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t s = 0; s < got.size(); ++s) {
    ASSERT_EQ(got[s].size(), expected[s].size());
    for (std::size_t p = 0; p < got[s].size(); ++p)
      ASSERT_TRUE(got[s][p] == expected[s][p])
          << (init && !inclusive_from_init ? "exclusive" : "inclusive") << " scan, slice " << s << " position " << p << ": got "
          << got[s][p] << ", expected " << expected[s][p];
  }
}

}  // namespace tessel_test
