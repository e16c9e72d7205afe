#!/usr/bin/env python3
"""Checks that graph files WRITTEN BY MAZEGRAPH load in the usual Python graph tools.

Usage: python3 tests/py/check_exchange.py DIR [--allow-empty]

For every file in DIR (not recursive) with a known extension:

| extension | loaded with |
|---|---|
| `.graphml` | networkx `read_graphml`, igraph `Graph.Read_GraphML` |
| `.gml` | networkx `read_gml`, igraph `Graph.Read_GML` |
| `.edgelist`, `.edges` | networkx `read_edgelist`, igraph `Graph.Read_Ncol` (`u v` / `u v w` lines only) |
| `.graph.json` | networkx `node_link_graph` (the `"edges"` key, else `"links"`) |
| `.dot`, `.gv` | networkx `nx_pydot.read_dot`, `nx_agraph.read_dot` (when pygraphviz is installed), pydot |

Edge lists follow networkx's conventions: `u v`, `u v w` (a number: the weight) or
`u v {'weight': w}` (a Python dict literal), `#` comments.

Each tool's vertex and edge counts must agree with the first tool's (networkx when installed),
and with `FILE.expect.json` when that sidecar exists:

```json
{"vertices": 48, "edges": 47, "start": [0, 0], "goal": [5, 7], "hops": 12, "weight": 54}
```

every key optional: `vertices`, `edges` (edges as the file holds them; a multigraph counts
parallel edges), `start` / `goal` (vertex labels: a list of integers is a coordinate, matched
against node ids and their `label`, `name`, `coord` and `id` attributes written as `"1,4"`,
`"(1, 4)"`, `"[1, 4]"`; an integer or a string matches itself), `hops` (shortest-path length
between start and goal, in edges) and `weight` (the same with edge `weight`s).

Prints one line per check (`ok`, `FAIL`, `skip`) and exits 1 when any check fails, 0
otherwise; a tool that is not installed is skipped with a note. A directory without any known
file is an error (exit 1) unless `--allow-empty` is given.
"""

import ast
import json
import os
import re
import sys
import warnings

FAILS = 0


def say(status, file, tool, msg):
    global FAILS
    if status == "FAIL":
        FAILS += 1
    print(f"{status:4} {file} [{tool}] {msg}", flush=True)


def try_import(name):
    try:
        return __import__(name)
    except Exception:  # not installed, or broken (pygraphviz without libgraphviz)
        return None


nx = try_import("networkx")
ig = try_import("igraph")
pydot = try_import("pydot")
pygraphviz = try_import("pygraphviz")

KINDS = (
    (".graph.json", "nodelink"),
    (".graphml", "graphml"),
    (".gml", "gml"),
    (".edgelist", "edgelist"),
    (".edges", "edgelist"),
    (".dot", "dot"),
    (".gv", "dot"),
)


def kind_of(name):
    low = name.lower()
    if low.endswith(".expect.json"):
        return None
    for ext, kind in KINDS:
        if low.endswith(ext):
            return kind
    return None


# --- labels ----------------------------------------------------------------------------------

TUPLE_RE = re.compile(r"^\s*[\(\[]?\s*(-?\d+\s*(?:,\s*-?\d+\s*)*,?)\s*[\)\]]?\s*$")


def canon(v):
    """A vertex label in a comparable form: coordinates as tuples of ints, integers as int,
    anything else as a string."""
    if isinstance(v, bool):
        return str(v)
    if isinstance(v, (list, tuple)):
        try:
            return tuple(int(x) for x in v)
        except (TypeError, ValueError):
            return tuple(v)
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, int):
        return v
    s = str(v).strip()
    if len(s) >= 2 and s[0] == s[-1] == '"':  # pydot keeps DOT's quotes
        s = s[1:-1]
    if re.fullmatch(r"-?\d+", s.strip()):
        return int(s)
    m = TUPLE_RE.match(s)
    if m and ("," in s):
        return tuple(int(x) for x in m.group(1).split(",") if x.strip())
    return s


ATTRS = ("coord", "label", "name", "id")


def find_vertex(candidates, want):
    """candidates: iterable of (key, node_id, attrs). Returns the key whose id or attributes
    read as the label `want`, or None."""
    w = canon(want)
    by_attr = None
    for key, nid, attrs in candidates:
        for a in ATTRS:
            if a in attrs and canon(attrs[a]) == w:
                if a == "coord":
                    return key
                by_attr = by_attr if by_attr is not None else key
        if nid is not None and canon(nid) == w:
            return key
    return by_attr


# --- loaders (each returns a summary dict or raises) ----------------------------------------

