#pragma once
// Sorts: sort, sort_by_key and sortperm with random key types, ranks,
// extents, placements, dims, orders, algorithms, block sizes and tunings.
// Each slice (numbered by (i, j, k)) is checked against the total order:
// sorted, a bitwise permutation of its own keys, pairs kept together, and the
// stable reference exactly where the algorithm is stable. Storage outside the
// views and every input stay as they were; bad calls throw with nothing
// written. Instantiated per key type in fuzz_sort_*.cpp.

#include "fuzz_support.hpp"

#include <tessel/sort.hpp>

#include <map>
#include <variant>

namespace tessel_fuzz {

enum class SortCall { keys_only, by_key, permutation };

inline tessel::SortOptions random_sort_options(Engine& engine, int rank, std::ostream& out) {
  tessel::SortOptions options;
  options.dim = rank == 1 && chance(engine, 50) ? -1 : int(pick(engine, rank));
  options.order = chance(engine, 50) ? tessel::Order::ascending : tessel::Order::descending;
  const int block = chance(engine, 60) ? 0 : 1 << pick(engine, 8);
  switch (pick(engine, 4)) {
    case 0: options.algorithm = tessel::AutoSort{}; break;
    case 1: options.algorithm = tessel::MergeSort{block}; break;
    case 2: options.algorithm = tessel::RadixSort{block, int(pick(engine, 3)) * 7, 32 << (pick(engine, 3) * 3)}; break;
    default: options.algorithm = tessel::BitonicSort{block}; break;
  }
  out << " dim " << options.dim << (options.order == tessel::Order::ascending ? " ascending" : " descending")
      << " algorithm " << options.algorithm.index() << " block " << block;
  return options;
}

// Whether `a` must come before `b` in the requested order.
template <class Key>
bool ordered_before(const Key& a, const Key& b, bool descending) {
  return descending ? tessel_test::total_less(b, a) : tessel_test::total_less(a, b);
}

template <class Key, class Carried, int Rank>
void sort_case(Engine& engine, CaseLog& log, SortCall call) {
  std::ostream& out = log.text;
  const Index extents = random_extents(engine, Rank, chance(engine, 10) ? 30000 : 3000);
  const Data data = random_data(engine);
  auto options = random_sort_options(engine, Rank, out);
  const int slice_dim = options.dim < 0 ? 0 : options.dim;
  const bool descending = options.order == tessel::Order::descending;
  const bool stable = std::holds_alternative<tessel::MergeSort>(options.algorithm) ||
                      std::holds_alternative<tessel::RadixSort>(options.algorithm);
  const std::size_t n = element_count(extents, Rank);
  const auto values = adversarial<Key>(engine, n, data);
  std::size_t next = 0;
  auto keys = guarded_view<Key, Rank>(random_placement(engine, Rank, extents),
                                      [&](const Index&) { return values[next++]; });
  // What travels with the keys: the (i, j, k) code of each element.
  auto code = [&](const Index& index) { return Carried(index[0] * extents[1] * extents[2] + index[1] * extents[2] + index[2]); };
  auto carried = guarded_view<Carried, Rank>(random_placement(engine, Rank, extents), [&](const Index& index) {
    return call == SortCall::by_key ? code(index) : guard_value<Carried>();
  });
  const auto tuning = random_tuning(engine, out);
  out << " keys " << describe(keys.placement, Rank) << " data " << data_name(data) << " carried "
      << describe(carried.placement, Rank) << " call " << int(call);

  // Bad calls: dim out of range, extents that differ; perm types too narrow
  // for the slice (length_error). (RadixSort with a comparator is a unit
  // test: here it would instantiate every comparator sort once more.)
  const int bad = chance(engine, 12) ? 1 + int(pick(engine, 2)) : 0;
  const auto keys_before = host_storage(keys.storage);
  const auto carried_before = host_storage(carried.storage);
  // One-byte perm types are drawn for sortperm alone (they hold no codes).
  constexpr bool permutation_only = sizeof(Carried) == 1;
  auto run = [&] {
    if constexpr (!permutation_only) {
      if (call == SortCall::keys_only) tessel::sort(Space(), keys.view, options, tuning);
      if (call == SortCall::by_key) tessel::sort_by_key(Space(), keys.view, carried.view, options, tuning);
    }
    if (call == SortCall::permutation) tessel::sortperm(Space(), carried.view, keys.view, options, tuning);
    Space().fence();
  };
  auto expect_rejected = [&](auto exception_tag, const char* what) {
    expect_throws<decltype(exception_tag)>(run, what);
    expect_unchanged(keys_before, host_storage(keys.storage), "keys storage after a rejected call");
    expect_unchanged(carried_before, host_storage(carried.storage), "values/perm storage after a rejected call");
  };
  if (bad == 1) {
    options.dim = chance(engine, 50) ? Rank : -2;
    if (Rank == 1 && options.dim == -2) options.dim = 1;
    out << " bad dim " << options.dim;
    return expect_rejected(std::invalid_argument(""), "a bad dim");
  }
  if (bad == 2 && call != SortCall::keys_only) {
    Index other = extents;
    other[pick(engine, Rank)] += 1;
    carried = guarded_view<Carried, Rank>(random_placement(engine, Rank, other), [](const Index&) { return Carried(0); });
    out << " bad extents";
    const auto carried_storage = host_storage(carried.storage);
    expect_throws<std::invalid_argument>(run, "extents that differ");
    expect_unchanged(keys_before, host_storage(keys.storage), "keys after a rejected call");
    expect_unchanged(carried_storage, host_storage(carried.storage), "values/perm after a rejected call");
    return;
  }
  const bool too_narrow = call == SortCall::permutation && extents[slice_dim] > 0 &&
                          extents[slice_dim] - 1 > std::size_t(std::numeric_limits<Carried>::max());
  if (too_narrow) return expect_rejected(std::length_error(""), "positions past perm's type");
  run();

  const auto keys_after = host_storage(keys.storage);
  const auto carried_after = host_storage(carried.storage);
  if (call == SortCall::permutation) expect_unchanged(keys_before, keys_after, "sortperm's keys");
  else expect_guards_intact(keys_before, keys_after, keys.placement, Rank, "keys");
  if (call != SortCall::keys_only) expect_guards_intact(carried_before, carried_after, carried.placement, Rank, "values/perm");

  for (const auto& slice : slices_of(Rank, extents, slice_dim)) {
    std::vector<Key> input, output;
    for (const Index& index : slice) {
      input.push_back(keys_before[keys.placement.at(index)]);
      output.push_back(keys_after[keys.placement.at(index)]);
    }
    // Where each output came from, as a position in the slice.
    std::vector<std::size_t> from(slice.size());
    if (call == SortCall::by_key) {
      std::map<Carried, std::size_t> position;
      for (std::size_t p = 0; p < slice.size(); ++p) position[code(slice[p])] = p;
      for (std::size_t p = 0; p < slice.size(); ++p) {
        const Carried got = carried_after[carried.placement.at(slice[p])];
        const auto found = position.find(got);
        expect(found != position.end(), [&] { return "a value from another slice at position " + std::to_string(p); });
        from[p] = found->second;
      }
    } else if (call == SortCall::permutation) {
      for (std::size_t p = 0; p < slice.size(); ++p) {
        const auto got = carried_after[carried.placement.at(slice[p])];
        expect(got >= 0 && std::size_t(got) < slice.size(),
               [&] { return "perm " + tessel_test::bits_of(got) + " out of the slice at " + std::to_string(p); });
        from[p] = std::size_t(got);
        output[p] = input[from[p]];
      }
    }
    if (call != SortCall::keys_only) {
      std::vector<bool> seen(slice.size(), false);
      for (std::size_t p = 0; p < slice.size(); ++p) {
        expect(!seen[from[p]], [&] { return "position " + std::to_string(from[p]) + " taken twice"; });
        seen[from[p]] = true;
        expect(tessel_test::same_bits(output[p], input[from[p]]),
               [&] { return "key and value/perm parted at position " + std::to_string(p); });
      }
    }
    auto reference = input;
    std::stable_sort(reference.begin(), reference.end(),
                     [&](const Key& a, const Key& b) { return ordered_before(a, b, descending); });
    for (std::size_t p = 0; p < slice.size(); ++p) {
      expect(tessel_test::same_bits(output[p], reference[p]) ||
                 (!stable && !ordered_before(output[p], reference[p], false) &&
                  !ordered_before(reference[p], output[p], false)),
             [&] {
               return "position " + std::to_string(p) + " is " + tessel_test::bits_of(output[p]) + ", expected " +
                      tessel_test::bits_of(reference[p]);
             });
      if (stable && call != SortCall::keys_only && p > 0 && !ordered_before(output[p - 1], output[p], descending))
        expect(from[p - 1] < from[p], [&] { return "equal keys out of order at " + std::to_string(p); });
    }
    if (!stable) {  // a bitwise permutation: the same multiset of bit patterns
      std::map<std::string, long> histogram;
      for (const auto& key : input) ++histogram[tessel_test::bits_of(key)];
      for (const auto& key : output) --histogram[tessel_test::bits_of(key)];
      for (const auto& [bits, difference] : histogram)
        expect(difference == 0, [&, bits = bits] { return bits + " lost or gained"; });
    }
  }
}

template <class Key, class Carried>
void sort_any_rank(Engine& engine, CaseLog& log, SortCall call) {
  with_random_rank(engine, [&](auto rank) { sort_case<Key, Carried, decltype(rank)::value>(engine, log, call); });
}

// One case for keys of type Key: sort, sort_by_key (int32 values) or
// sortperm (into int32, or int8 so that long slices overflow it).
template <class Key>
void sort_keys_of(Engine& engine, CaseLog& log) {
  switch (pick(engine, 4)) {
    case 0: log.text << " sort"; return sort_any_rank<Key, std::int32_t>(engine, log, SortCall::keys_only);
    case 1: log.text << " sort_by_key"; return sort_any_rank<Key, std::int32_t>(engine, log, SortCall::by_key);
    case 2: log.text << " sortperm int32"; return sort_any_rank<Key, std::int32_t>(engine, log, SortCall::permutation);
    default: log.text << " sortperm int8"; return sort_any_rank<Key, std::int8_t>(engine, log, SortCall::permutation);
  }
}

}  // namespace tessel_fuzz
