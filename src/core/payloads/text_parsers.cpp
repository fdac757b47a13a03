// Graph-break / recompile / traceback text parsers; see text_parsers.hpp.
#include "text_parsers.hpp"

#include <cctype>
#include <charconv>
#include <simdjson.h>

namespace tparse {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

int64_t to_int(std::string_view s, int64_t dflt = -1) {
  int64_t v = 0;
  s = trim(s);
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  return r.ec == std::errc() ? v : dflt;
}

// Iterate lines of a string_view.
template <typename F>
void for_lines(std::string_view text, F&& f) {
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    size_t end = nl == std::string_view::npos ? text.size() : nl;
    if (!f(text.substr(pos, end - pos))) return;
    if (nl == std::string_view::npos) return;
    pos = nl + 1;
  }
}

}  // namespace

std::string find_gb_id(std::string_view text) {
  size_t p = text.rfind("/gb/gb");
  if (p == std::string_view::npos) return {};
  p += 4;
  size_t e = p + 2;
  while (e < text.size() && text[e] >= '0' && text[e] <= '9') ++e;
  if (e == p + 2) return {};
  return std::string(text.substr(p, e - p));
}

Stack parse_python_traceback(std::string_view text) {
  Stack out;
  bool want_code = false;
  for_lines(text, [&](std::string_view line) {
    std::string_view t = trim(line);
    if (starts_with(t, "File \"")) {
      size_t q = t.find('"', 6);
      if (q == std::string_view::npos) return true;
      StackFrame f;
      f.file = IStr(t.substr(6, q - 6));
      size_t lp = t.find(", line ", q);
      if (lp != std::string_view::npos) {
        size_t ip = t.find(", in ", lp);
        f.line = to_int(t.substr(lp + 7, ip == std::string_view::npos ? std::string_view::npos : ip - lp - 7));
        if (ip != std::string_view::npos) f.name = IStr(t.substr(ip + 5));
      }
      out.push_back(std::move(f));
      want_code = true;
    } else if (want_code && !out.empty() && line.size() > 4 && starts_with(line, "    ")) {
      out.back().code = IStr(t);
      want_code = false;
    } else {
      want_code = false;
    }
    return true;
  });
  out.shrink_to_fit();  // kept for the life of the model: no growth slack
  return out;
}

void parse_gb_message(std::string_view msg, GraphBreak& gb) {
  bool first = true;
  std::string* last = nullptr;  // continuation target for wrapped lines
  for_lines(msg, [&](std::string_view line) {
    std::string_view t = trim(line);
    if (first) {
      if (t.empty()) return true;
      gb.title = std::string(t);
      first = false;
      return true;
    }
    if (starts_with(t, "*** While handling this graph break")) return false;  // chained break: keep the first
    if (starts_with(t, "Explanation:")) {
      gb.explanation = std::string(trim(t.substr(12)));
      last = &gb.explanation;
    } else if (starts_with(t, "Hint:")) {
      gb.hints.emplace_back(trim(t.substr(5)));
      last = &gb.hints.back();
    } else if (starts_with(t, "Developer debug context:")) {
      gb.context = std::string(trim(t.substr(24)));
      last = &gb.context;
    } else if (starts_with(t, "For more details about this graph break")) {
      last = nullptr;
    } else if (t.empty()) {
      last = nullptr;
    } else if (last) {
      *last += "\n";
      *last += t;
    }
    return true;
  });
  // The break's own id comes from its own message; a chained break ("*** While handling this graph
  // break, another graph break occurred") is kept apart: it says why the frame was skipped.
  size_t chain = msg.find("*** While handling this graph break");
  if (gb.gb_id.empty()) gb.gb_id = find_gb_id(msg.substr(0, chain));
  if (chain != std::string_view::npos) gb.chained_gb_id = find_gb_id(msg.substr(chain));
}

