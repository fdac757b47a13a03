"""tparse stub of tqdm: a progress bar over an iterable is the iterable (the loop runs over every item, as with the
real tqdm); its methods (update, set_description, set_postfix, close, write) print nothing. tqdm is in Dynamo's
SKIP_DIRS (a third-party package): in a compiled frame making one is a call of a skipped function (`tqdm.__new__`,
GB0007, the graph breaks there) and iterating one inlines its skipped `__iter__`, which no graph can resume from: the
frame (a resume function by then) runs eagerly, its callees compiled as frames of their own (real torch 2.11)."""

_STD = "/opt/torch/.venv/lib/python3.12/site-packages/tqdm/std.py"


class tqdm:
    def __init__(self, iterable=None, desc=None, total=None, leave=True, file=None, ncols=None, mininterval=0.1,
                 maxinterval=10.0, miniters=None, ascii=None, disable=False, unit="it", unit_scale=False,
                 dynamic_ncols=False, smoothing=0.3, bar_format=None, initial=0, position=None, postfix=None,
                 unit_divisor=1000, write_bytes=False, lock_args=None, nrows=None, colour=None, delay=0.0, **kwargs):
        __tparse_skipped_file_fn__("tqdm.std", "tqdm.__new__", _STD)
        self.iterable = iterable
        self.desc = desc or ""
        self.total = total if total is not None else (len(iterable) if hasattr(iterable, "__len__") else None)
        self.n = initial
        self.disable = disable
        self.postfix = postfix

    def __iter__(self):
        __tparse_skipped_inline_file__("tqdm.__iter__", "__iter__", _STD)
        for x in self.iterable:
            self.n += 1
            yield x

    def __len__(self):
        return self.total if self.total is not None else len(self.iterable)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def update(self, n=1):
        self.n += n
        return True

    def set_description(self, desc=None, refresh=True):
        self.desc = desc or ""

    def set_description_str(self, desc=None, refresh=True):
        self.desc = desc or ""

    def set_postfix(self, ordered_dict=None, refresh=True, **kwargs):
        self.postfix = kwargs

    def set_postfix_str(self, s="", refresh=True):
        self.postfix = s

    def refresh(self, *args, **kwargs):
        return None

    def reset(self, total=None):
        self.n = 0
        if total is not None:
            self.total = total

    def clear(self, *args, **kwargs):
        return None

    def close(self):
        return None

    def display(self, *args, **kwargs):
        return None

    @staticmethod
    def write(s, file=None, end="\n", nolock=False):
        return None


def trange(*args, **kwargs):
    return tqdm(range(*args), **kwargs)
