"""Files of the per-user cache: the parser's tables, Lark's own cache, the
compiled forms of the package's regular expressions.  What is read from
them is checked against what it was made from, or only kept apart by
version: a cache file is never trusted to be current."""
from __future__ import annotations

import os
from typing import Optional


def write_atomically(path: str, data: bytes) -> None:
    """Another process may be reading or writing the same cache file."""
    import tempfile
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".partial-")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        if tmp is not None and os.path.exists(tmp):
            os.unlink(tmp)


def _directories(base: str):
    yield os.path.join(base, "enzyme-opt")
    import tempfile         # only when the first will not do
    yield os.path.join(tempfile.gettempdir(), f"enzyme-opt-{os.getuid()}")


def cache_path(name: str) -> Optional[str]:
    """A file in the per-user cache directory, or None if there is none.

    Without a usable home directory (a read-only one, in a container), a
    directory of our own in the temporary directory serves, if nobody else
    can write to it: the cache is loaded as code objects are (marshal).
    """
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    for directory in _directories(base):
        try:
            os.makedirs(directory, mode=0o700, exist_ok=True)
            info = os.stat(directory)
            if info.st_uid == os.getuid() and not info.st_mode & 0o022 and \
                    os.access(directory, os.W_OK):
                return os.path.join(directory, "llvm-grammar." + name)
        except OSError:
            continue
    return None
