/* graphkit search: the one matcher behind every page's search box (the graph pages and the
 * site index). Case-insensitive; the best matches first: an item's own name equal to the query,
 * then one of its aliases equal to it, then a name containing it, then an alias containing it.
 * Within a tier the items keep their given order. */
var graphkitSearch = (function () {
  "use strict";
  function lower(list) {
    return list.filter(function (s) { return typeof s === "string" && s; })
      .map(function (s) { return s.toLowerCase(); });
  }
  /* items: any objects; names(item) and aliases(item) give their strings. Returns at most
   * `limit` items (all when limit is absent). */
  function find(items, query, names, aliases, limit) {
    var q = String(query).trim().toLowerCase();
    if (!q) return [];
    var tiers = [[], [], [], []];
    items.forEach(function (item) {
      var own = lower(names(item)), other = lower(aliases(item) || []);
      var contains = function (s) { return s.indexOf(q) >= 0; };
      if (own.indexOf(q) >= 0) tiers[0].push(item);
      else if (other.indexOf(q) >= 0) tiers[1].push(item);
      else if (own.some(contains)) tiers[2].push(item);
      else if (other.some(contains)) tiers[3].push(item);
    });
    var found = tiers[0].concat(tiers[1], tiers[2], tiers[3]);
    return limit === undefined ? found : found.slice(0, limit);
  }
  return { find: find };
})();
