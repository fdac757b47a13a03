# torch.utils.data as eager Python of ours (torch 2.11's dataset.py / sampler.py / dataloader.py / _utils/collate.py,
# reduced to what decides shapes): datasets index into samples, samplers give indices (in order: the values a
# shuffle draws do not change a shape), a DataLoader batches them through default_collate (tensors stacked, numbers
# made tensors, tuples / dicts collated field by field), the last batch short unless drop_last. Iteration is lazy.
# Workers, pinning and prefetching change nothing tparse models.
import torch


class Dataset:
    def __getitem__(self, index):
        raise NotImplementedError("Subclasses of Dataset should implement __getitem__.")

    def __add__(self, other):
        return ConcatDataset([self, other])


class IterableDataset(Dataset):
    def __iter__(self):
        raise NotImplementedError("Subclasses of IterableDataset should implement __iter__.")


class TensorDataset(Dataset):
    def __init__(self, *tensors):
        for t in tensors:
            if t.size(0) != tensors[0].size(0):
                raise AssertionError("Size mismatch between tensors")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].size(0)


class Subset(Dataset):
    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx):
        if isinstance(idx, list):
            return self.dataset[[self.indices[i] for i in idx]]
        return self.dataset[self.indices[idx]]

    def __len__(self):
        return len(self.indices)


class ConcatDataset(Dataset):
    def __init__(self, datasets):
        self.datasets = list(datasets)
        self.cumulative_sizes = []
        total = 0
        for d in self.datasets:
            total += len(d)
            self.cumulative_sizes.append(total)

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            idx = len(self) + idx
        start = 0
        for d, end in zip(self.datasets, self.cumulative_sizes):
            if idx < end:
                return d[idx - start]
            start = end
        raise IndexError("index out of range")


def random_split(dataset, lengths, generator=None):
    n = len(dataset)
    if all(0 <= f <= 1 for f in lengths) and abs(sum(lengths) - 1) < 1e-9 and sum(lengths) <= 1:
        sizes = [int(n * f) for f in lengths]
        for i in range(n - sum(sizes)):
            sizes[i % len(sizes)] += 1
        lengths = sizes
    if sum(lengths) != n:
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    out = []
    offset = 0
    for length in lengths:
        out.append(Subset(dataset, list(range(offset, offset + length))))
        offset += length
    return out


class _Indices:
    # indices 0, 1, ... wrapping at n, `count` of them, made one at a time (minGPT samples 1e10 with replacement)
    def __init__(self, n, count):
        self._n = n
        self._count = count
        self._i = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self._i >= self._count or self._n == 0:
            raise StopIteration
        i = self._i % self._n
        self._i += 1
        return i


class _Batches:
    def __init__(self, indices, batch_size, drop_last):
        self._it = iter(indices)
        self._bs = batch_size
        self._drop = drop_last

    def __iter__(self):
        return self

    def __next__(self):
        batch = []
        while len(batch) < self._bs:
            try:
                batch.append(next(self._it))
            except StopIteration:
                break
        if len(batch) == 0 or (self._drop and len(batch) < self._bs):
            raise StopIteration
        return batch


class Sampler:
    def __init__(self, data_source=None):
        pass


class SequentialSampler(Sampler):
    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler):
    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples

    @property
    def num_samples(self):
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self):
        return _Indices(len(self.data_source), self.num_samples)

    def __len__(self):
        return self.num_samples


class SubsetRandomSampler(Sampler):
    def __init__(self, indices, generator=None):
        self.indices = indices

    def __iter__(self):
        return iter(list(self.indices))

    def __len__(self):
        return len(self.indices)


class WeightedRandomSampler(Sampler):
    def __init__(self, weights, num_samples, replacement=True, generator=None):
        self.num_samples = num_samples
        self.n = len(weights)

    def __iter__(self):
        return _Indices(self.n, self.num_samples)

    def __len__(self):
        return self.num_samples


class BatchSampler(Sampler):
    def __init__(self, sampler, batch_size, drop_last):
        self.sampler = sampler
        self.batch_size = batch_size
        self.drop_last = drop_last

    def __iter__(self):
        return _Batches(self.sampler, self.batch_size, self.drop_last)

    def __len__(self):
        if self.drop_last:
            return len(self.sampler) // self.batch_size
        return (len(self.sampler) + self.batch_size - 1) // self.batch_size


def default_collate(batch):
    elem = batch[0]
    if isinstance(elem, torch.Tensor):
        return torch.stack(batch, 0)
    if isinstance(elem, bool):
        return torch.tensor(batch)
    if isinstance(elem, float):
        return torch.tensor(batch, dtype=torch.float64)
    if isinstance(elem, int):
        return torch.tensor(batch)
    if isinstance(elem, str) or elem is None:
        return batch
    if isinstance(elem, dict):
        return {k: default_collate([d[k] for d in batch]) for k in elem}
    if isinstance(elem, tuple) or isinstance(elem, list):
        return [default_collate([b[i] for b in batch]) for i in range(len(elem))]
    if hasattr(elem, "shape") and hasattr(elem, "dtype"):  # a numpy array: as a tensor, stacked
        return torch.stack([torch.as_tensor(b) for b in batch], 0)
    return batch


def default_convert(data):
    return data


class _LoaderIter:
    def __init__(self, loader):
        self._loader = loader
        if loader._iterable:
            self._source = iter(loader.dataset)
            self._batches = None
        else:
            self._batches = iter(loader.batch_sampler if loader.batch_sampler is not None else loader.sampler)
        self._done = False

    def __iter__(self):
        return self

    def __next__(self):
        ld = self._loader
        if ld._iterable:
            if ld.batch_size is None:
                return next(self._source)
            items = []
            while len(items) < ld.batch_size:
                try:
                    items.append(next(self._source))
                except StopIteration:
                    break
            if len(items) == 0 or (ld.drop_last and len(items) < ld.batch_size):
                raise StopIteration
            return ld.collate_fn(items)
        idx = next(self._batches)
        if ld.batch_size is None and ld.batch_sampler is None:
            return ld.collate_fn(ld.dataset[idx]) if ld._custom_collate else ld.dataset[idx]
        return ld.collate_fn([ld.dataset[i] for i in idx])


class DataLoader:
    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                 multiprocessing_context=None, generator=None, *, prefetch_factor=None, persistent_workers=False,
                 pin_memory_device="", in_order=True):
        self.dataset = dataset
        self.num_workers = num_workers
        self.pin_memory = pin_memory
        self._iterable = isinstance(dataset, IterableDataset)
        if batch_sampler is not None:
            batch_size = None
            drop_last = False
        self.batch_size = batch_size
        self.drop_last = drop_last
        if sampler is None and not self._iterable:
            sampler = RandomSampler(dataset) if shuffle else SequentialSampler(dataset)
        self.sampler = sampler
        if batch_sampler is None and batch_size is not None and not self._iterable:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.batch_sampler = batch_sampler
        self._custom_collate = collate_fn is not None
        self.collate_fn = collate_fn if collate_fn is not None else (default_collate if batch_size is not None or batch_sampler is not None else default_convert)

    def __iter__(self):
        return _LoaderIter(self)

    def __len__(self):
        if self.batch_sampler is not None:
            return len(self.batch_sampler)
        return len(self.sampler)


def get_worker_info():
    return None


# torch.utils.data's submodules as attributes of the package (`data.sampler.RandomSampler`, `data.dataloader.DataLoader`):
# every name of them lives in this one module
import __tparse_torch_data__ as _package
sampler = dataset = dataloader = _utils = _package
