"""tparse stub of the io module: in-memory text and byte streams (StringIO / BytesIO) as model code uses them in eager
setup (a config parsed from a string, a log line collected); their reads, writes, seek and iteration over lines.
open() (the builtin is this one) reads a file for real where tparse runs (a config, a vocabulary, a data file); what
the program writes is kept in the run's memory for its later reads and never reaches the disk. Bytes are strings
here: a binary file reads as text does without newline translation."""


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
        # sequential reads of whole lines take them from the rest split once (a str counts code points: finding and
        # slicing from a position is a scan of the buffer, too slow line by line over a large non-ASCII vocabulary)
        if (size is None or size < 0) and self._nl == '\n':
            if getattr(self, '_lines_at', None) != self._pos or self._lines_buf is not self._buf:
                rest = self._buf[self._pos:].split('\n')
                self._lines = [x + '\n' for x in rest[:-1]] + ([rest[-1]] if rest[-1] else [])
                self._line_i = 0
                self._lines_buf = self._buf
            if self._line_i >= len(self._lines):
                self._lines_at = self._pos
                return ''
            out = self._lines[self._line_i]
            self._line_i += 1
            self._pos += len(out)
            self._lines_at = self._pos
            return out
        nl = self._buf.find(self._nl, self._pos)
        end = len(self._buf) if nl < 0 else nl + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        out = self._buf[self._pos:end]
        self._pos = end
        return out

    def readlines(self, hint=-1):
        if self._nl == '\n':
            rest = self._buf[self._pos:]
            parts = rest.split('\n')
            self._pos += len(rest)
            return [x + '\n' for x in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
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


class _File(_Memory):
    """A file open()ed: the content read at open (or '' for a new one), written back to the run's memory on flush
    and close when opened for writing"""
    _nl = '\n'
    _pad = '\0'

    def __init__(self, name, mode, content, pos, writing):
        self._empty = ''
        _Memory.__init__(self, content)
        self._pos = pos
        self.name = name
        self.mode = mode
        self._writing = writing

    def readable(self):
        return 'r' in self.mode or '+' in self.mode

    def writable(self):
        return self._writing

    def write(self, s):
        if not self._writing:
            raise UnsupportedOperation('not writable')
        n = _Memory.write(self, s)
        # (through to the run's memory at once: CPython flushes a file nobody closes when it is collected,
        # `json.dump(obj, open(path, 'w'))`)
        __tparse_write_file__(self.name, self._buf)
        return n

    def flush(self):
        if self._writing and not self.closed:
            __tparse_write_file__(self.name, self._buf)

    def close(self):
        if not self.closed:
            self.flush()
        self.closed = True

    def fileno(self):
        return 3

    def isatty(self):
        return False


class UnsupportedOperation(OSError):
    pass


def _os_error(cls, code, file):
    text = {2: 'No such file or directory', 13: 'Permission denied', 17: 'File exists', 21: 'Is a directory'}[code]
    e = cls('[Errno ' + str(code) + '] ' + text + ': ' + repr(file))  # (str(e) as CPython's OSError gives it)
    e.errno = code
    e.strerror = text
    e.filename = file
    return e


def open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None, closefd=True, opener=None):
    if hasattr(file, '__fspath__'):
        file = file.__fspath__()
    if not isinstance(file, str):
        raise TypeError('expected str, bytes or os.PathLike object, not ' + type(file).__name__)
    kind = [c for c in mode if c in 'rwax']
    if len(kind) != 1 or any(c not in 'rwaxbt+U' for c in mode):
        raise ValueError('invalid mode: ' + repr(mode))
    kind = kind[0]
    text = 'b' not in mode and newline is None
    writing = kind != 'r' or '+' in mode
    if kind == 'w':
        __tparse_write_file__(file, '')
        return _File(file, mode, '', 0, True)
    got = __tparse_read_file__(file, text)
    if kind == 'x':
        if isinstance(got, str) or got == 21:
            raise _os_error(FileExistsError, 17, file)
        __tparse_write_file__(file, '')
        return _File(file, mode, '', 0, True)
    if kind == 'a' and got == 2:
        got = ''
    if got is None:  # a file too big to read: its content is not modelled
        __tparse_unmodelled__('open(' + repr(file) + '): a file over 64 MiB is not read')
        return __tparse_opaque__('open()')
    if isinstance(got, int):
        raise _os_error({2: FileNotFoundError, 13: PermissionError, 21: IsADirectoryError}[got], got, file)
    return _File(file, mode, got, len(got) if kind == 'a' else 0, writing)
