// libFuzzer target: record framing + glog prefix + envelope parsing + handlers + finalize, through
// the same entry point tests use (load_trace_text). Any crash, leak or hang here is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/ingest.hpp"
#include "core/summary.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tparse::IngestOptions o;
  o.max_line = 1 << 16;  // keep oversize handling reachable with small inputs
  auto t = tparse::load_trace_text(std::string(reinterpret_cast<const char*>(data), size), "fuzz.log", o);
  // Exercise the consumers of the model too.
  std::string j = tparse::summary_json(t.model, false);
  std::string s = tparse::summary_text(t.model, true);
  for (const auto& c : t.model.compiles)
    for (const auto& a : c.artifacts) (void)t.payloads.get(a.payload);
  return (j.empty() || s.empty()) ? -1 : 0;
}
