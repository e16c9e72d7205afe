#!/usr/bin/env python3
"""Writes tests/foreign/: graphs and mazes MADE BY OTHER PROGRAMS (networkx, igraph,
maze-dataset), plus tests/foreign/MANIFEST.json describing each file (vertex and edge counts,
terminals, expected shortest-path lengths computed by networkx).

Deterministic (fixed seeds), rerunnable: every run rewrites the same bytes with the pinned
versions below. Every file is read back with the tool that wrote it (assertions) before the
manifest is written.

    python3 -m venv /tmp/pyv
    /tmp/pyv/bin/pip install networkx==3.6.1 igraph==1.0.0 pydot==4.0.1 \
        maze-dataset==1.4.2 muutils==0.8.12 numpy
    /tmp/pyv/bin/python tests/py/make_foreign.py          # writes tests/foreign/

Rust tests read the committed files; Python is not needed at test time.
"""

import ast
import json
import os
import random
import sys
import warnings

import networkx as nx

HERE = os.path.dirname(os.path.abspath(__file__))
# Where the corpus goes: tests/foreign, or the directory given as the only argument (CI
# regenerates it elsewhere and compares, to check the committed files are what the tools write).
OUT = os.path.normpath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "foreign"))

ROWS, COLS = 6, 8  # the networkx / igraph maze: 6 rows x 8 columns of rooms
MAZE_SEED = 20240601
WEIGHT_SEED = 7

MANIFEST = []


def path(name):
    return os.path.join(OUT, name)


