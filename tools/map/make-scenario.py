#!/usr/bin/env python3
"""Build data/scenarios/first-panzer-army.kessel from the readable source data
in tools/map/data/.

    python3 tools/map/make-scenario.py            write the scenario file
    python3 tools/map/make-scenario.py --report   also print the tables used
                                                  in docs/map-reconstruction.md
    python3 tools/map/make-scenario.py --check    write nothing; fail if the
                                                  committed file is out of date

Python 3 standard library only. The output depends on nothing but the data
files, so running it twice gives the same bytes.

How it works, in short (docs/map-reconstruction.md has the reasoning):
 1. Positions. Latitude/longitude go to kilometres east/north of 49.0N 26.8E
    (an equirectangular projection; its error over this area is well under a
    hex). A similarity transform (scale, rotation, shift) from kilometres to
    the hex plane is fitted by least squares to the rule book's anchors. What
    the anchors still miss is removed by a smooth correction (Gaussian radial
    basis functions centred on the anchors) that fades out away from them, so
    every anchor lands exactly on its hex and the far south keeps the fitted
    scale.
 2. Rivers. Each course is sampled densely, each sample goes to the nearest
    hex corner, and consecutive corners are joined by the cheapest chain of
    hexsides (cost: length plus the squared distance from the course), so a
    river is always one continuous chain of hexsides.
 3. Terrain. Clear by default; forest and marsh areas are polygons, a
    narrow ridge is the line of hexes a polyline runs through, canyons are
    the hexes along given stretches of a river, and single hexes may be
    listed.
 4. Places, units, edge roles, the 12.5 area and the rules block follow.
"""

import argparse
import heapq
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, 'data')
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
OUTPUT = os.path.join(ROOT, 'data', 'scenarios', 'first-panzer-army.kessel')

COLUMNS = 47
ROWS = 29
C30 = math.cos(math.radians(30))
CORNER = 1 / math.sqrt(3)       # hex corner radius, hex centres 1 apart
LAT0, LON0 = 49.0, 26.8         # origin of the kilometre grid
RBF_LENGTH = 6.0                # hexes: reach of the anchor correction
NOMINAL_KM = 6.8                # the rule book's hex size
# Hexes the rule book's example turn uses: no town, no rough or marsh, and no
# river between two of them except 2218-2119 (and the two sides that carry
# that river on, see rivers.txt).
# Kinds of places.tsv: the element written and the VP (4.1) of each hex.
PLACE_TAGS = {'town': 'town', 'fl': 'fortified-locality', 'name': 'label'}
PLACE_VP = {'town': 1, 'fl': 4, 'name': 0}
EXAMPLE_HEXES = [(int(t[:2]), int(t[2:])) for t in
                 '2218 2119 2117 2121 2019 2020 2018 1919 1920 2118 2120 2219 1918 1819 2017 2122'.split()]


# ---------------------------------------------------------------- the grid

def rows_in(col):
    return ROWS if col % 2 == 1 else ROWS - 1


def on_map(col, row):
    return 1 <= col <= COLUMNS and 1 <= row <= rows_in(col)


def all_hexes():
    return [(c, r) for c in range(1, COLUMNS + 1) for r in range(1, rows_in(c) + 1)]


def num(h):
    return '%02d%02d' % h


def parse_hex(text):
    return (int(text[:2]), int(text[2:]))


def centre(h):
    c, r = h
    return ((c - 1) * C30, (r - 1) + (0.5 if c % 2 == 0 else 0.0))


def neighbours(h):
    c, r = h
    if c % 2 == 1:
        cand = [(c, r - 1), (c + 1, r - 1), (c + 1, r), (c, r + 1), (c - 1, r), (c - 1, r - 1)]
    else:
        cand = [(c, r - 1), (c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r + 1), (c - 1, r)]
    return [n for n in cand if on_map(*n)]


def adjacent(a, b):
    return b in neighbours(a)