void parse_graph_break_text(std::string_view text, GraphBreak& gb) {
  // Line 1: "Graph break in user code at FILE:LINE"
  size_t nl = text.find('\n');
  std::string_view first = text.substr(0, nl);
  static constexpr std::string_view kAt = "Graph break in user code at ";
  if (starts_with(first, kAt)) {
    std::string_view loc = first.substr(kAt.size());
    size_t colon = loc.rfind(':');
    if (colon != std::string_view::npos) {
      gb.user_file = std::string(loc.substr(0, colon));
      gb.user_line = to_int(loc.substr(colon + 1));
    } else {
      gb.user_file = std::string(loc);
    }
  }
  // The reason: from "Graph Break Reason: " to "User code traceback:".
  size_t rp = text.find("Graph Break Reason: ");
  size_t up = text.find("User code traceback:");
  size_t tb = text.find("\nTraceback (most recent call last):");
  std::string_view reason;
  if (rp != std::string_view::npos) {
    size_t start = rp + 20;
    size_t end = up != std::string_view::npos && up > start ? up : (tb != std::string_view::npos ? tb : text.size());
    reason = trim(text.substr(start, end - start));
  } else {
    // Frame-level skip text from convert_frame ("Graph break: torch.compile cannot properly resume ...").
    reason = trim(text.substr(0, tb == std::string_view::npos ? text.size() : tb));
  }
  gb.reason = std::string(reason);
  // The gb message: after a "...:\n\n" lead-in for CALL-type and skip breaks, else the whole reason.
  std::string_view msg = reason;
  if (starts_with(reason, "Encountered graph break") || starts_with(reason, "Failed to handle graph break")) {
    // Lead-ins nest ("...cannot resume from... Graph break encountered:\n\nEncountered graph break
    // when attempting to trace CALL...:\n\n<message>"): strip them all.
    while (starts_with(msg, "Encountered graph break") || starts_with(msg, "Failed to handle graph break")) {
      size_t dbl = msg.find(":\n\n");
      if (dbl == std::string_view::npos) break;
      msg = msg.substr(dbl + 3);
    }
    if (starts_with(reason, "Failed to handle graph break gracefully")) gb.kind = BreakKind::FrameSkipped;
  } else if (starts_with(reason, "Graph break: torch.compile cannot properly resume")) {
    gb.kind = BreakKind::FrameSkipped;
  }
  // "...graph break that we cannot resume from. Compiling up to the previous resumable state, then
  // skipping the rest of the function": a graph was compiled, the rest of the frame ran eagerly.
  if (gb.kind == BreakKind::Resumed) {
    std::string_view head = reason.substr(0, reason.find("*** While handling this graph break"));
    if (head.find("that we cannot resume from") != std::string_view::npos ||
        head.find("skipping the rest of the function") != std::string_view::npos)
      gb.kind = BreakKind::NonResumable;
  }
  parse_gb_message(msg, gb);
  if (gb.title.empty()) gb.title = std::string(trim(reason.substr(0, reason.find('\n'))));
  // User stack.
  if (up != std::string_view::npos) {
    size_t end = tb != std::string_view::npos && tb > up ? tb : text.size();
    gb.user_stack = parse_python_traceback(text.substr(up, end - up));
  }
  for (auto it = gb.user_stack.rbegin(); it != gb.user_stack.rend(); ++it) {
    if (it->file == gb.user_file && it->line == gb.user_line) {
      gb.user_function = it->name;
      break;
    }
  }
  if (gb.user_function.empty() && !gb.user_stack.empty()) gb.user_function = gb.user_stack.back().name;
}

std::vector<std::string> split_recompile_reasons(std::string_view payload, bool& was_json_list) {
  std::vector<std::string> out;
  was_json_list = false;
  std::string_view t = trim(payload);
  thread_local simdjson::dom::parser parser;  // reused: one allocation per thread, not per record
  if (!t.empty() && t.front() == '[') {
    simdjson::dom::element doc;
    if (parser.parse(t.data(), t.size()).get(doc) == simdjson::SUCCESS && doc.is_array()) {
      was_json_list = true;
      for (auto el : doc.get_array()) {
        std::string_view s;
        if (el.get_string().get(s) == simdjson::SUCCESS) out.emplace_back(s);
      }
      return out;
    }
  }
  if (!t.empty() && t.front() == '"' && t.back() == '"' && t.size() >= 2) {
    simdjson::dom::element doc;
    std::string_view s;
    if (parser.parse(t.data(), t.size()).get(doc) == simdjson::SUCCESS && doc.get_string().get(s) == simdjson::SUCCESS) {
      out.emplace_back(s);
      return out;
    }
  }
  if (!t.empty()) out.emplace_back(t);
  return out;
}

