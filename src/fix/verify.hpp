// Verification: the driver script compiled by the reference compiler under the chosen torch profile with a patch's
// texts read in place of their files (the script's folder and each --source-root; nothing copied or written),
// counting graphs, breaks and recompiles.
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

/// Compiles `script` twice (first call for explain's numbers, whole run for the rest); `overlay` (canonical path ->
/// text) is read in place of those files, the script's own included.
Metrics measure(const std::string& script, const CompileSetup& setup,
                const std::map<std::string, std::string>& overlay = {});

/// True when `after` has fewer graphs, breaks or recompiles than `before`, and no more of any.
bool improves(const Metrics& before, const Metrics& after);

/// Where patches are tried: the script's folder and the --source-root folders. A patched text is handed to the
/// compiler in place of its file (compiler::Options::overlay): nothing is copied or written, the user's files stay
/// as they are.
class Workspace {
 public:
  /// Notes the folders a patch may touch (the script's and each root); false when the script cannot be read.
  bool make(const std::string& script, const CompileSetup& setup, std::string& err);
  /// A user file's canonical path ("" when it lies outside those folders).
  std::string map(const std::string& file) const;
  /// Measures the script with the patched texts (user path -> text) read in place of their files.
  Metrics run(const std::map<std::string, std::string>& patched);

 private:
  std::vector<std::filesystem::path> roots_;  ///< canonical folders: the script's, then each root
  std::string script_;
  CompileSetup setup_;
};

}  // namespace tparse::fix
