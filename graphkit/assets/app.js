/* graphkit page: search, neighbour panel, filters, PNG export, URL fragment.
 * Every piece of paper text is inserted with textContent, never as HTML. */
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("graph-data").textContent);
  var COLORS = DATA.colors;
  var byId = Object.create(null);  /* no inherited keys: #node=constructor finds nothing */
  DATA.nodes.forEach(function (n) { byId[n.id] = n; });
  var adj = Object.create(null);
  DATA.nodes.forEach(function (n) { adj[n.id] = []; });
  DATA.edges.forEach(function (e) {
    adj[e.from].push(e);
    adj[e.to].push(e);
  });

  function el(tag, text, cls) {
    var x = document.createElement(tag);
    if (text !== undefined && text !== null) x.textContent = String(text);
    if (cls) x.className = cls;
    return x;
  }

  function tooltip(n) {
    var box = el("div");
    box.appendChild(el("b", n.full || n.label));
    if (n.group === "Paper") {
      if (n.year) box.appendChild(el("div", n.year + (n.venue ? " · " + n.venue : "")));
    } else if (n.group === "Concept") {
      box.appendChild(el("div", n.kind + " · " + n.papers + " paper" + (n.papers === 1 ? "" : "s")));
      if (n.aliases && n.aliases.length) box.appendChild(el("div", "also: " + n.aliases.join(", ")));
    }
    return box;
  }

  // what a link means, in words (the tooltip had shown the raw type, "MENTIONS")
  var EDGE_WORDS = { MENTIONS: "mentions", CO_OCCURS: "papers mention both", BROADER: "is a kind of",
    CITES: "cites", WROTE: "wrote", CO_CITED: "cited together", COUPLED: "cite the same works",
    CO_AUTHORED: "wrote together" };
  function edgeTooltip(e) {
    var box = el("div");
    box.appendChild(el("b", EDGE_WORDS[e.type] || e.type));
    if (e.evidence) box.appendChild(el("div", e.evidence));
    if (e.weight) box.appendChild(el("div", "papers in common: " + e.weight));
    return box;
  }

  var visNodes = new vis.DataSet(DATA.nodes.map(function (n) {
    return {
      id: n.id, label: n.group === "Paper" || n.quiet ? undefined : n.label, x: n.x, y: n.y, size: n.size, shape: "dot",
      color: { background: COLORS[n.color], border: "#33333355",
               highlight: { background: COLORS[n.color], border: "#000" } },
      title: tooltip(n), font: { size: 14 + Math.min(10, (n.papers || 0)) }  /* render.label_font */
    };
  }));
  var visEdges = new vis.DataSet(DATA.edges.map(function (e, i) {
    return { id: i, from: e.from, to: e.to, title: edgeTooltip(e),
             width: e.type === "CO_OCCURS" ? 1 + Math.min(4, e.weight || 1) / 2 : 1,
             dashes: e.type === "BROADER", arrows: e.type === "CO_OCCURS" ? "" : "to",
             color: { color: e.type === "MENTIONS" ? "#9aa7b855" : e.type === "CO_OCCURS" ? "#e0a03a88" : "#7a5bd088" } };
  }));
  var container = document.getElementById("graph");
  var network = new vis.Network(container, { nodes: visNodes, edges: visEdges }, {
    physics: { enabled: false },
    layout: { improvedLayout: false },
    interaction: { hover: true, tooltipDelay: 150, hideEdgesOnDrag: DATA.edges.length > 3000,
                   hideEdgesOnZoom: DATA.edges.length > 3000 },
    nodes: { borderWidth: 1 },
    edges: { smooth: false, selectionWidth: 2 }
  });
  window.graphkit = { network: network, data: DATA, nodes: visNodes, edges: visEdges, rendered: false };
  network.once("afterDrawing", function () { window.graphkit.rendered = true; document.body.dataset.rendered = "1"; });

  /* ---------- labels that would overlap others (render.py marks them quiet) show once zoomed in */
  var quiet = DATA.nodes.filter(function (n) { return n.quiet; });
  var fitScale = null, loud = false;
  network.on("afterDrawing", function () {  /* every zoom, by wheel, pinch or moveTo, redraws */
    if (fitScale === null) fitScale = network.getScale();
    if (!quiet.length) return;
    var want = network.getScale() >= 2.2 * fitScale;
    if (want === loud) return;
    loud = want;
    visNodes.update(quiet.map(function (n) { return { id: n.id, label: want ? n.label : "" }; }));
  });

  /* ---------- legend, stats */
  var legend = document.getElementById("legend");
  Object.keys(COLORS).forEach(function (k) {
    if (!DATA.nodes.some(function (n) { return n.color === k; })) return;
    var s = el("span"); var dot = el("i"); dot.style.background = COLORS[k];
    s.appendChild(dot); s.appendChild(document.createTextNode(k)); legend.appendChild(s);
  });
  var stats = document.getElementById("stats");
  function showStats(hidden, warning) {   // what is drawn now: the filters change it
    var shown = DATA.nodes.length, links = DATA.edges.length;
    if (hidden) {
      shown = DATA.nodes.filter(function (n) { return !hidden[n.id]; }).length;
      links = DATA.edges.filter(function (e) { return !hidden[e.from] && !hidden[e.to]; }).length;
    }
    stats.textContent = (warning ? warning + " " : "") + shown + " nodes, " + links + " edges drawn." + (DATA.note ? " " + DATA.note : "");
  }
  showStats(null);

  /* ---------- panel */
  var panel = document.getElementById("panel");
  function neighbours(id, type) {
    return adj[id].filter(function (e) { return !type || e.type === type; }).map(function (e) {
      return { node: byId[e.from === id ? e.to : e.from], edge: e };
    });
  }
  function link(n) {
    var a = el("a", n.full || n.label); a.href = "#node=" + encodeURIComponent(n.id);
    if (n.page) { a.href = n.page; }
    a.addEventListener("click", function (ev) { if (!n.page) { ev.preventDefault(); select(n.id, true); } });
    return a;
  }
  function show(id) {
    var n = byId[id];
    panel.replaceChildren();
    panel.appendChild(el("h2", n.full || n.label));
    if (n.group === "Concept") {
      panel.appendChild(el("div", n.kind + " · mentioned by " + n.papers + " paper" + (n.papers === 1 ? "" : "s"), "meta"));
      if (n.aliases && n.aliases.length) panel.appendChild(el("div", "Also written: " + n.aliases.join(", "), "meta"));
      var papers = neighbours(id, "MENTIONS").sort(function (a, b) { return (b.edge.score || 0) - (a.edge.score || 0); });
      var ol = el("ol"); ol.id = "panel-papers";
      if (papers.length || !n.top_papers) {
        // a neighbourhood page draws some of a concept's papers: say so ("mentioned by 16", 14 here)
        panel.appendChild(el("h2", papers.length < n.papers ? "Papers on this page (" + papers.length + " of " + n.papers + ")"
          : "Papers (" + papers.length + ")"));
        papers.forEach(function (p) {
          var li = el("li"); li.dataset.id = p.node.id;
          li.appendChild(link(p.node));
          li.appendChild(el("div", [p.node.year, p.node.venue].filter(Boolean).join(" · "), "meta"));
          if (p.edge.evidence) li.appendChild(el("div", p.edge.evidence, "evidence"));
          ol.appendChild(li);
        });
      } else {  /* the concept map carries each concept's best papers instead of paper nodes */
        panel.appendChild(el("h2", "Top " + n.top_papers.length + " of " + n.papers + " papers"));
        n.top_papers.forEach(function (p) {
          var li = el("li"); li.dataset.id = p.id;
          li.appendChild(el("span", p.title));
          if (p.year) li.appendChild(el("div", String(p.year), "meta"));
          if (p.evidence) li.appendChild(el("div", p.evidence, "evidence"));
          ol.appendChild(li);
        });
        if (n.page) { var all = el("a", "All papers and neighbours →"); all.href = n.page; panel.appendChild(all); }
      }
      panel.appendChild(ol);
      var rel = neighbours(id).filter(function (x) { return x.node.group === "Concept"; });
      if (rel.length) {
        panel.appendChild(el("h2", "Related concepts (" + rel.length + ")"));
        var ul = el("ul"); ul.id = "panel-concepts";
        rel.forEach(function (x) {
          var li = el("li"); li.appendChild(link(x.node));
          li.appendChild(el("span", " " + x.edge.type.toLowerCase().replace("_", "-") +
            (x.edge.weight ? " · " + x.edge.weight : ""), "meta"));
          ul.appendChild(li);
        });
        panel.appendChild(ul);
      }
    } else if (n.group === "Paper") {
      if (n.authors && n.authors.length) {
        var au = el("div", n.authors.join("; "), "meta authors"); au.id = "panel-authors"; panel.appendChild(au);
      }
      panel.appendChild(el("div", [n.year, n.venue, n.external ? "cited work outside the corpus" : ""]
        .filter(Boolean).join(" · "), "meta"));
      if (n.url) { var u = el("div", n.url, "meta"); panel.appendChild(u); }
      if (n.abstract) panel.appendChild(el("p", n.abstract, "abstract"));
      [["CITES", "out", "Cites"], ["CITES", "in", "Cited by"], ["CO_CITED", "any", "Co-cited with"],
       ["COUPLED", "any", "Shares references with"]].forEach(function (spec) {
        var xs = neighbours(id, spec[0]).filter(function (x) {
          return spec[1] === "any" || (spec[1] === "out" ? x.edge.from === id : x.edge.to === id);
        });
        if (!xs.length) return;
        panel.appendChild(el("h2", spec[2] + " (" + xs.length + ")"));
        var ul = el("ul"); ul.className = "panel-citations";
        xs.forEach(function (x) {
          var li = el("li"); li.appendChild(link(x.node));
          if (x.edge.weight) li.appendChild(el("span", " · " + x.edge.weight, "meta"));
          ul.appendChild(li);
        });
        panel.appendChild(ul);
      });
      var cs = neighbours(id, "MENTIONS").sort(function (a, b) { return (a.edge.rank || 0) - (b.edge.rank || 0); });
      panel.appendChild(el("h2", "Concepts (" + cs.length + ")"));
      var ol2 = el("ol"); ol2.id = "panel-concepts";
      cs.forEach(function (c) { var li = el("li"); li.dataset.id = c.node.id; li.appendChild(link(c.node)); ol2.appendChild(li); });
      panel.appendChild(ol2);
    } else {
      var ws = neighbours(id);
      var ol3 = el("ol");
      ws.forEach(function (c) { var li = el("li"); li.appendChild(link(c.node)); ol3.appendChild(li); });
      panel.appendChild(ol3);
    }
  }

  var dimmed = false;
  function highlight(id) {
    var keep = {}; keep[id] = true;
    adj[id].forEach(function (e) { keep[e.from] = true; keep[e.to] = true; });
    visNodes.update(DATA.nodes.map(function (n) {
      return { id: n.id, opacity: keep[n.id] ? 1 : 0.15 };
    }));
    dimmed = true;
  }
  function clearHighlight() {
    if (!dimmed) return;
    visNodes.update(DATA.nodes.map(function (n) { return { id: n.id, opacity: 1 }; }));
    dimmed = false;
  }
  function select(id, focus) {
    if (!byId[id]) return false;
    network.selectNodes([id]);
    highlight(id);
    show(id);
    if (focus) network.focus(id, { scale: Math.max(network.getScale(), 1.0), animation: false });
    if (hashId() !== id) {
      history.replaceState(null, "", "#node=" + encodeURIComponent(id));
    }
    return true;
  }
  window.graphkit.select = select;
  network.on("click", function (p) {
    if (p.nodes.length) select(p.nodes[0], false);
    else { clearHighlight(); }
  });

  /* ---------- search */
  var names = document.getElementById("search-names");
  DATA.nodes.filter(function (n) { return n.group === "Concept"; }).slice(0, 5000).forEach(function (n) {
    var o = document.createElement("option"); o.value = n.label; names.appendChild(o);
  });
  function findNode(q) {  /* the best match of search.js, shared with the site index */
    var found = graphkitSearch.find(DATA.nodes, q, function (n) { return [n.label, n.full]; },
                                    function (n) { return n.aliases; }, 1);
    return found.length ? found[0] : null;
  }
  var status = document.getElementById("search-status");
  document.getElementById("search").addEventListener("submit", function (ev) {
    ev.preventDefault();
    var q = document.getElementById("search-input").value;
    var n = findNode(q);
    status.textContent = n ? "" : "No node matches \u201c" + q + "\u201d";
    if (n) select(n.id, true);
  });

  /* ---------- filters: node kinds and years */
  var MANY_NODES = 150;
  var hiddenColor = {};
  var filters = document.getElementById("filters");
  Object.keys(COLORS).forEach(function (k) {
    if (!DATA.nodes.some(function (n) { return n.color === k; })) return;
    var lab = el("label"); var cb = el("input"); cb.type = "checkbox"; cb.checked = true; cb.dataset.kind = k;
    cb.addEventListener("change", function () { hiddenColor[k] = !cb.checked; applyFilters(); });
    lab.appendChild(cb); lab.appendChild(document.createTextNode(" " + k)); filters.appendChild(lab);
  });
  var years = DATA.nodes.map(function (n) { return n.year; }).filter(function (y) { return typeof y === "number"; });
  var yMin = document.getElementById("year-min"), yMax = document.getElementById("year-max");
  if (years.length) {
    yMin.value = Math.min.apply(null, years); yMax.value = Math.max.apply(null, years);
  } else { document.getElementById("years").hidden = true; }
  yMin.addEventListener("change", applyFilters); yMax.addEventListener("change", applyFilters);
  // a big neighbourhood opens with its concepts alone (the dev set's GAN at depth 2 drew 468
  // nodes, its papers a grey mass over the concepts); a concept's panel still lists its papers,
  // and ticking "Paper" draws them. A concept's page only: not a paper's, nor a whole graph's.
  var focusNode = DATA.focus && DATA.nodes.filter(function (n) { return n.id === DATA.focus; })[0];
  if (DATA.nodes.length > MANY_NODES && focusNode && focusNode.group === "Concept" &&
      DATA.nodes.some(function (n) { return n.color === "Paper"; })) {
    hiddenColor.Paper = true;
    filters.querySelector("input[data-kind=Paper]").checked = false;
    applyFilters();
  }
  function applyFilters() {
    var lo = parseInt(yMin.value, 10), hi = parseInt(yMax.value, 10), hidden = {};
    var reversed = !isNaN(lo) && !isNaN(hi) && lo > hi;
    yMin.setCustomValidity(reversed ? "after the last year" : "");
    visNodes.update(DATA.nodes.map(function (n) {
      var hide = !!hiddenColor[n.color];
      if (!hide && typeof n.year === "number" && n.group === "Paper") {
        if (!isNaN(lo) && n.year < lo) hide = true;
        if (!isNaN(hi) && n.year > hi) hide = true;
      }
      // a concept first seen after the last year shown was not there yet (the focus stays)
      if (!hide && n.group === "Concept" && n.id !== DATA.focus && typeof n.first_year === "number" && n.first_year > hi) hide = true;
      if (hide) hidden[n.id] = true;
      return { id: n.id, hidden: hide };
    }));
    showStats(hidden, reversed ? "From " + lo + " to " + hi + ": no year is in that range." : "");
  }

  /* ---------- PNG of the current view */
  document.getElementById("png").addEventListener("click", function () {
    var canvas = container.querySelector("canvas");
    var out = document.createElement("canvas");
    out.width = canvas.width; out.height = canvas.height;
    var ctx = out.getContext("2d");
    ctx.fillStyle = "#ffffff"; ctx.fillRect(0, 0, out.width, out.height);
    ctx.drawImage(canvas, 0, 0);
    var url = out.toDataURL("image/png");
    var a = document.getElementById("png-link");
    a.href = url; a.hidden = false;
    window.graphkit.lastPng = url;
    a.click();
  });

  /* ---------- URL fragment */
  function hashId() {  /* the #node= id, or null (a malformed %-escape is ignored, not thrown) */
    var m = location.hash.match(/^#node=(.+)$/);
    try { return m ? decodeURIComponent(m[1]) : null; } catch (e) { return null; }
  }
  function fromHash() {
    var id = hashId();
    if (id !== null) select(id, true);
  }
  window.addEventListener("hashchange", fromHash);
  if (location.hash) fromHash();
  else if (DATA.focus) select(DATA.focus, false);
})();
