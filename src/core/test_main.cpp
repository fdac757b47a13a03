// doctest main for the test binaries of src/ (see testing::doctest_main: the "needs_shared" suite).
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "core/test_support.hpp"

int main(int argc, char** argv) { return tparse::testing::doctest_main(argc, argv); }
