"""tparse stub of queue: one thread runs a script here, so a queue is a plain list that never blocks (a get from an
empty queue raises Empty, as a non-blocking get does; a put to a full bounded queue raises Full)."""


class Empty(Exception):
    pass


class Full(Exception):
    pass


class Queue:
    def __init__(self, maxsize=0):
        self.maxsize = maxsize
        self.queue = []
        self.unfinished_tasks = 0

    def qsize(self):
        return len(self.queue)

    def empty(self):
        return not self.queue

    def full(self):
        return 0 < self.maxsize <= len(self.queue)

    def put(self, item, block=True, timeout=None):
        if self.full():
            raise Full
        self._put(item)
        self.unfinished_tasks += 1

    def get(self, block=True, timeout=None):
        if not self.queue:
            raise Empty
        return self._get()

    def put_nowait(self, item):
        return self.put(item, block=False)

    def get_nowait(self):
        return self.get(block=False)

    def task_done(self):
        if self.unfinished_tasks <= 0:
            raise ValueError("task_done() called too many times")
        self.unfinished_tasks -= 1

    def join(self):
        return None

    def _put(self, item):
        self.queue.append(item)

    def _get(self):
        return self.queue.pop(0)


class LifoQueue(Queue):
    def _get(self):
        return self.queue.pop()


class PriorityQueue(Queue):
    def _put(self, item):  # (heapq's order: the smallest first; equal items keep their arrival order)
        i = len(self.queue)
        while i > 0 and item < self.queue[i - 1]:
            i -= 1
        self.queue.insert(i, item)


class SimpleQueue(Queue):
    def __init__(self):
        Queue.__init__(self, 0)