def number(w):
    """An edge weight as a number: DOT readers give strings ("3", "\"3\"")."""
    if isinstance(w, str):
        w = float(w.strip().strip('"'))
    return w


def weight_fn(G):
    """Edge weight for networkx's Dijkstra: missing is 1; a multigraph's parallel edges give
    their smallest weight."""
    if G.is_multigraph():
        return lambda u, v, d: min(number(e.get("weight", 1)) for e in d.values())
    return lambda u, v, d: number(d.get("weight", 1))


def nx_summary(G, expect):
    out = {"vertices": G.number_of_nodes(), "edges": G.number_of_edges()}
    if "start" in expect and "goal" in expect:
        cands = [(n, n, d) for n, d in G.nodes(data=True)]
        s, g = find_vertex(cands, expect["start"]), find_vertex(cands, expect["goal"])
        if s is None or g is None:
            out["error"] = f"start {expect['start']!r} or goal {expect['goal']!r} is not a vertex"
            return out
        H = G.to_undirected() if G.is_directed() else G
        try:
            if "hops" in expect:
                out["hops"] = nx.shortest_path_length(H, s, g)
            if "weight" in expect:
                out["weight"] = nx.shortest_path_length(H, s, g, weight=weight_fn(H))
        except nx.NetworkXNoPath:
            out["hops"] = out["weight"] = None
    return out


def ig_summary(g, expect):
    out = {"vertices": g.vcount(), "edges": g.ecount()}
    if "start" in expect and "goal" in expect:
        names = g.vs.attributes()
        # Vertices with names are found by name, never by index (an edge list of integer
        # names numbers its vertices in order of appearance).
        named = any(a in names for a in ATTRS)
        cands = [(v.index, None if named else v.index, {a: v[a] for a in names}) for v in g.vs]
        s, t = find_vertex(cands, expect["start"]), find_vertex(cands, expect["goal"])
        if s is None or t is None:
            out["error"] = f"start {expect['start']!r} or goal {expect['goal']!r} is not a vertex"
            return out
        if "hops" in expect:
            d = g.distances(source=[s], target=[t], mode="all")[0][0]
            out["hops"] = None if d == float("inf") else int(d)
        if "weight" in expect:
            w = g.es["weight"] if "weight" in g.es.attributes() else None
            if w is not None:
                w = [float(x) for x in w]
            d = g.distances(source=[s], target=[t], weights=w, mode="all")[0][0]
            out["weight"] = None if d == float("inf") else d
    return out


