// The modules of the packages tparse models without reading their source (torch, torchvision, torchaudio, numpy,
// einops), as installed beside torch 2.11 (stubs/__tparse_installed_modules__.txt, made on the device by
// scripts/device/installed_modules.py). Python raises ModuleNotFoundError for a submodule that a package of theirs
// lacks (`torch._six`, gone since torch 2.0; numpy 2's `numpy.lib.arraypad`); tparse answers the same from this list
// instead of taking every submodule of a modelled package as present.
#pragma once

#include <string>

namespace tparse::compiler {

/// Whether `dotted` is a module the modelled install lacks: its parent is a package of the list and it is not
/// listed (a parent that is no package, or not listed, says nothing: false). `versions` gets the list's header
/// (`torch=2.11.0+cu130 ... numpy=2.5.2 ...`) when true.
bool absent_from_installed(const std::string& dotted, std::string* versions = nullptr);

/// Whether `top` is a top-level module of Python 3.12's standard library (sys.stdlib_module_names, the public names):
/// installed wherever Python is, so never "not installed" when tparse has no model of it (an opaque module instead).
bool stdlib_module(const std::string& top);

/// For a standard-library package whose `__init__` defines no names (urllib): whether `name` is one of its submodules.
/// `from urllib import urlretrieve` (Python 2's spelling) is Python 3's ImportError; false for any other package.
bool stdlib_package_lacks(const std::string& package, const std::string& name);

}  // namespace tparse::compiler
