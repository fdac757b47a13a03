"""tparse stub of transformers.utils.deprecation: deprecate_kwarg renames or drops a deprecated keyword
argument in a wrapper around the function (real: the same, plus a warning outside compiled frames)."""
from functools import wraps


def deprecate_kwarg(old_name, version, new_name=None, **options):
    def decorator(func):
        @wraps(func)
        def wrapped_func(*args, **kwargs):
            if old_name in kwargs:
                value = kwargs.pop(old_name)
                if new_name is not None and new_name not in kwargs:
                    kwargs[new_name] = value
            return func(*args, **kwargs)
        return wrapped_func
    return decorator
