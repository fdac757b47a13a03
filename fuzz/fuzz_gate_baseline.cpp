// libFuzzer target: `tparse gate --baseline FILE` reads JSON we may not have written (torch's
// explain.json, a hand-edited or truncated summary). snapshot_from_summary_json must answer true
// or false + a one-line error for any bytes — never throw, never crash — and the sites it returns
// must survive site matching against themselves (every site matches itself).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "analysis/snapshot.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string json(reinterpret_cast<const char*>(data), size);
  tparse::analysis::Snapshot s;
  std::string err;
  bool ok = false;
  try {
    ok = tparse::analysis::snapshot_from_summary_json(json, s, err);
  } catch (...) {
    abort();  // issue 13.1: a baseline must never abort the gate
  }
  if (!ok) {
    if (err.empty() || err.find('\n') != std::string::npos) abort();
    return 0;
  }
  auto m = tparse::analysis::match_sites(s.sites, s.sites);
  if (m.matched.size() + m.added.size() != s.sites.size() || m.added.size() != m.removed.size()) abort();
  for (const auto& site : s.sites) (void)tparse::analysis::site_label(site);
  return 0;
}
