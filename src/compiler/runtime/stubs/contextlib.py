"""tparse stub of contextlib. @contextmanager runs the decorated generator's code before its `yield` at
__enter__ and the rest at __exit__, in one scope (the interpreter splits the function at its one yield:
__tparse_cm_split__); a generator of another shape runs whole at __enter__, and the run lists that. Dynamo 2.11
traces such context managers inside compiled frames, as it traces the other Python context managers here."""
from functools import wraps


class AbstractContextManager:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return None


class ContextDecorator:
    def _recreate_cm(self):
        return self

    def __call__(self, func):
        @wraps(func)
        def inner(*args, **kwds):
            with self._recreate_cm():
                return func(*args, **kwds)
        return inner


class _GeneratorContextManager(ContextDecorator, AbstractContextManager):
    def __init__(self, func, args, kwds):
        self.func = func
        self.args = args
        self.kwds = kwds
        self._exit = None

    def _recreate_cm(self):
        return self.__class__(self.func, self.args, self.kwds)

    def __enter__(self):
        split = __tparse_cm_split__(self.func)
        if split is None:
            __tparse_unmodelled__("contextlib.contextmanager: a generator of this shape ran whole at __enter__")
            for value in self.func(*self.args, **self.kwds):
                return value
            raise RuntimeError("generator didn't yield")
        value, self._exit = split(*self.args, **self.kwds)
        return value

    def __exit__(self, typ, value, traceback):
        if self._exit is not None:
            done = self._exit
            self._exit = None
            done()
        return False


def contextmanager(func):
    @wraps(func)
    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)
    return helper


class nullcontext(AbstractContextManager):
    __tparse_reconstructed_as_nullcontext__ = True  # (Dynamo rebuilds it as contextlib.nullcontext at a break)
    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        return None


class suppress(AbstractContextManager):
    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        return None

    def __exit__(self, exctype, excinst, exctb):
        return exctype is not None and issubclass(exctype, self._exceptions)


class closing(AbstractContextManager):
    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class redirect_stdout(AbstractContextManager):
    def __init__(self, new_target):
        self._new_target = new_target

    def __enter__(self):
        return self._new_target

    def __exit__(self, exctype, excinst, exctb):
        return None


redirect_stderr = redirect_stdout


class ExitStack(AbstractContextManager):
    def __init__(self):
        self._exits = []

    def enter_context(self, cm):
        result = cm.__enter__()
        self._exits.append(cm)
        return result

    def callback(self, callback, *args, **kwds):
        self._exits.append(_Callback(callback, args, kwds))
        return callback

    def push(self, exit):
        self._exits.append(exit)
        return exit

    def close(self):
        self.__exit__(None, None, None)

    def __exit__(self, *exc_details):
        while self._exits:
            cm = self._exits.pop()
            cm.__exit__(None, None, None)
        return False


class _Callback:
    def __init__(self, fn, args, kwds):
        self.fn = fn
        self.args = args
        self.kwds = kwds

    def __exit__(self, *exc):
        self.fn(*self.args, **self.kwds)
