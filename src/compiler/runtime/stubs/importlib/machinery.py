"""tparse stub of importlib.machinery, as model code uses it: finding a C extension's file beside a package
(torchvision's _get_extension_path). tparse runs no C code: an extension is found only where tparse gives its ops
shapes through the package's own fake registrations (torchvision's _C: nms, roi_align, ... by
torchvision/_meta_registrations.py; torch/custom_ops.cpp). Any other is not found: find_spec answers None, as
Python does for a missing file, and the run is noted approximate (the package goes on without its compiled ops, as
it would where the extension is absent)."""

EXTENSION_SUFFIXES = [".cpython-312-x86_64-linux-gnu.so", ".abi3.so", ".so"]
SOURCE_SUFFIXES = [".py"]
BYTECODE_SUFFIXES = [".pyc"]


class ModuleSpec:
    def __init__(self, name, loader, *, origin=None, is_package=None):
        self.name = name
        self.loader = loader
        self.origin = origin
        self.submodule_search_locations = [] if is_package else None


class ExtensionFileLoader:
    def __init__(self, name, path):
        self.name = name
        self.path = path


class SourceFileLoader:
    def __init__(self, fullname, path):
        self.name = fullname
        self.path = path


class FileFinder:
    def __init__(self, path, *loader_details):
        self.path = path
        self._loaders = [(suffix, loader) for loader, suffixes in loader_details for suffix in suffixes]

    def find_spec(self, fullname, target=None):
        for suffix, loader in self._loaders:
            if loader is ExtensionFileLoader and __tparse_extension_known__(self.path, fullname):
                origin = self.path + "/" + fullname.rpartition(".")[2] + suffix
                return ModuleSpec(fullname, loader(fullname, origin), origin=origin)
        if any(loader is ExtensionFileLoader for _, loader in self._loaders):
            __tparse_unmodelled__(f"C extension '{fullname}' in {self.path} (not loaded: taken as absent)")
        return None
