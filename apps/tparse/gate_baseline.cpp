// Baseline loading for the gate; see gate_baseline.hpp.
#include "gate_baseline.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/summary.hpp"

namespace tparse::cli {

bool load_summary_baseline(const std::string& path, const char* who, analysis::Snapshot& out) {
  std::ifstream in(path);
  if (!in) {
    fmt::print(stderr, "{}: cannot read baseline {}\n", who, terminal_safe(path));
    return false;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  std::string err;
  if (!analysis::snapshot_from_summary_json(ss.str(), out, err)) {
    fmt::print(stderr, "{}: baseline {}: {}\n", who, terminal_safe(path), err);
    return false;
  }
  return true;
}

bool load_trace_baseline(const std::string& path, const LoadFlags& flags, analysis::Snapshot& out) {
  LoadFlags bl = flags;
  bl.inputs = {path};
  LoadedTrace bt;
  if (!load_inputs(bl, bt, /*keep_payloads=*/false, /*keep_events=*/false)) return false;
  out = analysis::snapshot_of(bt.model);
  return true;
}

bool load_any_baseline(const std::string& path, const char* who, const LoadFlags& flags, analysis::Snapshot& out) {
  std::error_code ec;
  bool trace = std::filesystem::is_directory(path, ec) || path.ends_with(".log") || path.ends_with(".gz");
  return trace ? load_trace_baseline(path, flags, out) : load_summary_baseline(path, who, out);
}

}  // namespace tparse::cli
