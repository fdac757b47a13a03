"""tparse stub of the io module: in-memory text and byte streams (StringIO / BytesIO) as model code uses them in eager
setup (a config parsed from a string, a log line collected); their reads, writes, seek and iteration over lines.
Files on disk (open, FileIO, TextIOWrapper) are not modelled (opaque)."""


class _Memory:
    def __init__(self, initial_value=None, newline='\n'):
        self._buf = initial_value if initial_value is not None else self._empty
        self._pos = 0
        self.closed = False

    def getvalue(self):
        return self._buf

    def read(self, size=-1):
        end = len(self._buf) if size is None or size < 0 else min(len(self._buf), self._pos + size)
        out = self._buf[self._pos:end]
        self._pos = end
        return out

    def readline(self, size=-1):
        nl = self._buf.find(self._nl, self._pos)
        end = len(self._buf) if nl < 0 else nl + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        out = self._buf[self._pos:end]
        self._pos = end
        return out

    def readlines(self, hint=-1):
        lines = []
        while True:
            line = self.readline()
            if not line:
                return lines
            lines.append(line)

    def write(self, s):
        head = self._buf[:self._pos]
        if len(head) < self._pos:
            head = head + self._pad * (self._pos - len(head))
        self._buf = head + s + self._buf[self._pos + len(s):]
        self._pos += len(s)
        return len(s)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def seek(self, pos, whence=0):
        self._pos = pos if whence == 0 else self._pos + pos if whence == 1 else len(self._buf) + pos
        return self._pos

    def tell(self):
        return self._pos

    def truncate(self, size=None):
        self._buf = self._buf[:self._pos if size is None else size]
        return len(self._buf)

    def flush(self):
        return None

    def close(self):
        self.closed = True

    def readable(self):
        return True

    def writable(self):
        return True

    def seekable(self):
        return True

    def __iter__(self):
        return iter(self.readlines())

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


class StringIO(_Memory):
    _empty = ''
    _nl = '\n'
    _pad = '\0'


class BytesIO(_Memory):
    _empty = b''
    _nl = b'\n'
    _pad = b'\0'


class TextIOBase:
    pass


class IOBase:
    pass
