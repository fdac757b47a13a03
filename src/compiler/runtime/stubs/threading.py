"""tparse stub of threading: one thread runs a script here. local() is a plain attribute bag; locks and events do
nothing but answer as an uncontended one would; Thread runs its target when started."""


class local:
    __tparse_c_class__ = "<class '_thread._local'>"  # C code: Dynamo cannot construct it in a frame (GB0147)


class Lock:
    __tparse_unsupported_cm__ = "lock"  # C code: Dynamo cannot enter it in a frame (GB0142)

    def acquire(self, blocking=True, timeout=-1):
        return True

    def release(self):
        return None

    def locked(self):
        return False

    def __enter__(self):
        return True

    def __exit__(self, *exc):
        return False


class _CRLock(Lock):  # (C code: no Python frame of its own)
    pass


def RLock(*args, **kwargs):  # threading.RLock is a Python function returning the C lock (a frame of its own)
    return _CRLock()


class Event:
    def __init__(self):
        self._flag = False

    def set(self):
        self._flag = True

    def clear(self):
        self._flag = False

    def is_set(self):
        return self._flag

    def wait(self, timeout=None):
        return self._flag


class Condition(Lock):
    __tparse_unsupported_cm__ = "Condition"

    def wait(self, timeout=None):
        return True

    def notify(self, n=1):
        return None

    def notify_all(self):
        return None


class Semaphore(Lock):
    __tparse_unsupported_cm__ = "Semaphore"

    def __init__(self, value=1):
        self._value = value


BoundedSemaphore = Semaphore


class Thread:
    def __init__(self, group=None, target=None, name=None, args=(), kwargs=None, daemon=None):
        self._target = target
        self._args = args
        self._kwargs = kwargs or {}
        self.name = name or "Thread-1"
        self.daemon = daemon

    def start(self):
        if self._target is not None:
            self._target(*self._args, **self._kwargs)

    def run(self):
        self.start()

    def join(self, timeout=None):
        return None

    def is_alive(self):
        return False


class _MainThread:
    name = "MainThread"
    ident = 1
    daemon = False


_main = _MainThread()


def current_thread():
    return _main


def main_thread():
    return _main


def get_ident():
    return 1


def active_count():
    return 1
