// Baseline loading for the gate; see gate_baseline.hpp.
#include "gate_baseline.hpp"

#include <fmt/format.h>

#include "api/gate.hpp"

namespace tparse::cli {

bool load_summary_baseline(const std::string& path, const char* who, analysis::Snapshot& out) {
  std::string error;
  if (api::load_summary_baseline(path, out, error)) return true;
  fmt::print(stderr, "{}: {}\n", who, error);
  return false;
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
  return api::is_trace_baseline(path) ? load_trace_baseline(path, flags, out) : load_summary_baseline(path, who, out);
}

}  // namespace tparse::cli
