// The Plus scan and reduction loops of scan_vector_avx2.hpp,
// scan_vector_avx512.hpp and scan_vector_gcc16.hpp, written once for the
// three register widths. Each of those headers includes this file inside
// its own namespace, after defining TESSEL_VECTOR_TARGET (the GCC target
// attribute of its instruction set) and these primitives, so that every
// instruction is compiled for that set and the loops stay one piece of code:
//   Vec                       the register type; vector_bytes its size;
//   load / store / add<L> / splat / neutral_lane / before_alignment
//                             of scan_vector_lanes.hpp;
//   add_on_fma<L>             add<L>'s sum, issued to the multiply-add units
//                             where the set has them;
//   stream_store              aligned non-temporal stores; stream_fence
//                             orders them before what follows;
//   shift_across<L, K>(before, x)
//                             [before's last K lanes, x[0], ..., x[last - K]],
//                             for K a power of two up to half the lanes.
// No include guard: it is meant to be included once per instruction set.
//
// How plus_scan scans: by windows, not by scanning each vector. Lane j of a
// vector's window is the sum of the n elements ending at lane j, which
// reach back into the vector before; the sums up to a vector are then its
// window plus the sums up to the vector before, lane by lane (the inclusive
// sums the last pair kept, whatever it stored). A window takes log2(n)
// additions: the input plus itself one element back, loaded from memory (no
// shuffle), then each sum plus itself 2, 4, ..., n / 2 lanes back, which
// shift_across takes partly from the vector before. Scanning each vector on
// its own instead (the loop before this one) took as many additions and
// shifts, then a broadcast of its total and the additions that carry it: 1M
// floats on one Zen 4 core took 0.147 ms that way and 0.100 this way (a copy
// 0.082 ms; doubles 0.270 -> 0.199 ms, int64 0.262 -> 0.215).

// add<L>, on the multiply-add units where OnFma.
template <class L, bool OnFma>
TESSEL_VECTOR_TARGET inline Vec add_on(Vec a, Vec b) {
  if constexpr (OnFma) {
    return add_on_fma<L>(a, b);
  } else {
    return add<L>(a, b);
  }
}

// low and high, consecutive vectors that already hold the sums of 2 (each
// input plus the one before it), into their windows. before[s]: the vector
// before low as it was with sums of 2^(s + 1); replaced by high's.
// The steps but the last add on the multiply-add units, as the first
// additions do, leaving the adders to the last step and to the sums (1M
// floats on one Zen 4 core: 0.106 -> 0.100 ms; the AVX-512 loop, which Zen
// 4 does not take, 0.106 -> 0.109).
template <class L, int Width = 2>
TESSEL_VECTOR_TARGET inline void widen_windows(Vec& low, Vec& high, Vec* before) {
  constexpr int n = int(vector_bytes / sizeof(L));
  if constexpr (Width < n) {
    const Vec low_wider = add_on<L, 2 * Width < n>(low, shift_across<L, Width>(*before, low));
    const Vec high_wider = add_on<L, 2 * Width < n>(high, shift_across<L, Width>(low, high));
    *before = high;
    low = low_wider;
    high = high_wider;
    widen_windows<L, 2 * Width>(low, high, before + 1);
  }
}

// The log2 of n, for the number of window steps.
constexpr int log2_of(std::size_t n) { return n <= 1 ? 0 : 1 + log2_of(n / 2); }

// One pair of vectors of plus_scan, their sums of 2 given: low and high
// become what is stored (the exclusive lanes where `exclusive`); `sums`,
// the sums up to each lane of the vector before low, becomes high's.
template <class L>
TESSEL_VECTOR_TARGET inline void scan_pair(Vec& low, Vec& high, Vec* before, Vec& sums, bool exclusive) {
  widen_windows<L>(low, high, before);
  const Vec low_sums = add<L>(low, sums);
  // The next pair waits on this addition only: the two windows' sum does not.
  const Vec high_sums = add<L>(add<L>(low, high), sums);
  low = exclusive ? shift_across<L, 1>(sums, low_sums) : low_sums;
  high = exclusive ? shift_across<L, 1>(low_sums, high_sums) : high_sums;
  sums = high_sums;
}

template <class T>
TESSEL_VECTOR_TARGET inline void store_pair(T* at, Vec low, Vec high, bool stream) {
  constexpr std::size_t n = vector_bytes / sizeof(T);
  if (stream) {
    stream_store(at, low);
    stream_store(at + n, high);
  } else {
    store(at, low);
    store(at + n, high);
  }
}

