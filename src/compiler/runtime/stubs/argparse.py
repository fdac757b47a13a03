# argparse as model scripts use it (pytorch/examples' module-level parsers): ArgumentParser.add_argument for
# options and positionals (type, default, action store / store_true / store_false / store_const / count / append,
# nargs, choices, dest, required; an Action subclass called with the values), groups, set_defaults, parse_args /
# parse_known_args of a list or sys.argv[1:],
# a Namespace of the results. Written by us for tparse; help text is accepted and not printed.
import sys

SUPPRESS = "==SUPPRESS=="
OPTIONAL = "?"
ZERO_OR_MORE = "*"
ONE_OR_MORE = "+"
REMAINDER = "..."


class ArgumentError(Exception):
    pass


class ArgumentTypeError(Exception):
    pass


class Namespace:
    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __contains__(self, key):
        return key in self.__dict__

    def __eq__(self, other):
        return isinstance(other, Namespace) and vars(self) == vars(other)

    def __repr__(self):
        return "Namespace(" + ", ".join(k + "=" + repr(v) for k, v in self.__dict__.items()) + ")"


class HelpFormatter:
    def __init__(self, prog=None, *args, **kwargs):
        self.prog = prog


class RawDescriptionHelpFormatter(HelpFormatter):
    pass


class RawTextHelpFormatter(HelpFormatter):
    pass


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    pass


class _Action:
    def __init__(self, strings, dest, action, nargs, const, default, type, choices, required):
        self.option_strings = strings
        self.dest = dest
        self.action = action
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required


class Action(_Action):
    """A user action (`class ParseKwargs(argparse.Action)`): parse_args calls it with the option's values."""

    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None, choices=None,
                 required=False, help=None, metavar=None):
        _Action.__init__(self, option_strings, dest, "custom", nargs, const, default, type, choices, required)
        self.help = help
        self.metavar = metavar

    def __call__(self, parser, namespace, values, option_string=None):
        raise NotImplementedError(".__call__() not defined")


class _Group:
    def __init__(self, parser):
        self._parser = parser

    def add_argument(self, *names, **kwargs):
        return self._parser.add_argument(*names, **kwargs)

    def add_argument_group(self, *args, **kwargs):
        return _Group(self._parser)

    def add_mutually_exclusive_group(self, **kwargs):
        return _Group(self._parser)


