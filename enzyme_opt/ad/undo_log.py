"""The undo log: a reverse pass that reads memory as the forward pass saw it.

A load from memory that the function writes later cannot simply be
repeated in the reverse pass: by then the memory holds later values.  The
tape can keep each loaded value, one entry per load executed.  The undo
log instead keeps, for each store that may reach such memory, the address
and the value it overwrote.  The reverse of a block undoes the block's
stores, last first, once the block's adjoints are done; so while the
reverse of a block runs, memory is as the forward pass left that block,
and its loads can be repeated (analysis/memory.py `restorable_loads` says
which).  Where a loop loads much more often than it stores -- an ODE
integrator reads its whole state for each component it updates -- the log
is a small fraction of the tape.

Undoing swaps: the overwritten value goes back to memory, the value the
store had written takes its place in the log.  When the reverse pass is
done, replaying the log front to back leaves memory as the primal left it,
which is what the caller of the gradient sees.  Stores to the function's
own stack go to a second log that is never replayed: that memory is gone
once the gradient returns.

Only the combined derivative uses the log: a split reverse pass runs after
the caller may have written the memory again.

An entry is `{ address, the overwritten bytes }`, the bytes padded to a
multiple of 8; in the caller-visible log, `{ address, i64 size, bytes }`.
A store to the function's own stack whose address the reverse pass computes
from what it has anyway (cache_policy `address_at_hand`: a local array
indexed by loop counters) keeps the bytes alone, its address computed again
where its block's reverse ends (tools/perfhunt expm_taylor: a Taylor term
overwritten in place, 8 bytes an element instead of 16).
Every store knows its own entry's size, so the reverse pass pops exactly
what the forward pass pushed; the replay, walking the log front to back,
reads each entry's size from the entry (a vectorized loop stores 16 bytes
at a time, its remainder 8).
"""
from __future__ import annotations

from ..analysis.memory import is_local_store, store_bytes
from ..ir import Builder
from ..ir.types import I64, IntType
from . import tape as T


# Each log keeps its memory for the thread's next gradient, as the tape does.
LOCAL_KIND = "enzyme_opt.undo.local"
VISIBLE_KIND = "enzyme_opt.undo.visible"
KIND = {True: LOCAL_KIND, False: VISIBLE_KIND}      # by is_local_store

# Byte offsets in an entry.
ADDRESS_AT = 0
SIZE_AT = 8                                          # visible log only
PAYLOAD_AT = {True: 8, False: 16}                    # by is_local_store


def _payload_offset(store) -> int:
    return PAYLOAD_AT[is_local_store(store)]


