"""tparse stub of transformers.utils.output_capturing, by the real module's rules. capture_outputs wraps forward in a
function named `wrapper`; when output_<key> is asked for (a keyword, or the config) for a key of the class's
_can_record_outputs, it installs forward hooks once on the matching submodules (by class, by class-name suffix,
by layer name; a sub-PreTrainedModel uses its own table) and collects what they see into the output's fields
(hidden_states start with the first layer's input; the last one is tied to last_hidden_state). The collector is
one global, as the real CompileableContextVar under torch.compile."""
__tparse_fallback__ = True  # the real output_capturing.py wins where a source root has it
from functools import wraps

_CAN_RECORD_REGISTRY = {}


class OutputRecorder:
    def __init__(self, target_class, index=0, layer_name=None, class_name=None, capture_initial_hidden_state=True):
        self.target_class = target_class
        self.index = index
        self.layer_name = layer_name
        self.class_name = class_name
        self.capture_initial_hidden_state = capture_initial_hidden_state


class _Collector:
    value = None


_active_collector = _Collector()


def install_output_capuring_hook(module, key, index, capture_initial_hidden_state=True):
    def output_capturing_hook(module, args, output):
        collected_outputs = _active_collector.value
        if collected_outputs is None or key not in collected_outputs.keys():
            return
        hidden_states_layers = collected_outputs.get("_hidden_states_layers")
        if capture_initial_hidden_state and key == "hidden_states" and len(collected_outputs[key]) == 0 \
                and hidden_states_layers is None:
            collected_outputs[key].append(args[0])
        if key == "hidden_states" and hidden_states_layers is not None:
            current_layer_idx = len(collected_outputs[key])
            if current_layer_idx not in hidden_states_layers:
                collected_outputs[key].append(None)
                return
        if not isinstance(output, tuple):
            collected_outputs[key].append(output)
        elif output[index] is not None:
            collected_outputs[key].append(output[index])

    module.register_forward_hook(output_capturing_hook)


def recursively_install_hooks(parent_module, module_name, capture_tasks):
    from transformers.modeling_utils import PreTrainedModel

    for name, module in parent_module.named_children():
        if not isinstance(module, PreTrainedModel):
            recursively_install_hooks(module, f"{module_name}.{name}", capture_tasks)
        else:
            install_all_output_capturing_hooks(module, prefix=f"{module_name}.{name}")
    for key, specs in capture_tasks:
        match_target_class = specs.target_class is not None and isinstance(parent_module, specs.target_class)
        match_class_name = specs.class_name is not None and module_name.endswith(specs.class_name)
        if match_target_class or match_class_name:
            if specs.layer_name is not None:
                target_layer_name = "." + specs.layer_name.strip(".") + "."
                if target_layer_name not in module_name + ".":
                    continue
            install_output_capuring_hook(parent_module, key, specs.index, specs.capture_initial_hidden_state)


def install_all_output_capturing_hooks(model, prefix=None):
    capture_flags = _CAN_RECORD_REGISTRY.get(str(model.__class__)) or {}
    capture_tasks = []
    for key, layer_specs in capture_flags.items():
        if not isinstance(layer_specs, list):
            layer_specs = [layer_specs]
        for specs in layer_specs:
            if not isinstance(specs, OutputRecorder):
                index = 0 if "hidden_states" in key else 1
                class_name = None if not isinstance(specs, str) else specs
                target_class = specs if not isinstance(specs, str) else None
                specs = OutputRecorder(target_class=target_class, index=index, class_name=class_name)
            capture_tasks.append((key, specs))
    recursively_install_hooks(model, prefix if prefix is not None else "", capture_tasks)
    setattr(model, "_output_capturing_hooks_installed", True)


def maybe_install_capturing_hooks(model):
    if getattr(model, "_output_capturing_hooks_installed", False):
        return
    install_all_output_capturing_hooks(model)


def capture_outputs(func=None, *, tie_last_hidden_states=True):
    def wrapped_fn(func):
        @wraps(func)
        def wrapper(self, *args, **kwargs):
            return_dict = kwargs.pop("return_dict", getattr(self.config, "return_dict", True))
            capturable_flags = _CAN_RECORD_REGISTRY.get(str(self.__class__)) or {}
            recordable_keys = {
                f"output_{k}": kwargs.get(f"output_{k}", getattr(self.config, f"output_{k}", False))
                for k in capturable_flags
            }
            if "cross_attentions" in capturable_flags:
                recordable_keys["output_cross_attentions"] = kwargs.get(
                    "output_attentions", getattr(self.config, "output_attentions", False))
            if "mask_decoder_attentions" in capturable_flags:
                recordable_keys["output_mask_decoder_attentions"] = kwargs.get(
                    "output_attentions", getattr(self.config, "output_attentions", False))
            collected_outputs = {k.replace("output_", ""): [] for k, v in recordable_keys.items() if v}
            if "output_hidden_states" in recordable_keys and isinstance(recordable_keys["output_hidden_states"],
                                                                        (list, tuple, set)):
                collected_outputs["_hidden_states_layers"] = set(recordable_keys["output_hidden_states"])
            if len(collected_outputs) > 0:
                maybe_install_capturing_hooks(self)
            _active_collector.value = collected_outputs
            try:
                outputs = func(self, *args, **kwargs)
            finally:
                _active_collector.value = None
            hidden_states_layers = collected_outputs.pop("_hidden_states_layers", None)
            for key in collected_outputs:
                if key == "hidden_states":
                    if not tie_last_hidden_states or (
                            hidden_states_layers is not None and collected_outputs[key][-1] is None):
                        pass
                    elif hasattr(outputs, "vision_hidden_states"):
                        collected_outputs[key] = collected_outputs[key][:-1]
                        collected_outputs[key].append(outputs.vision_hidden_states)
                    elif hasattr(outputs, "last_hidden_state"):
                        collected_outputs[key] = collected_outputs[key][:-1]
                        collected_outputs[key].append(outputs.last_hidden_state)
                outputs[key] = tuple(collected_outputs[key])
            if return_dict is False:
                outputs = outputs.to_tuple()
            return outputs

        return wrapper

    if func is not None:
        return wrapped_fn(func)
    return wrapped_fn
