// PayloadStore: payload handles resolved by re-reading the file region, or from memory.
#include "payload_store.hpp"
#include "prefix.hpp"

#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace tparse {

void decode_payload(std::string_view raw, std::string& out) {
  out.clear();
  out.reserve(raw.size());
  size_t pos = 0;
  bool first = true;
  while (pos <= raw.size()) {
    size_t nl = raw.find('\n', pos);
    size_t end = nl == std::string_view::npos ? raw.size() : nl;
    std::string_view line = raw.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty() && line.front() == '[') {  // "[rankN]:\t..." (torchrun line tag)
      int32_t rank = -1;
      size_t k = rank_tag(line, rank);
      if (k > 0 && k < line.size() && line[k] == '\t') line.remove_prefix(k);
    }
    if (!line.empty() && line.front() == '\t') line.remove_prefix(1);
    if (!first) out.push_back('\n');
    out.append(line.data(), line.size());
    first = false;
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
}

int32_t PayloadStore::add_file(const std::string& path) {
  files_.push_back(path);
  return static_cast<int32_t>(files_.size() - 1);
}

PayloadRef PayloadStore::add_ref(int32_t file, uint64_t offset, uint64_t raw_len, uint64_t decoded_len,
                                 bool md5_ok) {
  entries_.push_back({file, offset, raw_len});
  return PayloadRef{static_cast<int64_t>(entries_.size() - 1), decoded_len, md5_ok};
}

PayloadRef PayloadStore::add_text(std::string text, bool md5_ok) {
  uint64_t n = text.size();
  texts_.push_back(std::move(text));
  entries_.push_back({-1, texts_.size() - 1, n});
  return PayloadRef{static_cast<int64_t>(entries_.size() - 1), n, md5_ok};
}

std::string PayloadStore::get(const PayloadRef& ref) const {
  if (ref.id < 0 || static_cast<size_t>(ref.id) >= entries_.size()) return {};
  const Entry& e = entries_[static_cast<size_t>(ref.id)];
  if (e.file < 0) return texts_[e.offset];
  int fd = ::open(files_[static_cast<size_t>(e.file)].c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  std::string raw(e.raw_len, '\0');
  size_t got = 0;
  while (got < e.raw_len) {
    ssize_t r = ::pread(fd, raw.data() + got, e.raw_len - got, static_cast<off_t>(e.offset + got));
    if (r <= 0) break;
    got += static_cast<size_t>(r);
  }
  ::close(fd);
  raw.resize(got);
  std::string out;
  decode_payload(raw, out);
  return out;
}

int64_t PayloadStore::absorb(PayloadStore&& other) {
  int64_t id_offset = static_cast<int64_t>(entries_.size());
  int32_t file_offset = static_cast<int32_t>(files_.size());
  uint64_t text_offset = texts_.size();
  for (auto& f : other.files_) files_.push_back(std::move(f));
  for (auto& t : other.texts_) texts_.push_back(std::move(t));
  for (const auto& e : other.entries_)
    entries_.push_back({e.file < 0 ? -1 : e.file + file_offset, e.file < 0 ? e.offset + text_offset : e.offset,
                        e.raw_len});
  other = PayloadStore{};
  return id_offset;
}

}  // namespace tparse
