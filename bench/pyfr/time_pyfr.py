"""PyFR's time loop timed from inside one process (bench/pyfr/side_by_side.sh).

PyFR picks its operator kernels by timing candidates when it builds the solver, so two runs of
the same case may step at different speeds: timing whole runs of two lengths and subtracting
mixes two picks. Here one solver advances N_WARM steps, the state is read back (which waits for
the device), then N_TIMED more steps are timed up to a second read-back.

usage: python3 time_pyfr.py MESH.pyfrm CASE.ini DT N_WARM N_TIMED  -> prints ms per step
"""
import sys
import time

import mpi4py.rc

mpi4py.rc.initialize = False

from pyfr.backends import get_backend  # noqa: E402
from pyfr.inifile import Inifile  # noqa: E402
from pyfr.mpiutil import init_mpi  # noqa: E402
from pyfr.rank_allocator import get_rank_allocation  # noqa: E402
from pyfr.readers.native import NativeReader  # noqa: E402
from pyfr.solvers import get_solver  # noqa: E402


def main(mesh_path, ini_path, dt, n_warm, n_timed):
    init_mpi()
    cfg = Inifile.load(ini_path)
    mesh = NativeReader(mesh_path)
    backend = get_backend('cuda', cfg)
    solver = get_solver(backend, get_rank_allocation(mesh, cfg), mesh, None, cfg)
    solver.advance_to(n_warm * dt)
    solver.soln
    s0, t0 = solver.nacptsteps, time.perf_counter()
    solver.advance_to((n_warm + n_timed) * dt)
    solver.soln
    s1, t1 = solver.nacptsteps, time.perf_counter()
    # the end times are sums of steps, so either segment may take one step more than asked
    if abs((s1 - s0) - n_timed) > 1:
        sys.exit(f'expected {n_timed} timed steps, took {s1 - s0}')
    print(f'{1e3 * (t1 - t0) / (s1 - s0):.4f}')


if __name__ == '__main__':
    a = sys.argv[1:]
    main(a[0], a[1], float(a[2]), int(a[3]), int(a[4]))
