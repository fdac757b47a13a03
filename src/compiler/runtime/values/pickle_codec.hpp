// CPython's pickle format for plain data (runtime/stubs/pickle.py calls these): None, bools, ints, floats, str,
// bytes, tuples, lists, dicts, sets and frozensets, and the OrderedDict / defaultdict of collections as dicts. A
// vocabulary or a table a program pickles (minLlama3's tokenizer model, a dataset's word index) then has its values.
#pragma once

#include <string>

#include "runtime/values/value.hpp"

namespace tparse::compiler {

/// The object of pickle data `data` (protocols 0 to 5). False with `err` set (`"unpickling stack underflow"`,
/// `"unsupported pickle opcode 0x81 (an object of class numpy.core.multiarray._reconstruct)"`) for data that is not
/// one of the plain kinds above.
bool pickle_loads(const std::string& data, V& out, std::string& err);

/// `v` pickled as CPython's protocol `protocol` (2 to 5) writes plain data: the same opcodes, no memo (an object
/// held twice is written twice). False with `err` naming the first value of another kind (an instance, a tensor).
bool pickle_dumps(const V& v, int protocol, std::string& out, std::string& err);

}  // namespace tparse::compiler
