// pickle_codec against CPython 3.12's pickle module: the bytes its pickle.dumps writes for plain data (protocols 2,
// 3 and 4) and the objects its data of protocols 0, 2 and 4 load to.
#include "runtime/values/pickle_codec.hpp"

#include <doctest/doctest.h>

#include <string>

#include "runtime/values/keys.hpp"
#include "runtime/values/value.hpp"

namespace tparse::compiler {
namespace {

std::string dumped(const V& v, int proto) {
  std::string out, err;
  REQUIRE_MESSAGE(pickle_dumps(v, proto, out, err), err);
  return out;
}

V loaded(const std::string& data) {
  V out;
  std::string err;
  REQUIRE_MESSAGE(pickle_loads(data, out, err), err);
  return out;
}

V dict_of(std::vector<std::pair<V, V>> kv) {
  auto d = std::make_shared<Obj>();
  d->k = VK::Dict;
  for (auto& [k, v] : kv) dict_put(*d, k, v);
  return d;
}

// Python's repr of plain data (py_repr leaves dicts to the interpreter)
std::string repr(const V& v) {
  if (v->k == VK::Dict) {
    std::string r = "{";
    for (size_t i = 0; i < v->dict.size(); ++i) r += (i ? ", " : "") + repr(v->dict[i].first) + ": " + repr(v->dict[i].second);
    return r + "}";
  }
  if (v->k == VK::List || v->k == VK::Tuple) {
    std::string r = v->is_set ? "{" : v->k == VK::List ? "[" : "(";
    for (size_t i = 0; i < v->items.size(); ++i) r += (i ? ", " : "") + repr(v->items[i]);
    return r + (v->is_set ? "}" : v->k == VK::List ? "]" : v->items.size() == 1 ? ",)" : ")");
  }
  return py_repr(v);
}

#define BYTES(s) std::string(s, sizeof(s) - 1)

}  // namespace

TEST_CASE("pickle.dumps of plain data: CPython 3.12's bytes") {
  CHECK(dumped(dict_of({{mk_str("a"), mk_int(1)}}), 4) == BYTES("\x80\x04\x95\n\x00\x00\x00\x00\x00\x00\x00}\x94\x8c\x01" "a\x94K\x01s."));
  CHECK(dumped(dict_of({{mk_str("a"), mk_int(1)}}), 2) == BYTES("\x80\x02}q\x00X\x01\x00\x00\x00" "aq\x01K\x01s."));
  CHECK(dumped(mk_list({mk_int(1), mk_float(2.5), none(), mk_bool(true)}), 4) ==
        BYTES("\x80\x04\x95\x12\x00\x00\x00\x00\x00\x00\x00]\x94(K\x01G@\x04\x00\x00\x00\x00\x00\x00N\x88" "e."));
  CHECK(dumped(mk_tuple({mk_int(1), mk_str("x")}), 4) == BYTES("\x80\x04\x95\t\x00\x00\x00\x00\x00\x00\x00K\x01\x8c\x01x\x94\x86\x94."));
  CHECK(dumped(mk_int(-(1LL << 40)), 4) == BYTES("\x80\x04\x95\t\x00\x00\x00\x00\x00\x00\x00\x8a\x06\x00\x00\x00\x00\x00\xff."));
  CHECK(dumped(mk_bytes("ab"), 4) == BYTES("\x80\x04\x95\x06\x00\x00\x00\x00\x00\x00\x00" "C\x02" "ab\x94."));
  CHECK(dumped(mk_bytes("ab\xff"), 2) ==
        BYTES("\x80\x02" "c_codecs\nencode\nq\x00X\x04\x00\x00\x00" "ab\xc3\xbfq\x01X\x06\x00\x00\x00latin1q\x02\x86q\x03Rq\x04."));
  CHECK(dumped(mk_list({mk_int(1), mk_int(1), mk_int(1)}), 3) == BYTES("\x80\x03]q\x00(K\x01K\x01K\x01" "e."));
  V s = mk_list({mk_int(1), mk_int(2)});
  s->is_set = true;
  CHECK(dumped(s, 4) == BYTES("\x80\x04\x95\t\x00\x00\x00\x00\x00\x00\x00\x8f\x94(K\x01K\x02\x90."));
  CHECK(dumped(s, 2) == BYTES("\x80\x02" "c__builtin__\nset\nq\x00]q\x01(K\x01K\x02" "e\x85q\x02Rq\x03."));
  CHECK(dumped(mk_int(1), 4) == BYTES("\x80\x04K\x01."));  // (no FRAME under 4 bytes of data)
}

TEST_CASE("pickle.loads of CPython's data, protocols 0 to 4") {
  // protocol 0: `{'a': [1, 2]}`
  V d = loaded(BYTES("(dp0\nVa\np1\n(lp2\nI1\naI2\nas."));
  REQUIRE(d->k == VK::Dict);
  CHECK(repr(d) == "{'a': [1, 2]}");
  // protocol 4: an OrderedDict and a defaultdict(list) load as dicts
  CHECK(repr(loaded(BYTES("\x80\x04\x95)\x00\x00\x00\x00\x00\x00\x00\x8c\x0b" "collections\x94\x8c\x0bOrderedDict\x94\x93\x94)R\x94\x8c\x01" "a\x94K\x01s."))) ==
        "{'a': 1}");
  CHECK(repr(loaded(BYTES("\x80\x04\x95" "A\x00\x00\x00\x00\x00\x00\x00\x8c\x0b" "collections\x94\x8c\x0b" "defaultdict\x94\x93\x94\x8c\x08" "builtins\x94\x8c\x04list\x94\x93\x94\x85\x94R\x94\x8c\x01k\x94]\x94K\x01" "as."))) ==
        "{'k': [1]}");
  // protocol 2: a set and bytes by REDUCE, the memo's BINGET
  CHECK(repr(loaded(BYTES("\x80\x02" "c__builtin__\nset\nq\x00]q\x01(K\x01K\x02" "e\x85q\x02Rq\x03."))) == "{1, 2}");
  CHECK(repr(loaded(BYTES("\x80\x02" "c_codecs\nencode\nq\x00X\x04\x00\x00\x00" "ab\xc3\xbfq\x01X\x06\x00\x00\x00latin1q\x02\x86q\x03Rq\x04."))) == "b'ab\\xff'");
  CHECK(repr(loaded(BYTES("\x80\x02]q\x00(X\x01\x00\x00\x00xq\x01h\x01" "e."))) == "['x', 'x']");
  // a round trip of every plain kind
  V all = dict_of({{mk_str("f"), mk_list({mk_float(1.5), mk_int(-2), mk_int(70000), mk_int(-(1LL << 40)), none(), mk_bool(false), mk_bytes("xy")})},
                   {mk_tuple({mk_int(1), mk_int(2)}), mk_int(27)}});
  for (int proto : {2, 3, 4, 5}) CHECK(repr(loaded(dumped(all, proto))) == repr(all));
}

TEST_CASE("pickle data of other kinds is refused with its reason") {
  V out;
  std::string err;
  // protocol 2 data of a class instance (copyreg._reconstructor): not plain data
  CHECK_FALSE(pickle_loads(BYTES("\x80\x02" "ccopyreg\n_reconstructor\nq\x00" "c__main__\nK\nq\x01" "c__builtin__\nobject\nq\x02N\x87q\x03Rq\x04."), out, err));
  CHECK(err.find("copyreg._reconstructor") != std::string::npos);
  CHECK_FALSE(pickle_loads(BYTES("\x80\x04K"), out, err));
  CHECK(err == "pickle data was truncated");
  CHECK_FALSE(pickle_loads(BYTES("\x80\x04\xff."), out, err));
  CHECK(err == "unsupported pickle opcode 0xff");
  auto inst = std::make_shared<Obj>();
  inst->k = VK::Instance;
  std::string bytes;
  CHECK_FALSE(pickle_dumps(inst, 4, bytes, err));
  CHECK(err.find("Can't pickle") == 0);
}

}  // namespace tparse::compiler
