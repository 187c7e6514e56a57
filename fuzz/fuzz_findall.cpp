// findall (predicate and mask forms), count_if and copy_if over rank-1 views
// of any placement and adversarial data; the indices, counts and copies
// checked exactly, inputs and storage outside dst unchanged; short or
// overlapping outputs throw with nothing written.
#include "fuzz_support.hpp"

#include <tessel/findall.hpp>

namespace tessel_fuzz {
namespace {

// NaN-aware on purpose: NaN never selects.
struct Below {
  double threshold;
  template <class T>
  KOKKOS_INLINE_FUNCTION bool operator()(const T& value) const {
    return double(value) < threshold;
  }
};

template <class T>
std::vector<std::int64_t> host_indices(const Kokkos::View<std::int64_t*, Memory>& indices) {
  std::vector<std::int64_t> host(indices.extent(0));
  Kokkos::deep_copy(Kokkos::View<std::int64_t*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(
                        host.data(), host.size()),
                    indices);
  return host;
}

template <class T>
void findall_case(Engine& engine, CaseLog& log) {
  std::ostream& out = log.text;
  const std::size_t n = random_extent(engine, chance(engine, 10) ? 200000 : 5000);
  const Data data = random_data(engine);
  const auto values = adversarial<T>(engine, n, data);
  std::size_t next = 0;
  auto src = guarded_view<T, 1>(random_placement(engine, 1, {n, 1, 1}), [&](const Index&) { return values[next++]; });
  // Thresholds that select nothing, everything, or a share between.
  static const double thresholds[] = {-1e300, -500, 0, 1, 2, 500, 1e300};
  const Below pred{thresholds[pick(engine, std::size(thresholds))]};
  const auto tuning = random_tuning(engine, out);
  out << " n " << n << " src " << describe(src.placement, 1) << " data " << data_name(data) << " threshold "
      << pred.threshold;
  std::vector<std::int64_t> expected;
  for (std::size_t i = 0; i < n; ++i)
    if (pred(values[i])) expected.push_back(std::int64_t(i));
  const auto src_before = host_storage(src.storage);

  switch (pick(engine, 4)) {
    case 0: {
      out << " findall";
      const auto got = host_indices<T>(tessel::findall(Space(), src.view, pred, tuning));
      expect(got == expected, [&] { return "findall: " + std::to_string(got.size()) + " indices, expected " +
                                           std::to_string(expected.size()) + " (or other indices)"; });
      break;
    }
    case 1: {
      out << " count_if";
      const auto count = tessel::count_if(Space(), src.view, pred, tuning);
      expect(count == std::int64_t(expected.size()),
             [&] { return "count_if " + std::to_string(count) + ", expected " + std::to_string(expected.size()); });
      break;
    }
    case 2: {
      out << " findall(mask)";
      std::size_t k = 0;
      auto mask = guarded_view<std::uint8_t, 1>(random_placement(engine, 1, {n, 1, 1}),
                                                [&](const Index&) { return std::uint8_t(pred(values[k++]) ? 1 + k % 200 : 0); });
      const auto got = host_indices<T>(tessel::findall(Space(), mask.view));
      expect(got == expected, [&] { return "findall(mask): " + std::to_string(got.size()) + " indices, expected " +
                                           std::to_string(expected.size()) + " (or other indices)"; });
      break;
    }
    default: {
      // dst: long enough in its own storage, too short, or (bad) src itself
      // or a view sharing elements with src.
      const int kind = int(pick(engine, 5));
      std::size_t dst_extent = expected.size() + pick(engine, 3);
      if (kind == 1) dst_extent = expected.size() == 0 ? 0 : expected.size() - 1;
      out << " copy_if dst kind " << kind;
      if (kind >= 3 && n > 0) {
        if (kind == 3)
          expect_throws<std::invalid_argument>([&] { tessel::copy_if(Space(), src.view, src.view, pred, tuning); },
                                               "copy_if onto src");
        else
          expect_throws<std::invalid_argument>(
              [&] { tessel::copy_if(Space(), src.view, Kokkos::subview(src.view, std::make_pair(n / 2, n)), pred, tuning); },
              "copy_if onto the back half of src");
        expect_unchanged(src_before, host_storage(src.storage), "src after a rejected copy_if");
        break;
      }
      auto dst = guarded_view<T, 1>(random_placement(engine, 1, {dst_extent, 1, 1}),
                                    [](const Index&) { return guard_value<T>(); });
      const auto dst_before = host_storage(dst.storage);
      auto call = [&] { return tessel::copy_if(Space(), src.view, dst.view, pred, tuning); };
      if (kind == 1 && !expected.empty()) {
        expect_throws<std::invalid_argument>(call, "copy_if into a short dst");
        expect_unchanged(dst_before, host_storage(dst.storage), "dst after a rejected copy_if");
        break;
      }
      const auto count = call();
      expect(count == std::int64_t(expected.size()), [&] { return "copy_if returned " + std::to_string(count); });
      auto expected_dst = dst_before;
      for (std::size_t c = 0; c < expected.size(); ++c)
        expected_dst[dst.placement.at({c, 0, 0})] = values[std::size_t(expected[c])];
      const auto dst_after = host_storage(dst.storage);
      for (std::size_t e = 0; e < dst_after.size(); ++e)
        expect(tessel_test::same_bits(dst_after[e], expected_dst[e]),
               [&] { return "copy_if: dst storage element " + std::to_string(e) + " is wrong"; });
      break;
    }
  }
  expect_unchanged(src_before, host_storage(src.storage), "src");
}

}  // namespace

void fuzz_findall(Engine& engine, CaseLog& log) {
  log.family = "findall";
  if (chance(engine, 50)) {
    log.text << "float";
    findall_case<float>(engine, log);
  } else {
    log.text << "int32";
    findall_case<std::int32_t>(engine, log);
  }
}

}  // namespace tessel_fuzz
