#!/usr/bin/env python3
"""Checks that mazegraph's node-link graph JSON loads in networkx with the plain call
`networkx.node_link_graph(data)`, without error or warning, and means the same graph as the
adjacency list beside it.

Usage: python3 tests/py/check_node_link.py [FILE.graph.json ...]
(default: every tests/golden/*.graph.json). Needs networkx (`pip install networkx`).

For each file: the graph is a plain undirected `nx.Graph` with one node per entry of "nodes"
and one edge per entry of "edges" (the file also repeats them as "links" for networkx <= 3.5);
edges carry "weight" exactly when the graph attribute "weighted" is true; "start"/"goal" are
vertices. When `NAME.adj` exists beside `NAME.graph.json`, `ast.literal_eval` reads it and
both must hold the same vertices (a cell node is its coordinate tuple; files with "coord" too), edges and
weights.

networkx 3.4 and 3.5 emit a FutureWarning about the `edges=` default on every plain call,
whatever the file holds; that one warning is tolerated (and reported) on those versions only.
"""

import ast
import glob
import json
import os
import sys
import warnings

import networkx as nx

NX_VERSION = tuple(int(x) for x in nx.__version__.split(".")[:2] if x.isdigit())
TOLERATE_EDGES_WARNING = NX_VERSION in ((3, 4), (3, 5))


def load(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        graph = nx.node_link_graph(data)
    for w in caught:
        if TOLERATE_EDGES_WARNING and issubclass(w.category, FutureWarning) and "edges" in str(w.message):
            print(f"note: networkx {nx.__version__} warns on every plain node_link_graph call: {str(w.message).strip().splitlines()[0]}")
            continue
        raise AssertionError(f"networkx {nx.__version__} warned: {w.category.__name__}: {w.message}")
    return data, graph


def vertex(graph, node):
    """The mazegraph vertex of a networkx node: its coord when it has one, else the node."""
    coord = graph.nodes[node].get("coord")
    return tuple(coord) if coord is not None else node


def check(path):
    data, g = load(path)
    assert type(g) is nx.Graph, f"expected a plain nx.Graph, got {type(g).__name__}"
    assert g.number_of_nodes() == len(data["nodes"]), (g.number_of_nodes(), len(data["nodes"]))
    assert g.number_of_edges() == len(data["edges"]), (g.number_of_edges(), len(data["edges"]))
    assert data["edges"] == data["links"], '"edges" and "links" differ'
    weighted = g.graph["weighted"]
    for u, v, d in g.edges(data=True):
        assert ("weight" in d) == weighted, f"edge {u} -- {v}: {d}, weighted={weighted}"
    vertices = {vertex(g, n) for n in g.nodes}
    assert len(vertices) == g.number_of_nodes(), "two nodes share a vertex"
    for key in ("start", "goal"):
        if key in g.graph:
            t = g.graph[key]
            t = tuple(t) if isinstance(t, list) else t
            assert t in vertices, f"{key} {t} is not a vertex"
    if "shape" in g.graph:
        shape = g.graph["shape"]
        for n in g.nodes:
            # A cell's node id is its coordinates: a tuple in networkx, as in nx.grid_2d_graph.
            assert isinstance(n, tuple), f"cell node {n!r} is not a coordinate tuple"
            c = n
            assert len(c) == len(shape) and all(0 <= x < d for x, d in zip(c, shape)), (c, shape)

    adj_path = path[: -len(".graph.json")] + ".adj"
    if os.path.exists(adj_path):
        with open(adj_path, encoding="utf-8") as f:
            adj = ast.literal_eval(f.read())
        assert set(adj) == vertices, f"vertices differ from {adj_path}"
        ours = {}
        for u, v, d in g.edges(data=True):
            ours[frozenset((vertex(g, u), vertex(g, v)))] = d.get("weight", 1)
        theirs = {}
        for u, ns in adj.items():
            items = ns.items() if isinstance(ns, dict) else ((n, 1) for n in ns)
            for v, w in items:
                theirs[frozenset((u, v))] = w
        assert ours == theirs, f"edges differ from {adj_path}"
        return f"{len(vertices)} vertices, {len(ours)} edges, same as {os.path.basename(adj_path)}"
    return f"{len(vertices)} vertices, {g.number_of_edges()} edges"


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    paths = argv[1:] or sorted(glob.glob(os.path.join(here, "..", "golden", "*.graph.json")))
    if not paths:
        print("check_node_link: no .graph.json file to check")
        return 1
    passed = failed = 0
    for path in paths:
        try:
            what = check(path)
            print(f"ok   {os.path.basename(path)}: {what}")
            passed += 1
        except Exception as e:  # report every file, then fail
            print(f"FAIL {os.path.basename(path)}: {type(e).__name__}: {e}")
            failed += 1
    print(f"networkx {nx.__version__}")
    print(f"check_node_link: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
