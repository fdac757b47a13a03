#!/usr/bin/env python3
"""Writes src/compiler/torch/tensor_attrs.cpp from the JSON scripts/device/tensor_attrs.py prints on the device
(dir(torch.Tensor) of the torch release tparse models). Usage: gen_tensor_attrs.py STDOUT.json [TORCH_VERSION]"""
import json
import sys

first = open(sys.argv[1]).read().split("\n")[0]
d = json.loads(first)
names = sorted(set(d["tensor"]) | set(d["parameter_extra"]) | set(d["instance_extra"]))
version = sys.argv[2] if len(sys.argv) > 2 else "2.11"
rows = []
line = "   "
for n in names:
    item = f' "{n}",'
    if len(line) + len(item) > 118:
        rows.append(line)
        line = "   "
    line += item
rows.append(line)
body = "\n".join(rows)
out = f"""// torch.Tensor's attribute names in torch {version} (dir(torch.Tensor) on the device: scripts/device/tensor_attrs.py,
// written by scripts/gen_tensor_attrs.py): a name not among them is an AttributeError (tensor_attrs.hpp).
#include "torch/tensor_attrs.hpp"

#include <algorithm>
#include <iterator>
#include <string_view>

namespace tparse::compiler {{

namespace {{
// (sorted: binary search)
constexpr std::string_view kNames[] = {{
{body}
}};
}}  // namespace

bool tensor_has_attr(std::string_view name) {{ return std::binary_search(std::begin(kNames), std::end(kNames), name); }}

size_t tensor_attr_count() {{ return std::size(kNames); }}

}}  // namespace tparse::compiler
"""
open("src/compiler/torch/tensor_attrs.cpp", "w").write(out)
print(len(names), "names")
