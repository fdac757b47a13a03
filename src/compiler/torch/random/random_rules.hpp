// Where a run draws from torch's CPU generator (random_rules.cpp): eager random factories and in-place samplers get
// their values from it (cpu_generator.hpp); nn.init and the built-in layers' reset_parameters take their draws; a
// draw tparse cannot count (a random op inside a compiled frame, a sampler not modelled, a generator's state set)
// makes the generator unknown, and random data is then known only by its range, as before.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "runtime/values/value.hpp"

namespace tparse::compiler {
class Interp;
struct OpCall;
}  // namespace tparse::compiler

namespace tparse::compiler::rng {

/// After a torch op: torch.manual_seed seeds the generator; a random op draws (values attached to its result: true)
/// or makes the generator unknown; false for every other op and when no values were attached.
bool after_op(OpCall& c, const V& res);
/// A built-in layer was constructed (`own_reset`: a subclass overrides reset_parameters, whose own calls draw): its
/// initialisers' draws (uniform for Linear / Conv / RNNs, normal for Embedding), none for the norms; unknown for
/// any other layer with parameters
void module_built(Interp& I, const std::string& cls, const V& inst, bool own_reset);
/// An eager torch.nn.init.<fn>(tensor, ...): its draws (uniform_, normal_, kaiming_*, xavier_*, trunc_normal_,
/// orthogonal_), none for the constant ones; unknown for the rest. The plain fills' values are attached to the tensor
/// (uniform_ / normal_ / kaiming_* / xavier_*, bounds as torch/nn/init.py computes them; call after values::mutated)
void init_call(Interp& I, const std::string& fn, const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs = {});
/// A draw tparse does not count: the generator's state is unknown from here on
void lose(Interp& I);

}  // namespace tparse::compiler::rng
