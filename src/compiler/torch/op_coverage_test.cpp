// Torch coverage on the population: counts the torch.* / F.* / nn.* / Tensor-method call sites in
// transformers 5.17's models/*/modeling_*.py (read from ../shared's tarball in place, parsed with our
// front end) and prints which have a rule in the op table (weighted by call count). Exit 77 when the
// tarball is absent, 1 when weighted coverage is below 95%.
//
// How a call site is resolved (statically, per file):
//   torch.X(...), torch.a.b.X(...)  -> "torch.X" through the file's imports (`import torch as th`);
//   F.X(...)                        -> torch.nn.functional.X when F is bound to that module by an import;
//   nn.X(...), torch.nn.X(...)      -> an nn class (constructor) or nn.init / nn.utils function;
//   a name imported from torch      -> its dotted torch name (`from torch.nn import CrossEntropyLoss`);
//   recv.m(...) on any other receiver -> a Tensor method call when m is a name in torch.Tensor's documented
//     methods (list below). The receiver's type is unknown, so `.view`/`.size`/`.split`/`.to`... on a
//     non-tensor count too; names that are also methods of str/list/set/nn.Module are reported as
//     ambiguous, and coverage is printed with and without them. dict-like `.values()` (sparse-only on
//     tensors) and string-literal receivers are not counted.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

#include "frontend/parser.hpp"
#include "tarxz_test_util.hpp"
#include "torch/op_table.hpp"

using namespace tparse::compiler;

