/* graphkit search: the one matcher behind every page's search box (the graph pages and the
 * site index). Case-insensitive; the best matches first: an item's own name equal to the query,
 * then one of its aliases equal to it, then a name whose words' initials spell it ("AI" finds
 * "artificial intelligence"), then a name with a word that starts with it, then an alias with
 * one, then a name containing it anywhere, then an alias. Within a tier the items keep their
 * given order. (A 3k-paper index answered "AI" with "constraint" and "terrain" before any
 * concept that starts with it.) */
var graphkitSearch = (function () {
  "use strict";
  function lower(list) {
    return list.filter(function (s) { return typeof s === "string" && s; })
      .map(function (s) { return s.toLowerCase(); });
  }
  function startsWord(s, q) {   /* q at the start of s or of one of its words */
    for (var i = s.indexOf(q); i >= 0; i = s.indexOf(q, i + 1)) {
      if (i === 0 || !/[a-z0-9]/.test(s.charAt(i - 1))) return true;
    }
    return false;
  }
  function initials(s) {   /* "artificial intelligence" -> "ai", "long short-term memory" -> "lstm" */
    return s.split(/[^a-z0-9]+/).filter(Boolean).map(function (w) { return w.charAt(0); }).join("");
  }
  /* items: any objects; names(item) and aliases(item) give their strings. Returns at most
   * `limit` items (all when limit is absent). */
  function find(items, query, names, aliases, limit) {
    var q = String(query).trim().toLowerCase();
    if (!q) return [];
    var acronym = /^[a-z0-9]{2,8}$/.test(q);
    var tiers = [[], [], [], [], [], [], []];
    items.forEach(function (item) {
      var own = lower(names(item)), other = lower(aliases(item) || []);
      var contains = function (s) { return s.indexOf(q) >= 0; };
      var word = function (s) { return startsWord(s, q); };
      var spelled = function (s) { return s.indexOf(" ") > 0 && initials(s) === q; };
      if (own.indexOf(q) >= 0) tiers[0].push(item);
      else if (other.indexOf(q) >= 0) tiers[1].push(item);
      else if (acronym && own.some(spelled)) tiers[2].push(item);
      else if (own.some(word)) tiers[3].push(item);
      else if (other.some(word)) tiers[4].push(item);
      else if (own.some(contains)) tiers[5].push(item);
      else if (other.some(contains)) tiers[6].push(item);
    });
    var found = [].concat.apply([], tiers);
    return limit === undefined ? found : found.slice(0, limit);
  }
  return { find: find };
})();
