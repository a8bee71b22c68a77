"""The adapter process and its line protocol: how the runner speaks to an implementation.

An :class:`AdapterProcess` is one running adapter, spoken to in JSON Lines
(:mod:`wizard_rules.conformance.protocol`) within bounds it cannot push:
each request and its answer within a timeout, answer lines of at most
:data:`~wizard_rules.conformance.protocol.MAX_LINE_BYTES`, nested at most 64
deep, with finite numbers only, standard error kept only in part, and the
adapter's whole process group killed at the end.  Whatever the adapter does
wrong (it crashes, hangs, prints garbage, answers out of turn) is an
:class:`AdapterFailure`, never a crash or a hang of the caller.
:func:`handshake` says hello in protocol version 2 (or 1), and
:func:`case_request` writes the request for one case.

This module imports nothing of the rules engine, as
:mod:`wizard_rules.conformance.runner` explains.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import select
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from typing import Any, Final

from wizard_rules.conformance.protocol import (
    ANSWER_FIELDS,
    MAX_LINE_BYTES,
    PROTOCOL_VERSION,
    PROTOCOL_VERSION_2,
    CaseRequest,
    HelloRequest,
)
from wizard_rules.conformance.suite import Case

__all__ = ["AdapterFailure", "AdapterProcess", "case_request", "handshake"]

_MAX_LINE: Final = MAX_LINE_BYTES  # an answer longer than 1 MiB is garbage
_MAX_DEPTH: Final = 64  # no answer of the protocol nests nearly as deep
_CHUNK: Final = 1 << 16
_STDERR_KEPT: Final = 4096


class AdapterFailure(Exception):
    """The adapter did not answer properly (crash, timeout, garbage, protocol)."""


class _NotFinite(ValueError):
    """A number of an answer that JSON cannot hold (``NaN``, ``Infinity``, ``1e999``)."""


def _no_constant(name: str) -> float:
    raise _NotFinite(name)


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _NotFinite(text[:40])
    return value


def _too_deep(value: object) -> bool:
    """Whether a JSON value nests lists and objects more than :data:`_MAX_DEPTH` deep."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if type(item) is list or type(item) is dict:
            if depth >= _MAX_DEPTH:
                return True
            items = item.values() if type(item) is dict else item
            stack.extend((child, depth + 1) for child in items)
    return False


def _parse_answer(data: bytes) -> dict[str, Any]:
    """Read one answer line, or raise :class:`AdapterFailure`."""
    line = data.decode("utf-8", errors="replace")
    try:
        answer = json.loads(line, parse_constant=_no_constant, parse_float=_finite)
    except _NotFinite as number:
        raise AdapterFailure(f"the answer holds {number}, which is not a JSON number") from None
    except ValueError:
        raise AdapterFailure(f"the answer is not JSON: {line.strip()[:120]!r}") from None
    except RecursionError:
        raise AdapterFailure(f"the answer is nested more than {_MAX_DEPTH} deep") from None
    if type(answer) is not dict:
        raise AdapterFailure(f"the answer is not a JSON object: {line.strip()[:120]!r}")
    if _too_deep(answer):
        raise AdapterFailure(f"the answer is nested more than {_MAX_DEPTH} deep")
    return answer


