// Front-end tests: Python 3.12 constructs parse to the expected AST (f-strings per PEP 701, integers
// beyond 64 bits, class keywords, annotated targets, match, async, type parameters), and bad input
// gives a located error (line:col and message) rather than a crash.
#include <doctest/doctest.h>

#include <string>

#include "frontend/diag.hpp"
#include "frontend/lexer.hpp"
#include "frontend/parser.hpp"

using namespace tparse::compiler;

namespace {

/// The error of parsing `src` as "line:col: msg"; "" if it parses.
std::string parse_error(const std::string& src) {
  try {
    parse_module(src);
  } catch (const CompileError& e) {
    return std::to_string(e.loc.line) + ":" + std::to_string(e.loc.col) + ": " + e.what();
  }
  return "";
}

StmtP only(const std::string& src) {
  Module m = parse_module(src);
  REQUIRE(m.body.size() == 1);
  return m.body[0];
}

}  // namespace

TEST_CASE("constructs of Python 3.12 model code parse") {
  const char* ok[] = {
      "class K(TypedDict, total=False):\n    a: int\n",
      "class M(Base, metaclass=ABCMeta, **kw):\n    pass\n",
      "class G[T: int, *Ts, **P](Base[T]):\n    pass\n",
      "def f[T](x: T, /, y, *, z: int = 1, **kw) -> T:\n    return x\n",
      "type Alias[T] = list[T]\n",
      "self.x: int | None = None\nx: int\nd['k']: str = 'v'\n",
      "if (n := len(a)) > 3:\n    pass\nwhile chunk := f.read():\n    pass\n",
      "s = {x for x in range(3) if x}\nd = {k: v for k, v in items}\ng = (y async for y in z)\n",
      "x = 0x9E3779B97F4A7C15 + 1_000_000_000_000_000_000_000 + 0o777 + 0b1010 + 0xFF_FF\n",
      "z = 1j + 2.5e-3J + .5 + 5. + 1_0.0_1\n",
      "s = f\"{a['k']!r:>{width}} {b=} {c = :.2f} {{lit}} {d[\"q\"]} {f'{e}'}\"\n",
      "s = rb'\\x00' + b'ab' \nt = r\"\\\"\" + u'x' + Rb\"y\" + fR'{x}\\d'\n",
      "match cmd:\n    case [x, *rest] if x > 0:\n        pass\n    case {'k': 1, **kw}:\n        pass\n"
      "    case Point(x=0, y=p) | Other() as o:\n        pass\n    case -1 | 1+2j | 'a' | None:\n        pass\n"
      "    case _:\n        pass\n",
      "match = re.match(p, s)\nmatch(x)\ntype = 3\ncase = 1\n",
      "@decorators[0].attr(1)\n@(lambda f: f)\nasync def h(x):\n    async with a as b, c:\n        await x\n"
      "    async for i in y:\n        yield i\n",
      "def g():\n    x = yield 1\n    yield from range(3)\n    return (yield)\n",
      "with (open(a) as f, open(b) as g,):\n    pass\nwith (a, b):\n    pass\n",
      "try:\n    pass\nexcept* (ValueError, TypeError) as eg:\n    pass\n",
      "raise ValueError('x') from err\nglobal a, b\ndel a[0], b.c, d\n",
      "x = [*a, *b]\ny = (*a, 1)\nreturn_value = *a, *b\nfor i in *a, b:\n    pass\nt[*idx] = 1\n",
      "print(*a, sep='', end=\"\\n\")\nv = a[::2, ..., None, 1:-1:3]\nf = lambda x=1, *a, y=2, **k: x\n",
      "x = 1 + \\\n    2\ny = (1 +\n     2)  # comment\nif x:\n\tz = 3\r\n",
      // CRLF lines: a backslash at a line's end continues a string, an f-string's too (CPython's universal newlines)
      "e = f\"{pe} is not valid, \\\r\n    'zeros'\"\r\nt = 'a \\\r\nb'\r\n",
      "if a: b = 1\nelif c: b = 2\nelse: b = 3\nwhile x: pass\nelse: y = 1\nfor i in r: pass\nelse: pass\n",
      "π = 3.14\nnamé = 'ü'\n",
      // found by parsing CPython 3.11's own library (test_fstring, test_named_expressions, test_patma)
      "s = f'{a}\\N{GREEK CAPITAL LETTER DELTA}{b}'\nfib = {(c := a): (a := b) + c for _ in r}\nmatch w := x,:\n    case _:\n        pass\n",
      "x = a if b else c if d else e\ny = not a == b < c is not d in e not in f\n",
  };
  for (const char* src : ok) {
    if (!src) continue;
    INFO(src);
    CHECK(parse_error(src) == "");
  }
}

