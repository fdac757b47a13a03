// Python syntax highlighting for generated code and FX graphs (inductor output code, graphs):
// one pass, emits escaped HTML with <span class=kw|str|com|num|fn>. No external library and no
// JavaScript, so pages stay static and offline.
#pragma once

#include <string>
#include <string_view>

namespace tparse::report {

/// Appends highlighted, HTML-escaped code to out. Every byte of `code` is emitted exactly once
/// (escaped), so the visible text equals the input.
void highlight_python(std::string& out, std::string_view code);

}  // namespace tparse::report
