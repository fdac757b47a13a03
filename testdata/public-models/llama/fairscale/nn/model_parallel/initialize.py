# Shim of fairscale.nn.model_parallel.initialize at model-parallel size 1 (our code; fairscale is not installed).
def get_model_parallel_world_size():
    return 1


def get_model_parallel_rank():
    return 0
