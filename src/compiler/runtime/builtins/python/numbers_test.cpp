// Python's complex numbers (runtime/values/value.cpp, interp_arith.cpp, builtins*.cpp): literals, arithmetic with ints and
// floats, repr, complex(), abs(), .real / .imag / .conjugate(), equality and dict keys, each checked by an `assert`
// that fails (and makes compile_script fail) when the interpreter gets Python wrong; and a complex scalar with a
// tensor (the dtype torch's result_type gives). S4D's `-exp(log_a) + 1j * a_imag` stopped the run before.
#include <doctest/doctest.h>

#include "api.hpp"

using namespace tparse::compiler;

TEST_CASE("complex numbers as Python has them") {
  Result r = compile_script(
      "c.py",
      "z = 1 + 2j\n"
      "assert z.real == 1.0 and z.imag == 2.0 and isinstance(z.real, float)\n"
      "assert z * 1j == -2 + 1j and (1j) ** 2 == -1 and z - z == 0 and z / 2 == 0.5 + 1j\n"
      "assert repr(1j) == '1j' and repr(z) == '(1+2j)' and repr(-2j) == '(-0-2j)' and repr(2.5 - 0.5j) == '(2.5-0.5j)'\n"
      "assert str(complex(3, -1)) == '(3-1j)' and complex() == 0 and complex(2) == 2 and complex(1, 1j) == 0\n"
      "assert complex(real=1.5, imag=2) == 1.5 + 2j and abs(3 + 4j) == 5.0 and z.conjugate() == 1 - 2j\n"
      "assert 2 + 0j == 2 and {2: 'two'}[2 + 0j] == 'two' and 1j != 1 and bool(0j) is False and bool(1j)\n"
      "assert type(z).__name__ == 'complex' and isinstance(z, complex) and not isinstance(1.0, complex)\n"
      "try:\n    1j / 0\n    raise AssertionError('no error')\nexcept ZeroDivisionError as e:\n    assert str(e) == 'complex division by zero', str(e)\n"
      "try:\n    1j < 2j\n    raise AssertionError('no error')\nexcept TypeError:\n    pass\n"
      "import torch\n"
      "a = torch.randn(4, 8)\n"
      "assert (1j * a).dtype == torch.complex64 and (a.double() * 1j).dtype == torch.complex128\n"
      "assert (a.half() + 1j).dtype == torch.complex32 and (torch.arange(3) * 1j).dtype == torch.complex64\n"
      "assert (1j * a).real.dtype == torch.float32 and (1j * a).shape == (4, 8)\n"
      "assert (a / (1 + 1j)).dtype == torch.complex64\n",
      Options{});
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}
