// Scans: random types and operators, ranks, extents, placements, dims, in
// place, out of place and interleaved in one allocation, inclusive and
// exclusive, tiny tunings and options; every element checked bit for bit
// against the sequential left fold (data of Plus and Multiplies on floating
// point are values exact in any grouping; NaNs of GPUs' arithmetic are
// canonical: same_scan_result), every other storage element
// unchanged; bad calls throw with nothing written.
#include "fuzz_support.hpp"

#include <scan_reference.hpp>

#include <tessel/scan.hpp>

#include <optional>

namespace tessel_fuzz {
namespace {

using tessel_test::comparison_values;
using tessel_test::exact_product_values;
using tessel_test::exact_sum_values;
using tessel_test::left_fold;

// x -> a*x + b on 32-bit words: associative, not commutative, no identity.
struct Affine {
  std::uint32_t a, b;
};
struct ComposeAffine {
  KOKKOS_INLINE_FUNCTION Affine operator()(const Affine& f, const Affine& g) const {
    return {f.a * g.a, g.a * f.b + g.b};
  }
};
std::ostream& operator<<(std::ostream& out, const Affine& f) { return out << '(' << f.a << ", " << f.b << ')'; }

enum class Placing { separate, in_place, interleaved, bad_dim, bad_extents, overlapping };

template <class Src, class Dst, int Rank, class Op, class Draw>
void scan_case(Engine& engine, CaseLog& log, Op op, Draw&& draw) {
  std::ostream& out = log.text;
  const Index extents = random_extents(engine, Rank, chance(engine, 10) ? 40000 : 3000);
  const int dim = Rank == 1 && chance(engine, 50) ? -1 : int(pick(engine, Rank));
  const int slice_dim = dim < 0 ? 0 : dim;
  static const Placing placings[] = {Placing::separate,    Placing::separate,   Placing::in_place,
                                     Placing::interleaved, Placing::bad_dim,    Placing::bad_extents,
                                     Placing::overlapping};
  Placing placing = placings[pick(engine, std::size(placings))];
  if (!std::is_same_v<Src, Dst> &&
      (placing == Placing::in_place || placing == Placing::interleaved || placing == Placing::overlapping))
    placing = Placing::separate;
  const std::size_t n = element_count(extents, Rank);
  if (placing == Placing::overlapping && n < 2) placing = Placing::separate;
  const bool exclusive = chance(engine, 50);
  std::optional<Dst> init;
  if (exclusive) init = static_cast<Dst>(draw(engine));

  Placement src_place = random_placement(engine, Rank, extents, placing == Placing::interleaved ? 2 : 1);
  int shifted_dim = 0;  // overlapping: dst is src shifted by one element along this dim
  if (placing == Placing::overlapping) {
    while (extents[shifted_dim] < 2) ++shifted_dim;
    src_place.storage += src_place.strides[shifted_dim];
  }
  auto src = guarded_view<Src, Rank>(src_place, [&](const Index&) { return draw(engine); });

  // dst: its own storage, the same view, a twin shifted by one element into
  // src's gaps, or (bad) a view sharing elements with src.
  Placement dst_place = src_place;
  Kokkos::View<Dst*, Memory> dst_storage;
  const bool shared = placing == Placing::in_place || placing == Placing::interleaved || placing == Placing::overlapping;
  if (!shared) {
    Index dst_extents = extents;
    if (placing == Placing::bad_extents) dst_extents[pick(engine, Rank)] += 1;
    dst_place = random_placement(engine, Rank, dst_extents);
    dst_storage = guarded_view<Dst, Rank>(dst_place, [](const Index&) { return guard_value<Dst>(); }).storage;
  } else {
    if constexpr (std::is_same_v<Src, Dst>) dst_storage = src.storage;
    if (placing == Placing::interleaved) dst_place.offset += 1;
    if (placing == Placing::overlapping) dst_place.offset += src_place.strides[shifted_dim];
  }
  const auto dst = view_into<Dst, Rank>(dst_storage, dst_place);
  const auto tuning = random_tuning(engine, out);
  tessel::ScanOptions options;
  options.dim = placing == Placing::bad_dim ? (chance(engine, 50) ? Rank : -2) : dim;
  if (chance(engine, 10)) options.items_per_thread = chance(engine, 50) ? 100000 : 1 + int(pick(engine, 9));
  if (chance(engine, 10)) options.block_size = 1 + int(pick(engine, 8));
  out << ' ' << (exclusive ? "exclusive" : "inclusive") << " rank " << Rank << " dim " << options.dim << " src "
      << describe(src.placement, Rank) << " dst " << describe(dst_place, Rank) << " placing " << int(placing)
      << " options{block " << options.block_size << ", items " << options.items_per_thread << "}";

  const auto src_before = host_storage(src.storage);
  const auto dst_before = host_storage(dst_storage);
  auto call = [&] {
    if (exclusive) tessel::exclusive_scan(Space(), src.view, dst, op, *init, options, tuning);
    else tessel::inclusive_scan(Space(), src.view, dst, op, options, tuning);
    Space().fence();
  };
  if (placing == Placing::bad_dim || placing == Placing::bad_extents || placing == Placing::overlapping) {
    expect_throws<std::invalid_argument>(call, "a bad scan");
    expect_unchanged(src_before, host_storage(src.storage), "src storage after a rejected call");
    expect_unchanged(dst_before, host_storage(dst_storage), "dst storage after a rejected call");
    return;
  }
  call();

  // The expected storages: dst's elements replaced by the fold of src's
  // slices, indexed by (i, j, k); everything else as it was.
  std::vector<Dst> expected_dst = dst_before;
  std::vector<bool> copied(dst_before.size(), false);  // slice starts: x0 or init, bit for bit
  for (const auto& slice : slices_of(Rank, extents, slice_dim)) {
    if (!slice.empty()) copied[dst_place.at(slice[0])] = true;
    std::vector<Dst> values;
    for (const Index& index : slice) values.push_back(static_cast<Dst>(src_before[src.placement.at(index)]));
    const auto folded = left_fold(values, op, init);
    for (std::size_t p = 0; p < slice.size(); ++p) expected_dst[dst_place.at(slice[p])] = folded[p];
  }
  const auto dst_after = host_storage(dst_storage);
  for (std::size_t e = 0; e < dst_after.size(); ++e)
    expect(tessel_test::same_scan_result<Space, Op>(dst_after[e], expected_dst[e], copied[e]), [&] {
      std::ostringstream text;
      text << "dst storage element " << e << " is " << tessel_test::bits_of(dst_after[e]) << ", expected "
           << tessel_test::bits_of(expected_dst[e]);
      return text.str();
    });
  if (!shared) expect_unchanged(src_before, host_storage(src.storage), "src storage");
}

template <class Src, class Dst, class Op, class Draw>
void scan_any_rank(Engine& engine, CaseLog& log, Op op, Draw&& draw) {
  with_random_rank(engine, [&](auto rank) { scan_case<Src, Dst, decltype(rank)::value>(engine, log, op, draw); });
}

template <class T>
auto draw_from(std::vector<T> pool) {
  return [pool](Engine& engine) { return pool[pick(engine, pool.size())]; };
}

}  // namespace

void fuzz_scan(Engine& engine, CaseLog& log) {
  log.family = "scan";
  switch (pick(engine, 10)) {
    case 0:
      log.text << "float Plus";
      scan_any_rank<float, float>(engine, log, tessel::Plus{}, draw_from(exact_sum_values<float>()));
      break;
    case 1:
      log.text << "double Multiplies";
      scan_any_rank<double, double>(engine, log, tessel::Multiplies{}, draw_from(exact_product_values<double>()));
      break;
    case 2:
      log.text << "float Min";
      scan_any_rank<float, float>(engine, log, tessel::Min{}, draw_from(comparison_values<float>()));
      break;
    case 3:
      log.text << "double Max";
      scan_any_rank<double, double>(engine, log, tessel::Max{}, draw_from(comparison_values<double>()));
      break;
    case 4:
      log.text << "int32 Min";
      scan_any_rank<std::int32_t, std::int32_t>(engine, log, tessel::Min{},
                                                [](Engine& e) { return std::int32_t(e()); });
      break;
    case 5:
      log.text << "uint32 BitXor";
      scan_any_rank<std::uint32_t, std::uint32_t>(engine, log, tessel::BitXor{},
                                                  [](Engine& e) { return std::uint32_t(e()); });
      break;
    case 6:
      log.text << "int64 Plus";
      scan_any_rank<std::int64_t, std::int64_t>(engine, log, tessel::Plus{},
                                                [](Engine& e) { return std::int64_t(e() % 2000001) - 1000000; });
      break;
    case 7:
      log.text << "int16 -> int64 Plus";
      scan_any_rank<std::int16_t, std::int64_t>(engine, log, tessel::Plus{}, [](Engine& e) { return std::int16_t(e()); });
      break;
    case 8:
      log.text << "uint32 Max";
      scan_any_rank<std::uint32_t, std::uint32_t>(engine, log, tessel::Max{},
                                                  [](Engine& e) { return std::uint32_t(e() % 7); });
      break;
    default:
      log.text << "Affine composition (no identity)";
      scan_any_rank<Affine, Affine>(engine, log, ComposeAffine{},
                                    [](Engine& e) { return Affine{std::uint32_t(e() | 1), std::uint32_t(e())}; });
      break;
  }
}

}  // namespace tessel_fuzz
