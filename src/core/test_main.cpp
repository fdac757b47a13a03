// doctest main for tparse_core_tests, plus helpers shared by the core tests.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