def write_text(name, text):
    with open(path(name), "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def jsonable(v):
    """Vertex labels in the manifest: tuples become lists (as in node-link JSON)."""
    if isinstance(v, tuple):
        return [jsonable(x) for x in v]
    if hasattr(v, "tolist"):
        return v.tolist()
    return v


def has_weights(G):
    return any("weight" in d for *_, d in G.edges(data=True))


def record(file, producer, what, G, start=None, goal=None, terminals_named_in_file=False,
           labels="", notes="", extra=None):
    """One manifest entry. G is the graph the file was written from (networkx)."""
    weighted = has_weights(G)
    U = nx.Graph(G)  # undirected, parallel edges merged: what mazegraph's readers build
    e = {
        "file": file,
        "producer": producer,
        "what": what,
        "labels": labels,
        "vertices": G.number_of_nodes(),
        "edges": G.number_of_edges(),
        "undirected_simple_edges": U.number_of_edges(),
        "directed": G.is_directed(),
        "multigraph": G.is_multigraph(),
        "weighted": weighted,
    }
    if start is not None:
        e["start"] = jsonable(start)
        e["goal"] = jsonable(goal)
        e["terminals_named_in_file"] = terminals_named_in_file
        e["hops"] = nx.shortest_path_length(G, start, goal)
        e["hops_undirected"] = nx.shortest_path_length(U, start, goal)
        if weighted:
            w = nx.shortest_path_length(G, start, goal, weight="weight")
            e["weight"] = w
            # mazegraph merges parallel edges keeping the smallest weight; nx.Graph(G) keeps
            # the last one, so compute the undirected weight on a min-merged copy.
            M = nx.Graph()
            M.add_nodes_from(G)
            for u, v, d in G.edges(data=True):
                w1 = d.get("weight", 1)
                if M.has_edge(u, v):
                    w1 = min(w1, M[u][v]["weight"])
                M.add_edge(u, v, weight=w1)
            e["weight_undirected"] = nx.shortest_path_length(M, start, goal, weight="weight")
    if notes:
        e["notes"] = notes
    if extra:
        e.update(extra)
    e["bytes"] = os.path.getsize(path(file))
    MANIFEST.append(e)


# ---------------------------------------------------------------------------------------------
# the networkx maze: a random spanning tree of the 6x8 room grid
# ---------------------------------------------------------------------------------------------

def make_maze():
    grid = nx.grid_2d_graph(ROWS, COLS)  # nodes (r, c): r in 0..5, c in 0..7
    # randomized Kruskal: random edge weights, then the minimum spanning tree
    # (nx.random_spanning_tree would need scipy)
    rng = random.Random(MAZE_SEED)
    for u, v in sorted(grid.edges):
        grid[u][v]["w"] = rng.random()
    T = nx.minimum_spanning_tree(grid, weight="w", algorithm="kruskal")
    M = nx.Graph()
    M.add_nodes_from(sorted(grid.nodes))
    M.add_edges_from(sorted(tuple(sorted(e)) for e in T.edges))
    assert nx.is_tree(M) and M.number_of_nodes() == ROWS * COLS
    return M


def weighted_copy(M):
    rng = random.Random(WEIGHT_SEED)
    W = nx.Graph()
    W.add_nodes_from(M.nodes)
    for u, v in sorted(M.edges):
        W.add_edge(u, v, weight=rng.randint(1, 9))
    return W


def int_labels(G):
    """(r, c) -> r * COLS + c, keeping the room as attributes row / col."""
    H = nx.relabel_nodes(G, {n: n[0] * COLS + n[1] for n in G.nodes})
    for (r, c) in G.nodes:
        H.nodes[r * COLS + c]["row"] = r
        H.nodes[r * COLS + c]["col"] = c
    return H


def same_graph(A, B, weight=False):
    assert set(A.nodes) == set(B.nodes), (sorted(A.nodes)[:5], sorted(B.nodes)[:5])
    ea = {frozenset(e) for e in A.edges}
    eb = {frozenset(e) for e in B.edges}
    assert ea == eb and A.number_of_edges() == B.number_of_edges()
    if weight:
        for u, v, d in A.edges(data=True):
            assert B[u][v]["weight"] == d["weight"], (u, v)


def networkx_maze(M, W):
    NX = f"networkx {nx.__version__}"
    start, goal = (0, 0), (ROWS - 1, COLS - 1)
    rooms = "room coordinates (row, col), row 0..5, col 0..7; grid 6x8 rooms"
    what = "maze: random spanning tree of nx.grid_2d_graph(6, 8) (randomized Kruskal, a perfect maze)"

    # node-link JSON, networkx >= 3.4 key "edges" (the 3.6 default), and the older "links"
    for key, name in (("edges", "nx_maze_edges.graph.json"), ("links", "nx_maze_links.graph.json")):
        data = nx.node_link_data(M, edges=key)
        write_text(name, json.dumps(data))
        back = nx.node_link_graph(json.load(open(path(name))), edges=key)
        # JSON turns tuples into lists; node_link_graph turns list ids back into tuples
        same_graph(M, back)
        record(name, NX, what + f"; node-link JSON, nx.node_link_data(G, edges={key!r}), json.dumps",
               M, start, goal, labels="node ids are JSON lists [row, col] (tuples in Python)",
               notes=f"edges under the key {key!r} only")
    # the same, under a plain .json name (the maze-JSON extension in mazegraph)
    data = nx.node_link_data(M, edges="edges")
    write_text("nx_maze_node_link.json", json.dumps(data, indent=2))
    same_graph(M, nx.node_link_graph(json.load(open(path("nx_maze_node_link.json")))))
    record("nx_maze_node_link.json", NX, what + "; node-link JSON (edges key), indent=2, saved as plain .json",
           M, start, goal, labels="node ids are JSON lists [row, col]",
           notes="a graph file under the .json extension that mazegraph uses for n-D maze JSON")
    # weighted node-link
    data = nx.node_link_data(W, edges="edges")
    write_text("nx_maze_weighted.graph.json", json.dumps(data))
    same_graph(W, nx.node_link_graph(json.load(open(path("nx_maze_weighted.graph.json")))), weight=True)
    record("nx_maze_weighted.graph.json", NX, what + "; integer weights 1..9 on edges; node-link JSON",
           W, start, goal, labels="node ids are JSON lists [row, col]")

    # GraphML: node ids are str(tuple) "(0, 0)"
    nx.write_graphml(M, path("nx_maze.graphml"))
    back = nx.read_graphml(path("nx_maze.graphml"))
    same_graph(nx.relabel_nodes(M, str), back)
    record("nx_maze.graphml", NX, what + "; nx.write_graphml", M, start, goal,
           labels="node ids are the strings str((r, c)) = \"(0, 0)\"")
    nx.write_graphml(W, path("nx_maze_weighted.graphml"))
    back = nx.read_graphml(path("nx_maze_weighted.graphml"))
    same_graph(nx.relabel_nodes(W, str), back, weight=True)
    record("nx_maze_weighted.graphml", NX, what + "; integer weights; nx.write_graphml", W, start, goal,
           labels="node ids \"(r, c)\"", notes="weight key: attr.name=\"weight\" attr.type=\"long\"")

    # GML: labels are str of the tuple (networkx's default stringizer)
    nx.write_gml(M, path("nx_maze.gml"))
    back = nx.read_gml(path("nx_maze.gml"), destringizer=ast.literal_eval)
    same_graph(M, back)
    record("nx_maze.gml", NX, what + "; nx.write_gml", M, start, goal,
           labels="GML node label is the string \"(r,c)\" (networkx's literal_stringizer: no space)")
    nx.write_gml(W, path("nx_maze_weighted.gml"))
    back = nx.read_gml(path("nx_maze_weighted.gml"), destringizer=ast.literal_eval)
    same_graph(W, back, weight=True)
    record("nx_maze_weighted.gml", NX, what + "; integer weights; nx.write_gml", W, start, goal,
           labels="GML node label \"(r,c)\"")

    # edge lists: tuple labels contain spaces, so users relabel to integers r*8+c first
    MI, WI = int_labels(M), int_labels(W)
    si, gi = start[0] * COLS + start[1], goal[0] * COLS + goal[1]
    ilabels = "integer vertices r*8+c (row-major room index, 6x8 rooms)"
    nx.write_edgelist(MI, path("nx_maze_plain.edgelist"))
    back = nx.read_edgelist(path("nx_maze_plain.edgelist"), nodetype=int)
    same_graph(MI, back)
    record("nx_maze_plain.edgelist", NX, what + "; relabelled r*8+c; nx.write_edgelist(G, f) (data=True)",
           MI, si, gi, labels=ilabels, notes="lines 'u v {}' (an empty data dict)")
    nx.write_edgelist(WI, path("nx_maze_weighted_dict.edgelist"))
    back = nx.read_edgelist(path("nx_maze_weighted_dict.edgelist"), nodetype=int)
    same_graph(WI, back, weight=True)
    record("nx_maze_weighted_dict.edgelist", NX, what + "; integer weights; nx.write_edgelist(G, f)",
           WI, si, gi, labels=ilabels, notes="lines \"u v {'weight': 3}\" (Python dict repr)")
    nx.write_edgelist(WI, path("nx_maze_weighted.edgelist"), data=["weight"])
    back = nx.read_edgelist(path("nx_maze_weighted.edgelist"), nodetype=int, data=[("weight", int)])
    same_graph(WI, back, weight=True)
    record("nx_maze_weighted.edgelist", NX, what + "; integer weights; nx.write_edgelist(G, f, data=['weight'])",
           WI, si, gi, labels=ilabels, notes="lines 'u v w'")
    nx.write_edgelist(MI, path("nx_maze_nodata.edgelist"), data=False)
    same_graph(MI, nx.read_edgelist(path("nx_maze_nodata.edgelist"), nodetype=int))
    record("nx_maze_nodata.edgelist", NX, what + "; relabelled r*8+c; nx.write_edgelist(G, f, data=False)",
           MI, si, gi, labels=ilabels, notes="lines 'u v'")
    # and what happens without relabelling: tuple labels written with their spaces
    nx.write_edgelist(M, path("nx_maze_tuples.edgelist"), data=False)
    lines = open(path("nx_maze_tuples.edgelist")).read().splitlines()
    back = nx.Graph()
    back.add_nodes_from(M.nodes)  # the isolated-vertex-free tree: every node is on an edge
    for line in lines:
        a, b = line.split(") (")
        back.add_edge(ast.literal_eval(a + ")"), ast.literal_eval("(" + b))
    same_graph(M, back)
    record("nx_maze_tuples.edgelist", NX, what + "; nx.write_edgelist(G, f, data=False) on tuple labels",
           M, start, goal, labels="'(0, 0) (0, 1)': str of the tuples, spaces inside",
           notes="NOT readable by nx.read_edgelist (it splits on whitespace); a reader must parse tuples")

    # Python reprs written as .adj text, the way a user would
    def write_repr(name, d, what2, G, labels, notes=""):
        write_text(name, repr(d) + "\n")
        back = ast.literal_eval(open(path(name)).read())
        assert back == d
        record(name, NX, what + "; " + what2, G, start, goal, labels=labels, notes=notes)

    dol = nx.to_dict_of_lists(M)
    back = nx.from_dict_of_lists(dol)
    same_graph(M, back)
    write_repr("nx_maze_dict_of_lists.adj", dol, "print(repr(nx.to_dict_of_lists(G)))", M,
               "keys and neighbours (r, c) tuples",
               notes="each edge listed from both sides; key order = node insertion order (sorted)")
    dod = nx.to_dict_of_dicts(M)
    same_graph(M, nx.from_dict_of_dicts(dod))
    write_repr("nx_maze_dict_of_dicts.adj", dod, "repr(nx.to_dict_of_dicts(G)), no edge attributes", M,
               "(r, c) tuples", notes="values are {neighbour: {}} (empty attribute dicts)")
    dodw = nx.to_dict_of_dicts(W)
    same_graph(W, nx.from_dict_of_dicts(dodw), weight=True)
    write_repr("nx_maze_dict_of_dicts_weighted.adj", dodw,
               "repr(nx.to_dict_of_dicts(G)) with integer weights", W, "(r, c) tuples",
               notes="values are {neighbour: {'weight': w}}")
    dos = {n: set(M[n]) for n in M}
    write_repr("nx_maze_dict_of_sets.adj", dos, "repr({n: set(G[n]) for n in G})", M, "(r, c) tuples",
               notes="neighbour sets {(0, 1), (1, 0)}; set order is Python's hash order")
    dot_ = {n: tuple(M[n]) for n in M}
    write_repr("nx_maze_dict_of_tuples.adj", dot_, "repr({n: tuple(G[n]) for n in G})", M, "(r, c) tuples",
               notes="neighbours as a tuple; a single neighbour is a 1-tuple ((0, 1),) with trailing comma")
    return M


# ---------------------------------------------------------------------------------------------
# networkx graphs that are not mazes
# ---------------------------------------------------------------------------------------------

def networkx_others():
    NX = f"networkx {nx.__version__}"

    L = nx.les_miserables_graph()
    a, b = "Napoleon", "Brujon"  # far apart: a good probe pair
    data = nx.node_link_data(L, edges="edges")
    write_text("nx_lesmis.graph.json", json.dumps(data))
    same_graph(L, nx.node_link_graph(json.load(open(path("nx_lesmis.graph.json")))), weight=True)
    lm = "Les Miserables co-occurrence graph, nx.les_miserables_graph() (string names, integer weights)"
    lab = "string names (character names, no spaces)"
    probe = "start/goal here are a probe pair chosen by make_foreign.py, not named in the file"
    record("nx_lesmis.graph.json", NX, lm + "; node-link JSON", L, a, b, labels=lab, notes=probe)
    nx.write_graphml(L, path("nx_lesmis.graphml"))
    same_graph(L, nx.read_graphml(path("nx_lesmis.graphml")), weight=True)
    record("nx_lesmis.graphml", NX, lm + "; nx.write_graphml", L, a, b, labels=lab, notes=probe)
    nx.write_gml(L, path("nx_lesmis.gml"))
    same_graph(L, nx.read_gml(path("nx_lesmis.gml")), weight=True)
    record("nx_lesmis.gml", NX, lm + "; nx.write_gml", L, a, b, labels=lab, notes=probe)
    nx.write_edgelist(L, path("nx_lesmis.edgelist"))
    same_graph(L, nx.read_edgelist(path("nx_lesmis.edgelist")), weight=True)
    record("nx_lesmis.edgelist", NX, lm + "; nx.write_edgelist (data=True)", L, a, b, labels=lab,
           notes=probe + "; lines \"Napoleon Myriel {'weight': 1}\"")

    # float weights and string names
    F = nx.Graph()
    F.add_edge("A", "B", weight=2.5)
    F.add_edge("B", "C", weight=1.0)
    F.add_edge("A", "C", weight=4.0)
    F.add_edge("C", "D", weight=0.75)
    F.add_edge("B", "D", weight=3.25)
    F.add_edge("D", "E", weight=1.5)
    F.add_node("lonely")
    fw = "float weights (2.5, 0.75, ...), string names, one isolated vertex 'lonely'"
    data = nx.node_link_data(F, edges="edges")
    write_text("nx_float_weights.graph.json", json.dumps(data))
    same_graph(F, nx.node_link_graph(json.load(open(path("nx_float_weights.graph.json")))), weight=True)
    record("nx_float_weights.graph.json", NX, fw + "; node-link JSON", F, "A", "E", labels="strings",
           notes=probe + "; mazegraph's readers take integer weights only, so refusal is expected today")
    nx.write_graphml(F, path("nx_float_weights.graphml"))
    same_graph(F, nx.read_graphml(path("nx_float_weights.graphml")), weight=True)
    record("nx_float_weights.graphml", NX, fw + "; nx.write_graphml", F, "A", "E", labels="strings",
           notes=probe + "; weight key attr.type=\"double\"")
    nx.write_edgelist(F, path("nx_float_weights.edgelist"), data=["weight"])
    back = nx.read_edgelist(path("nx_float_weights.edgelist"), data=[("weight", float)])
    back.add_node("lonely")
    same_graph(F, back, weight=True)
    record("nx_float_weights.edgelist", NX, fw + "; nx.write_edgelist(data=['weight'])", F, "A", "E",
           labels="strings", notes=probe + "; the isolated vertex is LOST (edge lists cannot hold it): "
           "the file has 5 vertices", extra={"vertices_in_file": 5})

    # multigraph with parallel edges
    MG = nx.MultiGraph()
    MG.add_edge(0, 1, weight=3)
    MG.add_edge(0, 1, weight=1)  # parallel, shorter
    MG.add_edge(1, 2, weight=2)
    MG.add_edge(1, 2, weight=2)  # parallel, equal
    MG.add_edge(2, 3, weight=5)
    MG.add_edge(0, 3, weight=9)
    mg = "MultiGraph, integer names 0..3, parallel edges 0-1 (weights 3 and 1) and 1-2 (2 and 2)"
    data = nx.node_link_data(MG, edges="edges")
    write_text("nx_multigraph.graph.json", json.dumps(data))
    back = nx.node_link_graph(json.load(open(path("nx_multigraph.graph.json"))))
    assert back.is_multigraph() and back.number_of_edges() == 6
    record("nx_multigraph.graph.json", NX, mg + "; node-link JSON", MG, 0, 3, labels="integers",
           notes=probe + "; edges carry 'key'; \"multigraph\": true")
    nx.write_graphml(MG, path("nx_multigraph.graphml"))
    back = nx.read_graphml(path("nx_multigraph.graphml"), node_type=int)
    assert back.is_multigraph() and back.number_of_edges() == 6
    record("nx_multigraph.graphml", NX, mg + "; nx.write_graphml", MG, 0, 3, labels="integers (as id strings \"0\")",
           notes=probe + "; parallel edges carry id=\"0\", id=\"1\" (the multigraph key)")

    # directed graph with one-way edges
    D = nx.DiGraph()
    D.add_edges_from([("s", "a"), ("a", "b"), ("b", "a"), ("b", "t"), ("s", "c"), ("c", "t"), ("t", "c")])
    D.add_edge("a", "t")  # one-way shortcut
    dg = "DiGraph: s->a, a<->b, b->t, s->c, c<->t, a->t (one-way edges)"
    data = nx.node_link_data(D, edges="edges")
    write_text("nx_digraph.graph.json", json.dumps(data))
    back = nx.node_link_graph(json.load(open(path("nx_digraph.graph.json"))))
    assert back.is_directed() and set(back.edges) == set(D.edges)
    record("nx_digraph.graph.json", NX, dg + "; node-link JSON", D, "s", "t", labels="strings",
           notes=probe + "; there is no directed path from t back to s")
    nx.write_graphml(D, path("nx_digraph.graphml"))
    back = nx.read_graphml(path("nx_digraph.graphml"))
    assert back.is_directed() and set(back.edges) == set(D.edges)
    record("nx_digraph.graphml", NX, dg + "; nx.write_graphml", D, "s", "t", labels="strings",
           notes=probe + "; edgedefault=\"directed\"; 8 directed edges, 6 undirected pairs")

    # terminals as graph attributes and node attributes (string names)
    S = nx.Graph()
    S.add_edges_from([("start", "x"), ("x", "y"), ("y", "goal"), ("x", "z"), ("z", "w"), ("w", "goal")])
    S.add_edge("y", "dead_end")
    S.graph["start"] = "start"
    S.graph["goal"] = "goal"
    for n in S:
        S.nodes[n]["start"] = n == "start"
        S.nodes[n]["goal"] = n == "goal"
    tw = "string-named graph with G.graph['start'/'goal'] and boolean node attributes start/goal"
    data = nx.node_link_data(S, edges="edges")
    write_text("nx_terminals.graph.json", json.dumps(data))
    back = nx.node_link_graph(json.load(open(path("nx_terminals.graph.json"))))
    same_graph(S, back)
    assert back.graph["start"] == "start" and back.nodes["goal"]["goal"] is True
    record("nx_terminals.graph.json", NX, tw + "; node-link JSON", S, "start", "goal",
           terminals_named_in_file=True, labels="strings")
    nx.write_graphml(S, path("nx_terminals.graphml"))
    back = nx.read_graphml(path("nx_terminals.graphml"))
    same_graph(S, back)
    assert back.graph["start"] == "start" and back.nodes["goal"]["goal"] is True
    record("nx_terminals.graphml", NX, tw + "; nx.write_graphml", S, "start", "goal",
           terminals_named_in_file=True, labels="strings",
           notes="graph attributes as <data key=\"d0\"> under <graph>; booleans attr.type=\"boolean\", "
           "values \"True\"/\"False\"")
    nx.write_gml(S, path("nx_terminals.gml"))
    back = nx.read_gml(path("nx_terminals.gml"))
    same_graph(S, back)
    assert back.graph["start"] == "start"
    record("nx_terminals.gml", NX, tw + "; nx.write_gml", S, "start", "goal",
           terminals_named_in_file=True, labels="strings",
           notes="graph attributes 'start \"start\"'; booleans written as 1/0")
    # the maze with tuple terminals as graph attributes, node-link JSON (lists)
    M = make_maze()
    MT = M.copy()
    MT.graph["start"] = (0, 0)
    MT.graph["goal"] = (ROWS - 1, COLS - 1)
    MT.nodes[(0, 0)]["start"] = True
    MT.nodes[(ROWS - 1, COLS - 1)]["goal"] = True
    data = nx.node_link_data(MT, edges="edges")
    write_text("nx_maze_terminals.graph.json", json.dumps(data))
    back = nx.node_link_graph(json.load(open(path("nx_maze_terminals.graph.json"))))
    same_graph(MT, back)
    assert back.graph["start"] == [0, 0]  # graph attributes are NOT turned back into tuples
    record("nx_maze_terminals.graph.json", NX,
           "the 6x8 spanning-tree maze with G.graph['start']=(0, 0), G.graph['goal']=(5, 7) and node "
           "attributes start/goal=True on those two nodes; node-link JSON",
           MT, (0, 0), (ROWS - 1, COLS - 1), terminals_named_in_file=True,
           labels="node ids JSON lists [row, col]; graph start/goal JSON lists")


# ---------------------------------------------------------------------------------------------
# igraph: the same spanning-tree maze
# ---------------------------------------------------------------------------------------------

def igraph_maze(M):
    import igraph as ig
    IG = f"python-igraph {ig.__version__}"
    order = sorted(M.nodes)
    index = {n: i for i, n in enumerate(order)}  # = r*8+c
    g = ig.Graph(n=len(order), edges=[(index[u], index[v]) for u, v in sorted(M.edges)], directed=False)
    g.vs["name"] = [f"{r},{c}" for r, c in order]
    g.vs["row"] = [r for r, c in order]
    g.vs["col"] = [c for r, c in order]
    what = "maze: the same 6x8 spanning tree as nx_maze.*, built in igraph (vertex i = r*8+c)"
    start, goal = (0, 0), (ROWS - 1, COLS - 1)
    MI = int_labels(M)
    si, gi = 0, ROWS * COLS - 1

    g.write_graphml(path("igraph_maze.graphml"))
    b = ig.Graph.Read_GraphML(path("igraph_maze.graphml"))
    assert b.vcount() == g.vcount() and sorted(map(sorted, b.get_edgelist())) == sorted(map(sorted, g.get_edgelist()))
    assert b.vs["name"] == g.vs["name"]
    record("igraph_maze.graphml", IG, what + "; Graph.write_graphml", MI, si, gi,
           labels="GraphML node ids n0..n47 (= r*8+c); attribute name=\"r,c\" (key v_name), row, col (keys v_row, v_col, attr.type double)",
           extra={"start_name": "0,0", "goal_name": "5,7"})
    # without creator= igraph writes the current date and time into the file
    g.write_gml(path("igraph_maze.gml"), creator=f"igraph {ig.__version__} (tests/py/make_foreign.py)")
    b = ig.Graph.Read_GML(path("igraph_maze.gml"))
    assert b.vcount() == g.vcount() and sorted(map(sorted, b.get_edgelist())) == sorted(map(sorted, g.get_edgelist()))
    record("igraph_maze.gml", IG, what + "; Graph.write_gml", MI, si, gi,
           labels="GML node id 0..47 (= r*8+c); name \"r,c\"", extra={"start_name": "0,0", "goal_name": "5,7"})
    g.write_edgelist(path("igraph_maze.edgelist"))
    b = ig.Graph.Read_Edgelist(path("igraph_maze.edgelist"), directed=False)
    assert b.vcount() == g.vcount() and sorted(map(sorted, b.get_edgelist())) == sorted(map(sorted, g.get_edgelist()))
    record("igraph_maze.edgelist", IG, what + "; Graph.write_edgelist", MI, si, gi,
           labels="integers 0..47 (= r*8+c), 'u v' per line")
    # cross-check against networkx
    Gnx = nx.read_graphml(path("igraph_maze.graphml"))
    assert Gnx.number_of_nodes() == 48 and Gnx.number_of_edges() == 47
    assert start == (0, 0) and goal == (5, 7)


# ---------------------------------------------------------------------------------------------
# maze-dataset
# ---------------------------------------------------------------------------------------------

def maze_dataset_mazes():
    import numpy as np
    import maze_dataset
    from importlib.metadata import version
    from maze_dataset import LatticeMazeGenerators, LatticeMaze, SolvedMaze, TargetedLatticeMaze
    from maze_dataset.tokenization import MazeTokenizer, TokenizationMode
    from muutils.json_serialize import json_serialize

    MD = f"maze-dataset {version('maze-dataset')} (muutils {version('muutils')})"

    def to_nx(m):
        G = nx.Graph()
        rows, cols = m.grid_shape
        G.add_nodes_from((r, c) for r in range(rows) for c in range(cols))
        for a, b in m.as_adj_list(shuffle_d0=False, shuffle_d1=False).tolist():
            G.add_edge(tuple(a), tuple(b))
        return G

    def edge_set(m):
        return {frozenset(map(tuple, c)) for c in m.as_adj_list(shuffle_d0=False, shuffle_d1=False).tolist()}

    def one(tag, gen, shape, seed, solved=True):
        np.random.seed(seed)
        m = gen(np.array(shape))
        rows, cols = shape
        G = to_nx(m)
        if solved:
            sol = m.generate_random_path()
            s = SolvedMaze.from_lattice_maze(m, sol)
            start, goal = tuple(s.start_pos.tolist()), tuple(s.end_pos.tolist())
            cells = len(s.solution)
            assert cells - 1 == nx.shortest_path_length(G, start, goal)  # perfect maze: unique path
        else:
            s = m
            start = goal = None
            cells = None
        base = f"md_{tag}_{rows}x{cols}"
        gen_name = gen.__name__
        desc = f"maze-dataset LatticeMazeGenerators.{gen_name}(({rows}, {cols})), np.random.seed({seed})"
        if solved:
            desc += "; SolvedMaze.from_lattice_maze(m, m.generate_random_path())"
        ext = {
            "grid_rows": rows, "grid_cols": cols,
        }
        if solved:
            ext["solution_cells"] = cells
            ext["solution"] = s.solution.tolist()
        coords = "cells (row, col) of the lattice, row 0..%d, col 0..%d" % (rows - 1, cols - 1)

        # ASCII
        asc = s.as_ascii()
        write_text(base + ".txt", asc)  # as_ascii() has no trailing newline; written as returned
        back = LatticeMaze.from_ascii(open(path(base + ".txt")).read())
        assert back == m or (back.connection_list == m.connection_list).all()
        lines = asc.split("\n")
        assert len(lines) == 2 * rows + 1 and all(len(l) == 2 * cols + 1 for l in lines)
        if solved:
            r0, c0 = start
            assert lines[2 * r0 + 1][2 * c0 + 1] == "S"
            r1, c1 = goal
            assert lines[2 * r1 + 1][2 * c1 + 1] == "E"
        e = dict(ext)
        e.update({"ascii_rows": 2 * rows + 1, "ascii_cols": 2 * cols + 1,
                  "ascii_chars": sorted(set(asc) - {"\n"})})
        record(base + ".txt", MD, desc + "; s.as_ascii() written as returned (no trailing newline)", G, start,
               goal, terminals_named_in_file=solved, labels="ASCII: cell (r, c) at text row 2r+1, column 2c+1",
               notes=("'#' wall, ' ' open, 'S' start, 'E' end, 'X' solution path (cells and the passages "
                      "between them)") if solved else "'#' wall, ' ' open; no terminals",
               extra=e)

        # adjacency list (nested list) as JSON text
        adj = s.as_adj_list()  # shuffled with numpy's global RNG (seeded above)
        write_text(base + "_adjlist.json", json.dumps(adj.tolist()) + "\n")
        back = json.load(open(path(base + "_adjlist.json")))
        assert len(back) == G.number_of_edges()
        if rows == cols:
            assert (LatticeMaze.from_adj_list(np.array(back)).connection_list == m.connection_list).all()
        record(base + "_adjlist.json", MD, desc + "; json.dumps(s.as_adj_list().tolist())", G, start, goal,
               labels=coords, notes="a list of [[r, c], [r, c]] connections, shuffled order and direction; "
               "isolated cells (none here) would be lost; no terminals", extra=dict(ext))

        # tokens, text form
        if solved:
            for mode, suffix in ((TokenizationMode.AOTP_UT_uniform, "tokens"),
                                 (TokenizationMode.AOTP_CTT_indexed, "tokens_indexed")):
                tok = MazeTokenizer(tokenization_mode=mode, max_grid_size=max(rows, cols))
                tokens = s.as_tokens(tok)
                text = " ".join(tokens)
                write_text(f"{base}.{suffix}", text + "\n")
                back = SolvedMaze.from_tokens(open(path(f"{base}.{suffix}")).read().split(), tok)
                # from_tokens assumes a square grid (a 4x6 maze comes back as 6x6): compare edges
                assert edge_set(back) == edge_set(m), (back.grid_shape, m.grid_shape)
                tok_note = "" if rows == cols else (
                    f"; SolvedMaze.from_tokens reads this {rows}x{cols} maze back as "
                    f"{back.grid_shape[0]}x{back.grid_shape[1]} (assumes square; the tokens do not carry the shape)")
                assert tuple(back.start_pos.tolist()) == start and tuple(back.end_pos.tolist()) == goal
                record(f"{base}.{suffix}", MD,
                       desc + f"; ' '.join(s.as_tokens(MazeTokenizer(tokenization_mode={mode}, "
                       f"max_grid_size={max(rows, cols)})))", G, start, goal, terminals_named_in_file=True,
                       labels=coords, notes="<ADJLIST_START> a <--> b ; ... <ADJLIST_END> <ORIGIN_START> a "
                       "<ORIGIN_END> <TARGET_START> b <TARGET_END> <PATH_START> ... <PATH_END>" + tok_note,
                       extra=dict(ext))

        # serialize() -> JSON
        ser = json_serialize(s.serialize())
        write_text(base + ".mazedataset.json", json.dumps(ser) + "\n")
        raw = json.load(open(path(base + ".mazedataset.json")))
        try:
            loaded = type(s).load(raw)
            if not isinstance(loaded.connection_list, np.ndarray):
                raise TypeError("connection_list left as the JSON dict, not decoded to an array")
            load_note = f"{type(s).__name__}.load(json) works"
        except Exception as err:  # .load() does not decode its own JSON arrays in 1.4.2
            load_note = (f"{type(s).__name__}.load(json.load(f)) FAILS in this version "
                         f"({type(err).__name__}: {err}); read back by hand from the arrays' 'data'")
            cl = np.array(raw["connection_list"]["data"], dtype=bool)
            if solved:
                loaded = SolvedMaze(connection_list=cl, solution=np.array(raw["solution"]["data"]))
            else:
                loaded = LatticeMaze(connection_list=cl)
        assert (loaded.connection_list == m.connection_list).all()
        assert list(raw["connection_list"]["shape"]) == [2, rows, cols]
        if solved:
            assert (loaded.solution == s.solution).all()
            assert tuple(raw["start_pos"]["data"]) == start and tuple(raw["end_pos"]["data"]) == goal
        record(base + ".mazedataset.json", MD,
               desc + "; json.dumps(muutils.json_serialize.json_serialize(s.serialize()))", G, start, goal,
               terminals_named_in_file=solved, labels=coords,
               notes="connection_list: bool array shape [2, rows, cols]; [0][r][c] = passage (r,c)-(r+1,c) "
               "(down), [1][r][c] = passage (r,c)-(r,c+1) (right); arrays as "
               "{\"__muutils_format__\": \"numpy.ndarray:array_list_meta\", \"data\": ..., \"shape\": ...}; "
               + load_note, extra=dict(ext))

    one("dfs", LatticeMazeGenerators.gen_dfs, (5, 5), 1)
    one("dfs", LatticeMazeGenerators.gen_dfs, (4, 6), 3)  # rectangular: shows row/col order
    one("wilson", LatticeMazeGenerators.gen_wilson, (5, 5), 2)
    one("dfs_unsolved", LatticeMazeGenerators.gen_dfs, (3, 4), 4, solved=False)


def main():
    os.makedirs(OUT, exist_ok=True)
    warnings.simplefilter("ignore")  # maze-dataset's optional-dependency and deprecation warnings
    M = make_maze()
    W = weighted_copy(M)
    networkx_maze(M, W)
    networkx_others()
    igraph_maze(M)
    maze_dataset_mazes()
    MANIFEST.sort(key=lambda e: e["file"])
    with open(path("MANIFEST.json"), "w", encoding="utf-8", newline="\n") as f:
        # one entry a line: short, greppable, and diffs show which file changed
        f.write('{"generated_by": "tests/py/make_foreign.py",\n "files": [\n')
        f.write(",\n".join("  " + json.dumps(e) for e in MANIFEST))
        f.write("\n ]}\n")
    total = sum(os.path.getsize(path(e["file"])) for e in MANIFEST)
    print(f"{len(MANIFEST)} files, {total} bytes, into {OUT}")
    assert total < 300_000


if __name__ == "__main__":
    sys.exit(main())