def _padded(size: int) -> int:
    return max(8, (size + 7) // 8 * 8)


class UndoLog:
    def __init__(self, candidates):
        self.candidates = candidates     # id(load) -> the stores to undo before repeating it
        self.repeated: dict = {}         # id(load) -> the same, for loads actually repeated
        self.logged = None               # the stores, fixed once the reverse pass is built
        self.headers = {}                # is_local_store -> that log's header
        self.visible_bytes = None        # what the forward pass logged in the visible log
        self.addresses = {}              # id(store) -> its address in reverse (`_addresses_in_reverse`)

    def may_repeat(self, load) -> bool:
        """Record that the reverse pass repeats `load`, if the log allows it."""
        stores = self.candidates.get(id(load))
        if stores is None or self.logged is not None:
            return False
        self.repeated[id(load)] = stores
        return True

    def _stores(self) -> list:
        """The stores to log, each once, in a fixed order."""
        seen = {}
        for stores in self.repeated.values():
            for s in stores:
                seen.setdefault(id(s), s)
        return list(seen.values())

    def _header_for(self, store):
        return self.headers[is_local_store(store)]

    def finish_reverse(self, gen, b: Builder) -> Builder:
        """At the end of the reverse pass: replay the visible log, release both.
        Fixes the stores to log; returns a builder after the code it adds."""
        self.logged = self._stores()
        if not self.logged:
            return b
        self.addresses = self._addresses_in_reverse(gen)
        self._start(gen)
        visible = [s for s in self.logged if not is_local_store(s)]
        if visible:
            b = self._replay(gen, b, visible)
        for local, header in self.headers.items():
            T.release_tape(b, header, gen.ctx.tape_spares, KIND[local])
        return b

    def _addresses_in_reverse(self, gen) -> dict:
        """id(store) -> its address, computed where the reverse of its block
        ends (before the branch to the block where the undo goes), for the
        stack stores whose address the reverse pass has at hand."""
        found = {}
        for s in self.logged:
            if not is_local_store(s) or not gen.cache.address_at_hand(s.pointer):
                continue
            end = _only_block_into(gen.rev, gen.pop_blocks.get(id(s.parent)))
            if end is not None:
                at = Builder().position_before(end.terminator)
                found[id(s)] = gen.primal_in_rev(at, s.pointer)
        return found

    def _payload_at(self, store) -> int:
        return 0 if id(store) in self.addresses else _payload_offset(store)

    def _entry_bytes(self, store) -> int:
        return self._payload_at(store) + _padded(store_bytes(store))

    def _start(self, gen) -> None:
        """Empty logs in the derivative's frame; the visible log's size read
        where the forward pass ends."""
        for local in sorted({is_local_store(s) for s in self.logged}, reverse=True):
            self.headers[local] = T.init_tape(gen.fwd_alloca, gen.ctx.tape_spares, KIND[local],
                                               "undo.log")
        if False in self.headers:
            end = Builder().position_before(gen.exit.terminator)
            self.visible_bytes = T.tape_size(end, self.headers[False])

    def _replay(self, gen, b: Builder, stores) -> Builder:
        """Redo the visible log's stores in forward order.  Each entry's size
        picks the case that redoes it and steps over it."""
        p = T.byte_ptr(gen.module)
        base = T.tape_base(b, self.headers[False])
        check, body, bad, done = (gen.rev.add_block(n) for n in (
            "undo.replay", "undo.replay.entry", "undo.replay.bad", "undo.replay.done"))
        start = b.block
        b.br(check)
        b.position_at_end(check)
        offset = b.phi(I64, [(b.i64(0), start)], "undo.offset")
        b.cond_br(b.icmp("ult", offset, self.visible_bytes, "undo.more"), body, done)
        b.position_at_end(body)
        entry = b.gep(T.I8, base, [offset], p, "undo.entry")
        address = b.load(p, T.entry_pointer(b, entry, ADDRESS_AT, p), "undo.address", 8)
        size = b.load(I64, T.entry_pointer(b, entry, SIZE_AT, I64), "undo.size", 8)
        cases = []
        for nbytes in sorted({store_bytes(s) for s in stores}):
            case = gen.rev.add_block(f"undo.replay.{nbytes}")
            cb = Builder(case)
            # The stores' own type where they agree: a derivative of this
            # derivative types what it copies (an integer word into active
            # memory is refused there, fuzz seed 10196).
            types = {str(s.value.type): s.value.type for s in stores if store_bytes(s) == nbytes}
            word = next(iter(types.values())) if len(types) == 1 else IntType(nbytes * 8)
            align = min(s.align or 1 for s in stores if store_bytes(s) == nbytes)
            value = cb.load(word, T.entry_pointer(cb, entry, PAYLOAD_AT[False], word),
                            "undo.value", 8)
            cb.store(value, cb.pointer_cast(address, gen.module.pointer_to(word)), align)
            step = PAYLOAD_AT[False] + _padded(nbytes)
            offset.add_incoming(cb.add(offset, cb.i64(step), "undo.next"), case)
            cb.br(check)
            cases.append((b.i64(nbytes), case))
        b.switch(size, bad, cases)
        Builder(bad).unreachable()       # every entry has one of the sizes logged
        b.position_at_end(done)
        return b

    def instrument(self, gen) -> None:
        """Log each store in the forward pass; undo it in the reverse of its block."""
        if not self.logged:
            return
        push, pop = T.runtime(gen.module, contiguous=True)     # the replay reads it whole
        by_block = {}
        for s in self.logged:
            by_block.setdefault(id(s.parent), []).append(s)
            self._log(Builder().position_before(s), push, s)
        for block, _ in gen.pop_builders:
            logged = by_block.get(id(block))
            if logged:
                self._undo(gen, Builder(gen.pop_blocks[id(block)], 0), pop, logged)

    def _log(self, b: Builder, push, store) -> None:
        p = T.byte_ptr(b.module)
        t = store.value.type
        entry = b.call(push, [self._header_for(store), b.i64(self._entry_bytes(store))],
                       "undo.push")
        if id(store) not in self.addresses:
            b.store(b.pointer_cast(store.pointer, p), T.entry_pointer(b, entry, ADDRESS_AT, p), 8)
        if not is_local_store(store):
            b.store(b.i64(store_bytes(store)), T.entry_pointer(b, entry, SIZE_AT, I64), 8)
        old = b.load(t, store.pointer, "undo.old", store.align)
        b.store(old, T.entry_pointer(b, entry, self._payload_at(store), t), 8)

    def _undo(self, gen, b: Builder, pop, stores) -> None:
        """Undo the block's logged stores, last first, swapping memory and log."""
        order = {id(i): k for k, i in enumerate(stores[0].parent.instructions)}
        p = T.byte_ptr(gen.module)
        for s in sorted(stores, key=lambda s: -order[id(s)]):
            t = s.value.type
            entry = b.call(pop, [self._header_for(s), b.i64(self._entry_bytes(s))], "undo.pop")
            address = self.addresses.get(id(s))
            if address is None:
                address = b.load(p, T.entry_pointer(b, entry, ADDRESS_AT, p), "undo.address", 8)
            address = b.pointer_cast(address, gen.module.pointer_to(t))
            saved = T.entry_pointer(b, entry, self._payload_at(s), t)
            old = b.load(t, saved, "undo.old", 8)
            if not is_local_store(s):        # kept for the replay
                b.store(b.load(t, address, "undo.new", s.align), saved, 8)
            b.store(old, address, s.align)


def _only_block_into(fn, target):
    """The one block of `fn` that branches to `target`, or None."""
    if target is None:
        return None
    into = [blk for blk in fn.blocks
            if blk.terminator is not None and target in blk.terminator.successors]
    return into[0] if len(into) == 1 else None
