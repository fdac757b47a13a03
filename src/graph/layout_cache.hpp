// Persistent, content-addressed cache of Graphviz output (issue 24): a drawing is keyed by the MD5
// of its DOT text plus the layout options (kLayoutVersion), so a rerun of the report, --follow and
// the viewer never lay out the same graph twice. Files live in $TPARSE_CACHE_DIR, else
// $XDG_CACHE_HOME/tparse, else $HOME/.cache/tparse (TPARSE_CACHE=0 turns it off). Each entry is
// written to a unique temporary file and renamed into place, so concurrent runs never see a torn
// entry; entries carry their length and are checked on read. The directory is size-capped
// (TPARSE_CACHE_MAX_MB, default 256): past the cap the least recently used entries are removed.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tparse::graph {

/// Bumped whenever the layout options or the renderer change what a DOT text turns into.
inline constexpr const char* kLayoutVersion = "gv2.42-ns1-v1";
/// Whether Graphviz measures labels with its estimated metrics (TPARSE_GV_ESTIMATE=1) instead of
/// pango; part of every key.
bool layout_estimated_metrics();

class LayoutCache {
 public:
  /// The process-wide cache (directory from the environment at first use; may be disabled).
  static LayoutCache& instance();
  /// A cache over `dir` ("" = disabled) holding at most `max_bytes`.
  LayoutCache(std::string dir, uint64_t max_bytes);
  LayoutCache(const LayoutCache& o);

  bool enabled() const { return !dir_.empty(); }
  const std::string& dir() const { return dir_; }
  /// Key of a drawing: hex MD5 of kind + kLayoutVersion + DOT text.
  static std::string key(std::string_view kind, std::string_view dot);
  /// The stored bytes for `key`, or nothing (missing, disabled, or a damaged entry).
  std::optional<std::string> get(const std::string& key) const;
  /// Stores bytes under `key` (atomic rename; failures are silent: the cache is only a cache).
  void put(const std::string& key, std::string_view bytes);
  /// Removes least recently used entries until the directory holds at most 80% of the cap.
  void prune() const;

 private:
  std::string path_of(const std::string& key) const;
  std::string dir_;
  uint64_t max_bytes_;
  mutable std::atomic<uint64_t> put_bytes_{0};  ///< written since the last size check
};

}  // namespace tparse::graph
