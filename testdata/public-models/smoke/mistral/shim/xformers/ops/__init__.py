# Shim of xformers.ops (our code): see fmha.
