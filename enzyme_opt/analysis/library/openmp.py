"""The OpenMP runtime (libomp's `__kmpc_*` entry points and `omp_*` API).

clang outlines the body of `#pragma omp parallel` into a function
`outlined(i32 *gtid, i32 *btid, captured...)` and starts the team with
`__kmpc_fork_call(loc, n, outlined, captured...)`: ad/openmp.py
differentiates the outlined function and forks its derivative the same way.
Inside the body, a worksharing loop asks the runtime for its chunk
(`__kmpc_for_static_init_*`) and hands it back (`__kmpc_for_static_fini`):
these calls and the thread-numbering queries only read and write integers,
so they pass no derivative on (RUNTIME_INACTIVE).

ad/openmp.py also gives a derivative to reductions (`__kmpc_reduce_nowait`
in clang's shape: made a critical section), critical sections (reversed in
the reverse of their order) and barriers (a barrier in the reverse).

Every other runtime entry point is refused when it shows up in code being
differentiated, with the construct it implements (REFUSED_CONSTRUCTS, or a
generic message for an unknown `__kmpc_` name): a dynamic schedule, tasks,
single or master constructs have a reverse of their own that is not
written yet, and skipping it would give wrong derivatives.  (The entries for
reductions, critical sections and barriers stand for the shapes ad/openmp.py
does not rewrite, and for batched reverse mode.)
"""
from __future__ import annotations

FORK_CALL = "__kmpc_fork_call"
# What ad/openmp.py rewrites or reverses by name.
REDUCE_NOWAIT, END_REDUCE_NOWAIT = "__kmpc_reduce_nowait", "__kmpc_end_reduce_nowait"
CRITICAL, END_CRITICAL = "__kmpc_critical", "__kmpc_end_critical"
BARRIER = "__kmpc_barrier"

RUNTIME_INACTIVE = frozenset((
    "__kmpc_for_static_init_4", "__kmpc_for_static_init_4u",
    "__kmpc_for_static_init_8", "__kmpc_for_static_init_8u",
    "__kmpc_for_static_fini", "__kmpc_global_thread_num",
    # dynamic, guided and runtime schedules: a thread asks for chunk after
    # chunk; its tape keeps the chunks it got, and the reverse replays them
    "__kmpc_dispatch_init_4", "__kmpc_dispatch_init_4u", "__kmpc_dispatch_init_8",
    "__kmpc_dispatch_init_8u", "__kmpc_dispatch_next_4", "__kmpc_dispatch_next_4u",
    "__kmpc_dispatch_next_8", "__kmpc_dispatch_next_8u", "__kmpc_dispatch_deinit",
    "omp_get_thread_num", "omp_get_num_threads", "omp_get_max_threads",
    "omp_get_num_procs", "omp_in_parallel", "omp_get_wtime", "omp_get_wtick",
    "omp_set_num_threads",
))

# name prefix -> the construct it implements
REFUSED_CONSTRUCTS = (
    ("__kmpc_reduce", "an OpenMP reduction clause"),
    ("__kmpc_end_reduce", "an OpenMP reduction clause"),
    ("__kmpc_critical", "an OpenMP critical section"),
    ("__kmpc_end_critical", "an OpenMP critical section"),
    ("__kmpc_dispatch_", "an OpenMP ordered loop with a dynamic schedule"),
    ("__kmpc_dist_", "an OpenMP distribute construct"),
    ("__kmpc_omp_task", "an OpenMP task"),
    ("__kmpc_omp_taskwait", "an OpenMP taskwait"),
    ("__kmpc_taskloop", "an OpenMP taskloop"),
    ("__kmpc_taskgroup", "an OpenMP taskgroup"),
    ("__kmpc_end_taskgroup", "an OpenMP taskgroup"),
    ("__kmpc_single", "an OpenMP single construct"),
    ("__kmpc_end_single", "an OpenMP single construct"),
    ("__kmpc_master", "an OpenMP master construct"),
    ("__kmpc_end_master", "an OpenMP master construct"),
    ("__kmpc_masked", "an OpenMP masked construct"),
    ("__kmpc_barrier", "an OpenMP barrier"),
    ("__kmpc_ordered", "an OpenMP ordered construct"),
    ("__kmpc_push_num_threads", "an OpenMP num_threads clause"),
    ("__kmpc_push_proc_bind", "an OpenMP proc_bind clause"),
    ("__kmpc_fork_teams", "an OpenMP teams construct"),
    ("__kmpc_copyprivate", "an OpenMP copyprivate clause"),
    ("__kmpc_threadprivate", "an OpenMP threadprivate variable"),
    ("__kmpc_atomic", "an OpenMP atomic construct done by the runtime"),
    ("__kmpc_flush", "an OpenMP flush"),
    ("__kmpc_serialized_parallel", "a serialized OpenMP parallel region"),
    ("__kmpc_sections", "OpenMP sections"),
    ("__kmpc_doacross", "an OpenMP ordered(n) loop"),
    ("__kmpc_alloc", "OpenMP allocators"),
    ("__kmpc_free", "OpenMP allocators"),
)


def is_openmp_inactive(name: str) -> bool:
    """A runtime call that only reads and writes integers (chunk bounds, thread numbers)."""
    return name in RUNTIME_INACTIVE


def refused_openmp(name: str):
    """The construct a runtime call implements that the AD refuses; None if
    `name` is not an OpenMP runtime function it refuses."""
    if name == FORK_CALL or name in RUNTIME_INACTIVE:
        return None
    for prefix, construct in REFUSED_CONSTRUCTS:
        if name.startswith(prefix):
            return construct
    if name.startswith("__kmpc_") or name.startswith("omp_"):
        return "an OpenMP construct"
    return None