namespace {

// torch.Tensor methods (torch 2.x docs, docs/source/tensors.rst), names only
const std::set<std::string>& tensor_methods() {
  static const std::set<std::string> s = {
      "abs", "abs_", "absolute", "acos", "acosh", "add", "add_", "addbmm", "addcdiv", "addcdiv_", "addcmul", "addcmul_", "addmm", "addmm_",
      "addmv", "addr", "adjoint", "all", "allclose", "amax", "amin", "aminmax", "angle", "any", "apply_", "arccos", "arcsin", "arctan",
      "arctan2", "argmax", "argmin", "argsort", "argwhere", "as_strided", "asin", "atan", "atan2", "backward", "baddbmm", "baddbmm_",
      "bernoulli", "bernoulli_", "bfloat16", "bincount", "bitwise_and", "bitwise_not", "bitwise_or", "bitwise_xor", "bitwise_left_shift",
      "bitwise_right_shift", "bmm", "bool", "broadcast_to", "byte", "cauchy_", "ceil", "ceil_", "char", "chunk", "clamp", "clamp_",
      "clamp_max", "clamp_min", "clip", "clip_", "clone", "conj", "contiguous", "copy_", "copysign", "cos", "cosh", "count_nonzero", "cpu",
      "cross", "cuda", "cummax", "cummin", "cumprod", "cumsum", "cumsum_", "data_ptr", "deg2rad", "dequantize", "det", "detach", "detach_",
      "diag", "diag_embed", "diagonal", "diff", "digamma", "dim", "dist", "div", "div_", "divide", "dot", "double", "element_size", "eq",
      "eq_", "equal", "erf", "erfinv", "exp", "exp_", "expand", "expand_as", "expm1", "exponential_", "fill_", "fill_diagonal_", "fix",
      "flatten", "flip", "fliplr", "flipud", "float", "float_power", "floor", "floor_", "floor_divide", "fmod", "frac", "gather", "ge",
      "geometric_", "ger", "get_device", "greater", "gt", "half", "hardshrink", "heaviside", "histc", "hypot", "imag", "index_add",
      "index_add_", "index_copy", "index_copy_", "index_fill", "index_fill_", "index_put", "index_put_", "index_select", "inner", "int",
      "inverse", "is_complex", "is_contiguous", "is_floating_point", "is_inference", "is_leaf", "is_pinned", "is_set_to", "is_shared",
      "is_signed", "isclose", "isfinite", "isinf", "isnan", "isneginf", "isposinf", "isreal", "item", "kron", "kthvalue", "le", "lerp",
      "lerp_", "less", "lgamma", "log", "log10", "log1p", "log2", "log_", "log_normal_", "log_softmax", "logaddexp", "logcumsumexp",
      "logdet", "logical_and", "logical_not", "logical_or", "logical_xor", "logit", "logsumexp", "long", "lt", "masked_fill",
      "masked_fill_", "masked_scatter", "masked_scatter_", "masked_select", "matmul", "matrix_exp", "matrix_power", "max", "maximum", "mean",
      "median", "min", "minimum", "mm", "mode", "moveaxis", "movedim", "msort", "mul", "mul_", "multinomial", "multiply", "mv", "nan_to_num",
      "nan_to_num_", "nanmean", "nanmedian", "nansum", "narrow", "narrow_copy", "ndimension", "ne", "neg", "neg_", "negative", "nelement",
      "new_empty", "new_full", "new_ones", "new_tensor", "new_zeros", "nextafter", "nonzero", "norm", "normal_", "not_equal", "numel",
      "numpy", "outer", "permute", "pin_memory", "pinverse", "polygamma", "positive", "pow", "pow_", "prod", "put_", "qr", "quantile",
      "rad2deg", "random_", "ravel", "real", "reciprocal", "reciprocal_", "record_stream", "register_hook", "relu", "relu_", "remainder",
      "renorm", "repeat", "repeat_interleave", "requires_grad_", "reshape", "reshape_as", "resize_", "resize_as_", "retain_grad", "roll",
      "rot90", "round", "round_", "rsqrt", "rsqrt_", "scatter", "scatter_", "scatter_add", "scatter_add_", "scatter_reduce",
      "scatter_reduce_", "select", "select_scatter", "sgn", "short", "sigmoid", "sigmoid_", "sign", "signbit", "sin", "sin_", "sinh",
      "size", "slice_scatter", "slogdet", "softmax", "sort", "split", "sqrt", "sqrt_", "square", "square_", "squeeze", "squeeze_", "std",
      "stft", "storage", "storage_offset", "stride", "sub", "sub_", "subtract", "sum", "sum_to_size", "svd", "swapaxes", "swapdims", "t",
      "t_", "take", "take_along_dim", "tan", "tanh", "tanh_", "tensor_split", "tile", "to", "tolist", "topk", "trace", "transpose",
      "transpose_", "tril", "tril_", "triu", "triu_", "true_divide", "trunc", "trunc_", "type", "type_as", "unbind", "unflatten", "unfold",
      "uniform_", "unique", "unique_consecutive", "unsqueeze", "unsqueeze_", "var", "vdot", "view", "view_as", "where", "xlogy", "zero_",
      "split_with_sizes", "data", "untyped_storage", "exponential_", "mT", "sum_", "softmax_", "sort_"};
  return s;
}
// also methods of str / list / set / nn.Module (the receiver decides)
const std::set<std::string>& ambiguous() {
  static const std::set<std::string> s = {"split", "add", "count", "to", "float", "half", "double", "bfloat16", "cpu", "cuda", "type",
                                          "requires_grad_", "apply_", "register_hook", "copy_", "index_put", "size"};
  return s;
}

struct Site {
  std::string kind, name;  // kind: torch / F / nn / method
};

struct FileScan {
  std::map<std::string, std::string> alias;  // local name -> dotted module or object ("F" -> "torch.nn.functional")
  std::vector<Site> sites;

  std::string dotted(const ExprP& e) const {  // Attr chain on a Name, resolved through imports
    if (!e) return "";
    if (e->k == EK::Name) { auto it = alias.find(e->s); return it == alias.end() ? "" : it->second; }
    if (e->k == EK::Attr) { std::string b = dotted(e->a[0]); return b.empty() ? "" : b + "." + e->s; }
    return "";
  }

