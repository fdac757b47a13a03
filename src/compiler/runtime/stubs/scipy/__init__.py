"""tparse stub of scipy: the parts model code calls at construction (scipy.linalg's decompositions, Glow's LU 1x1
convolution; scipy.stats' betabinom / binom / norm); any other submodule or name is an opaque value, noted where it is used."""
__version__ = '1.14.1'
