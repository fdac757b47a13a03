"""tparse stub of tqdm: a progress bar over an iterable is the iterable (the loop runs over every item, as with the
real tqdm); its methods (update, set_description, set_postfix, close, write) print nothing."""


class tqdm:
    def __init__(self, iterable=None, desc=None, total=None, leave=True, file=None, ncols=None, mininterval=0.1,
                 maxinterval=10.0, miniters=None, ascii=None, disable=False, unit="it", unit_scale=False,
                 dynamic_ncols=False, smoothing=0.3, bar_format=None, initial=0, position=None, postfix=None,
                 unit_divisor=1000, write_bytes=False, lock_args=None, nrows=None, colour=None, delay=0.0, **kwargs):
        self.iterable = iterable
        self.desc = desc or ""
        self.total = total if total is not None else (len(iterable) if hasattr(iterable, "__len__") else None)
        self.n = initial
        self.disable = disable
        self.postfix = postfix

    def __iter__(self):
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
