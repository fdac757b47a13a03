// Interned strings for the model: one process-wide pool, so text that every rank of a job repeats
// (stack-frame file names, function names and source lines, compilation_metrics keys and values)
// is stored once however many ranks log it (issue 24: 16384 ranks). IStr is 8 bytes, reads as a
// `const std::string&`, and compares and hashes by content; Fields is a pooled, immutable list of
// (key, value) pairs shared by every record that logged the same list.
//
// The pool is thread-safe (ingest interns from worker threads) and lives until the process ends:
// memory grows with the number of DISTINCT strings seen, not with how often they repeat.
#pragma once

#include <compare>
#include <cstddef>
#include <fmt/format.h>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tparse {

class IStr {
 public:
  IStr() : p_(&none()) {}
  // Explicit from strings: `cond ? std_string : istr` then has one meaning (a std::string).
  explicit IStr(std::string_view s) : p_(intern(s)) {}
  explicit IStr(const std::string& s) : p_(intern(s)) {}
  IStr(const char* s) : p_(intern(s ? std::string_view(s) : std::string_view())) {}

  const std::string& str() const { return *p_; }
  operator const std::string&() const { return *p_; }
  operator std::string_view() const { return *p_; }

  const char* c_str() const { return p_->c_str(); }
  const char* data() const { return p_->data(); }
  size_t size() const { return p_->size(); }
  size_t length() const { return p_->size(); }
  bool empty() const { return p_->empty(); }
  char operator[](size_t i) const { return (*p_)[i]; }
  char front() const { return p_->front(); }
  char back() const { return p_->back(); }
  std::string::const_iterator begin() const { return p_->begin(); }
  std::string::const_iterator end() const { return p_->end(); }
  size_t find(std::string_view s, size_t pos = 0) const { return p_->find(s, pos); }
  size_t find(char c, size_t pos = 0) const { return p_->find(c, pos); }
  size_t rfind(std::string_view s, size_t pos = std::string::npos) const { return p_->rfind(s, pos); }
  size_t rfind(char c, size_t pos = std::string::npos) const { return p_->rfind(c, pos); }
  std::string substr(size_t pos = 0, size_t n = std::string::npos) const { return p_->substr(pos, n); }
  bool starts_with(std::string_view s) const { return p_->starts_with(s); }
  bool ends_with(std::string_view s) const { return p_->ends_with(s); }
  int compare(std::string_view s) const { return std::string_view(*p_).compare(s); }

  // Same pool entry <=> same text.
  friend bool operator==(const IStr& a, const IStr& b) { return a.p_ == b.p_; }
  friend bool operator==(const IStr& a, std::string_view b) { return std::string_view(*a.p_) == b; }
  friend bool operator==(const IStr& a, const std::string& b) { return *a.p_ == b; }
  friend bool operator==(const IStr& a, const char* b) { return std::string_view(*a.p_) == std::string_view(b); }
  friend std::strong_ordering operator<=>(const IStr& a, const IStr& b) {
    return std::string_view(*a.p_) <=> std::string_view(*b.p_);
  }
  friend std::strong_ordering operator<=>(const IStr& a, std::string_view b) { return std::string_view(*a.p_) <=> b; }

  friend std::string operator+(const std::string& a, const IStr& b) { return a + *b.p_; }
  friend std::string operator+(std::string&& a, const IStr& b) { return std::move(a) + *b.p_; }
  friend std::string operator+(const IStr& a, const std::string& b) { return *a.p_ + b; }
  friend std::string operator+(const char* a, const IStr& b) { return a + *b.p_; }
  friend std::string operator+(const IStr& a, const char* b) { return *a.p_ + b; }
  friend std::string operator+(const IStr& a, char b) { return *a.p_ + b; }
  friend std::string operator+(char a, const IStr& b) { return a + *b.p_; }

  /// Distinct strings in the pool (tests, diagnostics).
  static size_t pool_size();

 private:
  static const std::string& none();
  static const std::string* intern(std::string_view s);
  const std::string* p_;
};

/// An immutable list of (key, value) texts, pooled as a whole: records that logged the same list
/// (every rank of a job, for most compilation_metrics fields) share one copy. Reads like the
/// vector it was made from.
class Fields {
 public:
  using List = std::vector<std::pair<IStr, IStr>>;
  Fields() : p_(&none()) {}
  explicit Fields(const List& l) : p_(intern(l)) {}

  List::const_iterator begin() const { return p_->begin(); }
  List::const_iterator end() const { return p_->end(); }
  size_t size() const { return p_->size(); }
  bool empty() const { return p_->empty(); }
  const std::pair<IStr, IStr>& operator[](size_t i) const { return (*p_)[i]; }
  const List& list() const { return *p_; }
  friend bool operator==(const Fields& a, const Fields& b) { return a.p_ == b.p_; }

 private:
  static const List& none();
  static const List* intern(const List& l);
  const List* p_;
};

}  // namespace tparse

template <>
struct std::hash<tparse::IStr> {
  size_t operator()(const tparse::IStr& s) const noexcept { return std::hash<std::string_view>()(s); }
};

template <>
struct fmt::formatter<tparse::IStr> : fmt::formatter<std::string_view> {
  template <typename Ctx>
  auto format(const tparse::IStr& s, Ctx& ctx) const {
    return fmt::formatter<std::string_view>::format(std::string_view(s), ctx);
  }
};