// The scan of in[0, count) after `carry` into out, as vector_plus_scan; L is
// T's lane type. `stream`: non-temporal stores.
template <class L, class T, class Index>
TESSEL_VECTOR_TARGET __attribute__((noinline)) T plus_scan(const T* in, T* out, Index count, T carry, bool exclusive,
                                                        bool stream) {
  constexpr Index n = Index(vector_bytes / sizeof(L));
  L value = L(carry);
  Index i = 0;
  // One element at a time: until the stores are aligned, and the tail.
  // Streamed stores must be aligned; the others would each straddle two
  // cache lines (with 64-byte vectors, each of every load and store: 500K
  // int64 from 8 bytes past a line, on one Zen 5 core, took 0.166 ms against
  // 0.094 from the line's start).
  const auto scalar_until = [in, out, exclusive, &value, &i](Index end) {
    for (; i < end; ++i) {
      const L next = L(in[i]);
      const L sum = value + next;
      out[i] = T(exclusive ? value : sum);
      value = sum;
    }
  };
  const bool never_aligned = reinterpret_cast<std::uintptr_t>(out) % sizeof(T) != 0;
  scalar_until(stream && never_aligned ? count  // streamed: no vector stores at all
                                       : before_alignment(out, count));
  if (i + 2 * n <= count) {
    // The first pair: what precedes it is in the carry, so its windows
    // reach back into neutral lanes, shifted in rather than loaded.
    const Vec neutral = splat(neutral_lane<L>);
    Vec before[std::max(log2_of(std::size_t(n)) - 1, 1)];  // none used with two lanes
    for (Vec& vector : before) vector = neutral;
    Vec sums = splat(value);
    Vec low = load(in + i);
    Vec high = load(in + i + n);
    high = add_on_fma<L>(high, shift_across<L, 1>(low, high));
    low = add_on_fma<L>(low, shift_across<L, 1>(neutral, low));
    scan_pair<L>(low, high, before, sums, exclusive);
    // Each pair is stored after the next is loaded: the next loads reach
    // one element back, which must still be input where in is out.
    for (i += 2 * n; i + 2 * n <= count; i += 2 * n) {
      const Vec next_low = add_on_fma<L>(load(in + i), load(in + i - 1));
      const Vec next_high = add_on_fma<L>(load(in + i + n), load(in + i + n - 1));
      store_pair(out + i - 2 * n, low, high, stream);
      low = next_low;
      high = next_high;
      scan_pair<L>(low, high, before, sums, exclusive);
    }
    store_pair(out + i - 2 * n, low, high, stream);
    if (stream) stream_fence();
    L lanes[n];
    std::memcpy(lanes, &sums, sizeof sums);
    value = lanes[n - 1];
  }
  scalar_until(count);
  return T(value);
}

// The Plus reduction of in[0, count) in any grouping, as vector_plus_reduce;
// L is T's lane type. Four accumulators: the reductions ahead of threaded
// scans (scan_reduce_ahead.hpp) read a block while another thread scans,
// and with the 16 scalar accumulators of reduce_unordered, which a plain
// x86-64 build turns into 16-byte vectors, 400K elements on one EPYC (Zen 3)
// core took 0.32-0.46 of the time of the AVX2 scan of as many; four AVX2
// accumulators 0.28-0.40 (floats 25.3 -> 21.9 us, int64 48 -> 42 us).
template <class L, class T, class Index>
TESSEL_VECTOR_TARGET __attribute__((noinline)) T plus_reduce(const T* in, Index count) {
  constexpr Index n = Index(vector_bytes / sizeof(L));
  constexpr int ways = 4;
  Vec sums[ways];
  for (Vec& sum : sums) sum = splat(neutral_lane<L>);
  L total = neutral_lane<L>;
  Index i = 0;
  // One element at a time until the loads are aligned, as in plus_scan.
  for (const Index aligned = before_alignment(in, count); i < aligned; ++i) total += L(in[i]);
  for (; i + ways * n <= count; i += ways * n)
    for (int way = 0; way < ways; ++way) sums[way] = add<L>(sums[way], load(in + i + way * n));
  const Vec sum = add<L>(add<L>(sums[0], sums[1]), add<L>(sums[2], sums[3]));
  L lanes[n];
  std::memcpy(lanes, &sum, sizeof sum);
  for (Index lane = 0; lane < n; ++lane) total += lanes[lane];
  for (; i < count; ++i) total += L(in[i]);
  return T(total);
}
