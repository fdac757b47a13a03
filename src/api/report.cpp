// Report directories; see report.hpp.
#include "api/report.hpp"

#include <chrono>
#include <filesystem>

#include "report/sink.hpp"

namespace tparse::api {

namespace fs = std::filesystem;

namespace {
// A report tparse wrote (index.html + summary.json), or one tlparse wrote (index.html +
// compile_directory.json or raw.jsonl): `--overwrite` replaces either, so `tlparse LOG -o OUT
// --overwrite` keeps working when OUT holds tlparse's previous output.
bool is_previous_report(const std::string& out) {
  fs::path p(out);
  std::error_code ec;
  if (!fs::exists(p / "index.html", ec)) return false;
  return fs::exists(p / "summary.json", ec) || fs::exists(p / "compile_directory.json", ec) || fs::exists(p / "raw.jsonl", ec);
}
}  // namespace

bool out_is_replaceable(const std::string& out) {
  std::error_code ec;
  if (!fs::exists(out, ec)) return true;
  if (!fs::is_directory(out, ec)) return false;
  return fs::is_empty(out, ec) || is_previous_report(out);
}

bool prepare_out(const std::string& out, bool overwrite, std::string& error, bool* created) {
  std::error_code ec;
  if (created) *created = !fs::exists(out, ec);
  if (fs::exists(out, ec)) {
    if (!fs::is_directory(out, ec)) {
      error = "tparse: " + out + " exists and is not a directory";
      return false;
    }
    if (!fs::is_empty(out, ec)) {
      if (!overwrite) {
        error = "tparse: " + out + " is not empty; pass --overwrite to replace the report or use -o OTHER_DIR";
        return false;
      }
      // Only a previous report is deleted; other files in the directory are left alone.
      if (is_previous_report(out)) {
        for (const auto& e : fs::directory_iterator(out, ec)) fs::remove_all(e.path(), ec);
      }
    }
  }
  fs::create_directories(out, ec);
  if (!fs::is_directory(out, ec)) {
    error = "tparse: cannot create " + out;
    return false;
  }
  return true;
}

bool write_report_dir(const LoadedTrace& t, const std::string& out, const report::ReportOptions& opt, ReportResult& res) {
  auto t0 = std::chrono::steady_clock::now();
  report::DiskSink sink(out);
  res.stats = report::write_report(t.model, t.payloads, opt, sink);
  res.files = sink.files_written();
  res.bytes = sink.bytes_written();
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return res.stats.ok;
}

}  // namespace tparse::api
