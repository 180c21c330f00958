/* graphkit's WebGL concept map: sigma.js + graphology (inlined as GraphkitSigma).
 * Positions, colours and sizes come computed from Python; this script only draws and
 * reacts. Paper text reaches the page through textContent only, never as markup. */
(function () {
  "use strict";
  var G = window.GraphkitSigma;
  var data = JSON.parse(document.getElementById("graph-data").textContent);
  var nd = data.nodes, ed = data.edges, N = nd.id.length;
  var $ = function (id) { return document.getElementById(id); };
  var container = $("graph");

  // ------------------------------------------------------------ graph
  var graph = new G.Graph({ type: "undirected", multi: false, allowSelfLoops: false });
  var index = new Map();
  var shrink = 0.6 * Math.min(1, Math.sqrt(1500 / Math.max(N, 1)));   // smaller dots on bigger maps
  for (var i = 0; i < N; i++) {
    index.set(nd.id[i], i);
    graph.addNode(nd.id[i], { x: nd.x[i], y: nd.y[i], size: Math.max(1.5, nd.size[i] * shrink),
      color: nd.color[i], label: nd.label[i], i: i });
  }
  var degree = new Int32Array(N);
  for (var e = 0; e < ed.s.length; e++) {
    var a = ed.s[e], b = ed.t[e];
    graph.addUndirectedEdgeWithKey(e, nd.id[a], nd.id[b], { size: 0.3 + Math.min(2, Math.log1p(ed.w[e]) / 2), color: "rgba(140,148,160,0.18)" });
    degree[a]++; degree[b]++;
  }

  // ------------------------------------------------------------ state
  var state = { view: "network", selected: null, hovered: null, year: data.years.max, minPapers: 1,
    clustersOff: new Set(), focus: null };
  var hidden = new Uint8Array(N);
  function recomputeHidden() {
    for (var i = 0; i < N; i++) {
      var fy = nd.first_year[i];
      hidden[i] = (state.clustersOff.has(nd.cluster[i]) || nd.papers[i] < state.minPapers ||
        (fy !== null && state.year !== null && fy > state.year)) ? 1 : 0;
    }
  }
  recomputeHidden();

  function neighboursOf(id) { var s = new Set(); graph.forEachNeighbor(id, function (m) { s.add(m); }); return s; }

  var renderer = new G.Sigma(graph, container, {
    renderLabels: false,             // labels: our own collision grid below
    hideEdgesOnMove: N > 3000 || ed.s.length > 5000,   // panning stays smooth without a GPU
    hideLabelsOnMove: true,
    enableEdgeEvents: false,
    zIndex: true,
    defaultEdgeColor: "rgba(140,148,160,0.18)",
    labelFont: "system-ui, sans-serif",
    nodeReducer: function (id, attr) {
      var i = attr.i, r = Object.assign({}, attr);
      if (hidden[i]) { r.hidden = true; return r; }
      if (state.view === "overlay") r.color = nd.ycolor[i];
      if (state.view === "density") { r.color = "rgba(0,0,0,0.25)"; r.size = 1.2; }
      if (state.focus) {
        if (id === state.focusId) { r.zIndex = 2; r.highlighted = true; }
        else if (state.focus.has(id)) r.zIndex = 1;
        else { r.color = "#e6e8ec"; r.zIndex = 0; }
      }
      return r;
    },
    edgeReducer: function (edge, attr) {
      if (state.view === "density") return Object.assign({}, attr, { hidden: true });
      if (state.focusId) {
        var ends = graph.extremities(edge);
        if (ends[0] !== state.focusId && ends[1] !== state.focusId) return Object.assign({}, attr, { hidden: true });
        return Object.assign({}, attr, { color: "#5b6475", size: attr.size + 0.6 });
      }
      return attr;
    }
  });

  function setFocus(id) {
    state.focusId = id;
    state.focus = id ? neighboursOf(id) : null;
    renderer.refresh({ skipIndexation: true });
  }

  // ------------------------------------------------------------ labels: a collision grid
  // Most-linked concepts first; a label is drawn only where its box overlaps no label already
  // placed, so more appear as you zoom in. Widths are measured once per concept.
  var labelCanvas = document.createElement("canvas");
  labelCanvas.className = "gk-labels";
  container.appendChild(labelCanvas);
  var lctx = labelCanvas.getContext("2d");
  var order = Array.from({ length: N }, function (_, i) { return i; });
  order.sort(function (a, b) { return degree[b] - degree[a] || nd.papers[b] - nd.papers[a] || a - b; });
  var fontPx = new Float32Array(N), widths = new Float32Array(N);
  var rankOf = new Int32Array(N);
  order.forEach(function (i, rank) { rankOf[i] = rank; fontPx[i] = rank < 20 ? 15 : rank < 150 ? 13 : 11; });
  var boxes = [];
  function fitCanvas(c) {
    var dpr = window.devicePixelRatio || 1, w = container.clientWidth, h = container.clientHeight;
    if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
      c.width = Math.round(w * dpr); c.height = Math.round(h * dpr);
      c.style.width = w + "px"; c.style.height = h + "px";
    }
    return dpr;
  }
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
      if (++tried > 6000 && boxes.length > 0) break;
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
    var r = Math.max(12, Math.min(80, 0.035 * Math.min(W, H) / Math.sqrt(renderer.getCamera().ratio)));
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

  var densityDirty = true;
  renderer.getCamera().on("updated", function () { densityDirty = true; });
  var moving = false;
  renderer.getMouseCaptor().on("mousedown", function () { moving = true; });
  renderer.getMouseCaptor().on("mouseup", function () { moving = false; renderer.refresh({ skipIndexation: true }); });
  renderer.on("afterRender", function () {
    if (densityDirty && state.view === "density" && !moving) { drawDensity(); densityDirty = false; }
    if (moving && N > 3000) { lctx.setTransform(1, 0, 0, 1, 0, 0); lctx.clearRect(0, 0, labelCanvas.width, labelCanvas.height); boxes = []; }
    else drawLabels();
    if (document.body.dataset.rendered !== "1") document.body.dataset.rendered = "1";
  });

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
    var yc = data.year_counts[i]; if (yc) panel.appendChild(sparkline(yc));
    var burst = data.bursts[i];
    if (burst) panel.appendChild(el("p", "Burst " + burst[0] + "–" + burst[1] + " (strength " + burst[2] + ")", "meta burst"));
    var page = data.pages[i];
    if (page) { var a = el("a", "Open the concept page"); a.href = page; panel.appendChild(a); }
    var tp = data.top_papers[i];
    if (tp && tp.length) {
      panel.appendChild(el("h2", "Papers"));
      var ol = el("ol"); ol.id = "panel-papers";
      tp.forEach(function (k) {
        var p = data.papers[k[0]]; var li = el("li", p[0]);
        if (p[1]) li.appendChild(el("span", " (" + p[1] + ")", "meta"));
        if (k[1]) li.appendChild(el("div", k[1], "evidence"));
        ol.appendChild(li);
      });
      panel.appendChild(ol);
    }
    var nb = [];
    graph.forEachEdge(nd.id[i], function (edge, attr, s, t) { var o = s === nd.id[i] ? t : s; nb.push([ed.w[+edge], index.get(o)]); });
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
      if (d) renderer.getCamera().animate({ x: d.x, y: d.y, ratio: Math.min(renderer.getCamera().ratio, 0.25) }, { duration: 300 });
    }
    return true;
  }

  renderer.on("enterNode", function (ev) { if (!state.selected) setFocus(ev.node); container.style.cursor = "pointer"; });
  renderer.on("leaveNode", function () { if (!state.selected) setFocus(null); container.style.cursor = ""; });
  renderer.on("clickNode", function (ev) { select(ev.node, false); });
  renderer.on("clickStage", function () { state.selected = null; setFocus(null); });

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
  function applyFilters() { recomputeHidden(); densityDirty = true; renderer.refresh({ skipIndexation: true }); updateStats(); }
  function updateStats() {
    var shown = 0; for (var i = 0; i < N; i++) if (!hidden[i]) shown++;
    $("stats").textContent = shown.toLocaleString("en") + " of " + N.toLocaleString("en") + " concepts shown, " +
      ed.s.length.toLocaleString("en") + " co-occurrence links (" + data.note + ")";
  }
  function setView(v) {
    state.view = v; densityDirty = true;
    $("year-legend").hidden = v !== "overlay";
    if (v !== "density") drawDensity();
    renderer.refresh({ skipIndexation: true });
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
      lab.appendChild(el("span", " (" + c.size + ")", "meta")); li.appendChild(lab); li.dataset.cluster = c.id; ol.appendChild(li);
    });
    if (!data.clusters.length) $("clusters").hidden = true;
  })();
  syncControls(); updateStats();

  // ------------------------------------------------------------ PNG
  $("png").addEventListener("click", function () {
    G.drawOnCanvas(renderer, { backgroundColor: "#ffffff" }).then(function (canvas) {
      var ctx = canvas.getContext("2d");
      if (state.view === "density") { ctx.globalCompositeOperation = "destination-over"; ctx.drawImage(densityCanvas, 0, 0, canvas.width, canvas.height); ctx.globalCompositeOperation = "source-over"; }
      ctx.drawImage(labelCanvas, 0, 0, canvas.width, canvas.height);
      var a = $("png-link"); a.href = canvas.toDataURL("image/png"); a.hidden = false; a.click();
    });
  });

  // ------------------------------------------------------------ #node= links
  function fromHash() {
    var m = /^#node=(.+)$/.exec(location.hash);
    if (m) select(decodeURIComponent(m[1]), true);
  }
  window.addEventListener("hashchange", fromHash);
  fromHash();
  renderer.refresh();   // the first frame was drawn before the listeners above existed

  window.graphkit = { renderer: renderer, graph: graph, data: data, select: select, setView: setView, find: find,
    labelBoxes: function () { return boxes.map(function (b) { return { x: b[0], y: b[1], w: b[2], h: b[3], id: nd.id[b[4]], label: nd.label[b[4]] }; }); },
    setYear: function (y) { state.year = y; syncControls(); applyFilters(); } };
})();
