"""tparse stub of scipy: the parts model code calls at construction (scipy.linalg's decompositions, Glow's LU 1x1
convolution; scipy.stats' betabinom / binom / norm; scipy.spatial.distance; scipy.sparse's matrices); any other
submodule or name is an opaque value, noted where it is used. As scipy >= 1.9, `import scipy` then `scipy.sparse`
loads the submodule on first use."""
__version__ = '1.14.1'

_SUBMODULES = ('cluster', 'constants', 'datasets', 'fft', 'fftpack', 'integrate', 'interpolate', 'io', 'linalg',
               'misc', 'ndimage', 'odr', 'optimize', 'signal', 'sparse', 'spatial', 'special', 'stats')


def __getattr__(name):  # (a submodule without a stub of ours: the import's opaque module, noted where it is used)
    if name in _SUBMODULES:
        import importlib
        return importlib.import_module('scipy.' + name)
    raise AttributeError("module 'scipy' has no attribute '" + name + "'")
