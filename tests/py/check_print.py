"""Loads 3-D prints that mazegraph wrote (STL, OBJ) with trimesh and prints, as one JSON
object per file, what a slicer cares about: closed (watertight), consistently wound, the
volume (positive when the normals point outwards) and the triangle count.

Usage: check_print.py FILE...  (run by tests/cli_print.rs)
"""
import json
import sys

import trimesh

for path in sys.argv[1:]:
    mesh = trimesh.load(path, force="mesh")
    print(json.dumps({
        "file": path,
        "triangles": len(mesh.faces),
        "watertight": bool(mesh.is_watertight),
        "winding": bool(mesh.is_winding_consistent),
        "volume": float(mesh.volume),
        "euler": int(mesh.euler_number),
        "bounds": mesh.bounds.tolist(),
    }))
