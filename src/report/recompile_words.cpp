// Recompile reasons in words (see recompile_words.hpp).
#include "recompile_words.hpp"

#include <algorithm>
#include <map>

namespace tparse::report {

std::string short_source(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if ((s[i] == 'L' || s[i] == 'G') && s.compare(i + 1, 2, "['") == 0 && (i == 0 || s[i - 1] != '_')) {
      size_t end = s.find("']", i + 3);
      if (end != std::string::npos) {
        out += s.substr(i + 3, end - i - 3);
        i = end + 2;
        continue;
      }
    }
    out.push_back(s[i++]);
  }
  return out;
}

namespace {

std::string dtype_name(const std::string& t) {
  static const std::map<std::string, std::string> k = {
      {"Float", "float32"}, {"Half", "float16"}, {"BFloat16", "bfloat16"}, {"Double", "float64"},
      {"Long", "int64"},    {"Int", "int32"},    {"Short", "int16"},       {"Char", "int8"},
      {"Byte", "uint8"},    {"Bool", "bool"},    {"ComplexFloat", "complex64"}};
  auto it = k.find(t);
  return it == k.end() ? t : it->second;
}

std::string arrow(const std::string& a, const std::string& b) {
  if (a.empty() && b.empty()) return " changed";
  return " " + (a.empty() ? std::string("?") : a) + " -> " + (b.empty() ? std::string("?") : b);
}

}  // namespace

std::string guard_in_words(const FailedGuard& g) {
  std::string src = short_source(g.source);
  std::string who = src.empty() ? std::string() : src + ": ";
  switch (g.change) {
    case GuardChange::Size:
      return who + "size[" + std::to_string(g.index) + "]" + arrow(g.expected, g.actual);
    case GuardChange::Stride:
      return who + "stride[" + std::to_string(g.index) + "]" + arrow(g.expected, g.actual);
    case GuardChange::Dtype:
      return who + "dtype" + arrow(dtype_name(g.expected), dtype_name(g.actual));
    case GuardChange::Rank:
      return who + "rank (number of dims)" + arrow(g.expected, g.actual);
    case GuardChange::RequiresGrad:
      return who + "requires_grad" + arrow(g.expected == "1" ? "True" : g.expected == "0" ? "False" : g.expected,
                                           g.actual == "1" ? "True" : g.actual == "0" ? "False" : g.actual);
    case GuardChange::Device:
      return who + "device / dispatch keys" + arrow(g.expected, g.actual);
    case GuardChange::Type:
      return who + "type of the object changed";
    case GuardChange::Id:
      return who + "a different object (identity guard)";
    case GuardChange::Value:
      return who + "value changed" + (g.expected.empty() ? std::string() : " (was " + g.expected + ")");
    case GuardChange::Global:
      return "global " + (src.empty() ? std::string("state") : src) + " changed" +
             (g.expected.empty() ? std::string() : " (was " + g.expected + ")");
    case GuardChange::Other:
      break;
  }
  return g.text.substr(0, g.text.find('\n'));
}

std::vector<Change> what_changed(const Recompile& r) {
  std::vector<Change> out;
  for (const auto& g : r.reasons) {  // newest entry first
    std::string w = guard_in_words(g);
    auto it = std::find_if(out.begin(), out.end(), [&](const Change& c) {
      // Group "same kind of change on the same source": size 4->8 vs entry 0/0, 2->8 vs 0/1 differ
      // in numbers but are one change; keep the newest entry's numbers.
      return c.words == w;
    });
    if (it == out.end()) {
      out.push_back({w, {g.entry}});
    } else {
      it->entries.push_back(g.entry);
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const Change& a, const Change& b) { return a.entries.size() > b.entries.size(); });
  return out;
}

bool became_dynamic(const Model& m, const Recompile& r, const FailedGuard& g) {
  if (g.change != GuardChange::Size || r.compile < 0) return false;
  const Compile& c = m.compiles[static_cast<size_t>(r.compile)];
  std::string src = short_source(g.source);
  for (const auto& e : c.shape_events) {
    if (e.kind != "create_symbol") continue;
    std::string es = short_source(e.source);
    if (es.rfind(src, 0) == 0 && es.find("size()[" + std::to_string(g.index) + "]") != std::string::npos) return true;
  }
  return false;
}

}  // namespace tparse::report