class ArgumentParser:
    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=(), formatter_class=None,
                 prefix_chars="-", fromfile_prefix_chars=None, argument_default=None, conflict_handler="error",
                 add_help=True, allow_abbrev=True, exit_on_error=True):
        self.prog = prog
        self.description = description
        self._actions = []
        self._defaults = {}
        for p in parents:
            self._actions.extend(p._actions)
            self._defaults.update(p._defaults)

    def add_argument(self, *names, action="store", nargs=None, const=None, default=None, type=None, choices=None,
                     required=None, help=None, metavar=None, dest=None, **kwargs):
        strings = [n for n in names if n.startswith("-")]
        if dest is None:
            if strings:
                longs = [s for s in strings if s.startswith("--")]
                dest = (longs[0] if longs else strings[0]).lstrip("-").replace("-", "_")
            else:
                dest = names[0]
        if action == "store_true":
            default = False if default is None else default
            const = True
        elif action == "store_false":
            default = True if default is None else default
            const = False
        if required is None:
            required = not strings and nargs not in ("?", "*")
        if isinstance(action, str):
            a = _Action(strings, dest, action, nargs, const, default, type, choices, required)
        else:  # an Action subclass: built with the option's settings, called when the option is parsed
            a = action(option_strings=strings, dest=dest, nargs=nargs, const=const, default=default, type=type,
                       choices=choices, required=required, help=help, metavar=metavar)
            a.action = "custom"
        self._actions.append(a)
        return a

    def _store(self, ns, a, value, option_string):
        if a.action == "custom":
            a(self, ns, value, option_string)
        else:
            setattr(ns, a.dest, value)

    def add_argument_group(self, *args, **kwargs):
        return _Group(self)

    def add_mutually_exclusive_group(self, **kwargs):
        return _Group(self)

    def add_subparsers(self, **kwargs):
        raise NotImplementedError("argparse subparsers are not modelled by tparse")

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)

    def get_default(self, dest):
        for a in self._actions:
            if a.dest == dest:
                return a.default
        return self._defaults.get(dest)

    def print_help(self, file=None):
        pass

    def print_usage(self, file=None):
        pass

    def format_help(self):
        return ""

    def error(self, message):
        raise SystemExit(2)

    def _convert(self, a, s):
        if a.type is None:
            v = s
        else:
            v = a.type(s)
        if a.choices is not None and v not in a.choices:
            self.error("invalid choice: " + repr(v))
        return v

    def parse_known_args(self, args=None, namespace=None):
        if args is None:
            args = sys.argv[1:]
        args = list(args)
        ns = namespace if namespace is not None else Namespace()
        for a in self._actions:
            if a.dest != SUPPRESS and not hasattr(ns, a.dest):
                d = a.default
                if isinstance(d, str) and a.type is not None and a.action == "store":
                    d = a.type(d)
                setattr(ns, a.dest, d)
        for k, v in self._defaults.items():
            if not hasattr(ns, k):
                setattr(ns, k, v)
        positionals = [a for a in self._actions if not a.option_strings]
        extras = []
        seen = set()
        i = 0
        while i < len(args):
            s = args[i]
            i += 1
            if s.startswith("-") and len(s) > 1 and not s.lstrip("-").replace(".", "").isdigit():
                value = None
                if "=" in s:
                    s, value = s.split("=", 1)
                found = None
                for a in self._actions:
                    if s in a.option_strings:
                        found = a
                if found is None:
                    extras.append(s if value is None else s + "=" + value)
                    continue
                a = found
                seen.add(a.dest)
                if a.action in ("store_true", "store_false", "store_const"):
                    setattr(ns, a.dest, a.const)
                elif a.action == "count":
                    setattr(ns, a.dest, (getattr(ns, a.dest) or 0) + 1)
                elif a.nargs in ("*", "+") or isinstance(a.nargs, int):
                    vals = []
                    if value is not None:
                        vals.append(value)
                    while i < len(args) and not args[i].startswith("-"):
                        if isinstance(a.nargs, int) and len(vals) >= a.nargs:
                            break
                        vals.append(args[i])
                        i += 1
                    self._store(ns, a, [self._convert(a, v) for v in vals], s)
                elif a.nargs == "?":
                    if value is None and i < len(args) and not args[i].startswith("-"):
                        value = args[i]
                        i += 1
                    self._store(ns, a, a.const if value is None else self._convert(a, value), s)
                else:
                    if value is None:
                        if i >= len(args):
                            self.error("argument " + s + ": expected one argument")
                        value = args[i]
                        i += 1
                    v = self._convert(a, value)
                    if a.action == "append":
                        old = getattr(ns, a.dest)
                        setattr(ns, a.dest, (list(old) if old else []) + [v])
                    else:
                        self._store(ns, a, v, s)
            else:
                if positionals:
                    a = positionals.pop(0)
                    seen.add(a.dest)
                    if a.nargs in ("*", "+"):
                        vals = [s]
                        while i < len(args) and not args[i].startswith("-"):
                            vals.append(args[i])
                            i += 1
                        setattr(ns, a.dest, [self._convert(a, v) for v in vals])
                    else:
                        setattr(ns, a.dest, self._convert(a, s))
                else:
                    extras.append(s)
        for a in self._actions:
            if a.required and a.dest not in seen:
                self.error("the following arguments are required: " + a.dest)
        return ns, extras

    def parse_args(self, args=None, namespace=None):
        ns, extras = self.parse_known_args(args, namespace)
        if extras:
            self.error("unrecognized arguments: " + " ".join(extras))
        return ns