  void call(const ExprP& e) {
    const ExprP& f = e->a[0];
    std::string d = dotted(f);
    if (!d.empty()) {
      if (d.rfind("torch.", 0) != 0) return;  // another module (math, numpy, transformers...)
      if (d.rfind("torch.nn.functional.", 0) == 0) { sites.push_back({"F", d.substr(20)}); return; }
      if (d.rfind("torch.nn.", 0) == 0) { sites.push_back({"nn", d.substr(9)}); return; }
      sites.push_back({"torch", d.substr(6)});
      return;
    }
    if (f->k != EK::Attr) return;
    const ExprP& recv = f->a[0];
    if (recv->k == EK::Str || recv->k == EK::FStr) return;
    if (recv->k == EK::Name && alias.count(recv->s)) return;  // a module attribute that is not torch's
    if (recv->k == EK::Call && recv->a[0]->k == EK::Name && recv->a[0]->s == "super") return;
    if (f->s == "values" || f->s == "index") return;  // dict.values / list.index (Tensor.values is sparse-only)
    if (tensor_methods().count(f->s)) sites.push_back({"method", f->s});
  }

  void expr(const ExprP& e) {
    if (!e) return;
    if (e->k == EK::Call) call(e);
    for (auto& x : e->a) expr(x);
    for (auto& c : e->comps) { expr(c.target); expr(c.iter); for (auto& x : c.conds) expr(x); }
    if (e->fn) { for (auto& p : e->fn->params) expr(p.def); expr(e->fn->lambda_body); block(e->fn->body); }
  }

  void import_stmt(const Stmt& s) {
    if (s.k == SK::Import) {
      for (auto& [name, as] : s.names) {
        if (!as.empty()) alias[as] = name;
        else alias[name.substr(0, name.find('.'))] = name.substr(0, name.find('.'));
      }
    } else {
      for (auto& [name, as] : s.names) if (name != "*") alias[as.empty() ? name : as] = s.module + "." + name;
    }
  }

  void stmt(const StmtP& s) {
    if (!s) return;
    if (s->k == SK::Import || s->k == SK::ImportFrom) { import_stmt(*s); return; }
    for (auto& x : s->targets) expr(x);
    expr(s->target);
    expr(s->value);
    for (auto& x : s->items) expr(x);
    if (s->fn) {
      for (auto& d : s->fn->decorators) expr(d);
      for (auto& p : s->fn->params) expr(p.def);
      block(s->fn->body);
    }
    block(s->body);
    block(s->orelse);
    block(s->final_body);
    block(s->handlers);
  }
  void block(const std::vector<StmtP>& b) { for (auto& s : b) stmt(s); }
};

bool covered(const Site& s) {
  if (s.kind == "F") return find_op(kF, s.name) != nullptr;
  if (s.kind == "method") return find_op(kMethod, s.name) != nullptr;
  if (s.kind == "nn") {
    if (s.name.find('.') == std::string::npos) return nn_module_modelled(s.name) || find_op(kTorch, "nn." + s.name);
    return runtime_modelled("torch.nn." + s.name);
  }
  return find_op(kTorch, s.name) != nullptr || runtime_modelled("torch." + s.name);
}

std::string family_of(const Site& s) {
  const OpDef* d = s.kind == "F" ? find_op(kF, s.name) : s.kind == "method" ? find_op(kMethod, s.name) : s.kind == "torch" ? find_op(kTorch, s.name)
                   : find_op(kTorch, "nn." + s.name);
  if (d) return family_name(d->family);
  if (s.kind == "nn" && nn_module_modelled(s.name)) return "nn module";
  return "runtime";
}

}  // namespace

