"""Packs the tparse wheel from files scripts/wheel.sh staged beside this file: the tparse package
with its prebuilt extension module (_tparse*.so) and the CLI binaries (tparse/bin/). Nothing is
compiled here (CMake built it); setuptools + wheel (Debian's python3-setuptools, python3-wheel)
only write the wheel. Not pure: the tags are the running CPython's (cp311-cp311-linux_x86_64)."""
import os

from setuptools import setup
from setuptools.dist import Distribution


class BinaryDistribution(Distribution):
    def has_ext_modules(self):  # prebuilt extension + binaries: platform wheel, not py3-none-any
        return True


setup(
    name="tparse",
    version=os.environ["TPARSE_VERSION"],
    description="Why torch.compile split, recompiled or failed your model: TORCH_TRACE logs explained",
    long_description="tparse reads the structured TORCH_TRACE logs PyTorch writes and tells why torch.compile "
    "split a model into many graphs, recompiled it or failed, and what to change. This wheel holds the tparse "
    "and tparse-view commands and the tparse Python module (docs/python.md).",
    packages=["tparse"],
    package_data={"tparse": ["_tparse*.so", "bin/*"]},
    include_package_data=False,
    python_requires=">=3.11,<3.12",
    entry_points={"console_scripts": ["tparse=tparse._cli:tparse", "tparse-view=tparse._cli:tparse_view"]},
    distclass=BinaryDistribution,
    zip_safe=False,
)