TEST_CASE("CRLF source: a backslash-newline inside a string joins the lines, f-strings too, and lines count on") {
  // (CPython reads source with universal newlines; pathformer's Embedding.py continues an f-string this way)
  StmtP s = only("e = f\"{pe} is not, \\\r\n  'z'\"\r\n");
  REQUIRE(s->value->k == EK::FStr);
  CHECK(s->value->kw == std::vector<std::string>{"", " is not,   'z'"});
  StmtP t = only("t = 'a \\\r\nb'\r\n");
  REQUIRE(t->value->k == EK::Str);
  CHECK(t->value->s == "a b");
  auto m = parse_module("a = 1\r\nb = 2\rc = 3\r\n");
  REQUIRE(m.body.size() == 3);
  CHECK(m.body[2]->loc.line == 3);
}

TEST_CASE("f-string parts: nested quotes, conversions, nested specs, debug text") {
  StmtP s = only("s = f\"a{x[\"k\"]!r:>{w}}b{y = }c{{d}}\"\n");
  ExprP e = s->value;
  REQUIRE(e->k == EK::FStr);
  REQUIRE(e->a.size() == 2);
  CHECK(e->kw == std::vector<std::string>{"a", "by = ", "c{d}"});
  CHECK(e->a[0]->k == EK::Subscript);
  REQUIRE(e->comps[0].iter);
  CHECK(e->comps[0].iter->s == "r");
  REQUIRE(e->comps[0].target);
  CHECK(e->comps[0].target->k == EK::FStr);  // `>{w}`: literal + nested field
  REQUIRE(e->comps[1].iter);
  CHECK(e->comps[1].iter->s == "r");  // `{y = }` without a spec prints repr
  // a field's expression is located where it stands in the file
  StmtP t = only("x = f\"ab{ zz }\"\n");
  CHECK(t->value->a[0]->loc.line == 1);
  CHECK(t->value->a[0]->loc.col == 11);
  StmtP m = only("x = f'''\n{\n  qq}'''\n");
  CHECK(m->value->a[0]->loc.line == 3);
  CHECK(m->value->a[0]->loc.col == 3);
}

TEST_CASE("string escapes and integer literals") {
  CHECK(only("s = '\\x41\\u00e9\\t\\101\\N{DASH}'\n")->value->s == "A\xc3\xa9\tA\\N{DASH}");
  CHECK(only("s = r'\\d\\''\n")->value->s == "\\d\\'");
  ExprP named = only("s = f'{a}\\N{DASH}{b}'\n")->value;  // \N{...} inside an f-string is not a field
  CHECK(named->a.size() == 2);
  CHECK(named->kw[1] == "\\N{DASH}");
  StmtP big = only("x = 0x9E3779B97F4A7C15\n");
  CHECK(big->value->k == EK::Int);
  CHECK(big->value->s == "0x9e3779b97f4a7c15");
  CHECK(big->value->f == doctest::Approx(11400714819323198485.0));
  StmtP small = only("x = 0x7fff_ffff_ffff_ffff\n");
  CHECK(small->value->s == "");
  CHECK(small->value->i == 9223372036854775807LL);
  CHECK(only("x = 0o17 + 0b11\n")->value->a[0]->i == 15);
  CHECK(only("x = 2j\n")->value->k == EK::Imag);
}

TEST_CASE("class header keywords, annotated targets, match cases") {
  StmtP c = only("class K(A, *more, total=False, metaclass=M):\n    x: int\n");
  CHECK(c->items.size() == 2);
  REQUIRE(c->keywords.size() == 2);
  CHECK(c->keywords[0].first == "total");
  CHECK(c->keywords[1].first == "metaclass");
  StmtP a = only("self.freqs_cis: Optional[Tensor] = None\n");
  CHECK(a->k == SK::AnnAssign);
  CHECK(a->targets[0]->k == EK::Attr);
  CHECK(a->value->k == EK::None);
  StmtP m = only("match p:\n    case (0, y):\n        pass\n    case _:\n        pass\n");
  CHECK(m->k == SK::Match);
  CHECK(m->handlers.size() == 2);
  StmtP d = only("async def f():\n    yield 1\n");
  CHECK(d->fn->is_async);
  CHECK(d->fn->generator);
  CHECK(!only("def f():\n    return lambda: 1\n")->fn->generator);
}