int main() {
  auto t0 = std::chrono::steady_clock::now();
  std::string tarball = std::string(TPARSE_SHARED) + "/testdata/python-corpus/transformers-5.17.0-src.tar.xz";
  if (!std::filesystem::exists(tarball)) {
    std::printf("SKIP: %s not found\n", tarball.c_str());
    return 77;
  }
  std::string err;
  std::string tar = testing::xz_decompress(tarball, err);
  if (tar.empty()) { std::printf("FAIL: %s\n", err.c_str()); return 1; }
  int files = 0, parsed = 0;
  std::map<std::pair<std::string, std::string>, long> count;  // (kind, name) -> call sites
  std::vector<std::string> unparsed;
  testing::tar_each(tar, [&](const std::string& name, const std::string& body) {
    // transformers/models/<model>/modeling_<x>.py
    size_t m = name.find("/models/");
    if (m == std::string::npos) return;
    std::string rest = name.substr(m + 8);
    size_t slash = rest.find('/');
    if (slash == std::string::npos || rest.find('/', slash + 1) != std::string::npos) return;
    std::string base = rest.substr(slash + 1);
    if (base.rfind("modeling_", 0) != 0 || base.size() < 3 || base.substr(base.size() - 3) != ".py") return;
    ++files;
    Module mod;
    try { mod = parse_module(body, 0); } catch (...) { unparsed.push_back(rest); return; }
    ++parsed;
    FileScan fs;
    fs.block(mod.body);
    for (auto& s : fs.sites) ++count[{s.kind, s.name}];
  });
  long total = 0, cov = 0, amb_total = 0, amb_cov = 0;
  std::map<std::string, std::pair<long, long>> by_kind;  // kind -> (sites, covered)
  std::map<std::string, long> by_family;
  std::vector<std::pair<long, std::string>> missing;
  for (auto& [k, n] : count) {
    Site s{k.first, k.second};
    bool c = covered(s);
    total += n;
    by_kind[s.kind].first += n;
    if (c) { cov += n; by_kind[s.kind].second += n; by_family[family_of(s)] += n; }
    else missing.push_back({n, (s.kind == "method" ? "Tensor." : s.kind == "F" ? "F." : s.kind == "nn" ? "nn." : "torch.") + s.name});
    if (s.kind == "method" && ambiguous().count(s.name)) { amb_total += n; if (c) amb_cov += n; }
  }
  std::sort(missing.rbegin(), missing.rend());
  std::printf("torch coverage on transformers 5.17 models/*/modeling_*.py: %d files, %d parsed by tparse's front end\n", files, parsed);
  if (!unparsed.empty()) std::printf("  (not yet parsed, not counted: %zu files, e.g. %s)\n", unparsed.size(), unparsed[0].c_str());
  std::printf("\n| call sites | count | with a rule | covered |\n|---|---:|---:|---:|\n");
  for (auto& [k, v] : by_kind)
    std::printf("| %s | %ld | %ld | %.1f%% |\n", k == "method" ? "Tensor methods" : k == "F" ? "F.X (torch.nn.functional)" : k == "nn" ? "nn.X" : "torch.X",
                v.first, v.second, 100.0 * static_cast<double>(v.second) / static_cast<double>(std::max(1L, v.first)));
  double pct = 100.0 * static_cast<double>(cov) / static_cast<double>(std::max(1L, total));
  double pct_noamb = 100.0 * static_cast<double>(cov - amb_cov) / static_cast<double>(std::max(1L, total - amb_total));
  std::printf("| **all** | %ld | %ld | **%.1f%%** |\n\n", total, cov, pct);
  std::printf("ambiguous method names (also str/list/set/nn.Module methods): %ld sites, %ld with a rule; coverage without them: %.1f%%\n",
              amb_total, amb_cov, pct_noamb);
  long py = by_family["value"] + by_family["runtime"];
  std::printf("of the covered sites: %ld with a shape rule or nn module (%.1f%% of all), %ld with a Python-value rule (size, dim, item, finfo, no_grad, ...)\n",
              cov - py, 100.0 * static_cast<double>(cov - py) / static_cast<double>(std::max(1L, total)), py);
  std::printf("\ncovered sites by rule family:");
  for (auto& [f, n] : by_family) std::printf(" %s %ld;", f.c_str(), n);
  std::printf("\n\nmost frequent call sites with no rule:\n");
  for (size_t i = 0; i < missing.size() && i < 40; ++i) std::printf("  %5ld  %s\n", missing[i].first, missing[i].second.c_str());
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("\n(%.2f s)\n", secs);
  if (parsed == 0) { std::printf("FAIL: no file parsed\n"); return 1; }
  if (pct < 95.0) { std::printf("FAIL: weighted coverage %.1f%% < 95%%\n", pct); return 1; }
  std::printf("PASS: weighted coverage %.1f%% >= 95%%\n", pct);
  return 0;
}
