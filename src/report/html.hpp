// HTML building blocks shared by every report page: escaping, number formatting, the page frame
// (inline CSS, tiny inline JS, navigation), and safe relative file names. Everything that comes
// from a trace goes through esc(); nothing else emits trace text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tparse::report {

/// Appends s HTML-escaped (& < > " ') to out; invalid bytes and controls become U+FFFD / '?'.
void esc_to(std::string& out, std::string_view s);
std::string esc(std::string_view s);

/// "1.23 s", "45 ms", "-" for negative (absent).
std::string fmt_seconds(double s);
/// "1.2 MB", "340 KB", "12 B".
std::string fmt_bytes(uint64_t b);

/// A name made only of [A-Za-z0-9_.-], never "." / ".." / empty, at most 80 chars: safe as one
/// path component whatever the trace said.
std::string safe_component(std::string_view s);

/// 32 hex digits (two seeded 64-bit hashes): content-addressed payload / SVG file names.
std::string content_hash(std::string_view s);

/// Page frame. `root` is the relative path from the page to the report root ("" or "../").
/// The CSS and the JS are inline so each page opens on its own, offline.
std::string page_begin(std::string_view title, std::string_view root);
/// `extra_js`: a page's own script, inside the one script tag every page has.
std::string page_end(std::string_view extra_js = {});

/// <a href="root+href">text</a> with text escaped (href must be built from safe parts).
std::string link(std::string_view href, std::string_view text);

}  // namespace tparse::report
