/* graphkit's WebGL concept map: sigma.js + graphology (inlined as GraphkitSigma) for the
 * concepts, a worker-drawn canvas for the co-occurrence links. Positions, colours and sizes
 * come computed from Python; this script only draws and reacts. Paper text reaches the page
 * through textContent only, never as markup.
 *
 * Speed, measured in headless Chromium on a machine without a GPU (benchmarks/pages.py):
 * there WebGL runs on the CPU and each frame's pixels are read back on the main thread, so
 * whatever sigma draws blocks the page; 380,000 links took 3+ s a frame. So:
 * - sigma draws the concepts only, as GL points (several times cheaper than its discs);
 * - the links are drawn in a Web Worker on a 2D OffscreenCanvas (1.4 s for 380,000 links,
 *   against 4.1 s with WebGL in the same worker) and handed over as one bitmap, so the page
 *   never waits for them; without workers the same painter runs on the page, in slices;
 * - while the view moves, the links, labels and density are moved with it by a CSS transform
 *   and drawn again once it stops; hover and click repaint the nodes only (the focused
 *   concept's links go on their own small canvas). */
(function () {
  "use strict";
  var G = window.GraphkitSigma;
  var data = JSON.parse(document.getElementById("graph-data").textContent);
  var nd = data.nodes, ed = data.edges, N = nd.id.length, E = ed.s.length;
  var $ = function (id) { return document.getElementById(id); };
  var container = $("graph");

  // ------------------------------------------------------------ graph: nodes in graphology, links in arrays
  var graph = new G.Graph({ type: "undirected", multi: false, allowSelfLoops: false });
  var index = new Map();
  var shrink = 0.6 * Math.min(1, Math.sqrt(1500 / Math.max(N, 1)));   // smaller dots on bigger maps
  // added smallest first: sigma draws, and picks, the last added on top, so a click on a big
  // concept's centre is the big concept's, not a small one's laid out on it (dev: a click on
  // "reinforcement learning" had opened "child", 11 of the 20 biggest opened another concept)
  var bySize = [];
  for (var i = 0; i < N; i++) { index.set(nd.id[i], i); bySize.push(i); }
  bySize.sort(function (a, b) { return nd.size[a] - nd.size[b] || a - b; });
  bySize.forEach(function (i) {
    graph.addNode(nd.id[i], { x: nd.x[i], y: nd.y[i], size: Math.max(1.5, nd.size[i] * shrink),
      color: nd.color[i], label: nd.label[i], i: i });
  });
  // neighbours of each concept, compressed rows: adj[start[i] .. start[i+1]) with the link's index
  var start = new Int32Array(N + 1), adj = new Int32Array(2 * E), via = new Int32Array(2 * E);
  for (var e = 0; e < E; e++) { start[ed.s[e] + 1]++; start[ed.t[e] + 1]++; }
  for (var k = 0; k < N; k++) start[k + 1] += start[k];
  var fill = start.slice(0, N);
  for (var e2 = 0; e2 < E; e2++) {
    var a = ed.s[e2], b = ed.t[e2];
    adj[fill[a]] = b; via[fill[a]++] = e2;
    adj[fill[b]] = a; via[fill[b]++] = e2;
  }
  function degree(i) { return start[i + 1] - start[i]; }

  // ------------------------------------------------------------ state
  var state = { view: "network", selected: null, year: data.years.max, minPapers: 1,
    clustersOff: new Set(), focus: null, focusId: null };
  var hidden = new Uint8Array(N);
  function recomputeHidden() {
    for (var i = 0; i < N; i++) {
      var fy = nd.first_year[i];
      hidden[i] = (state.clustersOff.has(nd.cluster[i]) || nd.papers[i] < state.minPapers ||
        (fy !== null && state.year !== null && fy > state.year)) ? 1 : 0;
    }
  }
  recomputeHidden();

  function neighboursOf(id) {
    var i = index.get(id), s = new Set();
    for (var j = start[i]; j < start[i + 1]; j++) s.add(nd.id[adj[j]]);
    return s;
  }

  var renderer = new G.Sigma(graph, container, {
    renderLabels: false,             // labels: our own collision grid below
    labelFont: "system-ui, sans-serif",
    nodeProgramClasses: { circle: G.NodePointProgram },
    nodeReducer: function (id, attr) {   // attr is sigma's own copy
      var i = attr.i;
      if (hidden[i]) { attr.hidden = true; return attr; }
      if (state.view === "overlay") attr.color = nd.ycolor[i];
      else if (state.view === "density") { attr.color = "rgba(0,0,0,0.25)"; attr.size = 1.2; }
      return attr;
    },
    defaultDrawNodeHover: function () {}   // the hovered concept is shown by our focus layer
  });
  var camera = renderer.getCamera(), canvases = renderer.getCanvases();
  // sigma's layers for edges and labels stay empty here: out of the page, they cost no
  // compositing (each visible canvas is read back or copied every frame)
  // (hover is shown by our focus layer, so sigma's hover layers stay out too)
  ["edges", "edgeLabels", "labels", "hovers", "hoverNodes"].forEach(function (k) { if (canvases[k]) canvases[k].style.display = "none"; });

  // repaint the nodes only (colours, hidden, highlight); sigma's index stays
  function repaintNodes() { renderer.refresh({ partialGraph: { nodes: graph.nodes() }, skipIndexation: true, schedule: true }); }

  // ------------------------------------------------------------ where graph coordinates land
  // sigma's graph -> viewport mapping is affine: three points give it as [a, b, c, d, e, f]
  // (x' = a x + c y + e, y' = b x + d y + f), the form of a CSS/canvas matrix.
  var S = 1000;
  function viewMatrix() {   // at the camera's state now, which may be ahead of sigma's last frame
    var at = { cameraState: camera.getState() }, g2v = function (x, y) { return renderer.graphToViewport({ x: x, y: y }, at); };
    var o = g2v(0, 0), px = g2v(S, 0), py = g2v(0, S);
    return [(px.x - o.x) / S, (px.y - o.y) / S, (py.x - o.x) / S, (py.y - o.y) / S, o.x, o.y];
  }
  function invert(m) {
    var det = m[0] * m[3] - m[1] * m[2];
    return [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det, (m[2] * m[5] - m[3] * m[4]) / det, (m[1] * m[4] - m[0] * m[5]) / det];
  }
  function compose(m, n) {   // m after n
    return [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
      m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
  }
  // a canvas drawn at view `at`, shown at the current view: moved by CSS, not drawn again
  function place(c, at, now) {
    if (!at) { c.style.transform = ""; return; }
    var t = compose(now, invert(at)), same = Math.abs(t[0] - 1) < 1e-6 && Math.abs(t[3] - 1) < 1e-6 && Math.abs(t[1]) < 1e-6 &&
      Math.abs(t[2]) < 1e-6 && Math.abs(t[4]) < 0.05 && Math.abs(t[5]) < 0.05;
    c.style.transform = same ? "" : "matrix(" + t.map(function (v) { return +v.toFixed(6); }).join(",") + ")";
  }
  function overlayCanvas(cls, before) {
    var c = document.createElement("canvas");
    c.className = cls;
    container.insertBefore(c, before);
    return c;
  }
  function fitCanvas(c) {
    var dpr = window.devicePixelRatio || 1, w = container.clientWidth, h = container.clientHeight;
    if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
      c.width = Math.round(w * dpr); c.height = Math.round(h * dpr);
      c.style.width = w + "px"; c.style.height = h + "px";
    }
    return dpr;
  }

  // ------------------------------------------------------------ links, drawn off the main thread
  var edgeCanvas = overlayCanvas("gk-edges", canvases.edges.nextSibling);
  var links = { seq: 0, asked: null, at: null, count: 0, key: "", by: "worker" };
  // Ink per link shrinks as links multiply, so 400,000 links stay a haze, not a grey block;
  // heavier links (drawn last: Python sends them sorted by weight) are darker, in four steps.
  var maxW = E ? ed.w[E - 1] : 1, base = Math.max(0.02, Math.min(0.25, 0.25 * Math.sqrt(4000 / Math.max(E, 1))));
  // tier k = links with log(w) / log(maxW + 1) in [k/4, (k+1)/4): sorted by weight, so each tier
  // is one run of links, told to the painter by where each run starts
  var tierStart = [0, 1, 2, 3].map(function (k) {
    var lo = 0, hi = E, wmin = k ? Math.pow(maxW + 1, k / 4) : 0;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (ed.w[mid] < wmin) lo = mid + 1; else hi = mid; }
    return lo;
  });
  var paint = edgePainter;   // the same function runs in the worker or, without one, here
  var painter = startPainter();
  function startPainter() {
    var ok = typeof OffscreenCanvas !== "undefined" && typeof Worker !== "undefined" && typeof createImageBitmap !== "undefined";
    if (ok) {
      try {
        var w = new Worker(URL.createObjectURL(new Blob(["(" + paint.toString() + ")(self);"], { type: "text/javascript" })));
        w.onmessage = function (m) { linksDrawn(m.data); };
        w.onerror = function () { if (!painter.fallback) { painter = localPainter(); sendData(); askLinks(true); } };
        return { post: function (m, transfer) { w.postMessage(m, transfer || []); }, ctx: edgeCanvas.getContext("bitmaprenderer") };
      } catch (err) { /* a Content-Security-Policy or an old browser: draw here */ }
    }
    return localPainter();
  }
  function localPainter() {
    var port = { postMessage: function (m) { setTimeout(function () { linksDrawn(m); }, 0); } };
    paint(port, true);
    var c2 = overlayCanvas("gk-edges", edgeCanvas.nextSibling);
    container.removeChild(edgeCanvas); edgeCanvas = c2;
    links.by = "page";
    return { fallback: true, post: function (m) { setTimeout(function () { port.onmessage({ data: m }); }, 0); }, ctx: edgeCanvas.getContext("2d") };
  }
  function sendData() {
    var x = new Float32Array(nd.x), y = new Float32Array(nd.y), s = new Int32Array(ed.s), t = new Int32Array(ed.t);
    painter.post({ type: "data", x: x, y: y, s: s, t: t, tiers: tierStart, alpha: [base, base * 1.6, base * 2.4, base * 3.4] },
      painter.fallback ? [] : [x.buffer, y.buffer, s.buffer, t.buffer]);
  }
  sendData();
  function askLinks(force) {
    var m = viewMatrix(), W = container.clientWidth, H = container.clientHeight, dpr = window.devicePixelRatio || 1;
    var key = m.join(",") + "|" + W + "x" + H + "@" + dpr;
    if (!force && key === links.key) return;
    links.key = key; links.asked = m;
    painter.post({ type: "draw", seq: ++links.seq, m: m, w: W, h: H, dpr: dpr });
  }
  function sendHidden() { painter.post({ type: "hidden", hidden: hidden.slice() }); askLinks(true); }
  function linksDrawn(msg) {
    if (msg.seq !== links.seq) { if (msg.bmp && msg.bmp.close) msg.bmp.close(); return; }   // a newer view was asked for
    var W = container.clientWidth, H = container.clientHeight;
    edgeCanvas.style.width = W + "px"; edgeCanvas.style.height = H + "px";
    if (painter.fallback) {
      fitCanvas(edgeCanvas);
      painter.ctx.setTransform(1, 0, 0, 1, 0, 0); painter.ctx.clearRect(0, 0, edgeCanvas.width, edgeCanvas.height);
      painter.ctx.drawImage(msg.canvas, 0, 0);
    } else {
      painter.ctx.transferFromImageBitmap(msg.bmp);   // shown at the CSS size set above
    }
    links.at = msg.m; links.count = msg.count;
    place(edgeCanvas, links.at, viewMatrix());
    document.body.dataset.edges = String(msg.count);
  }

  // The link painter: runs in a worker (port = the worker's global) or, without one, on the
  // page (local), in slices either way so that a newer view can replace the one being drawn.
  // It must stay self-contained: the worker gets its source text.
  function edgePainter(port, local) {
    var D = null, hid = null, want = null, busy = false, STEP = local ? 15000 : 60000;
    port.onmessage = function (m) {
      var d = m.data;
      if (d.type === "data") D = d;
      else if (d.type === "hidden") hid = d.hidden;
      else if (d.type === "draw") { want = d; if (!busy && D) { busy = true; setTimeout(run, 0); } }
    };
    function run() {
      var job = want; want = null;
      var dpr = job.dpr, w = job.w, h = job.h, W = Math.max(1, Math.round(w * dpr)), H = Math.max(1, Math.round(h * dpr));
      var c;
      if (typeof OffscreenCanvas !== "undefined") c = new OffscreenCanvas(W, H);
      else { c = document.createElement("canvas"); c.width = W; c.height = H; }
      var g = c.getContext("2d"), m = job.m, n = D.s.length, X = new Float32Array(D.x.length), Y = new Float32Array(D.x.length);
      for (var i = 0; i < X.length; i++) { X[i] = m[0] * D.x[i] + m[2] * D.y[i] + m[4]; Y[i] = m[1] * D.x[i] + m[3] * D.y[i] + m[5]; }
      g.setTransform(dpr, 0, 0, dpr, 0, 0);
      g.lineWidth = 1;
      var e = 0, count = 0;
      function tierOf(i) { var k = 3; while (k > 0 && i < D.tiers[k]) k--; return k; }
      function ink(t) { return "rgba(140,148,160," + D.alpha[t].toFixed(3) + ")"; }
      function slice() {
        if (want) { run(); return; }   // the view moved on: draw that one instead
        var end = Math.min(n, e + STEP), cur = tierOf(e);
        g.beginPath();
        for (; e < end; e++) {
          var a = D.s[e], b = D.t[e];
          if (hid && (hid[a] || hid[b])) continue;
          count++;
          if (cur < 3 && e >= D.tiers[cur + 1]) { g.strokeStyle = ink(cur); g.stroke(); g.beginPath(); cur = tierOf(e); }
          var ax = X[a], ay = Y[a], bx = X[b], by = Y[b];
          if ((ax < 0 && bx < 0) || (ay < 0 && by < 0) || (ax > w && bx > w) || (ay > h && by > h)) continue;   // off screen
          g.moveTo(ax, ay); g.lineTo(bx, by);
        }
        g.strokeStyle = ink(cur); g.stroke();
        if (e < n) { setTimeout(slice, 0); return; }
        var msg = { seq: job.seq, m: m, count: count };
        if (local) { msg.canvas = c; port.postMessage(msg); }
        else { msg.bmp = c.transferToImageBitmap(); port.postMessage(msg, [msg.bmp]); }
        busy = false;
        if (want) { busy = true; setTimeout(run, 0); }
      }
      slice();
    }
  }

  // ------------------------------------------------------------ focus: a concept and its links
  // Hover and click draw no sigma frame: a white veil above sigma's nodes dims the rest, and
  // the concept, its neighbours and their links are drawn on a canvas above the veil.
  var focusCanvas = overlayCanvas("gk-focus", canvases.nodes.nextSibling), fctx = focusCanvas.getContext("2d");
  var veil = document.createElement("div");
  veil.className = "gk-veil";
  container.insertBefore(veil, focusCanvas);
  focusCanvas.style.display = veil.style.display = "none";
  function setFocus(id) {
    if ((id || null) === state.focusId) return;
    state.focusId = id || null;
    state.focus = id ? neighboursOf(id) : null;
    focusCanvas.style.display = veil.style.display = id ? "" : "none";
    if (!moving()) { drawFocus(); drawLabels(); focusAt = labelsAt = viewMatrix(); placeAll(focusAt); }
  }
  function drawFocus() {
    if (!state.focusId || state.view === "density") return;
    var dpr = fitCanvas(focusCanvas), f = index.get(state.focusId);
    fctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    fctx.clearRect(0, 0, focusCanvas.width, focusCanvas.height);
    var at = function (i) { return renderer.graphToViewport({ x: nd.x[i], y: nd.y[i] }); };
    var p = at(f), shown = [f];
    fctx.strokeStyle = "rgba(70,78,95,0.8)"; fctx.lineWidth = 1.3;
    fctx.beginPath();
    for (var j = start[f]; j < start[f + 1]; j++) {
      var o = adj[j]; if (hidden[o]) continue;
      var q = at(o); shown.push(o);
      fctx.moveTo(p.x, p.y); fctx.lineTo(q.x, q.y);
    }
    fctx.stroke();
    for (var k = shown.length - 1; k >= 0; k--) {
      var i = shown[k], c = at(i), r = Math.max(2, renderer.scaleSize(graph.getNodeAttribute(nd.id[i], "size")));
      fctx.beginPath(); fctx.arc(c.x, c.y, r, 0, 2 * Math.PI);
      fctx.fillStyle = state.view === "overlay" ? nd.ycolor[i] : nd.color[i]; fctx.fill();
      if (i === f) { fctx.lineWidth = 2.5; fctx.strokeStyle = "#1d2330"; fctx.stroke(); }
    }
  }

  // ------------------------------------------------------------ labels: a collision grid
  // Most-linked concepts first; a label is drawn only where its box overlaps no label already
  // placed, so more appear as you zoom in. Widths are measured once per concept.
  var labelCanvas = document.createElement("canvas");
  labelCanvas.className = "gk-labels";
  container.appendChild(labelCanvas);
  var lctx = labelCanvas.getContext("2d");
  var order = Array.from({ length: N }, function (_, i) { return i; });
  order.sort(function (a, b) { return degree(b) - degree(a) || nd.papers[b] - nd.papers[a] || a - b; });
  var fontPx = new Float32Array(N), widths = new Float32Array(N);
  var rankOf = new Int32Array(N);
  order.forEach(function (i, rank) { rankOf[i] = rank; fontPx[i] = rank < 20 ? 15 : rank < 150 ? 13 : 11; });
  var boxes = [];
  function drawLabels() {
    var dpr = fitCanvas(labelCanvas), W = container.clientWidth, H = container.clientHeight;
    lctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    lctx.clearRect(0, 0, W, H);
    boxes = [];
    var CELL = 48, grid = new Map(), pad = 2;
    function cells(b, fn) {
      for (var cx = Math.floor(b[0] / CELL); cx <= Math.floor((b[0] + b[2]) / CELL); cx++)
        for (var cy = Math.floor(b[1] / CELL); cy <= Math.floor((b[1] + b[3]) / CELL); cy++)
          if (fn(cx + ":" + cy) === false) return false;
      return true;
    }
    function free(b) {
      return cells(b, function (k) {
        var list = grid.get(k); if (!list) return true;
        for (var j = 0; j < list.length; j++) {
          var o = list[j];
          if (b[0] < o[0] + o[2] + pad && o[0] < b[0] + b[2] + pad && b[1] < o[1] + o[3] + pad && o[1] < b[1] + b[3] + pad) return false;
        }
        return true;
      });
    }
    function place(i, b) {
      cells(b, function (k) { var l = grid.get(k); if (l) l.push(b); else grid.set(k, [b]); });
      boxes.push([b[0], b[1], b[2], b[3], i]);
      lctx.font = (rankOf[i] < 20 ? "600 " : "") + fontPx[i] + "px system-ui, sans-serif";
      lctx.lineWidth = 3; lctx.strokeStyle = "rgba(255,255,255,0.85)"; lctx.fillStyle = "#1d2330";
      lctx.strokeText(nd.label[i], b[0], b[1] + b[3] - 3);
      lctx.fillText(nd.label[i], b[0], b[1] + b[3] - 3);
    }
    var first = [];
    if (state.focusId) { first.push(index.get(state.focusId)); state.focus.forEach(function (m) { first.push(index.get(m)); }); }
    var seq = first.concat(order), limit = 400, tried = 0;
    for (var k = 0; k < seq.length && boxes.length < limit; k++) {
      var i = seq[k];
      if (hidden[i] || (state.focus && k >= first.length && state.focus.has(nd.id[i]))) continue;
      if (state.focus && k >= first.length) break;   // while a concept is highlighted: only it and its neighbours
      var p = renderer.graphToViewport({ x: nd.x[i], y: nd.y[i] });
      if (p.x < -50 || p.y < -20 || p.x > W + 50 || p.y > H + 20) continue;
      if (++tried > 3000 && boxes.length > 0) break;
      if (!widths[i]) { lctx.font = (rankOf[i] < 20 ? "600 " : "") + fontPx[i] + "px system-ui, sans-serif"; widths[i] = lctx.measureText(nd.label[i]).width; }
      var h = fontPx[i] + 4, b = [p.x - widths[i] / 2, p.y - h / 2, widths[i], h];
      if (b[0] < 0 || b[1] < 0 || b[0] + b[2] > W || b[1] + b[3] > H) continue;
      if (free(b)) place(i, b);
    }
  }

  // ------------------------------------------------------------ density view
  var densityCanvas = document.createElement("canvas");
  densityCanvas.className = "gk-density";
  container.insertBefore(densityCanvas, container.firstChild);
  densityCanvas.style.display = "none";   // shown in the density view only
  var dctx = densityCanvas.getContext("2d");
  var RAMP = [[255, 255, 255], [70, 100, 200], [60, 170, 110], [240, 220, 60], [225, 60, 40]];
  function ramp(t) {
    var x = Math.min(0.999, t) * (RAMP.length - 1), j = Math.floor(x), f = x - j, a = RAMP[j], b = RAMP[j + 1];
    return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
  }
  function drawDensity() {
    var W = container.clientWidth, H = container.clientHeight;
    densityCanvas.width = W; densityCanvas.height = H;
    densityCanvas.style.width = W + "px"; densityCanvas.style.height = H + "px";
    if (state.view !== "density") return;
    var r = Math.max(12, Math.min(80, 0.035 * Math.min(W, H) / Math.sqrt(camera.ratio)));
    var maxP = 1;
    for (var i = 0; i < N; i++) if (!hidden[i] && nd.papers[i] > maxP) maxP = nd.papers[i];
    dctx.globalCompositeOperation = "lighter";
    for (var i2 = 0; i2 < N; i2++) {
      if (hidden[i2]) continue;
      var p = renderer.graphToViewport({ x: nd.x[i2], y: nd.y[i2] });
      if (p.x < -r || p.y < -r || p.x > W + r || p.y > H + r) continue;
      var a = 0.05 + 0.35 * Math.sqrt(nd.papers[i2] / maxP);
      var g = dctx.createRadialGradient(p.x, p.y, 0, p.x, p.y, r);
      g.addColorStop(0, "rgba(0,0,0," + a + ")"); g.addColorStop(1, "rgba(0,0,0,0)");
      dctx.fillStyle = g; dctx.fillRect(p.x - r, p.y - r, 2 * r, 2 * r);
    }
    var img = dctx.getImageData(0, 0, W, H), px = img.data;
    for (var q = 0; q < px.length; q += 4) {
      var t = px[q + 3] / 255, c = ramp(t);
      px[q] = c[0]; px[q + 1] = c[1]; px[q + 2] = c[2]; px[q + 3] = t > 0.01 ? 255 : 0;
    }
    dctx.globalCompositeOperation = "source-over";
    dctx.putImageData(img, 0, 0);
  }

  // ------------------------------------------------------------ frames, and the view in motion
  // While the view moves (a drag, a wheel zoom, inertia, a flight to a concept) nothing is
  // drawn: sigma stops listening to the camera and every layer (sigma's nodes included) is
  // moved by a CSS transform from where it was drawn. Once the view stops, sigma draws one
  // frame, the labels and density are placed again and new links are asked for.
  var densityDirty = true, pointerDown = false, sigmaAt = null, labelsAt = null, densityAt = null, focusAt = null;
  var following = true, stale = false;
  var sigmaLayers = ["nodes", "hovers", "hoverNodes"].map(function (k) { return canvases[k]; }).filter(Boolean);
  sigmaLayers.forEach(function (c) { c.style.transformOrigin = "0 0"; });
  function moving() { return pointerDown || camera.isAnimated(); }
  function placeAll(now) {
    sigmaLayers.forEach(function (c) { place(c, sigmaAt, now); });
    place(edgeCanvas, links.at, now); place(focusCanvas, focusAt, now);
    place(labelCanvas, labelsAt, now); place(densityCanvas, densityAt, now);
  }
  function unfollow() { if (following) { renderer.unbindCameraHandlers(); following = false; } }
  function onCamera() {
    densityDirty = true;
    if (moving()) { unfollow(); stale = true; placeAll(viewMatrix()); }
    else settle();
  }
  function settle() {
    if (following) return;
    renderer.bindCameraHandlers(); following = true;
    if (stale) { stale = false; renderer.scheduleRender(); }
  }
  camera.on("updated", onCamera);
  function onAfterRender() {
    var now = viewMatrix();
    sigmaAt = now;
    if (!moving()) {
      drawFocus(); focusAt = now;
      if (state.view === "density" && densityDirty) { drawDensity(); densityDirty = false; densityAt = now; }
      drawLabels(); labelsAt = now;
      if (state.view !== "density") askLinks(false);
    }
    placeAll(now);
    if (document.body.dataset.rendered !== "1") document.body.dataset.rendered = "1";
  }
  renderer.on("afterRender", onAfterRender);
  function grab() { pointerDown = true; unfollow(); }   // before the first move: no frame at its start
  function release() { pointerDown = false; if (!camera.isAnimated()) settle(); }   // else the end of the animation settles
  var mouse = renderer.getMouseCaptor(), touch = renderer.getTouchCaptor();
  mouse.on("mousedown", grab); mouse.on("mouseup", release);
  touch.on("touchdown", grab); touch.on("touchup", release);

  // ------------------------------------------------------------ side panel
  function el(tag, text, cls) { var x = document.createElement(tag); if (text !== undefined) x.textContent = text; if (cls) x.className = cls; return x; }
  function clusterInfo(c) { return data.clusters.find(function (k) { return k.id === c; }); }
  function sparkline(counts) {
    var years = [], y0 = data.years.min, y1 = data.years.max;
    for (var y = y0; y <= y1; y++) years.push(counts[String(y)] || 0);
    var w = 220, h = 36, max = Math.max.apply(null, years.concat([1])), ns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "spark"); svg.setAttribute("width", w); svg.setAttribute("height", h + 14);
    var bw = w / Math.max(years.length, 1);
    years.forEach(function (v, k) {
      var r = document.createElementNS(ns, "rect"), bh = Math.round((v / max) * h);
      r.setAttribute("x", (k * bw + 1).toFixed(1)); r.setAttribute("width", Math.max(1, bw - 2).toFixed(1));
      r.setAttribute("y", h - bh); r.setAttribute("height", bh); r.setAttribute("fill", "#4363d8");
      var t = document.createElementNS(ns, "title"); t.textContent = (y0 + k) + ": " + v + " papers"; r.appendChild(t);
      svg.appendChild(r);
    });
    [[0, y0, "start"], [w, y1, "end"]].forEach(function (a) {
      var t = document.createElementNS(ns, "text"); t.setAttribute("x", a[0]); t.setAttribute("y", h + 12);
      t.setAttribute("font-size", "10"); t.setAttribute("text-anchor", a[2]); t.textContent = a[1]; svg.appendChild(t);
    });
    return svg;
  }
  // the panel's papers, evidence and years: a second block, read on the first click only
  var panelCache = null;
  function panelData() { return panelCache || (panelCache = JSON.parse($("panel-data").textContent)); }
  function showPanel(i) {
    var panel = $("panel"); panel.textContent = "";
    panel.appendChild(el("h2", nd.label[i]));
    var c = clusterInfo(nd.cluster[i]);
    var meta = el("p", "", "meta");
    meta.appendChild(document.createTextNode(nd.papers[i] + " papers"));
    if (nd.mean_year[i] !== null) meta.appendChild(document.createTextNode(" · mean year " + nd.mean_year[i]));
    panel.appendChild(meta);
    if (c) { var cp = el("p", "", "meta cluster"); var sw = el("i", undefined, "swatch"); sw.style.background = c.color; cp.appendChild(sw); cp.appendChild(document.createTextNode("cluster: " + c.name)); panel.appendChild(cp); }
    var aliases = data.aliases[i]; if (aliases) panel.appendChild(el("p", "also: " + aliases.join(", "), "meta"));
    var P = panelData();
    var yc = P.year_counts[i]; if (yc) panel.appendChild(sparkline(yc));
    var burst = P.bursts[i];
    if (burst) panel.appendChild(el("p", "Burst " + burst[0] + "–" + burst[1] + " (strength " + burst[2] + ")", "meta burst"));
    var page = data.pages[i];
    if (page) { var a = el("a", "Open the concept page"); a.href = page; panel.appendChild(a); }
    var tp = P.top_papers[i];
    if (tp && tp.length) {
      panel.appendChild(el("h2", "Papers"));
      var ol = el("ol"); ol.id = "panel-papers";
      tp.forEach(function (k) {
        var p = P.papers[k[0]]; var li = el("li", p[0]);
        if (p[1]) li.appendChild(el("span", " (" + p[1] + ")", "meta"));
        if (k[1]) li.appendChild(el("div", k[1], "evidence"));
        ol.appendChild(li);
      });
      panel.appendChild(ol);
    }
    var nb = [];
    for (var j = start[i]; j < start[i + 1]; j++) nb.push([ed.w[via[j]], adj[j]]);
    nb.sort(function (x, y) { return y[0] - x[0]; });
    if (nb.length) {
      panel.appendChild(el("h2", "Co-occurs with"));
      var ul = el("ul"); ul.id = "panel-neighbours";
      nb.slice(0, 15).forEach(function (x) {
        var li = el("li"), btn = el("button", nd.label[x[1]], "link"); btn.type = "button";
        btn.addEventListener("click", function () { select(nd.id[x[1]], true); });
        li.appendChild(btn); li.appendChild(el("span", " " + x[0] + " papers", "meta")); ul.appendChild(li);
      });
      panel.appendChild(ul);
    }
  }

  function select(id, move) {
    if (!graph.hasNode(id)) return false;
    var i = index.get(id);
    state.selected = id;
    setFocus(id);
    showPanel(i);
    if (history.replaceState) history.replaceState(null, "", "#node=" + encodeURIComponent(id));
    if (move) {
      var d = renderer.getNodeDisplayData(id);
      if (d) camera.animate({ x: d.x, y: d.y, ratio: Math.min(camera.ratio, 0.25) }, { duration: 300 });
    }
    return true;
  }

  // hover while the view moves would read sigma's picking layer from before the move: ignored
  renderer.on("enterNode", function (ev) { if (moving()) return; if (!state.selected) setFocus(ev.node); container.style.cursor = "pointer"; });
  renderer.on("leaveNode", function () { if (moving()) return; if (!state.selected) setFocus(null); container.style.cursor = ""; });
  renderer.on("clickNode", function (ev) { select(ev.node, false); });
  renderer.on("clickStage", function () { state.selected = null; setFocus(null); });
  // Escape lets the concept go: no focus, and the panel shows its hint again (not while typing)
  var hint = $("panel").innerHTML;
  document.addEventListener("keydown", function (ev) {
    if (ev.key !== "Escape" || /^(INPUT|SELECT|TEXTAREA)$/.test(ev.target.tagName || "") || !state.selected) return;
    state.selected = null; setFocus(null);
    $("panel").innerHTML = hint;   // the page's own markup, read at load
    if (history.replaceState) history.replaceState(null, "", location.pathname + location.search);
  });

  // ------------------------------------------------------------ search
  // the one matcher of every page (search.js); within a tier, most papers first
  var byPapers = Array.from({ length: N }, function (_, i) { return i; }).sort(function (a, b) { return nd.papers[b] - nd.papers[a] || a - b; });
  function find(q) {
    var found = graphkitSearch.find(byPapers, q, function (i) { return [nd.label[i]]; }, function (i) { return data.aliases[i] || []; }, 1);
    return found.length ? found[0] : -1;
  }
  $("search").addEventListener("submit", function (ev) {
    ev.preventDefault();
    var q = $("search-input").value, i = find(q);
    $("search-status").textContent = i < 0 ? "No concept matches “" + q + "”" : "";
    if (i >= 0) { if (hidden[i]) { state.clustersOff.clear(); state.minPapers = 1; state.year = data.years.max; syncControls(); applyFilters(); } select(nd.id[i], true); }
  });

  // ------------------------------------------------------------ views, filters, legend
  function applyFilters() {
    recomputeHidden(); densityDirty = true; sendHidden(); repaintNodes(); updateStats();
    // a highlighted concept the filters hide is highlighted no more (GAN, first seen in 2017,
    // had stayed drawn, with its links, at 1987)
    if (state.focusId && hidden[index.get(state.focusId)]) { state.selected = null; setFocus(null); }
  }
  function updateStats() {
    var shown = 0; for (var i = 0; i < N; i++) if (!hidden[i]) shown++;
    $("stats").textContent = shown.toLocaleString("en") + " of " + N.toLocaleString("en") + " concepts shown, " +
      ed.s.length.toLocaleString("en") + " co-occurrence links (" + data.note + ")";
  }
  function setView(v) {
    state.view = v; densityDirty = true;
    $("year-legend").hidden = v !== "overlay";
    if (v !== "density") drawDensity();
    densityCanvas.style.display = v === "density" ? "" : "none";
    edgeCanvas.style.visibility = focusCanvas.style.visibility = veil.style.visibility = v === "density" ? "hidden" : "";   // the density view draws no links
    repaintNodes();
  }
  document.querySelectorAll("input[name=view]").forEach(function (r) {
    r.addEventListener("change", function () { if (r.checked) setView(r.value); });
  });
  (function legend() {
    var box = $("year-legend"), bar = el("div", undefined, "bar");
    bar.style.background = "linear-gradient(to right," + data.year_stops.join(",") + ")";
    box.appendChild(el("div", "Average publication year"));
    box.appendChild(bar);
    var ends = el("div", undefined, "ends");
    ends.appendChild(el("span", String(data.years.mean_min)));
    ends.appendChild(el("span", String(data.years.mean_max)));
    box.appendChild(ends);
  })();
  var slider = $("year-slider");
  function syncControls() {
    slider.value = state.year === null ? "" : state.year; $("year-value").textContent = state.year === null ? "" : state.year;
    $("min-papers").value = state.minPapers;
    document.querySelectorAll("#cluster-list input").forEach(function (c) { c.checked = !state.clustersOff.has(+c.value); });
  }
  if (data.years.min !== null) {
    slider.min = data.years.min; slider.max = data.years.max; slider.step = 1;
    slider.addEventListener("input", function () { state.year = +slider.value; $("year-value").textContent = slider.value; applyFilters(); });
  } else { $("years").hidden = true; }
  $("min-papers").addEventListener("change", function () { state.minPapers = Math.max(1, +$("min-papers").value || 1); applyFilters(); });
  (function clusters() {
    var ol = $("cluster-list");
    data.clusters.forEach(function (c) {
      var li = el("li"), lab = el("label"), cb = el("input"); cb.type = "checkbox"; cb.checked = true; cb.value = c.id;
      cb.addEventListener("change", function () { if (cb.checked) state.clustersOff.delete(c.id); else state.clustersOff.add(c.id); applyFilters(); });
      var sw = el("i"); sw.style.background = c.color;
      lab.appendChild(cb); lab.appendChild(sw); lab.appendChild(el("span", c.name, "name"));
      lab.appendChild(el("span", " (" + c.size + " on the map)", "meta")); li.appendChild(lab); li.dataset.cluster = c.id; ol.appendChild(li);
    });
    if (!data.clusters.length) $("clusters").hidden = true;
  })();
  syncControls(); updateStats();

  // ------------------------------------------------------------ PNG
  // white, the density or the links, sigma's nodes, the veil and focus (if any), our labels
  $("png").addEventListener("click", function () {
    G.drawOnCanvas(renderer, { layers: ["nodes", "hovers", "hoverNodes"] }).then(function (nodes) {
      var out = document.createElement("canvas"), W = nodes.width, H = nodes.height;
      out.width = W; out.height = H;
      var ctx = out.getContext("2d");
      ctx.fillStyle = "#ffffff"; ctx.fillRect(0, 0, W, H);
      var focused = state.focusId && state.view !== "density";
      [state.view === "density" ? densityCanvas : edgeCanvas, nodes].forEach(function (c) { if (c.width && c.height) ctx.drawImage(c, 0, 0, W, H); });
      if (focused) { ctx.fillStyle = "rgba(255,255,255,0.72)"; ctx.fillRect(0, 0, W, H); ctx.drawImage(focusCanvas, 0, 0, W, H); }
      ctx.drawImage(labelCanvas, 0, 0, W, H);
      var a = $("png-link"); a.href = out.toDataURL("image/png"); a.hidden = false; a.click();
    });
  });

  // ------------------------------------------------------------ #node= links
  function fromHash() {
    var m = /^#node=(.+)$/.exec(location.hash);
    if (m) select(decodeURIComponent(m[1]), true);
  }
  window.addEventListener("hashchange", fromHash);
  fromHash();
  onAfterRender();   // sigma drew its first frame before the listeners above existed

  window.graphkit = { renderer: renderer, graph: graph, data: data, select: select, setView: setView, find: find,
    degree: function (id) { return degree(index.get(id)); }, links: links,
    // true once the view is still and its labels are placed for it
    settled: function () { return !moving() && following && !!labelsAt && labelsAt.join() === viewMatrix().join(); },
    labelBoxes: function () { return boxes.map(function (b) { return { x: b[0], y: b[1], w: b[2], h: b[3], id: nd.id[b[4]], label: nd.label[b[4]] }; }); },
    setYear: function (y) { state.year = y; syncControls(); applyFilters(); },
    focused: function () { return state.focusId; } };
})();
