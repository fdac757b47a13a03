"""tparse stub of numbers: the numeric tower (PEP 3141). isinstance(x, numbers.Integral) and the like check
the kind of x as CPython's registrations do (int and bool are Integral, float is Real, every one of them a
Number; runtime/builtins/python/builtins_more.cpp abc_instance reads __tparse_abc__); a class deriving from one is an ordinary base."""


class Number:
    __tparse_abc__ = "Number"


class Complex(Number):
    __tparse_abc__ = "Complex"


class Real(Complex):
    __tparse_abc__ = "Real"


class Rational(Real):
    __tparse_abc__ = "Rational"


class Integral(Rational):
    __tparse_abc__ = "Integral"
