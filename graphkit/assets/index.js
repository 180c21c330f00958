/* graphkit site index: search (search.js) over concept names and aliases; results inserted as text. */
(function () {
  "use strict";
  var concepts = JSON.parse(document.getElementById("concepts").textContent);
  var results = document.getElementById("results");
  var status = document.getElementById("search-status");
  function search(q) {
    q = q.trim().toLowerCase();
    results.replaceChildren();
    var found = graphkitSearch.find(concepts, q, function (c) { return [c.name]; },
                                    function (c) { return c.aliases; }, 50);
    document.getElementById("search-results").hidden = !q || !found.length;   // no empty heading
    if (!q) return found;
    found.forEach(function (c) {
      var li = document.createElement("li");
      var a = document.createElement(c.href ? "a" : "span");
      a.textContent = c.name;
      if (c.href) a.href = c.href;
      li.appendChild(a);
      li.appendChild(document.createTextNode(" \u00b7 " + c.papers + " paper" + (c.papers === 1 ? "" : "s")));
      results.appendChild(li);
    });
    status.textContent = found.length ? "" : "No concept matches \u201c" + q + "\u201d";
    return found;
  }
  var input = document.getElementById("search-input");
  input.addEventListener("input", function () { search(input.value); });
  document.getElementById("search").addEventListener("submit", function (ev) {
    ev.preventDefault();
    var found = search(input.value);
    if (found.length && found[0].href && found[0].name.toLowerCase() === input.value.trim().toLowerCase()) {
      location.href = found[0].href;
    }
  });
})();
