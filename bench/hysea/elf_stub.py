#!/usr/bin/env python3
"""Stand-ins for shared libraries that a program's libraries name but this machine lacks.

    elf_stub.py STUB_DIR ELF...

With LD_LIBRARY_PATH as the program will run, asks ldd which libraries the ELF files (and what
they load) cannot find. For each missing one it collects, from the ELF files given, the symbols
they take from it (by the symbol versions that `readelf -V` ties to that file name) and builds
STUB_DIR/<soname>: the same soname and version nodes, each function returning 0 (success for
curl_global_init, a null pointer for the rest), each data symbol a zeroed block. A library such
as NetCDF's libcurl (remote access) or libxml2 (DAP4) is then loaded and initialised but never
used by a program that only reads and writes local files. Prints one line per stand-in, and the
libraries it could not stand in for; exits 1 if any remain missing.
"""
import os
import re
import shutil
import subprocess
import sys


def missing_libs(paths):
    gone = set()
    for p in paths:
        out = subprocess.run(["ldd", p], capture_output=True, text=True).stdout
        gone.update(m.group(1) for m in re.finditer(r"^\s*(\S+) => not found", out, re.M))
    return sorted(gone)


def needed_versions(path):
    """{file name: [version names]} from .gnu.version_r."""
    out = subprocess.run(["readelf", "-V", "-W", path], capture_output=True, text=True).stdout
    files, cur = {}, None
    for line in out.splitlines():
        m = re.search(r"File: (\S+)\s+Cnt:", line)
        if m:
            cur = files.setdefault(m.group(1), [])
            continue
        m = re.search(r"Name: (\S+)\s+Flags:", line)
        if m and cur is not None:
            cur.append(m.group(1))
    return files


def undefined_symbols(path):
    """[(name, version or None, type)] of the undefined dynamic symbols."""
    out = subprocess.run(["readelf", "--dyn-syms", "-W", path], capture_output=True,
                         text=True).stdout
    syms = []
    for line in out.splitlines():
        f = line.split()
        if len(f) < 8 or f[6] != "UND" or not f[0].rstrip(":").isdigit():
            continue
        name, _, ver = f[7].partition("@")
        syms.append((name, ver.lstrip("@") or None, f[3]))
    return syms


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    stub_dir, elfs = sys.argv[1], sys.argv[2:]
    gone = missing_libs(elfs)
    if not gone:
        return 0
    os.makedirs(stub_dir, exist_ok=True)
    left = []
    for lib in gone:
        versions, funcs, data = [], {}, {}
        for e in elfs:
            vers = needed_versions(e).get(lib, [])
            for v in vers:
                if v not in versions:
                    versions.append(v)
            for name, ver, typ in undefined_symbols(e):
                if ver in vers:
                    (funcs if typ == "FUNC" else data).setdefault(name, ver)
        if not versions:
            left.append(lib)
            print(f"elf_stub: {lib} is missing and no symbol is tied to it by version: "
                  "no stand-in possible", file=sys.stderr)
            continue
        base = os.path.join(stub_dir, lib)
        with open(base + ".c", "w") as c:
            c.write(f"/* {lib}: a stand-in (elf_stub.py) */\n")
            for name in funcs:
                c.write(f"long {name}(void) {{ return 0; }}\n")
            for name in data:
                c.write(f"char {name}[256];\n")
        with open(base + ".map", "w") as m:
            for v in versions:
                names = [n for n, ver in {**funcs, **data}.items() if ver == v]
                body = " ".join(n + ";" for n in names)
                m.write(f"{v} {{ global: {body} }};\n" if names else f"{v} {{ }};\n")
        cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or "cc"
        r = subprocess.run([cc, "-shared", "-fPIC", "-w", "-o", base, base + ".c",
                            f"-Wl,-soname,{lib}", f"-Wl,--version-script,{base}.map"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            left.append(lib)
            print(f"elf_stub: building the stand-in for {lib} failed:\n{r.stderr}",
                  file=sys.stderr)
            continue
        print(f"elf_stub: {lib} is missing here; a stand-in with {len(funcs)} functions and "
              f"{len(data)} data symbols ({', '.join(versions)}) is {base}")
    if left:
        print("elf_stub: still missing: " + " ".join(left), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
