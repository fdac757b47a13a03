// PayloadStore: payload handles resolved by re-reading the file region, or from memory.
#include "payload_store.hpp"
#include "prefix.hpp"

#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace tparse {

namespace {

// The payload framing, decoded from [p, end) to w; w may equal p (in place: the output never
// overtakes the input). Per line: drop one trailing CR, a "[rankN]:" tag followed by a TAB
// (torchrun line tag), then one leading TAB; lines are joined by '\n'. Returns the output end.
char* decode_into(char* w, const char* p, const char* const end) {
  for (;;) {
    const char* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p)));
    const char* e = nl ? nl : end;
    const char* b = p;
    if (e > b && e[-1] == '\r') --e;
    if (e > b && *b == '[') {
      int32_t rank = -1;
      size_t k = rank_tag(std::string_view(b, static_cast<size_t>(e - b)), rank);
      if (k > 0 && b + k < e && b[k] == '\t') b += k;
    }
    if (e > b && *b == '\t') ++b;
    size_t n = static_cast<size_t>(e - b);
    if (w != b) std::memmove(w, b, n);
    w += n;
    if (!nl) return w;
    *w++ = '\n';
    p = nl + 1;
  }
}

}  // namespace

size_t decode_payload_to(std::string_view raw, char* out) {
  if (raw.empty()) return 0;
  return static_cast<size_t>(decode_into(out, raw.data(), raw.data() + raw.size()) - out);
}

void decode_payload(std::string_view raw, std::string& out) {
  // One pass into a pre-sized buffer, one memchr and one copy per line. Hot: every payload is
  // decoded once at ingest for its md5, and again when a report page or the viewer shows it.
  if (raw.empty()) {
    out.clear();
    return;
  }
  if (out.size() < raw.size()) out.resize(raw.size());  // grows only: the capacity is reused across calls
  char* w = decode_into(out.data(), raw.data(), raw.data() + raw.size());
  out.resize(static_cast<size_t>(w - out.data()));
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

void PayloadStore::set_key(const PayloadRef& ref, const unsigned char md5[16]) {
  if (ref.id < 0 || static_cast<size_t>(ref.id) >= entries_.size()) return;
  Entry& e = entries_[static_cast<size_t>(ref.id)];
  std::memcpy(e.md5, md5, 16);
  e.keyed = true;
}

std::string_view PayloadStore::key(const PayloadRef& ref) const {
  if (ref.id < 0 || static_cast<size_t>(ref.id) >= entries_.size()) return {};
  const Entry& e = entries_[static_cast<size_t>(ref.id)];
  return e.keyed ? std::string_view(reinterpret_cast<const char*>(e.md5), 16) : std::string_view();
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
  if (!raw.empty()) raw.resize(static_cast<size_t>(decode_into(raw.data(), raw.data(), raw.data() + raw.size()) - raw.data()));
  return raw;
}

int64_t PayloadStore::absorb(PayloadStore&& other) {
  int64_t id_offset = static_cast<int64_t>(entries_.size());
  int32_t file_offset = static_cast<int32_t>(files_.size());
  uint64_t text_offset = texts_.size();
  for (auto& f : other.files_) files_.push_back(std::move(f));
  for (auto& t : other.texts_) texts_.push_back(std::move(t));
  for (const auto& e : other.entries_) {
    entries_.push_back(e);
    entries_.back().file = e.file < 0 ? -1 : e.file + file_offset;
    entries_.back().offset = e.file < 0 ? e.offset + text_offset : e.offset;
  }
  other = PayloadStore{};
  return id_offset;
}

}  // namespace tparse