def edgelist_style(path):
    """'plain' (u v), 'column' (u v w) or 'dict' (u v {...}), from the first data line."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split(None, 2)
            if len(parts) < 3:
                return "plain"
            return "dict" if parts[2].lstrip().startswith("{") else "column"
    return "plain"


def load_nx(kind, path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if kind == "nodelink":
            data = json.load(open(path, encoding="utf-8"))
            key = "edges" if "edges" in data else "links"
            return nx.node_link_graph(data, edges=key)
        if kind == "graphml":
            return nx.read_graphml(path)
        if kind == "gml":
            try:
                return nx.read_gml(path)  # nodes named by their label
            except nx.NetworkXError:
                return nx.read_gml(path, label="id")  # no labels, or duplicated ones
        if kind == "edgelist":
            style = edgelist_style(path)
            if style == "column":
                return nx.read_edgelist(path, data=[("weight", float)])
            return nx.read_edgelist(path)  # 'u v' and "u v {'weight': 3}"
    raise ValueError(kind)


def load_ig(kind, path):
    if kind == "graphml":
        return ig.Graph.Read_GraphML(path)
    if kind == "gml":
        return ig.Graph.Read_GML(path)
    if kind == "edgelist":
        if edgelist_style(path) == "dict":
            return None  # igraph has no reader for networkx's dict column
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
        data = [l for l in lines if not l.lstrip().startswith("#")]
        if len(data) == len(lines):
            return ig.Graph.Read_Ncol(path, names=True, weights="if_present", directed=False)
        # Read_Ncol takes no comment lines: an igraph user strips them first (mazegraph
        # writes terminals and the grid shape there).
        import tempfile
        with tempfile.NamedTemporaryFile("w", suffix=".ncol", delete=False) as t:
            t.writelines(data)
        try:
            return ig.Graph.Read_Ncol(t.name, names=True, weights="if_present", directed=False)
        finally:
            os.unlink(t.name)
    return None


def pydot_counts(path):
    graphs = pydot.graph_from_dot_file(path)
    if not graphs:
        raise ValueError("pydot read no graph")
    g = graphs[0]
    nodes, edges = set(), 0

    def unq(s):
        s = str(s)
        if len(s) >= 2 and s[0] == '"' and s[-1] == '"':
            s = s[1:-1]
        return s

    def walk(sg):
        nonlocal edges
        for n in sg.get_nodes():
            name = unq(n.get_name())
            if name.lower() not in ("node", "edge", "graph"):
                nodes.add(name)
        for e in sg.get_edges():
            ends = []
            for end in (e.get_source(), e.get_destination()):
                if isinstance(end, dict) or hasattr(end, "get_nodes"):
                    raise ValueError("edge to a subgraph: counted by networkx only")
                ends.append(unq(str(end).split(":")[0]))
            nodes.update(ends)
            edges += 1
        for s in sg.get_subgraphs():
            walk(s)

    walk(g)
    return {"vertices": len(nodes), "edges": edges}


# --- checks ----------------------------------------------------------------------------------

def compare(file, tool, got, expect, reference):
    if "error" in got:
        say("FAIL", file, tool, got["error"])
        return
    bad = []
    for key in ("vertices", "edges", "hops", "weight"):
        if key not in got:
            continue
        want = expect.get(key, reference.get(key) if reference else None)
        if want is None and key not in expect:
            continue
        g = got[key]
        same = (g == want) if not isinstance(g, float) or want is None else abs(g - want) < 1e-9
        if not same:
            bad.append(f"{key}={g!r} (expected {want!r})")
    shown = " ".join(f"{k}={got[k]!r}" for k in ("vertices", "edges", "hops", "weight") if k in got)
    if bad:
        say("FAIL", file, tool, "; ".join(bad))
    else:
        say("ok", file, tool, shown)


def check_file(directory, name):
    path = os.path.join(directory, name)
    kind = kind_of(name)
    expect = {}
    side = path + ".expect.json"
    if os.path.exists(side):
        try:
            expect = json.load(open(side, encoding="utf-8"))
        except ValueError as e:
            say("FAIL", name, "expect", f"{side}: {e}")
            return
    reference = None

    def run(tool, fn):
        nonlocal reference
        try:
            got = fn()
        except Exception as e:  # a tool refusing the file is a failed check
            say("FAIL", name, tool, f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
            return
        if got is None:
            return
        compare(name, tool, got, expect, reference)
        if reference is None and "error" not in got:
            reference = got

    # networkx
    if nx is None:
        say("skip", name, "networkx", "networkx is not installed")
    elif kind == "dot":
        if pydot is None:
            say("skip", name, "networkx.nx_pydot", "pydot is not installed")
        else:
            run("networkx.nx_pydot", lambda: nx_summary(nx.nx_pydot.read_dot(path), expect))
        if pygraphviz is None:
            say("skip", name, "networkx.nx_agraph", "pygraphviz is not installed")
        else:
            run("networkx.nx_agraph", lambda: nx_summary(nx.nx_agraph.read_dot(path), expect))
    else:
        run("networkx", lambda: nx_summary(load_nx(kind, path), expect))

    # igraph
    if kind in ("graphml", "gml", "edgelist"):
        if ig is None:
            say("skip", name, "igraph", "python-igraph is not installed")
        elif kind == "edgelist" and edgelist_style(path) == "dict":
            say("skip", name, "igraph", "igraph reads no `u v {dict}` edge lists")
        else:
            run("igraph", lambda: ig_summary(load_ig(kind, path), expect))
    elif kind == "nodelink":
        say("skip", name, "igraph", "igraph has no node-link JSON reader")

    # pydot on its own
    if kind == "dot":
        if pydot is None:
            say("skip", name, "pydot", "pydot is not installed")
        else:
            run("pydot", lambda: pydot_counts(path))


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    allow_empty = "--allow-empty" in argv[1:]
    if len(args) != 1 or not os.path.isdir(args[0]):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    directory = args[0]
    names = sorted(n for n in os.listdir(directory)
                   if kind_of(n) and os.path.isfile(os.path.join(directory, n)))
    tools = [f"networkx {nx.__version__}" if nx else "networkx: not installed",
             f"igraph {ig.__version__}" if ig else "igraph: not installed",
             f"pydot {pydot.__version__}" if pydot else "pydot: not installed",
             "pygraphviz " + pygraphviz.__version__ if pygraphviz else "pygraphviz: not installed"]
    print("tools: " + ", ".join(tools))
    if not names:
        print(f"no graph files (.graphml .gml .edgelist .edges .graph.json .dot .gv) in {directory}")
        return 0 if allow_empty else 1
    for n in names:
        check_file(directory, n)
    print(f"{len(names)} files, {FAILS} failed checks")
    return 1 if FAILS else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except BrokenPipeError:  # `check_exchange.py DIR | head`
        sys.stderr.close()
        sys.exit(1 if FAILS else 0)