def hex_at(x, y):
    """The hex whose centre is nearest to (x, y), or None off the map."""
    col = int(round(x / C30)) + 1
    best = None
    for c in (col - 1, col, col + 1):
        r0 = int(round(y - (0.5 if c % 2 == 0 else 0.0))) + 1
        for r in (r0 - 1, r0, r0 + 1):
            cx, cy = centre((c, r))
            d = math.hypot(cx - x, cy - y)
            if best is None or d < best[0]:
                best = (d, (c, r))
    h = best[1]
    return h if on_map(*h) else None


def corners(h):
    cx, cy = centre(h)
    return [(cx + CORNER * math.cos(math.radians(60 * k)),
             cy + CORNER * math.sin(math.radians(60 * k))) for k in range(6)]


def vkey(p):
    return (int(round(p[0] * 1000)), int(round(p[1] * 1000)))


def kxy(k):
    return (k[0] / 1000.0, k[1] / 1000.0)


class Graph:
    """Hex corners as vertices, hexsides between two map hexes as edges."""

    def __init__(self):
        self.adj = {}          # vertex -> {vertex: (hex a, hex b)}
        self.touch = {}        # vertex -> set of hexes
        for h in all_hexes():
            cs = [vkey(p) for p in corners(h)]
            for k in cs:
                self.touch.setdefault(k, set()).add(h)
        for h in all_hexes():
            cs = [vkey(p) for p in corners(h)]
            for k in range(6):
                a, b = cs[k], cs[(k + 1) % 6]
                shared = self.touch[a] & self.touch[b]
                if len(shared) == 2:
                    pair = tuple(sorted(shared))
                    self.adj.setdefault(a, {})[b] = pair
                    self.adj.setdefault(b, {})[a] = pair
        self.vertices = list(self.adj)

    def boundary(self, k):
        return len(self.touch[k]) == 2

    def nearest(self, p, boundary=False):
        best = None
        for k in self.vertices:
            if boundary and not self.boundary(k):
                continue
            x, y = kxy(k)
            d = (x - p[0]) ** 2 + (y - p[1]) ** 2
            if best is None or d < best[0]:
                best = (d, k)
        return best[1]


# ------------------------------------------------------------- the fitting

def to_km(lat, lon):
    return ((lon - LON0) * 111.32 * math.cos(math.radians(LAT0)), (lat - LAT0) * 110.57)


def solve(a, b):
    """Least squares: minimise |A p - b| by the normal equations."""
    n = len(a[0])
    m = [[sum(row[i] * row[j] for row in a) for j in range(n)] for i in range(n)]
    v = [sum(row[i] * bb for row, bb in zip(a, b)) for i in range(n)]
    return gauss(m, v)


def gauss(m, v):
    n = len(v)
    m = [row[:] for row in m]
    v = v[:]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[p] = m[p], m[i]
        v[i], v[p] = v[p], v[i]
        for r in range(n):
            if r != i and m[r][i] != 0.0:
                f = m[r][i] / m[i][i]
                for c in range(i, n):
                    m[r][c] -= f * m[i][c]
                v[r] -= f * v[i]
    return [v[i] / m[i][i] for i in range(n)]


