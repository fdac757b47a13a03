"""tparse stub of heapq: a binary min-heap on a list (heap[k] <= heap[2k+1] and heap[2k+2], compared with `<` as
CPython's _heapq does), so a beam search's TopN keeps the items Python keeps. CPython's functions are C (_heapq): no
frames of their own; inside a compiled frame they are inlined as Dynamo's heapq polyfills are."""


def _up(heap, start, pos):  # move heap[pos] up towards start while it is smaller than its parent
    item = heap[pos]
    while pos > start:
        parent = (pos - 1) >> 1
        if item < heap[parent]:
            heap[pos] = heap[parent]
            pos = parent
            continue
        break
    heap[pos] = item


def _down(heap, pos):  # CPython's sift: the smaller child up to the leaf, then the item back up
    end = len(heap)
    start = pos
    item = heap[pos]
    child = 2 * pos + 1
    while child < end:
        right = child + 1
        if right < end and not heap[child] < heap[right]:
            child = right
        heap[pos] = heap[child]
        pos = child
        child = 2 * pos + 1
    heap[pos] = item
    _up(heap, start, pos)


def heappush(heap, item):
    heap.append(item)
    _up(heap, 0, len(heap) - 1)


def heappop(heap):
    last = heap.pop()
    if heap:
        top = heap[0]
        heap[0] = last
        _down(heap, 0)
        return top
    return last


def heapreplace(heap, item):
    top = heap[0]
    heap[0] = item
    _down(heap, 0)
    return top


def heappushpop(heap, item):
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _down(heap, 0)
    return item


def heapify(x):
    for i in reversed(range(len(x) // 2)):
        _down(x, i)


def nsmallest(n, iterable, key=None):
    return sorted(iterable, key=key)[:n]


def nlargest(n, iterable, key=None):
    return sorted(iterable, key=key, reverse=True)[:n]


def merge(*iterables, key=None, reverse=False):
    out = []
    for it in iterables:
        out.extend(it)
    return iter(sorted(out, key=key, reverse=reverse))
