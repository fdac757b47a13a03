# torch classes tparse models in Python: torch.Generator (a seedable source of random numbers; tparse draws no
# numbers, so it keeps the seed and the device, as the methods model code calls return them).


class Generator:
    def __init__(self, device="cpu"):
        self.device = device
        self._seed = 67280421310721

    def manual_seed(self, seed):
        self._seed = int(seed)
        return self

    def seed(self):
        return self._seed

    def initial_seed(self):
        return self._seed

    def get_state(self):
        raise NotImplementedError("torch.Generator.get_state: random state is not modelled by tparse")

    def set_state(self, state):
        return self
