"""tparse stub of transformers.utils.output_capturing: capture_outputs wraps forward in a function named
`wrapper` that installs hooks only when output_hidden_states / output_attentions are asked for (never in
the population's runs) and otherwise calls forward; OutputRecorder describes what to record."""
from functools import wraps


class OutputRecorder:
    def __init__(self, target_class, index=0, layer_name=None, class_name=None, capture_initial_hidden_state=True):
        self.target_class = target_class
        self.index = index
        self.layer_name = layer_name
        self.class_name = class_name
        self.capture_initial_hidden_state = capture_initial_hidden_state


def capture_outputs(func=None, *, tie_last_hidden_states=True):
    def wrapped_fn(func):
        @wraps(func)
        def wrapper(self, *args, **kwargs):
            return_dict = kwargs.pop("return_dict", getattr(self.config, "return_dict", True))
            outputs = func(self, *args, **kwargs)
            if return_dict is False and not isinstance(outputs, tuple):  # as the real one: None keeps the output
                outputs = outputs.to_tuple()
            return outputs

        return wrapper

    if func is not None:
        return wrapped_fn(func)
    return wrapped_fn