class Fit:
    def __init__(self, anchors):
        self.anchors = anchors
        rows, rhs = [], []
        for a in anchors:
            e, n = to_km(a['lat'], a['lon'])
            tx, ty = a['target']
            # x = p e + q n + tx ; y = q e - p n + ty  (y grows southwards)
            rows.append([e, n, 1.0, 0.0]); rhs.append(tx)
            rows.append([-n, e, 0.0, 1.0]); rhs.append(ty)
        self.p, self.q, self.tx, self.ty = solve(rows, rhs)
        self.km_per_hex = 1.0 / math.hypot(self.p, self.q)
        self.rotation = math.degrees(math.atan2(self.q, self.p))
        # Residuals of the similarity fit, then the correction that removes them.
        self.centres = []
        res_x, res_y = [], []
        for a in anchors:
            x, y = self.similar(a['lat'], a['lon'])
            a['fit'] = (x, y)
            self.centres.append((x, y))
            res_x.append(a['target'][0] - x)
            res_y.append(a['target'][1] - y)
        k = [[self.kernel(ci, cj) for cj in self.centres] for ci in self.centres]
        self.wx = gauss(k, res_x)
        self.wy = gauss(k, res_y)

    def similar(self, lat, lon):
        e, n = to_km(lat, lon)
        return (self.p * e + self.q * n + self.tx, self.q * e - self.p * n + self.ty)

    @staticmethod
    def kernel(a, b):
        d2 = (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
        return math.exp(-d2 / (2 * RBF_LENGTH ** 2))

    def xy(self, lat, lon):
        x, y = self.similar(lat, lon)
        dx = sum(w * self.kernel((x, y), c) for w, c in zip(self.wx, self.centres))
        dy = sum(w * self.kernel((x, y), c) for w, c in zip(self.wy, self.centres))
        return (x + dx, y + dy)

    def hex(self, lat, lon):
        return hex_at(*self.xy(lat, lon))


# ------------------------------------------------------------ data readers

def data_lines(name):
    with open(os.path.join(DATA, name), encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if not line.strip() or line.lstrip().startswith('#'):
                continue
            yield line


def read_tsv(name, fields):
    out = []
    for line in data_lines(name):
        cells = line.split('\t')
        cells += [''] * (len(fields) - len(cells))
        out.append({f: c.strip() for f, c in zip(fields, cells)})
    return out


def read_blocks(name):
    """Blocks of 'HEADER' ... 'end' with one item per line; '#' starts a comment."""
    blocks, cur = [], None
    for line in data_lines(name):
        text = line.split('#', 1)[0].strip()
        if not text:
            continue
        if cur is None:
            cur = {'head': text.split(), 'items': []}
        elif text == 'end':
            blocks.append(cur)
            cur = None
        else:
            cur['items'].append(text.split())
    if cur is not None:
        sys.exit('%s: block %s has no end' % (name, ' '.join(cur['head'])))
    return blocks


# ------------------------------------------------------------------ rivers

def seg_dist(p, a, b):
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def cheapest(graph, start, goal, course, taken):
    """Cheapest chain of hexsides from corner start to corner goal."""
    def cost(a, b):
        mid = ((a[0] + b[0]) / 2000.0, (a[1] + b[1]) / 2000.0)
        d = min(seg_dist(mid, course[i], course[i + 1]) for i in range(len(course) - 1)) \
            if len(course) > 1 else 0.0
        c = CORNER + 4.0 * d * d
        if graph.adj[a][b] in taken:
            c += 50.0
        return c

    dist = {start: 0.0}
    prev = {}
    heap = [(0.0, start)]
    while heap:
        d, v = heapq.heappop(heap)
        if v == goal:
            break
        if d > dist[v]:
            continue
        for w in sorted(graph.adj[v]):
            nd = d + cost(v, w)
            if nd < dist.get(w, float('inf')) - 1e-12:
                dist[w] = nd
                prev[w] = v
                heapq.heappush(heap, (nd, w))
    path = [goal]
    while path[-1] != start:
        path.append(prev[path[-1]])
    return path[::-1]


def build_river(graph, fit, block, taken, rivers_by_name):
    head = block['head']
    name_words, major, joins = [], False, None
    i = 1
    while i < len(head):
        if head[i] == 'major':
            major = True
        elif head[i] == 'joins':
            joins = ' '.join(head[i + 1:])
            break
        else:
            name_words.append(head[i])
        i += 1
    name = ' '.join(name_words)

    # Targets: ('pt', (x, y)) for course points, ('side', a, b) for fixed sides.
    items = []
    for it in block['items']:
        if it[0] == 'side':
            a, b = parse_hex(it[1]), parse_hex(it[2])
            shared = [k for k in graph.vertices if a in graph.touch[k] and b in graph.touch[k]]
            if len(shared) != 2:
                sys.exit('river %s: %s %s is not a hexside' % (name, it[1], it[2]))
            items.append(('side', shared[0], shared[1]))
        else:
            items.append(('pt', fit.xy(float(it[0]), float(it[1]))))

    pts = [it[1] for it in items if it[0] == 'pt']
    starts_off = hex_at(*pts[0]) is None
    ends_off = hex_at(*pts[-1]) is None

    # Dense samples of the course, with the fixed sides in their places.
    samples = []          # (vertex, fixed?, local course)
    prev_pt = None
    for it in items:
        if it[0] == 'side':
            a, b = it[1], it[2]
            ref = samples[-1][0] if samples else a
            ra, rb = kxy(a), kxy(b)
            rr = kxy(ref)
            if math.dist(rr, rb) < math.dist(rr, ra):
                a, b = b, a
            samples.append((a, True, None))
            samples.append((b, True, None))
            prev_pt = kxy(b)     # the course goes on from the fixed side
            continue
        p = it[1]
        if prev_pt is None:
            seq = [p]
        else:
            n = max(1, int(math.dist(prev_pt, p) / 0.2))
            seq = [(prev_pt[0] + (p[0] - prev_pt[0]) * t / n,
                    prev_pt[1] + (p[1] - prev_pt[1]) * t / n) for t in range(1, n + 1)]
        for s in seq:
            if hex_at(*s) is None:
                continue
            samples.append((graph.nearest(s), False, (prev_pt or p, p)))
        prev_pt = p

    if not samples:
        return None
    course = [it[1] for it in items if it[0] == 'pt']
    first = samples[0][0]
    if starts_off:
        first = graph.nearest(kxy(samples[0][0]), boundary=True)
    path = [first]
    for v, fixed, local in samples:
        if v == path[-1]:
            continue
        local_course = list(local) if local else [kxy(path[-1]), kxy(v)]
        if fixed and v in graph.adj[path[-1]]:
            path.append(v)
            continue
        seg = cheapest(graph, path[-1], v, local_course, taken)
        path.extend(seg[1:])
    if ends_off:
        last = graph.nearest(kxy(path[-1]), boundary=True)
        if last != path[-1]:
            path.extend(cheapest(graph, path[-1], last, [kxy(path[-1]), kxy(last)], taken)[1:])

    # Remove loops (a corner visited twice) but never across a fixed side.
    out, seen = [], {}
    for v in path:
        if v in seen:
            cut = seen[v]
            for w in out[cut + 1:]:
                del seen[w]
            out = out[:cut + 1]
        else:
            seen[v] = len(out)
            out.append(v)
    path = out

    if joins:
        other = rivers_by_name[joins]
        other_vertices = set()
        for side in other['sides']:
            other_vertices.update(side_vertices(graph, side))
        cut = next((i for i, v in enumerate(path) if v in other_vertices and i > 0), None)
        if cut is not None:
            path = path[:cut + 1]
        else:
            goal = min(other_vertices, key=lambda k: math.dist(kxy(k), kxy(path[-1])))
            path.extend(cheapest(graph, path[-1], goal, [kxy(path[-1]), kxy(goal)], taken)[1:])

    sides = []
    for a, b in zip(path, path[1:]):
        pair = graph.adj[a][b]
        if pair in taken:
            sys.exit('river %s runs along %s on %s %s: move its course'
                     % (name, taken[pair], num(pair[0]), num(pair[1])))
        sides.append(pair)
    for s in sides:
        taken[s] = name
    return {'name': name, 'major': major, 'sides': sides, 'path': path, 'joins': joins}


def side_vertices(graph, side):
    a, b = side
    ka = {vkey(p) for p in corners(a)}
    kb = {vkey(p) for p in corners(b)}
    return ka & kb


# ----------------------------------------------------------------- terrain

def point_in_polygon(p, poly):
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xi = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xi > x:
                inside = not inside
    return inside


def build_terrain(fit, rivers, places):
    terrain = {h: 'clear' for h in all_hexes()}
    rules = []
    for block in read_blocks('terrain.txt'):
        head = block['head']
        kind, ttype, name = head[0], head[1], ' '.join(head[2:])
        if kind == 'area':
            poly = [fit.xy(float(a), float(b)) for a, b in block['items']]
            hexes = [h for h in all_hexes() if point_in_polygon(centre(h), poly)]
        elif kind == 'line':
            # the hexes a narrow feature runs through, one hex wide
            line = [fit.xy(float(a), float(b)) for a, b in block['items']]
            hexes = set()
            for (ax, ay), (bx, by) in zip(line, line[1:]):
                n = max(1, int(math.hypot(bx - ax, by - ay) / 0.05))
                for t in range(n + 1):
                    h = hex_at(ax + (bx - ax) * t / n, ay + (by - ay) * t / n)
                    if h:
                        hexes.add(h)
            hexes = sorted(hexes)
        elif kind == 'canyon':
            # canyon TYPE RIVER, items: lat lon lat lon (the stretch, upstream end first)
            river = next(r for r in rivers if r['name'] == name)
            hexes = set()
            for it in block['items']:
                a = fit.xy(float(it[0]), float(it[1]))
                b = fit.xy(float(it[2]), float(it[3]))
                lo_x, hi_x = min(a[0], b[0]) - 0.6, max(a[0], b[0]) + 0.6
                lo_y, hi_y = min(a[1], b[1]) - 0.6, max(a[1], b[1]) + 0.6
                for s in river['sides']:
                    mx = (centre(s[0])[0] + centre(s[1])[0]) / 2
                    my = (centre(s[0])[1] + centre(s[1])[1]) / 2
                    if lo_x <= mx <= hi_x and lo_y <= my <= hi_y:
                        hexes.update(s)
            hexes = sorted(hexes)
        elif kind == 'hexes':
            hexes = [parse_hex(t) for it in block['items'] for t in it]
        else:
            sys.exit('terrain.txt: unknown block %s' % kind)
        for h in hexes:
            terrain[h] = ttype
        rules.append((kind, ttype, name, len(hexes)))
    # The rule book's example turn moves, attacks and retreats through these
    # hexes with no terrain shift and no marsh costs: rough and marsh become
    # clear there (the Smotrych breaks through the Tovtry ridge here).
    changed = 0
    for h in EXAMPLE_HEXES:
        if terrain[h] in ('rough', 'marsh'):
            terrain[h] = 'clear'
            changed += 1
    rules.append(('example', 'clear', 'hexes of the rule book example', changed))
    return terrain, rules


# ------------------------------------------------------------------- units

def read_units():
    fields = ['id', 'side', 'name', 'label', 'type', 'size', 'mobility', 'steps',
              'setup', 'exact', 'arrives', 'abilities', 'note']
    units = read_tsv('units.tsv', fields)
    out = []
    for u in units:
        counters = [c.split() for c in u['steps'].split('|')]
        chain = []
        for i, steps in enumerate(counters):
            cid = u['id'] if i == 0 else '%s-s%d' % (u['id'], i)
            chain.append({'id': cid, 'steps': [tuple(int(x) for x in s.split('-')) for s in steps]})
        u['counters'] = chain
        u['total_steps'] = sum(len(c['steps']) for c in chain)
        out.append(u)
    return out


def esc(text):
    return (text.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')
            .replace('"', '&quot;'))


# -------------------------------------------------------------------- main

def hexlist(hexes, indent, per_line=16):
    nums = [num(h) for h in sorted(hexes)]
    lines = []
    for i in range(0, len(nums), per_line):
        lines.append(indent + ' '.join(nums[i:i + per_line]))
    return '\n'.join(lines)


def build():
    # Anchors
    anchors = []
    for a in read_tsv('anchors.tsv', ['name', 'lat', 'lon', 'hexes']):
        hexes = [parse_hex(t) for t in a['hexes'].split()]
        cs = [centre(h) for h in hexes]
        anchors.append({'name': a['name'], 'lat': float(a['lat']), 'lon': float(a['lon']),
                        'hexes': hexes,
                        'target': (sum(c[0] for c in cs) / len(cs), sum(c[1] for c in cs) / len(cs))})
    fit = Fit(anchors)
    anchor_by_name = {a['name']: a for a in anchors}

    graph = Graph()

    # Rivers
    taken = {}
    rivers, by_name = [], {}
    for block in read_blocks('rivers.txt'):
        r = build_river(graph, fit, block, taken, by_name)
        if r is None:
            continue
        rivers.append(r)
        by_name[r['name']] = r

    # Places
    places = []
    for p in read_tsv('places.tsv', ['kind', 'name', 'lat', 'lon', 'held', 'hex', 'note']):
        lat, lon = float(p['lat']), float(p['lon'])
        computed = fit.hex(lat, lon)
        if p['name'] in anchor_by_name:
            hexes = anchor_by_name[p['name']]['hexes']
        elif p['hex']:
            hexes = [parse_hex(p['hex'])]
        else:
            hexes = [computed]
        if computed is None and not p['hex']:
            sys.exit('place %s falls off the map' % p['name'])
        places.append({'kind': p['kind'], 'name': p['name'], 'lat': lat, 'lon': lon,
                       'held': p['held'], 'hexes': hexes, 'computed': computed,
                       'note': p['note']})
    seen = {}
    for p in places:
        for h in p['hexes']:
            if h in seen:
                sys.exit('%s and %s share hex %s' % (seen[h], p['name'], num(h)))
            seen[h] = p['name']

    terrain, terrain_rules = build_terrain(fit, rivers, places)

    # Edge roles (digest C.2)
    supply = [(c, 1) for c in range(11, COLUMNS + 1)] + [(COLUMNS, r) for r in range(2, rows_in(COLUMNS) + 1)]
    command = [(1, r) for r in range(1, rows_in(1) + 1)] + \
              [(c, rows_in(c)) for c in range(2, 47)]
    # 10.1: Ternopol 0805 is an entry hex too, while German-controlled and in C&C.
    entry = [(1, r) for r in range(1, 14)] + [(8, 5)]
    exits = [(c, rows_in(c)) for c in range(7, 18)]

    # The 12.5 area: flood from 0101 without crossing the Strypa or the Dnestr.
    walls = {s for r in rivers if r['name'] in ('Strypa', 'Dnestr') for s in r['sides']}
    closed = {(1, 1)}
    todo = [(1, 1)]
    while todo:
        h = todo.pop()
        for n in neighbours(h):
            if n not in closed and tuple(sorted((h, n))) not in walls:
                closed.add(n)
                todo.append(n)
    if len(closed) > 200:
        sys.exit('the 12.5 area leaks: %d hexes' % len(closed))

    units = read_units()
    return {'fit': fit, 'anchors': anchors, 'rivers': rivers, 'places': places,
            'terrain': terrain, 'terrain_rules': terrain_rules, 'supply': supply,
            'command': command, 'entry': entry, 'exits': exits, 'closed': closed,
            'units': units, 'graph': graph}


def render_xml(m):
    out = []
    w = out.append
    w('<?xml version="1.0" encoding="UTF-8"?>')
    w('<!-- Generated by tools/map/make-scenario.py from tools/map/data/; edit those and run it again.')
    w('     How each part was reconstructed: docs/map-reconstruction.md. -->')
    w('<scenario xmlns="urn:x-kessel:scenario:1" version="1">')
    w('  <title>First Panzer Army</title>')
    w('  <description>The Kamenets-Podolsky pocket, March-April 1944: the German 1st Panzer Army, '
      'encircled north of the Dnestr, fights its way west while the Soviet 1st Ukrainian Front '
      'closes the ring. Eight turns. The map and counter mix are a reconstruction; see '
      'docs/map-reconstruction.md.</description>')
    w('  <map columns="%d" rows="%d" short-even-columns="true">' % (COLUMNS, ROWS))
    w('    <terrain default="clear">')
    for t in ('forest', 'rough', 'marsh'):
        hexes = [h for h, v in m['terrain'].items() if v == t]
        if hexes:
            w('      <hexes type="%s">' % t)
            w(hexlist(hexes, '        '))
            w('      </hexes>')
    w('    </terrain>')
    w('    <rivers>')
    for r in m['rivers']:
        w('      <river name="%s"%s>' % (esc(r['name']), ' major="true"' if r['major'] else ''))
        for a, b in r['sides']:
            w('        <side hexes="%s %s"/>' % (num(a), num(b)))
        w('      </river>')
    w('    </rivers>')
    w('    <places>')
    # Towns and fortified localities in the data's order, then the names
    # by hex, as the program writes them.
    for p in sorted(m['places'], key=lambda p: (p['kind'] == 'name', p['hexes'] if p['kind'] == 'name' else 0)):
        tag = PLACE_TAGS[p['kind']]
        for h in p['hexes']:
            w('      <%s hex="%s" name="%s"/>' % (tag, num(h), esc(p['name'])))
    w('    </places>')
    w('    <edges>')
    for role, hexes in (('supply-source', m['supply']), ('command-source', m['command']),
                        ('entry', m['entry']), ('exit', m['exits'])):
        w('      <role name="%s">' % role)
        w(hexlist(hexes, '        '))
        w('      </role>')
    w('    </edges>')
    w('    <closed-to-soviet>')
    w(hexlist(m['closed'], '      '))
    w('    </closed-to-soviet>')
    soviet = [parse_hex('2603'), parse_hex('4004')]
    german = [h for p in m['places'] if p['kind'] != 'name' for h in p['hexes'] if h not in soviet]
    w('    <control side="german">')
    w(hexlist(german, '      '))
    w('    </control>')
    w('    <control side="soviet">')
    w(hexlist(soviet, '      '))
    w('    </control>')
    w('  </map>')
    w('  <units>')
    for u in m['units']:
        chain = u['counters']
        for i, c in enumerate(chain):
            attrs = [('id', c['id']), ('side', u['side']), ('name', u['name']), ('label', u['label']),
                     ('type', u['type']), ('size', u['size']), ('mobility', u['mobility'])]
            if i == 0:
                if u['setup'] and u['setup'] != '-':
                    attrs.append(('setup', u['setup']))
                    if u['exact'] == 'yes':
                        attrs.append(('exact', 'true'))
                if u['arrives'] and u['arrives'] != '-':
                    attrs.append(('arrives', u['arrives']))
            if i + 1 < len(chain):
                attrs.append(('substitute', chain[i + 1]['id']))
            w('    <unit %s>' % ' '.join('%s="%s"' % (k, esc(v)) for k, v in attrs))
            for a, d in c['steps']:
                w('      <step attack="%d" defence="%d"/>' % (a, d))
            for ab in (u['abilities'].split(',') if u['abilities'] and u['abilities'] != '-' else []):
                ab = ab.strip()
                if ab.startswith('ranged-support'):
                    w('      <ability name="ranged-support" range="%s"/>' % ab.split(':')[1])
                else:
                    w('      <ability name="%s"/>' % ab)
            w('    </unit>')
    w('  </units>')
    w('  <start weather="thaw" soviet-vp="2"/>')
    w('  <rules turns="8">')
    w('    <victory town="1" fortified-locality="4" out-of-command="1" corps-exit="1" '
      'corps-exit-cap="4" soviet-wins-at="32" draw-from="28"/>')
    w('    <option id="flat-river-crossing" enabled="false"/>')
    w('    <option id="river-crossing-retry" enabled="false"/>')
    w('  </rules>')
    w('</scenario>')
    return '\n'.join(out) + '\n'


def report(m):
    fit = m['fit']
    print('## Fit')
    print('similarity: %.3f km per hex, rotation %.2f deg, correction length %.1f hexes'
          % (fit.km_per_hex, fit.rotation, RBF_LENGTH))
    print()
    print('| Anchor | Lat, lon | Hex(es) | Similarity fit misses by (hexes, x / y) | After correction |')
    print('|---|---|---|---|---|')
    for a in m['anchors']:
        sx, sy = a['fit']
        tx, ty = a['target']
        x, y = fit.xy(a['lat'], a['lon'])
        print('| %s | %.3f N, %.3f E | %s | %.2f / %.2f (%.1f km) lands in %s | %.3f, in %s |'
              % (a['name'], a['lat'], a['lon'], ' '.join(num(h) for h in a['hexes']),
                 sx - tx, sy - ty, math.hypot(sx - tx, sy - ty) * fit.km_per_hex,
                 num(hex_at(sx, sy)) if hex_at(sx, sy) else 'off map',
                 math.hypot(x - tx, y - ty), num(hex_at(x, y))))
    print()
    # map corners
    print('## Places')
    print('| Place | Kind | Lat, lon | Hex | Computed | Held mid-April 1944 | VP |')
    print('|---|---|---|---|---|---|---|')
    vp = 0
    for p in m['places']:
        v = PLACE_VP[p['kind']] * len(p['hexes'])
        if p['held'] == 'soviet':
            vp += v
        print('| %s | %s | %.3f N, %.3f E | %s | %s | %s | %d |'
              % (p['name'], PLACE_TAGS[p['kind']], p['lat'], p['lon'],
                 ' '.join(num(h) for h in p['hexes']), num(p['computed']) if p['computed'] else '-',
                 p['held'], v))
    print('VP of places held by the Soviets in mid-April: %d' % vp)
    print()
    print('## Rivers')
    for r in m['rivers']:
        print('- %s%s: %d hexsides' % (r['name'], ' (major)' if r['major'] else '', len(r['sides'])))
    print()
    print('## Terrain')
    counts = {}
    for t in m['terrain'].values():
        counts[t] = counts.get(t, 0) + 1
    total = sum(counts.values())
    for t in ('clear', 'forest', 'rough', 'marsh'):
        print('- %s: %d (%.1f%%)' % (t, counts.get(t, 0), 100.0 * counts.get(t, 0) / total))
    for rule in m['terrain_rules']:
        print('  - %s %s %s: %d hexes' % rule)
    print()
    print('## 12.5 area: %d hexes' % len(m['closed']))
    print()
    print('## Units')
    for side in ('german', 'soviet'):
        us = [u for u in m['units'] if u['side'] == side]
        setup = [u for u in us if u['setup'] and u['setup'] != '-']
        print('- %s: %d units, %d counters, %d steps (%d set up, %d reinforcements)'
              % (side, len(us), sum(len(u['counters']) for u in us), sum(u['total_steps'] for u in us),
                 len(setup), len(us) - len(setup)))
    # stacking at setup
    stacks = {}
    for u in m['units']:
        if u['setup'] and u['setup'] != '-':
            stacks.setdefault(u['setup'], []).append(u)
    for h, us in sorted(stacks.items()):
        side = us[0]['side']
        if any(u['side'] != side for u in us):
            print('  ! both sides in %s' % h)
        if side == 'german':
            steps = sum(u['total_steps'] for u in us if u['mobility'] != 'static')
            if steps > 9:
                print('  ! %s: %d German steps' % (h, steps))
        else:
            art = sum(u['total_steps'] for u in us if u['type'] in ('artillery', 'rocket-artillery'))
            non = sum(u['total_steps'] for u in us if u['type'] not in ('artillery', 'rocket-artillery'))
            if art > 1 or non > 4:
                print('  ! %s: Soviet %d non-artillery + %d artillery steps' % (h, non, art))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--report', action='store_true', help='print the tables for the documentation')
    ap.add_argument('--check', action='store_true', help='only check that the committed file is current')
    ap.add_argument('-o', '--output', default=OUTPUT)
    args = ap.parse_args()
    m = build()
    xml = render_xml(m)
    if args.report:
        report(m)
    if args.check:
        with open(args.output, encoding='utf-8') as f:
            if f.read() != xml:
                sys.exit('%s is out of date: run tools/map/make-scenario.py' % args.output)
        return
    with open(args.output, 'w', encoding='utf-8') as f:
        f.write(xml)
    print('wrote %s' % os.path.relpath(args.output, os.getcwd()), file=sys.stderr)


if __name__ == '__main__':
    main()
