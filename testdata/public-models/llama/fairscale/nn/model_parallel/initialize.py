# Shim of fairscale.nn.model_parallel.initialize at model-parallel size 1 (our code; fairscale is not installed).
def get_model_parallel_world_size():
    return 1


def get_model_parallel_rank():
    return 0


def initialize_model_parallel(model_parallel_size=1, *args, **kwargs):  # Llama 3's generation.py imports it
    return None


def model_parallel_is_initialized():
    return True
