"""Console entry points of the wheel: ``tparse`` and ``tparse-view`` run the binaries bundled in
the package (tparse/bin/), the same executables the .deb installs; ``python -m tparse`` too."""
import os
import sys

_BIN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin")


def _exec(name):
    path = os.path.join(_BIN, name)
    if not os.access(path, os.X_OK):
        sys.stderr.write(f"tparse: {name} is not part of this installation ({path})\n")
        return 2
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(path, [name] + sys.argv[1:])


def tparse():
    return _exec("tparse")


def tparse_view():
    return _exec("tparse-view")
