# Run on the device (torch 2.11), output to src/compiler/runtime/stubs/__tparse_installed_modules__.txt.
# Lists every module of the packages tparse models without reading their source (torch, torchvision, torchaudio,
# numpy, einops): each .py file, package folder and compiled extension under the installed package, plus the
# entries of sys.modules after importing them (modules made at import time). Packages end with '/'.
import importlib, os, sys, importlib.machinery as m
tops = ["torch", "torchvision", "torchaudio", "numpy", "einops"]
names = {}
ext = tuple(m.EXTENSION_SUFFIXES) + (".py",)
vers = {}
for top in tops:
    try:
        mod = importlib.import_module(top)
    except Exception as e:
        print("skip", top, e, file=sys.stderr); continue
    vers[top] = getattr(mod, "__version__", "?")
    root = os.path.dirname(mod.__file__)
    for d, dirs, files in os.walk(root):
        rel = os.path.relpath(d, os.path.dirname(root)).replace(os.sep, ".")
        names.setdefault(rel, True)  # a folder is a package (without __init__.py: a namespace package)
        for f in files:
            for s in ext:
                if f.endswith(s):
                    n = f[: -len(s)]
                    if n == "__init__": break
                    names.setdefault(rel + "." + n, False)
                    break
        dirs[:] = [x for x in dirs if x != "__pycache__" and x.isidentifier()]
for k, v in list(sys.modules.items()):
    if k.split(".")[0] in tops and v is not None:
        names.setdefault(k, hasattr(v, "__path__"))
print("# " + " ".join(f"{t}={v}" for t, v in vers.items()))
for k in sorted(names):
    print(k + ("/" if names[k] else ""))
