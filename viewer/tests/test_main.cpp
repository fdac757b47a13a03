// doctest main for tparse_viewer_tests (viewer logic without a window); see testing::doctest_main.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "core/test_support.hpp"

int main(int argc, char** argv) { return tparse::testing::doctest_main(argc, argv); }
