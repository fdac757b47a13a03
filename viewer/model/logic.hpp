// Plain functions behind the panels: compile status, selection by compile id, worst offenders,
// frame filtering, keyboard stepping, recompile chains, rank comparison and local source lookup.
// No ImGui here, so tests reach every rule the panels apply.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/model.hpp"

namespace tparse::viewer {

/// What the frames tree colours a compile by, in priority order (worst first).
enum class Status : uint8_t { Failed, Fallback, Break, Recompile, Ok, Unknown };
const char* status_name(Status s);
Status compile_status(const Model& m, const Compile& c);
/// Worst status over the compiles of a frame.
Status frame_status(const Model& m, const Frame& f);

/// Case-insensitive substring test; an empty needle matches everything.
bool contains_icase(std::string_view hay, std::string_view needle);

/// Finds a compile from "[1/0]", "1/0", "[0/1_1]", "rank2 [0/0]" or "rank2 0/0". First match when
/// the rank is not given; nullopt when nothing matches.
std::optional<int32_t> find_compile(const Model& m, std::string_view spec);

/// Whether an object of rank r passes the rank filter (-1 = all).
inline bool rank_ok(int32_t filter, int32_t r) { return filter < 0 || r == filter; }

struct Offenders {
  std::vector<int32_t> sites;     ///< break sites, most events first
  std::vector<int32_t> frames;    ///< frames with recompiles, most compiles first
  std::vector<int32_t> compiles;  ///< slowest compiles first (entire_frame_compile_time_s)
};
/// The top `n` of each list, restricted to `rank` (-1 = all).
Offenders worst_offenders(const Model& m, int32_t rank, size_t n);

/// Events of a site that pass the rank filter.
int64_t site_count(const Model& m, const BreakSite& s, int32_t rank);
/// Break sites passing the rank filter and text filter (title, file, function, reason), most
/// events first, then by file:line.
std::vector<int32_t> sorted_sites(const Model& m, int32_t rank, std::string_view filter);

/// Frames passing the rank and text filter (name, file or a compile id), in (rank, epoch, id) order.
std::vector<int32_t> visible_frames(const Model& m, int32_t rank, std::string_view filter);
/// The compiles of `frames` in tree order (what Up/Down walks).
std::vector<int32_t> compile_order(const Model& m, const std::vector<int32_t>& frames);
/// The compile `delta` steps from `current` in `order` (clamped); the first one when current is absent.
int32_t step_in(const std::vector<int32_t>& order, int32_t current, int delta);

/// One line of a guard failure made readable: "size of x dim 0: 8 -> 16".
std::string describe_change(const FailedGuard& g);

struct ChainStep {
  int32_t compile = -1;
  int32_t recompile = -1;             ///< index into Model::recompiles, -1 for the first compile
  std::vector<std::string> changes;   ///< describe_change of the newest cache entry's failures
};
/// The compiles of a frame in order, each with what made it recompile.
std::vector<ChainStep> recompile_chain(const Model& m, int32_t frame);
/// Frames that have recompiles (rank filtered), most recompiles first.
std::vector<int32_t> recompiled_frames(const Model& m, int32_t rank);

struct RankRow {
  std::string frame;   ///< "[f] name"
  int64_t compiles[2] = {0, 0}, breaks[2] = {0, 0}, recompiles[2] = {0, 0};
  bool differs() const {
    return compiles[0] != compiles[1] || breaks[0] != breaks[1] || recompiles[0] != recompiles[1];
  }
};
/// Frames of ranks a and b matched by (frame id, name), differing rows first.
std::vector<RankRow> compare_ranks(const Model& m, int32_t a, int32_t b);

/// The text of line `line` (1-based) of `path` when that file exists here; nullopt otherwise.
/// Only reads; the viewer never executes anything named by a trace.
std::optional<std::string> read_source_line(const std::string& path, int64_t line);

/// Human-readable byte count: "3.2 MB".
std::string human_bytes(uint64_t b);

}  // namespace tparse::viewer
