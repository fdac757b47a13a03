// Report unit tests: escaping, safe output paths, recompile phrases, the highlighter, and an
// adversarial trace (hostile artifact names, markup in reasons) written to disk under a temp dir.
#include <doctest/doctest.h>

#include <filesystem>
#include <fmt/format.h>
#include <functional>
#include <fstream>

#include "core/ingest.hpp"
#include "core/test_support.hpp"
#include "highlight.hpp"
#include "html.hpp"
#include "recompile_words.hpp"
#include "report.hpp"
#include "sink.hpp"

using namespace tparse;
using namespace tparse::report;
using tparse::testing::rec;
namespace fs = std::filesystem;

TEST_CASE("escaping: markup, quotes, controls and invalid UTF-8") {
  CHECK(esc("<script>alert('x')</script>") == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
  CHECK(esc("a & \"b\"") == "a &amp; &quot;b&quot;");
  CHECK(esc("\x1b[31mred") == "?[31mred");
  CHECK(esc("caf\xc3\xa9") == "caf\xc3\xa9");
  CHECK(esc("bad\xff") == "bad\xEF\xBF\xBD");
  // Issue 13.3: overlong, surrogate, above U+10FFFF and F8..FF leads are ill-formed too (one
  // U+FFFD per maximal subpart, as Python's decode("utf-8", "replace") gives).
  const std::string r = "\xEF\xBF\xBD";
  CHECK(esc("\xE0\x80\x9D") == r + r + r);
  CHECK(esc("\xED\xA0\x80") == r + r + r);
  CHECK(esc("\xF4\x90\x80\x80") == r + r + r + r);
  CHECK(esc("\xF8\x88\x80\x80\x80") == r + r + r + r + r);
  CHECK(esc("\xE2\x82<") == r + "&lt;");
}

TEST_CASE("escaping: every byte at every offset of a long text (the 32-byte scan and its tail)") {
  // esc of a one-byte text is the byte-by-byte rule; in a run of plain letters it must not change.
  for (int b = 0; b < 256; ++b) {
    const std::string one = esc(std::string(1, static_cast<char>(b)));
    for (size_t at = 0; at < 70; ++at) {
      std::string s = std::string(at, 'a') + static_cast<char>(b) + std::string(70 - at, 'z');
      CHECK(esc(s) == std::string(at, 'a') + one + std::string(70 - at, 'z'));
    }
  }
}

TEST_CASE("output paths cannot leave the report directory") {
  CHECK(is_safe_relative("c/1.html"));
  CHECK(is_safe_relative("p/0123abcd.html"));
  CHECK_FALSE(is_safe_relative("../x"));
  CHECK_FALSE(is_safe_relative("c/../../x"));
  CHECK_FALSE(is_safe_relative("/etc/passwd"));
  CHECK_FALSE(is_safe_relative("a//b"));
  CHECK_FALSE(is_safe_relative("a/b c"));
  CHECK_FALSE(is_safe_relative(""));
  CHECK(safe_component("../../x") == "_._.._x");
  CHECK(safe_component("..") == "_.");
  CHECK(safe_component("") == "_");
  MemorySink s;
  CHECK_FALSE(s.write("../evil", "x"));
  CHECK(s.files.empty());
}

TEST_CASE("a file written again counts once (write_once's lower page may rewrite it under -j)") {
  MemorySink s;
  CHECK(s.write("p/a.html", "1"));
  CHECK(s.write("p/a.html", "22"));
  CHECK(s.append("s.json", "x", true));
  CHECK(s.append("s.json", "y", false));
  CHECK(s.files_written() == 2);
  CHECK(s.bytes_written() == 5);
  CHECK(s.at("p/a.html") == "22");
  CHECK(s.at("s.json") == "xy");
}

TEST_CASE("failed guards in words") {
  FailedGuard g;
  g.source = "x", g.change = GuardChange::Size, g.index = 0, g.expected = "4", g.actual = "8";
  CHECK(guard_in_words(g) == "x: size[0] 4 -> 8");
  g.change = GuardChange::Dtype, g.expected = "Float", g.actual = "Half";
  CHECK(guard_in_words(g) == "x: dtype float32 -> float16");
  g.source = "G['MODE']", g.change = GuardChange::Global, g.expected = "1";
  CHECK(guard_in_words(g) == "global MODE changed (was 1)");
  CHECK(short_source("L['self'].lin.weight") == "self.lin.weight");
  // The most common change leads: rank fails against two entries, dtype against one.
  Recompile r;
  FailedGuard a, b, c;
  a.entry = "0/2", a.source = "x", a.change = GuardChange::Dtype, a.expected = "Half", a.actual = "Float";
  b.entry = "0/1", b.source = "x", b.change = GuardChange::Rank, b.expected = "2", b.actual = "3";
  c = b, c.entry = "0/0";
  r.reasons = {a, b, c};
  auto ch = what_changed(r);
  REQUIRE(ch.size() == 2);
  CHECK(ch[0].words == "x: rank (number of dims) 2 -> 3");
  CHECK(ch[0].entries == std::vector<std::string>{"0/1", "0/0"});
  CHECK(ch[1].words == "x: dtype float16 -> float32");
}

TEST_CASE("content_hash: two libstdc++ hashes of the text (stable page names)") {
  std::string s;
  for (int i = 0; i < 300; ++i) s.push_back(static_cast<char>(i * 37 + (i >> 3)));
  for (size_t n : {0, 1, 7, 8, 9, 15, 16, 17, 100, 299, 300}) {
    std::string_view v(s.data(), n);
    size_t a = std::_Hash_bytes(v.data(), v.size(), 0xc70f6907u);
    size_t b = std::_Hash_bytes(v.data(), v.size(), 0x9e3779b9u) ^ v.size();
    CHECK(content_hash(v) == fmt::format("{:016x}{:016x}", a, b));
  }
}

TEST_CASE("the highlighter: keywords only as whole words") {
  std::string out;
  highlight_python(out, "nonlocal continue ifx as_ i in is or yield_ x");
  for (const char* kw : {"nonlocal", "continue", "in", "is", "or"})
    CHECK(out.find(std::string("<span class=\"kw\">") + kw + "</span>") != std::string::npos);
  for (const char* w : {"ifx", "as_", "yield_"}) CHECK(out.find(std::string("\">") + w + "<") == std::string::npos);
}

TEST_CASE("the highlighter keeps every character and escapes") {
  std::string out;
  highlight_python(out, "def f(x):  # <b>\n    return x + 1 if 'a<' else None\n");
  CHECK(out.find("<span class=\"kw\">def</span>") != std::string::npos);
  CHECK(out.find("<span class=\"fn\">f</span>") != std::string::npos);
  CHECK(out.find("<span class=\"com\"># &lt;b&gt;</span>") != std::string::npos);
  CHECK(out.find("<span class=\"str\">&#39;a&lt;&#39;</span>") != std::string::npos);
  CHECK(out.find("<span class=\"num\">1</span>") != std::string::npos);
  CHECK(out.find("<b>") == std::string::npos);
}

namespace {

std::string env(const std::string& kind, const std::string& meta, int f, int c) {
  return "{\"" + kind + "\": " + meta + ", \"frame_id\": " + std::to_string(f) + ", \"frame_compile_id\": " + std::to_string(c) +
         ", \"attempt\": 0}";
}

std::string adversarial_trace() {
  std::string brk = "Graph break in user code at /m.py:5\nGraph Break Reason: <script>alert(1)</script> Failed\n  Explanation: "
                    "<img src=x onerror=alert(2)>\n\nUser code traceback:\n  File \"/m.py\", line 5, in f\n    print('<b>')\n";
  std::string t = rec("{\"str\": [\"/m.py\", 0]}");
  t += rec(env("dynamo_start", "{\"stack\": [{\"line\": 3, \"name\": \"f<script>\", \"filename\": 0}]}", 0, 0));
  t += rec(env("artifact", "{\"name\": \"../../x\", \"encoding\": \"string\"}", 0, 0), std::string("</pre><script>alert(3)</script>"));
  t += rec(env("artifact", "{\"name\": \"dynamo_graph_break_reason\", \"encoding\": \"string\"}", 0, 0), brk);
  t += rec(env("inductor_output_code", "{\"filename\": \"../../evil.py\"}", 0, 0), std::string(70000, 'a') + "\n<script>x</script>");
  t += rec(env("dynamo_output_graph", "{}", 0, 0),
           std::string("class GraphModule(torch.nn.Module):\n    def forward(self, L_x_: \"f32[2]<script>\"):\n"
                       "        l_x_ = L_x_\n        y: \"f32[2]\" = l_x_.relu()\n        return (y,)\n"));
  t += rec(env("compilation_metrics", "{\"co_name\": \"f</td><script>\", \"co_filename\": \"/m.py\", \"co_firstlineno\": 3, "
                                      "\"fail_type\": \"<script>T</script>\", \"fail_reason\": \"<script>R</script>\"}", 0, 0));
  return t;
}

}  // namespace

TEST_CASE("an adversarial trace: escaped text and no file outside -o") {
  auto lt = load_trace_text(adversarial_trace(), "adv.log");
  REQUIRE(lt.model.compiles.size() == 1);
  fs::path base = fs::path(TPARSE_BINARY_DIR) / "report-adversarial";
  fs::remove_all(base);
  fs::path out = base / "a" / "b" / "out";
  fs::create_directories(out);
  DiskSink sink(out.string());
  ReportOptions o;
  o.jobs = 2;
  ReportStats st = write_report(lt.model, lt.payloads, o, sink);
  REQUIRE(st.ok);
  // Nothing was written next to or above the output directory.
  size_t outside = 0, inside = 0;
  for (const auto& e : fs::recursive_directory_iterator(base)) {
    if (!e.is_regular_file()) continue;
    std::string rel = fs::relative(e.path(), out).string();
    if (rel.rfind("..", 0) == 0) ++outside;
    else ++inside;
    CHECK_MESSAGE(rel.find("evil") == std::string::npos, rel);
  }
  CHECK(outside == 0);
  CHECK(inside >= 8);
  // Every HTML page has exactly our one script tag; hostile text appears escaped.
  std::string all;
  for (const auto& e : fs::recursive_directory_iterator(out)) {
    if (e.path().extension() != ".html") continue;
    std::ifstream f(e.path());
    std::string body((std::istreambuf_iterator<char>(f)), {});
    size_t n = 0;
    for (size_t p = body.find("<script"); p != std::string::npos; p = body.find("<script", p + 1)) ++n;
    CHECK_MESSAGE(n == 1, e.path().string());
    CHECK(body.find("<img src=x") == std::string::npos);
    CHECK(body.find("</td><script>") == std::string::npos);
    all += body;
  }
  CHECK(all.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(all.find("&lt;img src=x onerror=alert(2)&gt;") != std::string::npos);
  CHECK(all.find("../../x") != std::string::npos);  // the name is shown, as text
  CHECK(all.find("&lt;script&gt;T&lt;/script&gt;") != std::string::npos);
  fs::remove_all(base);
}

// Issue 14: records without a compile id ("[-/-]"), the provenance page and the raw custom header,
// on a hand-written AOTInductor-like trace whose graph text and node names carry markup.
TEST_CASE("[-/-] page, provenance view and custom header: links, escaping, one script tag") {
  std::string pre = "def forward(self, x):\n    lin: \"f32[2]\" = torch.linear(x)  # <b>bold</b>\n    relu = torch.relu(lin)\n";
  std::string post = "def forward(self, arg0_1):\n    addmm: \"f32[2]\" = aten.addmm(a)\n    relu: \"f32[2]\" = aten.relu(addmm)\n";
  std::string code = "void k0() {}\nvoid AOTInductorModel::run_impl(X) {\n    aoti_addmm_out(buf0); // <script>x</script>\n    cpp_relu_0(buf0);\n}\n";
  std::string map = R"({"preToPost": {"relu": ["relu"], "lin": ["addmm"], "<img src=x>": ["relu"]}, "cppCodeToPost": {"aoti_addmm_out": ["addmm"], "cpp_relu_0": ["relu"]}})";
  std::string trace = rec(R"({"artifact": {"name": "before_pre_grad_graph", "encoding": "string"}})", &pre) +
                      rec(R"({"artifact": {"name": "after_post_grad_graph", "encoding": "string"}})", &post) +
                      rec(R"({"graph_dump": {"name": "inductor_aot_wrapper_code", "type": "cpp", "filename": "w.cpp"}})", &code) +
                      rec(R"({"artifact": {"name": "inductor_provenance_tracking_node_mappings", "encoding": "json"}})", &map) +
                      rec(R"({"compilation_metrics": {"inductor_compile_time_s": 1.5}})");
  auto lt = load_trace_text(trace, "aoti.log");
  CHECK(lt.model.compiles.empty());
  CHECK(lt.model.global_artifacts.size() == 4);
  CHECK(lt.model.global_metrics.size() == 1);
  CHECK(lt.model.diag.errors() == 0);  // metrics without a compile id are not damage
  MemorySink sink;
  ReportOptions o;
  o.custom_header_html = "<div id=\"hdr\"><i>raw</i></div>";
  ReportStats st = write_report(lt.model, lt.payloads, o, sink);
  REQUIRE(st.ok);
  CHECK(st.provenance_pages == 1);
  const std::string& none = sink.at("c/none.html");
  CHECK(none.find("id=\"a3\"") != std::string::npos);
  CHECK(none.find("1.50 s") != std::string::npos);
  CHECK(sink.at("index.html").find("<div id=\"hdr\"><i>raw</i></div>") != std::string::npos);
  CHECK(sink.at("index.html").find("c/none.html") != std::string::npos);
  const std::string& p = sink.at("prov/none.html");
  // Lines counted by hand: pre 2 (lin) <-> post 2 (addmm), pre 3 <-> post 3, code 3 <-> post 2, code 4 <-> post 3.
  CHECK(p.find("id=\"L0-2\" data-n=\"2\" data-p=\"L1-2\"") != std::string::npos);
  CHECK(p.find("id=\"L0-3\" data-n=\"3\" data-p=\"L1-3\"") != std::string::npos);
  CHECK(p.find("id=\"L1-2\" data-n=\"2\" data-p=\"L0-2 L2-3\"") != std::string::npos);
  CHECK(p.find("id=\"L2-4\" data-n=\"4\" data-p=\"L1-3\"") != std::string::npos);
  CHECK(p.find("id=\"L2-1\" data-n=\"1\">") != std::string::npos);  // before run_impl: not linked
  CHECK(p.find("&lt;script&gt;x&lt;/script&gt;") != std::string::npos);
  CHECK(p.find("# &lt;b&gt;bold&lt;/b&gt;") != std::string::npos);
  CHECK(p.find("<code>&lt;img src=x&gt;</code>") != std::string::npos);  // listed as a name no pane has
  for (const auto& file : sink.files) {
    const auto& path = file.first;
    const auto& body = file.second;
    if (path.size() < 5 || path.substr(path.size() - 5) != ".html") continue;
    size_t n = 0;
    for (size_t k = body.find("<script"); k != std::string::npos; k = body.find("<script", k + 1)) ++n;
    CHECK_MESSAGE(n == 1, path);
    CHECK_MESSAGE(body.find("<b>bold") == std::string::npos, path);
    CHECK_MESSAGE(body.find("<img src=x>") == std::string::npos, path);
  }
}
