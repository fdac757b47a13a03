// Line edits on a user's source file and the unified diff that shows them. An edit replaces whole
// lines, so every line it does not name stays byte-identical (line endings included).
#pragma once

#include <string>
#include <vector>

namespace tparse::fix {

/// A source file split into lines, each keeping its own terminator ("\n", "\r\n" or none at EOF).
struct SourceText {
  std::string path;
  std::string text;
  std::vector<std::string> lines;  ///< with terminators
  std::string eol = "\n";          ///< the file's most common terminator, for inserted lines

  static SourceText from(std::string path, std::string text);
  /// Line `n` (1-based) without its terminator; "" out of range.
  std::string line(int n) const;
  /// Leading spaces/tabs of line `n`.
  std::string indent(int n) const;
  int count() const { return static_cast<int>(lines.size()); }
};

/// Replace lines [first, last] (1-based, inclusive) by `lines` (no terminators). last == first - 1
/// inserts before `first`.
struct Edit {
  int first = 0, last = -1;
  std::vector<std::string> lines;
  bool insertion() const { return last < first; }
};

/// Edits sorted by position; false when two of them overlap (they cannot both apply).
bool normalize(std::vector<Edit>& edits);
/// True when the two sets touch a common line (an insertion inside a replaced range counts).
bool overlaps(const std::vector<Edit>& a, const std::vector<Edit>& b);
/// The file's text with the edits applied (non-overlapping, any order).
std::string apply(const SourceText& src, std::vector<Edit> edits);
/// `--- a/LABEL` / `+++ b/LABEL` unified diff of the edits, 3 lines of context, hunks merged.
std::string unified_diff(const SourceText& src, std::vector<Edit> edits, const std::string& label);

/// Text of a line without a trailing `# comment` (strings are respected) and trailing blanks.
std::string strip_comment(const std::string& line);
/// Column (0-based) of the bracket closing the one at `open` in `text` (strings respected); npos if none.
size_t matching_close(const std::string& text, size_t open);

}  // namespace tparse::fix
