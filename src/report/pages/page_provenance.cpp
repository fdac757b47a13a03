// Inductor provenance view (prov/<i>.html, prov/none.html for "[-/-]"): three linked panes,
// pre-grad graph, post-grad graph and generated code (Python `def call(` or AOTInductor C++
// `run_impl(`), from the inductor_provenance_tracking_node_mappings artifact (core/payloads/provenance.hpp).
// Every line is an element with id "L<pane>-<line>" and, when linked, data-p = the ids of its
// partner lines; hovering a line highlights its partners, clicking pins the selection and scrolls
// the other panes to them. Kernel stack traces are rendered below. Inline JS/CSS: works offline.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <set>

#include "report/context.hpp"
#include "core/payloads/provenance.hpp"
#include "core/model/summary.hpp"
#include "report/html.hpp"

namespace tparse::report {

namespace {

const std::vector<Artifact>& artifacts_of(const Model& m, int32_t ci) {
  return ci < 0 ? m.global_artifacts : m.compiles[static_cast<size_t>(ci)].artifacts;
}

std::string page_rel(int32_t ci) { return ci < 0 ? "prov/none.html" : "prov/" + std::to_string(ci) + ".html"; }

const char* kCss = R"(<style>
.panes{display:grid;grid-template-columns:1fr 1fr 1fr;gap:6px}
.pane{border:1px solid #ccc;border-radius:4px;overflow:auto;max-height:78vh;resize:horizontal;min-width:12em}
.pane h3{position:sticky;top:0;margin:0;padding:4px 6px;background:#f3f3f3;font-size:0.95em}
.pane .code{font-family:monospace;font-size:12px;white-space:pre;padding:2px 0}
.pl{display:block;padding-left:3.5em;text-indent:-3.5em}
.pl::before{content:attr(data-n);display:inline-block;width:3em;margin-right:0.5em;text-align:right;color:#999}
.pl[data-p]{cursor:pointer;background:#f7fbff}
.pl.hl{background:#ffe08a}
.pl.hl-src{background:#9fd3ff}
</style>
)";

const char* kJs = R"(
(function(){
  var cur=[], pinned=null;
  function clear(){cur.forEach(function(e){e.classList.remove('hl','hl-src');});cur=[];}
  function show(el,scroll){
    clear(); el.classList.add('hl-src'); cur.push(el);
    (el.getAttribute('data-p')||'').split(' ').forEach(function(id){
      var t=id&&document.getElementById(id);
      if(t){t.classList.add('hl');cur.push(t);if(scroll)t.scrollIntoView({block:'nearest'});}
    });
  }
  document.querySelectorAll('.pl[data-p]').forEach(function(el){
    el.addEventListener('mouseenter',function(){if(!pinned)show(el,false);});
    el.addEventListener('click',function(){pinned=(pinned===el)?null:el;show(el,true);});
  });
  var c=document.getElementById('pane2'),s=c&&document.getElementById('L2-'+c.getAttribute('data-start'));
  if(s)c.scrollTop=s.offsetTop-c.offsetTop-30;  // the code pane opens at def call( / run_impl(
  var p=document.querySelector('.panes');
  if(p)p.addEventListener('mouseleave',function(){if(pinned)show(pinned,false);else clear();});
})();
)";

const char* kPaneTitle[] = {"Pre-grad graph", "Post-grad graph", "Generated code"};

std::string pane(int p, std::string_view title_extra, std::string_view text, const std::map<int32_t, std::set<std::string>>& partners,
                 int32_t start_line = 1) {
  std::string out = fmt::format("<div class=\"pane\" id=\"pane{}\" data-start=\"{}\"><h3>{}", p, start_line, kPaneTitle[p]);
  out.reserve(text.size() * 2 + 4096);
  if (!title_extra.empty()) out += " <span class=\"muted\">" + esc(title_extra) + "</span>";
  out += "</h3><div class=\"code\">";
  if (text.empty()) out += "<span class=\"muted\">(not in this trace)</span>";
  size_t start = 0;
  int32_t line = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    std::string_view l = text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
    ++line;
    // <span class="pl" id="L<p>-<line>" data-n="<line>"
    char num[16];
    auto n = static_cast<size_t>(std::to_chars(num, num + sizeof num, line).ptr - num);
    out += "<span class=\"pl\" id=\"L";
    out += static_cast<char>('0' + p);
    out += '-';
    out.append(num, n);
    out += "\" data-n=\"";
    out.append(num, n);
    out += '"';
    auto it = partners.find(line);
    if (it != partners.end()) {
      out += " data-p=\"";
      bool first = true;
      for (const auto& id : it->second) {
        out += (first ? "" : " ") + id;
        first = false;
      }
      out += "\"";
    }
    out += ">";
    esc_to(out, l);
    out += "</span>";
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  return out + "</div></div>\n";
}

}  // namespace

std::string provenance_link(const Ctx& cx, int32_t ci, const std::string& root) {
  if (!find_provenance_artifacts(artifacts_of(cx.m, ci)).usable()) return {};
  return link(root + page_rel(ci), "provenance view");
}

std::string provenance_page_html(Ctx& cx, int32_t ci) {
  const Model& m = cx.m;
  const auto& arts = artifacts_of(m, ci);
  ProvenanceArtifacts pa = find_provenance_artifacts(arts);
  std::string id = ci < 0 ? "[-/-]" : display_id(m, m.compiles[static_cast<size_t>(ci)]);
  auto text_of = [&](int32_t i) { return i >= 0 ? cx.ps.get(arts[static_cast<size_t>(i)].payload) : std::string(); };
  auto name_of = [&](int32_t i) { return i >= 0 ? arts[static_cast<size_t>(i)].name : std::string(); };
  std::string pre = text_of(pa.pre), post = text_of(pa.post), code = text_of(pa.code);
  ProvenanceMap pm = map_provenance(text_of(pa.mappings), pre, post, code, pa.cpp);
  std::map<int32_t, std::set<std::string>> partners[3];
  for (const ProvLink& l : pm.links) {
    auto a = static_cast<int>(l.a_pane), b = static_cast<int>(l.b_pane);
    partners[a][l.a_line].insert(fmt::format("L{}-{}", b, l.b_line));
    partners[b][l.b_line].insert(fmt::format("L{}-{}", a, l.a_line));
  }
  const std::string root = "../";
  std::string out = page_begin("Provenance " + id, root) + kCss;
  out += "<h1>Inductor provenance &middot; compile " +
         (ci < 0 ? link(root + "c/none.html", "[-/-]") : compile_link(cx, ci, root)) + "</h1>\n";
  out += fmt::format("<p>Hover a line to see where it came from or went to; click to pin it and scroll the other panes. "
                     "{} linked line pair(s) from <code>inductor_provenance_tracking_node_mappings</code>; code is {}.</p>\n",
                     pm.links.size(), pa.cpp ? "AOTInductor C++ (from <code>run_impl(</code>)" : "inductor Python (from <code>def call(</code>)");
  if (!pm.error.empty()) out += "<div class=\"alert\">" + esc(pm.error) + "</div>\n";
  if (!pm.unmatched.empty()) {
    out += "<p class=\"muted\">Names in the mappings that no pane contains: ";
    for (size_t i = 0; i < pm.unmatched.size() && i < 40; ++i) out += (i ? ", " : "") + std::string("<code>") + esc(pm.unmatched[i]) + "</code>";
    out += "</p>\n";
  }
  out += "<div class=\"panes\">\n" + pane(0, name_of(pa.pre), pre, partners[0]) + pane(1, name_of(pa.post), post, partners[1]) +
         pane(2, name_of(pa.code), code, partners[2], std::max(1, pm.code_start)) + "</div>\n";
  if (pa.stack_traces >= 0) {
    auto traces = kernel_stack_traces(text_of(pa.stack_traces));
    out += fmt::format("<h2 id=\"stack-traces\">Kernel stack traces ({} kernel(s))</h2>\n", traces.size());
    if (traces.empty()) out += "<p class=\"muted\">The stack-trace artifact is not a JSON object.</p>";
    for (const auto& [k, ts] : traces) {
      out += "<h3><code>" + esc(k) + "</code></h3>";
      for (const auto& t : ts) out += "<pre>" + esc(t) + "</pre>";
    }
  }
  return out + page_end(kJs);
}

std::vector<std::pair<int32_t, uint64_t>> provenance_pages(const Ctx& cx) {
  std::vector<std::pair<int32_t, uint64_t>> out;
  for (int32_t ci = -1; ci < static_cast<int32_t>(cx.m.compiles.size()); ++ci) {
    const auto& arts = artifacts_of(cx.m, ci);
    ProvenanceArtifacts pa = find_provenance_artifacts(arts);
    if (!pa.usable()) continue;
    uint64_t bytes = 0;
    for (int32_t i : {pa.mappings, pa.pre, pa.post, pa.code, pa.stack_traces})
      if (i >= 0) bytes += arts[static_cast<size_t>(i)].payload.size;
    out.emplace_back(ci, bytes);
  }
  return out;
}

void write_provenance_page(Ctx& cx, int32_t ci) { cx.write(page_rel(ci), provenance_page_html(cx, ci)); }

}  // namespace tparse::report
