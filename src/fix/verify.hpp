// Verification: a temporary copy of the user's package (the driver script's folder and each
// --source-root, .py files only) where a patch is applied and the script compiled by the
// reference compiler under the chosen torch profile, counting graphs, breaks and recompiles.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace tparse::fix {

struct Metrics {
  bool ok = false;
  std::string error;              ///< the compiler's diagnostic when the script did not compile
  int64_t graphs = 0;             ///< explain's Graph Count (first call)
  int64_t breaks = 0;             ///< explain's Graph Break Count (first call)
  int64_t graphs_total = 0;       ///< graphs over the whole script
  int64_t break_events = 0;       ///< break records over the whole script
  int64_t recompiles = 0;         ///< recompiles over the whole script
};

struct CompileSetup {
  std::string torch = "2.11";
  std::vector<std::string> source_roots, stub_paths;
};

/// Compiles `script` twice (first call for explain's numbers, whole run for the rest).
Metrics measure(const std::string& script, const CompileSetup& setup);

/// True when `after` has fewer graphs, breaks or recompiles than `before`, and no more of any.
bool improves(const Metrics& before, const Metrics& after);

class Workspace {
 public:
  Workspace() = default;
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;
  ~Workspace();
  /// Copies the script's folder and the roots into a fresh temporary folder.
  bool make(const std::string& script, const CompileSetup& setup, std::string& err);
  /// The copy of a user file ("" when it lies outside the copied folders).
  std::string map(const std::string& file) const;
  /// Writes the patched texts (user path -> text) into the copy, measures, restores the copy.
  Metrics run(const std::map<std::string, std::string>& patched);
  const std::string& script_copy() const { return script_; }

 private:
  std::filesystem::path dir_;
  std::vector<std::pair<std::filesystem::path, std::filesystem::path>> roots_;  ///< user folder -> copy
  std::string script_;
  CompileSetup setup_;
};

}  // namespace tparse::fix