TEST_CASE("bad input: located errors") {
  CHECK(parse_error("x = (1,\n") == "1:5: '(' was never closed");
  CHECK(parse_error("x = [1, 2)\n") == "1:10: closing parenthesis ')' does not match opening parenthesis '['");
  CHECK(parse_error("class K(A, total=False:\n    pass\n") == "1:23: expected ')'");
  CHECK(parse_error("s = f\"{}\"\n") == "1:8: f-string: valid expression required before '}'");
  CHECK(parse_error("s = f\"{x!z}\"\n") == "1:10: f-string: invalid conversion character");
  CHECK(parse_error("s = f\"a}\"\n") == "1:8: f-string: single '}' is not allowed");
  CHECK(parse_error("(a, b): int = 1\n") == "1:1: only single target (not tuple) can be annotated");
  CHECK(parse_error("x := 1\n") == "1:3: invalid syntax");
  CHECK(parse_error("x = 1abc\n") == "1:5: invalid decimal literal");
  CHECK(parse_error("x = 0b102\n") == "1:5: invalid binary literal");
  CHECK(parse_error("x = 007\n").find("leading zeros") != std::string::npos);
  CHECK(parse_error("s = '''abc\n\n") == "1:5: unterminated string literal");
  CHECK(parse_error("s = f\"{x\n") == "1:5: unterminated string literal");
  CHECK(parse_error("a, b += 1\n") == "1:1: 'tuple' is an illegal expression for augmented assignment");
  CHECK(parse_error("match x:\n    case Point(x=):\n        pass\n") == "2:18: invalid syntax");
  CHECK(parse_error("x = [1,\n\ny = 2\n") == "1:5: '[' was never closed");  // an error on a later line
  CHECK(parse_error("f(a, b c)\n") == "1:8: expected ')'");  // on the bracket's line: the parser's error
  CHECK(parse_error("try:\n    pass\nx = 1\n") == "3:1: expected 'except' or 'finally' block");
  CHECK(parse_error("x = b'a' 'b'\n") == "1:10: cannot mix bytes and nonbytes literals");
  CHECK(parse_error("x = 1 \\ 2\n") == "1:7: unexpected character after line continuation character");
  // the diagnostic names file:line:col, shows the line and a caret
  try {
    parse_module("y = 1\nclass K(A, total=False)\n    pass\n");
    FAIL("expected a CompileError");
  } catch (const CompileError& e) {
    std::string d = format_diag("m.py", "y = 1\nclass K(A, total=False)\n    pass\n", e.loc, e.what());
    CHECK(d == "m.py:2:24: error: expected ':'\nclass K(A, total=False)\n                       ^\n");
  }
}

TEST_CASE("parse cache: one AST per path, file index and exact text; errors are not kept") {
  const std::string path = "/nonexistent/tparse_parse_cache_test.py";
  auto a = parse_module_cached(path, "x = 1\n", 3);
  auto b = parse_module_cached(path, "x = 1\n", 3);
  CHECK(a == b);  // the second import of the same file is the same AST
  REQUIRE(a->body.size() == 1);
  CHECK(a->body[0]->loc.file == 3);
  auto c = parse_module_cached(path, "x = 1\n", 4);  // another file index: its own AST (Locations differ)
  CHECK(c != a);
  CHECK(c->body[0]->loc.file == 4);
  auto d = parse_module_cached(path, "x = 1\ny = 2\n", 3);  // the file changed: parsed again
  CHECK(d != a);
  CHECK(d->body.size() == 2);
  CHECK(parse_module_cached(path, "x = 1\n", 3)->body.size() == 1);  // and the old text is not served for it
  CHECK_THROWS_AS(parse_module_cached(path, "x = (\n", 3), CompileError);
  CHECK_THROWS_AS(parse_module_cached(path, "x = (\n", 3), CompileError);  // still an error: nothing was cached
}

TEST_CASE("PEP 263: a coding declaration Python's codecs do not know makes the file a SyntaxError") {
  // CPython 3.12 refused DINO's driver, whose line-2 comment read `... interpolate_pos_encoding: bicubic`
  // (`SyntaxError: unknown encoding: bicubic`, real run of testdata scout program b_coding_cookie_comment)
  CHECK_THROWS_WITH_AS(lex("# a model\n# interpolate_pos_encoding: bicubic\nx = 1\n"), doctest::Contains("unknown encoding: bicubic"), CompileError);
  CHECK_THROWS_AS(lex("# -*- coding: klingon -*-\nx = 1\n"), CompileError);
  // known codecs, and declarations Python does not read (line 3; line 2 below code)
  CHECK_NOTHROW(lex("# -*- coding: utf-8 -*-\nx = 1\n"));
  CHECK_NOTHROW(lex("#!/usr/bin/env python\n# coding=latin-1\nx = 1\n"));
  CHECK_NOTHROW(lex("x = 1\n# encoding: bicubic\n"));
  CHECK_NOTHROW(lex("# one\n# two\n# encoding: bicubic\n"));
  CHECK_NOTHROW(lex("# coding[:=] is the pattern\nx = 1\n"));
}
