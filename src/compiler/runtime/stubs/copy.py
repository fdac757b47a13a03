"""tparse stub of copy: model files copy configs and lists at construction time (eager code)."""


def copy(x):
    return x


def deepcopy(x, memo=None):
    return x