class AdapterProcess:
    """One running adapter process, spoken to within bounds it cannot push.

    ``AdapterProcess(command, timeout, unknown)`` starts ``command`` (the
    program and its arguments, as a list) and sends nothing yet:
    :func:`handshake` says hello, :meth:`ask` sends each request, and
    :meth:`close` ends it.  An adapter that cannot be started is an
    :class:`AdapterFailure`.

    The adapter runs in a session (and process group) of its own.  One
    thread does everything with ``select`` on non-blocking pipes, so writing
    a request and reading its answer together take at most ``timeout``
    seconds, whether the adapter reads its input or not.  Only
    :data:`~wizard_rules.conformance.protocol.MAX_LINE_BYTES` of an answer
    line are held (a longer line is an adapter error), only a newline ends
    a line, and only the last few KiB of standard error are kept, for the
    report.  :meth:`close` kills the whole process group, so the adapter's
    own children end with it.  The top-level fields of its answers that the
    protocol does not define are gathered in ``unknown`` (as ``TYPE.FIELD``),
    a set that the caller may share between adapters.

    :ivar timeout: the seconds one request and its answer may take.
    :ivar unknown: the fields of its answers the protocol does not define,
        as ``TYPE.FIELD`` (``"result.note"``).
    :ivar process: the adapter's process.
    :ivar stderr: the last few KiB the adapter wrote to standard error.
    """

    def __init__(
        self, command: Sequence[str], timeout: float, unknown: set[str] | None = None
    ) -> None:
        self.timeout = timeout
        self.unknown: set[str] = set() if unknown is None else unknown
        self.stderr = bytearray()  # its last _STDERR_KEPT bytes
        self.pending = bytearray()  # what it wrote to standard output and was not yet read
        try:
            self.process = subprocess.Popen(
                list(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
            )
        except OSError as error:
            raise AdapterFailure(f"cannot start the adapter: {error}") from None
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        assert self.process.stderr is not None
        self.pipes = (self.process.stdin, self.process.stdout, self.process.stderr)
        self.input: int | None = self.process.stdin.fileno()
        self.output: int | None = self.process.stdout.fileno()
        self.errors: int | None = self.process.stderr.fileno()
        for fd in (self.input, self.output, self.errors):
            os.set_blocking(fd, False)

    def _said(self) -> str:
        text = self.stderr.decode("utf-8", errors="replace")
        lines = [line.strip()[:200] for line in text.replace("\r", "\n").split("\n")]
        return " | ".join([line for line in lines if line][-5:])

    def _why_gone(self) -> str:
        try:  # its output closed: give it a moment to finish exiting
            code: int | None = self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        deadline = time.monotonic() + 1
        while self.errors is not None and time.monotonic() < deadline:
            self._step(deadline, b"", quiet=True)  # what it said last
        said = self._said()
        status = f"exited (exit status {code})" if code is not None else "closed its output"
        return f"the adapter {status}" + (f"; it said: {said}" if said else "")

    def _read(self, fd: int) -> bytes:
        try:
            return os.read(fd, _CHUNK)
        except BlockingIOError:  # pragma: no cover - select said it was ready
            return b"?"
        except OSError:  # pragma: no cover - the pipe broke under us
            return b""

    def _step(self, deadline: float, data: bytes | memoryview, *, quiet: bool = False) -> int:
        """Wait once for the adapter: write some of ``data``, read what it wrote.

        Returns how many bytes of ``data`` were written; 0 with ``quiet``
        when the time is up (else :class:`AdapterFailure`).  Standard output
        is not read while a whole line is waiting (the adapter then blocks),
        so at most one line and one chunk are held.
        """
        remaining = deadline - time.monotonic()
        readers = [fd for fd in (self.errors,) if fd is not None]
        if self.output is not None and len(self.pending) <= _MAX_LINE:
            readers.append(self.output)
        writers = [self.input] if data and self.input is not None else []
        ready, writable, _ = select.select(readers, writers, [], max(remaining, 0))
        if not ready and not writable:
            if quiet:
                return 0
            if data:
                raise AdapterFailure(
                    f"the adapter did not read its input within {self.timeout:g} s"
                )
            raise AdapterFailure(f"no answer within {self.timeout:g} s")
        if self.errors in ready:
            chunk = self._read(self.errors)
            if not chunk:
                self.errors = None
            self.stderr += chunk
            del self.stderr[:-_STDERR_KEPT]
        if self.output is not None and self.output in ready:
            chunk = self._read(self.output)
            if not chunk:
                self.output = None
            self.pending += chunk
        if writable:
            try:
                return os.write(writable[0], data)
            except BlockingIOError:  # pragma: no cover - select said it was ready
                return 0
            except OSError:  # it closed its input: it exited, or will
                raise AdapterFailure(self._why_gone()) from None
        return 0

    def _line(self) -> bytes | None:
        """Take the next whole line of standard output, if one came."""
        end = self.pending.find(b"\n")
        if end > _MAX_LINE or (end < 0 and len(self.pending) > _MAX_LINE):
            raise AdapterFailure("the answer is longer than 1 MiB")
        if end < 0:
            return None
        line = bytes(self.pending[:end])
        del self.pending[: end + 1]
        return line

    def ask(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """Send one request and return the answer, or raise :class:`AdapterFailure`.

        Writing the request and reading the answer take at most the timeout.
        """
        deadline = time.monotonic() + self.timeout
        data = memoryview((json.dumps(request, separators=(",", ":")) + "\n").encode())
        while data:
            data = data[self._step(deadline, data) :]
        while True:
            line = self._line()
            if line is None:
                if self.output is None:
                    raise AdapterFailure(self._why_gone())
                self._step(deadline, b"")
            elif line.strip():
                answer = _parse_answer(line)
                self.unknown.update(_unknown_fields(answer))
                return answer

    def close(self) -> None:
        """Say goodbye, give it a second to exit, then kill its whole process group."""
        try:
            if self.process.poll() is None and self.input is not None:
                os.write(self.input, b'{"type":"bye"}\n')
        except OSError:  # a full pipe, or it is gone
            pass
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=1)
        with contextlib.suppress(OSError):  # OSError: nothing is left of the group
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        for pipe in self.pipes:
            pipe.close()
        self.input = self.output = self.errors = None


def _unknown_fields(answer: Mapping[str, object]) -> list[str]:
    """The top-level fields of ``answer`` its type does not define, as ``TYPE.FIELD``."""
    kind = answer.get("type")
    known = ANSWER_FIELDS.get(kind) if type(kind) is str else None
    if known is None:  # not an answer of the protocol: an adapter error elsewhere
        return []
    return [f"{kind}.{name}" for name in answer if name not in known]


_PROTOCOLS: Final = (PROTOCOL_VERSION, PROTOCOL_VERSION_2)


def handshake(adapter: AdapterProcess) -> dict[str, Any]:
    """Say hello in protocol version 2; an adapter may answer in version 1 or 2.

    An adapter that answers the version-2 hello with an ``error`` (one that
    checks the version it is offered) is greeted again in version 1.  Returns
    the adapter's ``hello`` answer (its name, version and protocol).

    :raises AdapterFailure: the adapter did not answer with a ``hello``, or
        answered in a protocol version other than 1 and 2.
    """
    hello: HelloRequest = {"type": "hello", "protocol": PROTOCOL_VERSION_2}
    answer = adapter.ask(hello)
    if answer.get("type") == "error":
        answer = adapter.ask({"type": "hello", "protocol": PROTOCOL_VERSION})
    if answer.get("type") != "hello":
        raise AdapterFailure(f"the adapter did not answer the handshake: {str(answer)[:120]}")
    if type(answer.get("protocol")) is not int or answer.get("protocol") not in _PROTOCOLS:
        raise AdapterFailure(
            f"the adapter speaks protocol {answer.get('protocol')!r}, "
            f"this runner speaks {PROTOCOL_VERSION_2} (and {PROTOCOL_VERSION})"
        )
    return answer


def case_request(case: Case, protocol: int) -> CaseRequest:
    """The ``case`` request for an adapter of ``protocol`` (no ``position`` in version 1).

    It asks for the observations the case expects and, for a perft case,
    the count at its depth.
    """
    request: CaseRequest = {
        "type": "case",
        "id": case.id,
        "config": case.config,
        "actions": list(case.actions),
        "observe": sorted(case.state or {}),
        "perft": None if case.perft is None else case.perft["depth"],
    }
    if protocol >= PROTOCOL_VERSION_2:
        request["position"] = case.position
    return request
