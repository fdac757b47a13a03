"""tparse stub of copy: model files copy configs and lists at construction time (eager code). Lists, dicts and
tuples are copied as CPython copies them (deepcopy through a memo of ids, so shared and cyclic parts stay
shared); other objects (instances, modules, tensors, functions) are given back as they are."""


def copy(x):
    if type(x) is list:
        return list(x)
    if type(x) is dict:
        return dict(x)
    return x


def deepcopy(x, memo=None):
    if memo is None:
        memo = {}
    key = id(x)
    if key in memo:
        return memo[key]
    if type(x) is list:
        y = []
        memo[key] = y
        for a in x:
            y.append(deepcopy(a, memo))
        return y
    if type(x) is dict:
        y = {}
        memo[key] = y
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
        return y
    if type(x) is tuple:
        y = tuple([deepcopy(a, memo) for a in x])
        memo[key] = y
        return y
    return x
