"""tparse stub of warnings: warnings.warn is a C builtin Dynamo cannot trace (GB0007 when traced). A warning shown
eagerly runs CPython's warnings.py in Python (WarningMessage.__init__, _showwarnmsg, _showwarnmsg_impl, _formatwarnmsg,
_formatwarnmsg_impl): under Dynamo's callback each is a frame handed to Dynamo once and skipped (real torch 2.11:
HAN's F.softmax without dim in a skipped frame). The default filters and the program's 'ignore' filters decide
whether it is shown, once per message and category as the registry keeps it."""

_FILE = "/usr/lib/python3.12/warnings.py"
_SHOW_FRAMES = (("__init__", 419), ("_showwarnmsg", 97), ("_showwarnmsg_impl", 20), ("_formatwarnmsg", 118),
                ("_formatwarnmsg_impl", 35))
# categories the default filters ignore (DeprecationWarning is shown only for code of __main__)
_DEFAULT_IGNORED = ("DeprecationWarning", "PendingDeprecationWarning", "ImportWarning", "ResourceWarning")
_filters = []  # (action, message prefix, category name) the program added, newest first
_shown = set()


def _category_name(category):
    return getattr(category, "__name__", None) or "UserWarning"


def _action(text, name, module):
    for action, msg, cat in _filters:
        if (cat == "Warning" or cat == name) and text.startswith(msg):
            return action
    if name == "DeprecationWarning" and module == "__main__":
        return "default"
    return "ignore" if name in _DEFAULT_IGNORED else "default"


def _show(message, category=None, module=None):
    """The warning reached the filters eagerly: shown unless ignored or already shown (the registry). `module`: the
    __name__ of the code it is attributed to (stacklevel), which the default DeprecationWarning filter reads."""
    if isinstance(message, BaseException):
        category = type(message)
    _show_named(str(message), _category_name(category), module)


def _show_named(text, name, module):
    """_show of a warning whose category is given by name (the interpreter's own warnings: torch.autograd.Function's
    DeprecationWarning when one is instantiated)"""
    action = _action(text, name, module)
    if action == "ignore":
        return
    if action != "always":
        if (text, name) in _shown:
            return
        _shown.add((text, name))
    for fn, line in _SHOW_FRAMES:
        __tparse_stdlib_frame__(fn, _FILE, line)


def warn(message, category=None, stacklevel=1, source=None):
    __tparse_skipped_builtin__("warnings.warn")
    module = None
    at = __tparse_frame__(stacklevel)  # (the activation stacklevel levels above warn's own)
    if at is not None:
        module = __tparse_frame_info__(at)[4].get("__name__")
    _show(message, category, module)


def filterwarnings(action, message="", category=None, module="", lineno=0, append=False):
    entry = (action, message, _category_name(category) if category is not None else "Warning")
    if append:
        _filters.append(entry)
    else:
        _filters.insert(0, entry)


def simplefilter(action, category=None, lineno=0, append=False):
    filterwarnings(action, "", category, "", lineno, append)
