// tparse fix on the corpus programs.
#include <doctest/doctest.h>

#include "fix/fix.hpp"
