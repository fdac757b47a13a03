// Where payload text lives after ingest. Payloads of plain files stay on disk and are re-read by
// offset on demand (the model holds only handles); payloads of streams (.gz, stdin, memory) are
// kept decoded in memory. Consumers call get() and never parse the log again.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/model.hpp"

namespace tparse {

/// Strips the leading TAB of each payload line, drops CRs, joins with '\n' (PyTorch's framing).
void decode_payload(std::string_view raw, std::string& out);
/// The same into `out`, which must have room for raw.size() bytes; returns the decoded length.
size_t decode_payload_to(std::string_view raw, char* out);

class PayloadStore {
 public:
  /// Registers a file whose payloads are re-read by offset; returns its index.
  int32_t add_file(const std::string& path);
  /// A payload that can be re-read from file `file` at `offset` (raw, TAB-framed bytes).
  PayloadRef add_ref(int32_t file, uint64_t offset, uint64_t raw_len, uint64_t decoded_len, bool md5_ok);
  /// A payload kept in memory (already decoded).
  PayloadRef add_text(std::string text, bool md5_ok);
  /// Records the verified MD5 of payload `ref` (its text hashed and equal to has_payload): a
  /// content identity that lets the report reuse what it made from the same text without
  /// re-reading it. Payloads whose md5 was not checked or did not match have none.
  void set_key(const PayloadRef& ref, const unsigned char md5[16]);
  /// The verified MD5 (16 bytes) of `ref`'s text, or "" when unknown. Equal keys, equal texts.
  std::string_view key(const PayloadRef& ref) const;
  /// The decoded payload text; "" for an invalid ref. Thread-safe.
  std::string get(const PayloadRef& ref) const;
  /// Appends another store; returns the id offset to add to refs from `other`.
  int64_t absorb(PayloadStore&& other);
  size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    int32_t file;       // -1: in memory (texts_[offset])
    uint64_t offset;
    uint64_t raw_len;
    bool keyed = false;
    unsigned char md5[16] = {};
  };
  std::vector<std::string> files_;
  std::vector<Entry> entries_;
  std::vector<std::string> texts_;
};

}  // namespace tparse
