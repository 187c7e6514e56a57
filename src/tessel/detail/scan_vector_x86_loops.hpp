// The Plus scan and reduction loops of scan_vector_avx2.hpp and
// scan_vector_avx512.hpp, written once for both register widths. Each of
// those headers includes this file inside its own namespace, after defining
// TESSEL_X86_TARGET (the GCC target attribute of its instruction set) and
// these primitives, so that every instruction is compiled for that set and
// the loops stay one piece of code:
//   Vec                       the register type; vector_bytes its size;
//   load / store / add<L> / splat / neutral_lane / before_alignment
//                             of scan_vector_x86_lanes.hpp;
//   add_on_fma<L>             add<L>'s sum, issued to the multiply-add units;
//   stream_store              aligned non-temporal stores;
//   scan_vector<L>(x, neutral) x scanned in place, returning its total in every lane;
//   shift_in<L>(before, x)    [before's last lane, x[0], ..., x[last - 1]].
// No include guard: it is meant to be included once per instruction set.

// The scan of in[0, count) after `carry` into out, as vector_plus_scan; L is
// T's lane type. `stream`: non-temporal stores.
template <class L, class T, class Index>
TESSEL_X86_TARGET __attribute__((noinline)) T plus_scan(const T* in, T* out, Index count, T carry, bool exclusive,
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
  Vec running = splat(value);
  const Vec neutral = splat(neutral_lane<L>);
  for (; i + 2 * n <= count; i += 2 * n) {
    Vec low = load(in + i);  // both before storing: in may be out
    Vec high = load(in + i + n);
    const Vec low_total = scan_vector<L>(low, neutral);
    const Vec high_total = scan_vector<L>(high, neutral);
    const Vec middle = add<L>(running, low_total);  // what precedes high
    low = add_on_fma<L>(low, running);
    high = add_on_fma<L>(high, middle);
    if (exclusive) {
      low = shift_in<L>(running, low);
      high = shift_in<L>(middle, high);
    }
    running = add<L>(middle, high_total);
    if (stream) {
      stream_store(out + i, low);
      stream_store(out + i + n, high);
    } else {
      store(out + i, low);
      store(out + i + n, high);
    }
  }
  if (stream) _mm_sfence();  // streamed stores are ordered before what follows
  std::memcpy(&value, &running, sizeof value);
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
TESSEL_X86_TARGET __attribute__((noinline)) T plus_reduce(const T* in, Index count) {
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
