// Live tail; see tail.hpp.
#include "tail.hpp"

#include <filesystem>
#include <fmt/format.h>

#include "core/ingest.hpp"

namespace tparse::viewer {

std::vector<FileStamp> snapshot(const std::string& path) {
  std::vector<std::string> errors;
  std::vector<FileStamp> out;
  for (const auto& p : expand_inputs({path}, errors)) {
    std::error_code ec;
    uint64_t sz = std::filesystem::file_size(p, ec);
    if (!ec) out.push_back({p, sz});
  }
  return out;
}

bool Follower::changed() {
  auto now = snapshot(path_);
  bool diff = first_ ? !now.empty() : now != last_;
  first_ = false;
  last_ = std::move(now);
  return diff;
}

uint64_t Follower::total_bytes() const {
  uint64_t t = 0;
  for (const auto& f : last_) t += f.size;
  return t;
}

TailDelta diff_models(const Model& a, const Model& b) {
  TailDelta d;
  d.compiles = static_cast<int64_t>(b.compiles.size()) - static_cast<int64_t>(a.compiles.size());
  d.breaks = static_cast<int64_t>(b.breaks.size()) - static_cast<int64_t>(a.breaks.size());
  d.recompiles = static_cast<int64_t>(b.recompiles.size()) - static_cast<int64_t>(a.recompiles.size());
  d.failures = static_cast<int64_t>(b.failures.size()) - static_cast<int64_t>(a.failures.size());
  d.records = static_cast<int64_t>(b.records) - static_cast<int64_t>(a.records);
  return d;
}

std::string describe(const TailDelta& d) {
  return fmt::format("+{} compiles, +{} breaks, +{} recompiles, +{} failures ({} new records)", d.compiles, d.breaks,
                     d.recompiles, d.failures, d.records);
}

}  // namespace tparse::viewer
