// Line edits, their application and the unified diff (see patch.hpp).
#include "fix/patch.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace tparse::fix {

SourceText SourceText::from(std::string path, std::string text) {
  SourceText s;
  s.path = std::move(path);
  s.text = std::move(text);
  size_t i = 0, crlf = 0, lf = 0;
  while (i < s.text.size()) {
    size_t nl = s.text.find('\n', i);
    if (nl == std::string::npos) {
      s.lines.push_back(s.text.substr(i));
      break;
    }
    if (nl > i && s.text[nl - 1] == '\r') ++crlf; else ++lf;
    s.lines.push_back(s.text.substr(i, nl + 1 - i));
    i = nl + 1;
  }
  s.eol = crlf > lf ? "\r\n" : "\n";
  return s;
}

std::string SourceText::line(int n) const {
  if (n < 1 || n > count()) return "";
  std::string l = lines[static_cast<size_t>(n - 1)];
  while (!l.empty() && (l.back() == '\n' || l.back() == '\r')) l.pop_back();
  return l;
}

std::string SourceText::indent(int n) const {
  std::string l = line(n);
  size_t k = l.find_first_not_of(" \t");
  return l.substr(0, k == std::string::npos ? l.size() : k);
}

static bool before(const Edit& a, const Edit& b) {
  return a.first != b.first ? a.first < b.first : a.insertion() && !b.insertion();
}

bool normalize(std::vector<Edit>& edits) {
  std::stable_sort(edits.begin(), edits.end(), before);
  for (size_t i = 1; i < edits.size(); ++i) {
    const Edit& p = edits[i - 1];
    const Edit& c = edits[i];
    if (!p.insertion() && c.first <= p.last) return false;
  }
  return true;
}

bool overlaps(const std::vector<Edit>& a, const std::vector<Edit>& b) {
  for (const Edit& x : a)
    for (const Edit& y : b) {
      if (!x.insertion() && !y.insertion() && x.first <= y.last && y.first <= x.last) return true;
      if (x.insertion() && !y.insertion() && y.first < x.first && x.first <= y.last) return true;
      if (y.insertion() && !x.insertion() && x.first < y.first && y.first <= x.last) return true;
    }
  return false;
}

std::string apply(const SourceText& src, std::vector<Edit> edits) {
  std::stable_sort(edits.begin(), edits.end(), before);
  std::string out;
  int next = 1;  // next original line to copy
  for (const Edit& e : edits) {
    for (; next < e.first && next <= src.count(); ++next) out += src.lines[static_cast<size_t>(next - 1)];
    for (const auto& l : e.lines) out += l + src.eol;
    if (!e.insertion()) next = std::max(next, e.last + 1);
  }
  for (; next <= src.count(); ++next) out += src.lines[static_cast<size_t>(next - 1)];
  return out;
}

std::string unified_diff(const SourceText& src, std::vector<Edit> edits, const std::string& label) {
  std::stable_sort(edits.begin(), edits.end(), before);
  // Group edits whose context windows touch into hunks.
  struct Hunk { int from, to; std::vector<const Edit*> edits; };
  std::vector<Hunk> hunks;
  const int ctx = 3;
  for (const Edit& e : edits) {
    int lo = std::max(1, e.first - ctx);
    int hi = std::min(src.count(), (e.insertion() ? e.first - 1 : e.last) + ctx);
    if (!hunks.empty() && lo <= hunks.back().to + 1) {
      hunks.back().to = std::max(hunks.back().to, hi);
      hunks.back().edits.push_back(&e);
    } else {
      hunks.push_back({lo, hi, {&e}});
    }
  }
  std::string out = fmt::format("--- a/{}\n+++ b/{}\n", label, label);
  int shift = 0;  // new-file line offset before this hunk
  for (const Hunk& h : hunks) {
    std::string body;
    int old_n = 0, new_n = 0;
    int ln = h.from;
    for (const Edit* e : h.edits) {
      for (; ln < e->first; ++ln, ++old_n, ++new_n) body += " " + src.line(ln) + "\n";
      if (!e->insertion())
        for (; ln <= e->last; ++ln, ++old_n) body += "-" + src.line(ln) + "\n";
      for (const auto& l : e->lines) { body += "+" + l + "\n"; ++new_n; }
    }
    for (; ln <= h.to; ++ln, ++old_n, ++new_n) body += " " + src.line(ln) + "\n";
    int new_from = h.from + shift;
    out += fmt::format("@@ -{},{} +{},{} @@\n", old_n ? h.from : h.from - 1, old_n, new_n ? new_from : new_from - 1, new_n);
    out += body;
    shift += new_n - old_n;
  }
  return out;
}

// Skips a string literal starting at text[i] (a quote, possibly after a prefix handled by the
// caller); returns the index after it.
static size_t skip_string(const std::string& t, size_t i) {
  char q = t[i];
  bool triple = i + 2 < t.size() && t[i + 1] == q && t[i + 2] == q;
  size_t j = i + (triple ? 3 : 1);
  while (j < t.size()) {
    if (t[j] == '\\') { j += 2; continue; }
    if (t[j] == q) {
      if (!triple) return j + 1;
      if (j + 2 < t.size() && t[j + 1] == q && t[j + 2] == q) return j + 3;
    }
    ++j;
  }
  return t.size();
}

std::string strip_comment(const std::string& line) {
  size_t i = 0;
  std::string s = line;
  while (i < s.size()) {
    if (s[i] == '\'' || s[i] == '"') { i = skip_string(s, i); continue; }
    if (s[i] == '#') { s.resize(i); break; }
    ++i;
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) s.pop_back();
  return s;
}

size_t matching_close(const std::string& t, size_t open) {
  if (open >= t.size()) return std::string::npos;
  static const std::map<char, char> pair = {{'(', ')'}, {'[', ']'}, {'{', '}'}};
  auto it = pair.find(t[open]);
  if (it == pair.end()) return std::string::npos;
  std::vector<char> want = {it->second};
  size_t i = open + 1;
  while (i < t.size()) {
    char c = t[i];
    if (c == '\'' || c == '"') { i = skip_string(t, i); continue; }
    if (c == '#') { size_t nl = t.find('\n', i); if (nl == std::string::npos) return std::string::npos; i = nl; continue; }
    auto p = pair.find(c);
    if (p != pair.end()) want.push_back(p->second);
    else if (c == ')' || c == ']' || c == '}') {
      if (c != want.back()) return std::string::npos;
      want.pop_back();
      if (want.empty()) return i;
    }
    ++i;
  }
  return std::string::npos;
}

}  // namespace tparse::fix
