// doctest main for tparse_viewer_tests (viewer logic without a window).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
