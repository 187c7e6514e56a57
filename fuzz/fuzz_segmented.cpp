// segmented_sort and segmented_sort_by_key over random CRS offsets: segment
// lengths from empty to past every bin (short, medium, long), entries before
// the first and after the last segment, int32/int64/uint64 offsets, keys and
// values in any placement, both orders, every algorithm, random tunings.
// Every segment is checked against a stable host sort (bitwise where the
// algorithm is stable), entries outside every segment and storage outside the
// views stay untouched; bad offsets throw with nothing written.
#include "fuzz_support.hpp"

#include <tessel/segmented_sort.hpp>

#include <numeric>
#include <variant>

namespace tessel_fuzz {
namespace {

// Segment lengths that straddle the bins: tiny, around the short bin, around
// a tile, and now and then a long one.
std::vector<std::size_t> random_lengths(Engine& engine) {
  static const std::size_t lengths[] = {0, 0, 1, 2, 3, 15, 16, 17, 63, 64, 65, 127, 1000, 2047, 2048, 2049, 5000};
  std::vector<std::size_t> result(pick(engine, 60));
  for (auto& length : result)
    length = chance(engine, 85) ? lengths[pick(engine, std::size(lengths))] : pick(engine, chance(engine, 5) ? 40000 : 300);
  return result;
}

template <class Offset, class Key>
void segmented_case(Engine& engine, CaseLog& log) {
  std::ostream& out = log.text;
  const std::vector<std::size_t> lengths = random_lengths(engine);
  const std::size_t lead = chance(engine, 30) ? pick(engine, 5) : 0, trail = chance(engine, 30) ? pick(engine, 5) : 0;
  std::vector<Offset> offsets_in{Offset(lead)};
  for (const std::size_t length : lengths) offsets_in.push_back(Offset(offsets_in.back() + length));
  const std::size_t n = std::size_t(offsets_in.back()) + trail;
  const Data data = random_data(engine);
  const auto keys_in = adversarial<Key>(engine, n, data);

  tessel::SortOptions options;
  options.order = chance(engine, 50) ? tessel::Order::ascending : tessel::Order::descending;
  // Algorithm fields as users may pass them: teams past what the space runs
  // (capped), radix chunks past any segment.
  const int block = chance(engine, 70) ? 0 : 1 << pick(engine, 11);
  const int chunk = chance(engine, 70) ? 0 : 1 << (3 + pick(engine, 11));
  switch (pick(engine, 4)) {
    case 0: options.algorithm = tessel::AutoSort{}; break;
    case 1: options.algorithm = tessel::MergeSort{block}; break;
    case 2: options.algorithm = tessel::RadixSort{block, 0, chunk}; break;
    default: options.algorithm = tessel::BitonicSort{block}; break;
  }
  const bool descending = options.order == tessel::Order::descending;
  const bool stable = !std::holds_alternative<tessel::BitonicSort>(options.algorithm);
  const bool by_key = chance(engine, 60);
  // Bad offsets: one entry decreased below its predecessor, or the last past
  // the keys.
  const int bad = lengths.size() > 1 && chance(engine, 10) ? 1 + int(pick(engine, 2)) : 0;
  if (bad == 1) {
    const std::size_t s = 1 + pick(engine, offsets_in.size() - 1);
    offsets_in[s] = offsets_in[s - 1] > 0 ? Offset(offsets_in[s - 1] - 1) : Offset(offsets_in[s - 1]);
    if (offsets_in[s] == offsets_in[s - 1]) offsets_in.back() = Offset(n + 1);  // nothing to decrease: go past
  } else if (bad == 2) {
    offsets_in.back() = Offset(n + 1 + pick(engine, 3));
  }

  std::size_t next = 0;
  auto keys = guarded_view<Key, 1>(random_placement(engine, 1, {n, 1, 1}), [&](const Index&) { return keys_in[next++]; });
  std::size_t position = 0;
  auto values = guarded_view<std::int64_t, 1>(random_placement(engine, 1, {n, 1, 1}),
                                              [&](const Index&) { return std::int64_t(position++); });
  Kokkos::View<Offset*, Memory> offsets("fuzz::offsets", offsets_in.size());
  Kokkos::deep_copy(offsets, Kokkos::View<Offset*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(
                                 offsets_in.data(), offsets_in.size()));
  const auto tuning = random_tuning(engine, out);
  out << " block " << block << " chunk " << chunk << " segments " << lengths.size() << " n " << n << " lead " << lead
      << " trail " << trail << " keys "
      << describe(keys.placement, 1) << " values " << describe(values.placement, 1) << " data " << data_name(data)
      << (descending ? " descending" : " ascending") << " algorithm " << options.algorithm.index() << " by_key "
      << by_key << " bad " << bad;

  const auto keys_before = host_storage(keys.storage);
  const auto values_before = host_storage(values.storage);
  auto run = [&] {
    if (by_key)
      tessel::segmented_sort_by_key(Space(), offsets, keys.view, values.view, options, tuning);
    else
      tessel::segmented_sort(Space(), offsets, keys.view, options, tuning);
  };
  if (bad) {
    expect_throws<std::invalid_argument>(run, "bad offsets");
    expect_unchanged(keys_before, host_storage(keys.storage), "keys after a rejected call");
    expect_unchanged(values_before, host_storage(values.storage), "values after a rejected call");
    return;
  }
  run();
  const auto keys_after = host_storage(keys.storage);
  const auto values_after = host_storage(values.storage);
  expect_guards_intact(keys_before, keys_after, keys.placement, 1, "keys");
  expect_guards_intact(values_before, values_after, values.placement, 1, "values");
  auto got_key = [&](std::size_t i) { return keys_after[keys.placement.at({i, 0, 0})]; };
  auto got_value = [&](std::size_t i) { return values_after[values.placement.at({i, 0, 0})]; };
  auto before = [&](std::size_t a, std::size_t b) {
    return descending ? tessel_test::total_less(keys_in[b], keys_in[a]) : tessel_test::total_less(keys_in[a], keys_in[b]);
  };
  for (std::size_t s = 0; s + 1 < offsets_in.size(); ++s) {
    const std::size_t begin = std::size_t(offsets_in[s]), end = std::size_t(offsets_in[s + 1]);
    std::vector<std::size_t> order(end - begin);
    std::iota(order.begin(), order.end(), begin);
    std::stable_sort(order.begin(), order.end(), before);
    std::vector<std::int64_t> sources;
    for (std::size_t i = begin; i < end; ++i) {
      const std::size_t expected = order[i - begin];
      auto where = [&] { return "segment " + std::to_string(s) + " position " + std::to_string(i); };
      if (stable)
        expect(tessel_test::same_bits(got_key(i), keys_in[expected]), [&] { return where() + ": key differs"; });
      else
        expect(tessel_test::total_equal(got_key(i), keys_in[expected]), [&] { return where() + ": out of order"; });
      if (by_key) {
        const std::int64_t source = got_value(i);
        expect(source >= std::int64_t(begin) && source < std::int64_t(end),
               [&] { return where() + ": value from outside the segment"; });
        expect(tessel_test::same_bits(got_key(i), keys_in[std::size_t(source)]), [&] { return where() + ": pair broken"; });
        if (stable) expect(source == std::int64_t(expected), [&] { return where() + ": unstable"; });
        sources.push_back(source);
      }
    }
    if (!stable) {
      std::sort(sources.begin(), sources.end());
      for (std::size_t k = 0; k < sources.size(); ++k)
        expect(sources[k] == std::int64_t(begin + k), [&] { return "segment " + std::to_string(s) + ": not a permutation"; });
      if (!by_key) {  // keys alone: the segment's bit patterns are the input's
        std::vector<std::string> in, got;
        for (std::size_t i = begin; i < end; ++i) {
          in.push_back(tessel_test::bits_of(keys_in[i]));
          got.push_back(tessel_test::bits_of(got_key(i)));
        }
        std::sort(in.begin(), in.end());
        std::sort(got.begin(), got.end());
        expect(in == got, [&] { return "segment " + std::to_string(s) + ": not a bitwise permutation"; });
      }
    }
  }
  auto outside = [&](std::size_t i) { return i < lead || i >= std::size_t(offsets_in.back()); };
  for (std::size_t i = 0; i < n; ++i)
    if (outside(i)) {
      expect(tessel_test::same_bits(got_key(i), keys_in[i]), [&] { return "key " + std::to_string(i) + " outside every segment changed"; });
      expect(got_value(i) == std::int64_t(i), [&] { return "value " + std::to_string(i) + " outside every segment changed"; });
    }
}

}  // namespace

void fuzz_segmented(Engine& engine, CaseLog& log) {
  log.family = "segmented_sort";
  // int32 and int64 keys: column indices, whose rows the rank sort ranks by
  // unique keys when they span little, by ties when not.
  switch (pick(engine, 4)) {
    case 0: log.text << "int32 offsets, float keys"; segmented_case<std::int32_t, float>(engine, log); break;
    case 1: log.text << "int64 offsets, int64 keys"; segmented_case<std::int64_t, std::int64_t>(engine, log); break;
    case 2: log.text << "int32 offsets, int32 keys"; segmented_case<std::int32_t, std::int32_t>(engine, log); break;
    default: log.text << "uint64 offsets, double keys"; segmented_case<std::uint64_t, double>(engine, log); break;
  }
}

}  // namespace tessel_fuzz
