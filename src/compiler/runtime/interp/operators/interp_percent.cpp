// printf-style string formatting (`fmt % args`): the conversions, flags, width and precision model code uses.
#include <fmt/format.h>

#include <cstdio>
#include <string>
#include <vector>

#include "runtime/interp.hpp"

namespace tparse::compiler {

/// printf-style `fmt % args`: %s %r %d %i %f %e %g %x %o %c %% with flags, width and precision.
V Interp::percent_format(const std::string& f, const V& rhs, Location loc) {
  std::vector<V> xs = rhs->k == VK::Tuple ? rhs->items : std::vector<V>{rhs};
  size_t next = 0;
  std::string out;
  for (size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') { out += f[i]; continue; }
    size_t j = i + 1;
    while (j < f.size() && std::string("-+ #0.123456789").find(f[j]) != std::string::npos) ++j;
    if (j >= f.size()) error(loc, "incomplete format");
    char conv = f[j];
    std::string spec = f.substr(i + 1, j - i - 1);
    i = j;
    if (conv == '%') { out += '%'; continue; }
    if (next >= xs.size()) error(loc, "not enough arguments for format string");
    V v = xs[next++];
    double d = v->k == VK::Float ? v->f : v->k == VK::Bool ? v->b : static_cast<double>(v->i);
    char buf[512];
    std::string cs = "%" + spec;
    if (conv == 's' || conv == 'r') {
      std::string s = conv == 's' ? py_str(v) : py_repr(v);
      std::snprintf(buf, sizeof buf, (cs + "s").c_str(), s.c_str());
    } else if (conv == 'd' || conv == 'i' || conv == 'x' || conv == 'X' || conv == 'o' || conv == 'c') {
      if (v->k != VK::Int && v->k != VK::Bool && v->k != VK::Float) error(loc, fmt::format("%{} format: a number is required, not {}", conv, type_name(v)));
      std::snprintf(buf, sizeof buf, (cs + "ll" + (conv == 'i' ? 'd' : conv)).c_str(), static_cast<long long>(d));
    } else if (std::string("feEgG").find(conv) != std::string::npos) {
      if (v->k != VK::Int && v->k != VK::Bool && v->k != VK::Float) error(loc, fmt::format("%{} format: a real number is required, not {}", conv, type_name(v)));
      std::snprintf(buf, sizeof buf, (cs + conv).c_str(), d);
    } else {
      error(loc, fmt::format("unsupported format character '{}'", conv));
    }
    out += buf;
  }
  if (next < xs.size() && rhs->k == VK::Tuple) error(loc, "not all arguments converted during string formatting");
  return mk_str(out);
}

}  // namespace tparse::compiler
