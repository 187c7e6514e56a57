#ifndef TESSEL_DETAIL_CORE_ARGUMENTS_HPP
#define TESSEL_DETAIL_CORE_ARGUMENTS_HPP

// The optional tail every sort and findall call shares, written once:
// (..., [callable], [options], [workspace], [tuning], [extra]), each part
// left out or given once, in that order (`extra`: tessel::mpi's CommOptions).
// The public overloads forward their tail here.

#include <tessel/detail/tuning/parameters.hpp>
#include <tessel/sort_workspace.hpp>
#include <tessel/tuning.hpp>

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace tessel::detail {

// Stands for "no workspace given": a temporary one is allocated.
struct NoWorkspace {
  void reserve(std::size_t) {}
  unsigned char* data() const { return nullptr; }
};

template <class T>
struct is_sort_workspace : std::false_type {};
template <class M>
struct is_sort_workspace<SortWorkspace<M>> : std::true_type {};

template <class T>
using remove_cvref_t = std::remove_cv_t<std::remove_reference_t<T>>;

// The parts of a tail, in their order.
enum ArgumentPart { callable_part, options_part, workspace_part, tuning_part, extra_part };

template <class Options, class T, class Extra = void>
constexpr ArgumentPart argument_part() {
  using U = remove_cvref_t<T>;
  if constexpr (std::is_same_v<U, Options>) return options_part;
  else if constexpr (std::is_same_v<U, Extra>) return extra_part;
  else if constexpr (is_sort_workspace<U>::value) return workspace_part;
  else if constexpr (std::is_base_of_v<TuningParameters, U>) return tuning_part;
  else return callable_part;
}

// Whether T may stand first in a tail as the callable (a less or a pred).
template <class Options, class T>
constexpr bool is_callable_argument = argument_part<Options, T>() == callable_part;

template <class Options, class Extra, class... Args>
constexpr bool arguments_in_order() {
  constexpr int parts[] = {-1, int(argument_part<Options, Args, Extra>())...};
  for (std::size_t i = 1; i < sizeof...(Args) + 1; ++i)
    if (parts[i] <= parts[i - 1]) return false;
  return true;
}

// Where `part` stands among Args; sizeof...(Args) when left out.
template <class Options, class Extra, ArgumentPart part, class... Args>
constexpr std::size_t argument_index() {
  constexpr int parts[] = {int(argument_part<Options, Args, Extra>())..., -1};
  std::size_t i = 0;
  while (parts[i] != -1 && parts[i] != part) ++i;  // (a bound check on an empty pack, nvcc warns)
  return i;
}

// The tail parsed: its parts, defaults where left out (Tuning<Exec>, default
// options, no workspace, Default when no callable is given, Extra{}).
template <class Exec, class Options, class Default, bool allow_workspace, class Extra, class... Args>
struct Arguments {
  using Parts = std::tuple<Args&...>;
  static constexpr std::size_t count = sizeof...(Args);
  static constexpr std::size_t callable_at = argument_index<Options, Extra, callable_part, Args...>();
  static constexpr std::size_t options_at = argument_index<Options, Extra, options_part, Args...>();
  static constexpr std::size_t workspace_at = argument_index<Options, Extra, workspace_part, Args...>();
  static constexpr std::size_t tuning_at = argument_index<Options, Extra, tuning_part, Args...>();
  static constexpr std::size_t extra_at = argument_index<Options, Extra, extra_part, Args...>();
  static constexpr bool has_callable = callable_at < count;

  static_assert(arguments_in_order<Options, Extra, Args...>(),
                "tessel: the arguments after the views are ([less or pred], [options], [workspace], [tuning]), "
                "each at most once and in this order (tessel::mpi: then [CommOptions])");
  static_assert(allow_workspace || workspace_at == count, "tessel: this function takes no SortWorkspace");

  Parts parts;

  static auto get_callable(const Parts& p) {
    if constexpr (has_callable) {
      using Callable = remove_cvref_t<std::tuple_element_t<callable_at, std::tuple<Args...>>>;
      static_assert(!Kokkos::is_view<Callable>::value,
                    "tessel: a view stands where a less or pred is expected (check the number of views)");
      return Callable(std::get<callable_at>(p));
    } else {
      return Default{};
    }
  }
  auto callable() const { return get_callable(parts); }

  Options options() const {
    if constexpr (options_at < count) return std::get<options_at>(parts);
    else return Options{};
  }

  template <class E = Extra>
  E extra() const {
    if constexpr (extra_at < count) return std::get<extra_at>(parts);
    else return E{};
  }

  TuningParameters tuning() const { return tuning_or(Tuning<Exec>{}); }
  TuningParameters tuning_or(const TuningParameters& fallback) const {
    if constexpr (tuning_at < count) return std::get<tuning_at>(parts);
    else return fallback;
  }

  auto workspace() const {
    if constexpr (workspace_at < count) {
      using Given = std::tuple_element_t<workspace_at, std::tuple<Args...>>;
      static_assert(!std::is_const_v<Given>, "tessel: the SortWorkspace must not be const (calls grow it)");
      static_assert(Kokkos::SpaceAccessibility<Exec, typename Given::memory_space>::accessible,
                    "tessel: the execution space cannot access the workspace's memory space");
      return &std::get<workspace_at>(parts);
    } else {
      return static_cast<NoWorkspace*>(nullptr);
    }
  }
};

template <class Exec, class Options, class Default, bool allow_workspace, class Extra = void, class... Args>
Arguments<Exec, Options, Default, allow_workspace, Extra, Args...> arguments(Args&... args) {
  return {std::tuple<Args&...>(args...)};
}

// For overloads that take options as a braced list after the callable.
template <class Options, class T>
using callable_argument_t = std::enable_if_t<is_callable_argument<Options, T>, int>;

}  // namespace tessel::detail

#endif