FailedGuard parse_failed_guard(std::string_view reason) {
  FailedGuard g;
  std::string_view r = trim(reason);
  // "0/1: ..." entry prefix (also "!0/1/0: ...").
  size_t colon = r.find(": ");
  if (colon != std::string_view::npos && colon < 24 && parse_compile_id(r.substr(0, colon))) {
    g.entry = std::string(r.substr(0, colon));
    r = r.substr(colon + 2);
  }
  g.text = std::string(r);
  std::string_view head = r.substr(0, r.find('\n'));
  auto after = [&](std::string_view key) -> std::string_view {
    size_t p = head.find(key);
    return p == std::string_view::npos ? std::string_view{} : head.substr(p + key.size());
  };
  auto exp_act = [&]() {
    // "... expected A, actual B"
    size_t e = head.find("expected ");
    if (e == std::string_view::npos) e = head.find("Expected ");
    if (e == std::string_view::npos) e = head.find("expected device index to be ");
    size_t a = head.find(", actual ");
    if (e != std::string_view::npos) {
      size_t s = head.find(' ', e) + 1;
      if (head.substr(e, 28) == "Expected device index to be ") s = e + 28;
      g.expected = std::string(trim(head.substr(s, a == std::string_view::npos ? std::string_view::npos : a - s)));
    }
    if (a != std::string_view::npos) g.actual = std::string(trim(head.substr(a + 9)));
  };
  if (starts_with(head, "tensor '")) {
    // tensor 'x' <what> mismatch...   (older: tensor 'L['x']' ...)
    size_t q = head.find("' ", 8);
    if (q != std::string_view::npos) g.source = std::string(head.substr(8, q - 8));
    std::string_view rest = q == std::string_view::npos ? head : head.substr(q + 2);
    if (starts_with(rest, "size mismatch at index ")) {
      g.change = GuardChange::Size;
      g.index = to_int(rest.substr(23, rest.find('.') - 23));
    } else if (starts_with(rest, "stride mismatch at index ")) {
      g.change = GuardChange::Stride;
      g.index = to_int(rest.substr(25, rest.find('.') - 25));
    } else if (starts_with(rest, "dtype mismatch")) {
      g.change = GuardChange::Dtype;
    } else if (starts_with(rest, "rank mismatch")) {
      g.change = GuardChange::Rank;
    } else if (starts_with(rest, "requires_grad mismatch")) {
      g.change = GuardChange::RequiresGrad;
      std::string_view v = after("expected requires_grad=");
      g.expected = std::string(trim(v));
      g.actual = g.expected == "0" ? "1" : (g.expected == "1" ? "0" : "");
      return g;
    } else if (starts_with(rest, "dispatch key set mismatch") || starts_with(rest, "Tensor device index mismatch")) {
      g.change = GuardChange::Device;
    }
    exp_act();
    return g;
  }
  // Python-value guards: "L['n'] == 3", "___check_type_id(...)", "___check_obj_id(...)", "G['MODE'] == 1".
  // (the guard's code only: torch appends `  # <the user's source line>`, which may hold subscripts of its own)
  head = head.substr(0, head.find("  #"));
  size_t lq = head.find("['");
  if (lq != std::string_view::npos) {
    size_t start = lq;
    while (start > 0 && head[start - 1] != ' ' && head[start - 1] != '(') --start;
    size_t end = head.find("']", lq);
    if (end != std::string_view::npos) {
      end += 2;
      while (end < head.size() && (head[end] == '.' || head[end] == '_' || std::isalnum(static_cast<unsigned char>(head[end])) ||
                                   head[end] == '[' || head[end] == ']' || head[end] == '\''))
        ++end;
      g.source = std::string(head.substr(start, end - start));
    }
  }
  if (head.find("___check_type_id") != std::string_view::npos) {
    g.change = GuardChange::Type;
  } else if (head.find("___check_obj_id") != std::string_view::npos) {
    g.change = GuardChange::Id;
  } else if (head.find("==") != std::string_view::npos || head.find("!=") != std::string_view::npos) {
    size_t eq = head.find("==");
    if (eq != std::string_view::npos) {
      // "SOURCE == VALUE" or "VALUE == SOURCE" (floats are written either way round): the value is
      // the side that is not the source; the source, when no ['..'] names it, the other side.
      std::string_view lhs = trim(head.substr(0, eq)), rhs = trim(head.substr(eq + 2, head.find("  #", eq) - eq - 2));
      auto literal = [](std::string_view s) {
        return !s.empty() && (std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-' || s[0] == '\'' ||
                              s[0] == '"' || s == "True" || s == "False" || s == "None" || s == "inf" || s == "nan");
      };
      bool value_left = literal(lhs) && !literal(rhs);
      g.expected = std::string(value_left ? lhs : rhs);
      if (g.source.empty() || (value_left ? lhs : rhs).find(g.source) != std::string_view::npos)
        g.source = std::string(value_left ? rhs : lhs);
    }
    g.change = starts_with(g.source, "G[") ? GuardChange::Global : GuardChange::Value;
    // the shape env's guards on an input's layout, `x.stride()[0] == 3*x.size()[1]` (a slice of the same sizes) and
    // `x.storage_offset() == x.size()[0]` (duck sizing: a view's offset that equalled a size): the tensor's layout
    for (const char* key : {".stride()[", ".storage_offset()"}) {
      const size_t k = g.source.find(key);
      if (k == std::string::npos || g.change != GuardChange::Value) continue;
      g.change = GuardChange::Stride;
      const std::string_view kv = key;
      g.index = kv == ".stride()[" ? to_int(std::string_view(g.source).substr(k + kv.size())) : -1;
      g.source.resize(k);
    }
  } else if (head.find("___check_global_state") != std::string_view::npos || head.find("GLOBAL_STATE") != std::string_view::npos) {
    g.change = GuardChange::Global;
  }
  if (g.change == GuardChange::Other && starts_with(g.source, "G[")) g.change = GuardChange::Global;
  return g;
}

}  // namespace tparse
