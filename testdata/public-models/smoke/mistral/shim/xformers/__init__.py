# Shim of xformers (our code; xformers is not installed on the device): see ops/fmha.
