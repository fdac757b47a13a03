// Handlers for bookkeeping kinds: string interning, bare stacks, fake-tensor descriptions, links,
// and the fallback that keeps unknown kinds raw.
#include <fmt/format.h>

#include "core/model/builder.hpp"

namespace tparse {
namespace {

using namespace simdjson;

void on_str(ModelBuilder& b, const Record& r) {
  auto doc = b.parse_meta(r);
  ondemand::array arr = doc.get_array();
  std::string s;
  int64_t id = -1;
  size_t i = 0;
  for (auto el : arr) {
    if (i == 0) s = std::string(std::string_view(el.get_string()));
    else if (i == 1) id = el.get_int64();
    ++i;
  }
  if (i != 2 || id < 0) {
    b.diag(Diag::BadField, r.where, "str: expected [string, id]");
    return;
  }
  b.intern(id, s);
}

// Records that carry no payload worth keeping: counted in Model::records only.
void on_ignore(ModelBuilder& b, const Record& r) {
  if (r.has_payload) b.add_artifact(r, r.kind);
}

void on_link(ModelBuilder& b, const Record& r) {
  std::string name, url;
  auto doc = b.parse_meta(r);
  for (auto field : doc.get_object()) {
    std::string_view k = field.unescaped_key();
    auto v = field.value();
    if (v.type() != ondemand::json_type::string) continue;
    if (k == "name") name = std::string(std::string_view(v.get_string()));
    else if (k == "url") url = std::string(std::string_view(v.get_string()));
  }
  Artifact& a = b.add_artifact(r, name.empty() ? "link" : name);
  a.filename = url;  // links keep their target in filename
}

}  // namespace

void handle_unknown(ModelBuilder& b, const Record& r) {
  b.model().diag.unknown_kinds[std::string(r.kind)]++;
  if (b.model().diag.unknown_kinds[std::string(r.kind)] == 1)
    b.diag(Diag::UnknownKind, r.where, fmt::format("unknown record kind '{}' (kept raw)", r.kind));
  else
    b.model().diag.counts[static_cast<int>(Diag::UnknownKind)]++;
  Artifact& a = b.add_artifact(r, r.kind);
  if (!r.has_payload) a.filename = std::string(r.meta.substr(0, 4096));  // keep the metadata text
}

void register_misc_handlers(std::unordered_map<std::string_view, Handler>& t) {
  t["str"] = on_str;
  t["stack"] = on_ignore;
  t["describe_tensor"] = on_ignore;
  t["describe_storage"] = on_ignore;
  t["describe_source"] = on_ignore;
  t["link"] = on_link;
}

}  // namespace tparse
