"""Link: per-paper candidates -> canonical concepts shared across the corpus.

Surface forms are grouped when they differ only by case, plural, hyphenation or a trailing
generic head ("diffusion model" / "diffusion models" / "diffusion-based"), and when a
paper defines one as the acronym of the other ("Group Relative Policy Optimization
(GRPO)"). Each group is one :class:`~graphkit.model.Concept`; a paper mentions a concept
when one of its forms occurs in the paper's text, not only when KeyBERT ranked it.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from . import text as T
from .extract import Extraction
from .model import Concept, Mention, Paper

__all__ = ["Linked", "link", "Ranking", "Thesaurus", "SCAFFOLD_SEEDS"]

#: Phrases that describe the paper rather than its subject. Candidates close to any of
#: them in embedding space are dropped (a learned neighbourhood, not an exact list).
SCAFFOLD_SEEDS = [
    "proposed method", "our approach", "this paper", "this work", "experimental results",
    "extensive experiments", "state of the art", "empirical results", "promising results",
    "future work", "key insight", "main contribution", "wide range", "real world",
    "significant improvement", "baseline methods", "previous work", "existing methods",
    "theoretical analysis", "empirical evaluation", "new approach", "performance",
    "effectiveness", "results", "method", "approach", "framework", "problem", "paper",
]
SCAFFOLD_SIMILARITY = 0.8
#: Two expansions of one acronym at least this similar are the same concept. Measured on the
#: 1,283 dev papers: spelling variants score 0.77-0.96 ("Generative adversarial networks" /
#: "Generative Adversarial Nets" 0.90), different meanings 0.01-0.68 ("Recurrent" / "Recursive
#: Neural Network" 0.68, "Reinforcement" / "representation learning" 0.41).
ACRONYM_VARIANT_SIMILARITY = 0.7
_SHARED_ONLY = 10**6  # rank of pool entries that become concepts only when 2+ papers share them

#: Single lower-case words too broad to link anything on their own.
_TOO_BROAD = frozenset(
    """model method approach framework algorithm technique result performance task problem data
    work paper study experiment analysis setting way number set type kind level part case use
    system process application information field area domain research challenge issue need
    goal aim effect impact role quality scale time step value range amount order form term
    learning training network feature representation function space structure module component
    strategy mechanism objective property capability ability limitation advantage improvement
    benchmark dataset evaluation baseline variant version sample example instance input output
    state art insight finding contribution practice cost""".split()
)

_KIND_HEADS = {
    "dataset": {"dataset", "benchmark", "corpus", "suite", "database"},
    "metric": {"accuracy", "precision", "recall", "f1", "score", "error", "bleu", "rouge", "auc",
               "perplexity", "fid", "psnr", "ssim", "metric", "divergence", "regret"},
    "task": {"detection", "segmentation", "classification", "recognition", "generation", "translation",
             "prediction", "answering", "retrieval", "summarization", "forecasting", "tracking",
             "captioning", "parsing", "localization", "reconstruction", "completion", "editing",
             "navigation", "manipulation", "control", "planning", "reasoning", "synthesis", "matching"},
    "model": {"model", "network", "transformer", "encoder", "decoder", "autoencoder", "backbone",
              "architecture", "llm", "mllm", "vlm", "gan", "vae", "cnn", "rnn", "lstm", "gpt", "bert"},
    "method": {"learning", "optimization", "algorithm", "method", "training", "descent", "sampling",
               "regularization", "distillation", "attention", "search", "alignment", "tuning",
               "pruning", "quantization", "inference", "estimation", "approach", "technique",
               "policy", "loss", "objective", "augmentation", "normalization", "decoding", "prompting"},
}


@dataclass
class Thesaurus:
    """User merges, renames and removals (VOSviewer's two-column format).

    ``replace_by[label] = new label`` merges or renames; an empty value removes the label.
    Labels are matched by normal form, so "Diffusion Models" also matches "diffusion model".
    """

    replace_by: dict[str, str] = field(default_factory=dict)


def _mk(surface: str) -> str:
    return T.merge_key(T.phrase_key(surface.split()))


@dataclass
class Linked:
    concepts: list[Concept]
    mentions: list[Mention]
    broader: list[tuple[str, str]]  # (narrower key, broader key)
    forms: dict[str, list[tuple[str, ...]]]  # concept key -> normalised forms it matches
    merges: list[tuple[str, str]]  # (surface form, concept name) for every merged variant


class _UnionFind:
    def __init__(self):
        self.parent: dict[str, str] = {}

    def find(self, x: str) -> str:
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def _display(surface: str, keep_case: bool) -> str:
    """Display form: last word singular; ordinary words lower-cased unless keep_case."""
    words = surface.split()
    out = []
    for i, w in enumerate(words):
        parts = w.split("-")
        new_parts = []
        for j, p in enumerate(parts):
            last = i == len(words) - 1 and j == len(parts) - 1
            if T._artefact_part(p):
                new_parts.append(T.norm_word(p) if last else p)
            else:
                q = p if keep_case else p.lower()
                if last:
                    s = T.singular(q.lower())
                    q = s if q.islower() else (s[:1].upper() + s[1:] if q[:1].isupper() else s)
                new_parts.append(q)
        out.append("-".join(new_parts))
    return " ".join(out)


def _is_proper(surface: str) -> bool:
    """A long form written as a name ("Group Relative Policy Optimization")."""
    words = [w for w in surface.split() if w.lower() not in T.STOPWORDS]
    return len(words) >= 2 and sum(w[:1].isupper() for w in words) >= max(2, len(words) - 1)


def _kind(name_key: tuple[str, ...], aliases_keys: list[tuple[str, ...]], next_words: Counter) -> str:
    heads = [k[-1].lower() for k in [name_key, *aliases_keys] if k]
    for kind in ("dataset", "metric", "task", "model", "method"):
        if any(h in _KIND_HEADS[kind] for h in heads):
            return kind
    for word, _ in next_words.most_common(3):
        for kind in ("dataset", "model", "method", "task", "metric"):
            if word in _KIND_HEADS[kind]:
                return kind
    return "term"


@dataclass(frozen=True)
class Ranking:
    """How a paper's concepts are ordered: similarity + ``chosen`` if KeyBERT picked the
    concept for this paper + ``shared`` x log(papers with it) / log(papers).

    The defaults were measured on the dev set (benchmarks/quality.py): similarity alone gives
    F1@10 0.163, F1@5 0.150; chosen=0.1 and shared=0.1 give 0.167 and 0.170. Larger
    ``shared`` favours broad concepts (F1@5 up, F1@10 down).
    """

    chosen: float = 0.1
    shared: float = 0.1


def link(papers: Sequence[Paper], ex: Extraction, *, min_rank_single: int = 5,
         thesaurus: Thesaurus | None = None, ranking: Ranking | None = None) -> Linked:
    """Group candidates into concepts and find every paper's mentions of them."""
    n = len(papers)
    uf = _UnionFind()
    surfaces: dict[str, Counter] = defaultdict(Counter)  # merge key -> surface forms
    keys_of: dict[str, set[tuple[str, ...]]] = defaultdict(set)  # merge key -> normal forms
    artefact_mk: set[str] = set()
    best_rank: dict[str, int] = {}
    long_forms: dict[str, set[str]] = defaultdict(set)  # merge key -> surfaces used as a long form

    # 1. the candidate pool: KeyBERT's choices and artefacts, plus the shorter ideas inside
    #    them (head-final sub-phrases, "X" of "X-based"), which count only if papers share them
    scaffold = _scaffold_filter(ex)

    def add(text: str, rank: int, artefact: bool) -> None:
        """Put a surface form in the pool (unless it is scaffolding or too broad)."""
        key = T.phrase_key(text.split())
        if not key or scaffold(text):
            return
        if len(key) == 1 and key[0].lower() in _TOO_BROAD and not artefact:
            return
        mk = T.merge_key(key)
        if not mk:
            return
        uf.find(mk)
        surfaces[mk][text] += 1
        keys_of[mk].add(key)
        if artefact:
            artefact_mk.add(mk)
        best_rank[mk] = min(best_rank.get(mk, 10**9), rank)

    chosen_mks: list[set[str]] = []  # per paper: the merge keys of what KeyBERT chose for it
    for cands in ex.candidates:
        chosen_mks.append(set())
        for rank, c in enumerate(cands, start=1):
            add(c.text, 1 if c.artefact else rank, c.artefact)
            chosen_mks[-1].add(T.merge_key(T.phrase_key(c.text.split())))
            words = c.text.split()
            for s in range(1, len(words)):
                if s < len(words) - 1 or T.is_artefact(words[s]):  # single ordinary words link too loosely
                    add(" ".join(words[s:]), _SHARED_ONLY, T.is_artefact(words[s]) and s == len(words) - 1)
            for w in words:
                if w.lower().endswith("-based") and len(w) > 7:
                    add(w[:-6] + " model", _SHARED_ONLY, T.is_artefact(w[:-6]))

    # 2. acronyms: the dominant expansion of each short form joins it
    expansions: dict[str, Counter] = defaultdict(Counter)
    local: list[dict[str, str]] = []
    for i, defs in enumerate(ex.acronyms):
        here: dict[str, str] = {}
        for d in defs:
            skey = T.phrase_key([d.short])
            lkey = T.phrase_key(d.long.split())
            smk, lmk = T.merge_key(skey), T.merge_key(lkey)
            if not smk or not lmk or smk == lmk:
                continue
            expansions[smk][lmk] += 1
            here[smk] = lmk
            surfaces[smk][d.short] += 1
            keys_of[smk].add(skey)
            surfaces[lmk][d.long] += 1
            keys_of[lmk].add(lkey)
            long_forms[lmk].add(d.long)
            artefact_mk.add(smk)
            best_rank[smk] = 1
            best_rank[lmk] = min(best_rank.get(lmk, 10**9), 1)
        local.append(here)
    dominant = {smk: c.most_common(1)[0][0] for smk, c in expansions.items()}
    for smk, lmk in dominant.items():
        uf.union(smk, lmk)
    # Other expansions of the same acronym are variants when they mean the same ("Generative
    # Adversarial Nets" / "generative adversarial networks") and join too; an expansion with
    # another meaning (VAD: video anomaly / voice activity detection) stays apart, and then
    # the bare acronym never names a concept, since it would be ambiguous.
    ambiguous: set[str] = set()
    for smk, counts in expansions.items():
        others = [lmk for lmk in counts if lmk != dominant[smk]]
        if not others:
            continue
        surface = {lmk: surfaces[lmk].most_common(1)[0][0] for lmk in [dominant[smk], *others]}
        vecs = _vectors(ex, list(surface.values()))
        for lmk, v in zip(others, vecs[1:]):
            if float(v @ vecs[0]) >= ACRONYM_VARIANT_SIMILARITY:
                uf.union(smk, lmk)
            else:
                ambiguous.add(smk)

    # 3. user thesaurus: merges, renames, removals by normal form
    removed: set[str] = set()
    renamed: dict[str, str] = {}
    if thesaurus:
        for src, dst in thesaurus.replace_by.items():
            smk = _mk(src)
            if not dst.strip():
                removed.add(smk)
                continue
            dmk = _mk(dst)
            uf.find(dmk)
            surfaces[dmk][dst] += 0
            keys_of[dmk].add(T.phrase_key(dst.split()))
            if smk in surfaces:
                uf.union(smk, dmk)
            renamed[dmk] = dst

    groups: dict[str, list[str]] = defaultdict(list)
    for mk in list(surfaces):
        groups[uf.find(mk)].append(mk)

    # 4. forms each group matches in text
    forms_of: dict[str, set[tuple[str, ...]]] = {}
    acro_forms: dict[str, set[tuple[str, ...]]] = defaultdict(set)
    for root, mks in groups.items():
        fs: set[tuple[str, ...]] = set()
        for mk in mks:
            for key in keys_of[mk]:
                fs.add(key)
                c = T.core(key)
                if c != key and not (len(c) == 1 and c[0] in _TOO_BROAD):
                    # "diffusion model" also matches "diffusion-based", "diffusion approach", ...
                    fs.update(c + (h,) for h in T.GENERIC_HEADS)
                if mk in expansions:
                    acro_forms[root].add(key)
        forms_of[root] = {f for f in fs if f}

    # 5. scan every paper for every form
    index: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for root, fs in forms_of.items():
        for f in fs:
            index[f].append(root)
    firsts = {f[0] for f in index}
    lengths = sorted({len(f) for f in index})
    root_of_mk = {mk: root for root, mks in groups.items() for mk in mks}
    hits: list[dict[str, tuple[str, ...]]] = []  # per paper: root -> first form matched
    form_papers: dict[tuple[str, tuple[str, ...]], int] = Counter()
    next_words: dict[str, Counter] = defaultdict(Counter)
    sent_index: list[list[tuple[int, str]]] = []
    for i, txt in enumerate(ex.texts):
        seq, sent_of, sents = _normalised(txt)
        sent_index.append(sents)
        found: dict[str, tuple[str, ...]] = {}
        where: dict[str, int] = {}
        seen_forms: set[tuple[str, tuple[str, ...]]] = set()
        override = {smk: lmk for smk, lmk in local[i].items() if dominant.get(smk) != lmk}
        for pos, tok in enumerate(seq):
            if tok is None or tok not in firsts:
                continue
            for f, root in _matches(seq, pos, lengths, index):
                if len(f) == 1 and f in acro_forms[root]:
                    smk = T.merge_key(f)
                    if smk in override and root_of_mk.get(override[smk]) != root:
                        continue  # this paper defines the acronym differently
                seen_forms.add((root, f))
                if root in found:
                    continue
                found[root] = f
                where[root] = sent_of[pos]
                end = pos + len(f)
                if end < len(seq) and seq[end]:
                    next_words[root][seq[end].lower()] += 1
        for rf in seen_forms:
            form_papers[rf] += 1
        hits.append({r: (f, where[r]) for r, f in found.items()})

    # 6. which groups become concepts
    paper_count = Counter(r for h in hits for r in h)
    renamed_roots = {uf.find(dmk) for dmk in renamed}
    keep: set[str] = set()
    for root, mks in groups.items():
        if any(mk in removed for mk in mks) or paper_count[root] == 0:
            continue
        is_art = any(mk in artefact_mk for mk in mks)
        rank = min(best_rank.get(mk, 10**9) for mk in mks)
        if paper_count[root] >= 2 or is_art or rank <= min_rank_single or root in renamed_roots:
            keep.add(root)

    # 7. names, aliases, kinds
    concepts: dict[str, Concept] = {}
    key_of_root: dict[str, str] = {}
    merges: list[tuple[str, str]] = []
    name_key_of: dict[str, tuple[str, ...]] = {}
    for root in keep:
        mks = groups[root]
        counts: Counter = Counter()
        rank_key: dict[str, tuple] = {}
        for mk in mks:
            for s, c in surfaces[mk].items():
                counts[s] += c
        for s, c in counts.items():
            key = T.phrase_key(s.split())
            in_papers = form_papers.get((root, key), 0)
            smk = T.merge_key(key)
            is_short = smk in expansions
            if smk in ambiguous:
                rank_key[s] = (1, -in_papers, False, -c, len(s), s)  # never the name: it means several things
                continue
            # most papers first; an acronym wins a tie with its long form (GRPO over its expansion)
            rank_key[s] = (0, -in_papers, not is_short, -c, len(s), s)
        renamed_to = next((renamed[mk] for mk in mks if mk in renamed), None)
        if renamed_to:
            name = renamed_to
        else:
            surface = min(counts, key=rank_key.__getitem__)
            name = _display(surface, keep_case=any(surface in long_forms[mk] for mk in mks) and _is_proper(surface))
        aliases: dict[str, str] = {}
        for s in counts:
            proper = any(s in long_forms[mk] for mk in mks) and _is_proper(s)
            d = _display(s, keep_case=proper)
            if d.lower() != name.lower() and d.lower() not in aliases:
                aliases[d.lower()] = d
            if s != name:
                merges.append((s, name))
        name_key = T.phrase_key(name.split())
        name_key_of[root] = name_key
        ckey = " ".join(w.lower() for w in name_key)
        if ckey in concepts:  # two groups normalising to one display key: keep them apart
            ckey = f"{ckey} ({root})"
        key_of_root[root] = ckey
        alias_list = sorted(aliases.values(), key=str.lower)
        concepts[ckey] = Concept(
            key=ckey, name=name, aliases=alias_list,
            kind=_kind(name_key, [T.phrase_key(a.split()) for a in alias_list], next_words[root]),
            paper_count=paper_count[root],
        )

    # 8. mentions: score by similarity of paper and concept; rank within the paper by that
    #    score, lifted for concepts KeyBERT chose for this paper and for concepts many papers share
    ranking = ranking or Ranking()
    chosen = [{root_of_mk.get(mk) for mk in mks} for mks in chosen_mks]
    roots = sorted(keep)
    names = [concepts[key_of_root[r]].name for r in roots]
    name_vecs = _vectors(ex, names)
    row_of = {r: j for j, r in enumerate(roots)}
    mentions: list[Mention] = []
    for i, h in enumerate(hits):
        rs = [r for r in h if r in row_of]
        if not rs:
            continue
        sims = name_vecs[[row_of[r] for r in rs]] @ ex.doc_vectors[i]
        chosen_here = chosen[i]
        priority = sims + np.array([
            ranking.chosen * (r in chosen_here)
            + ranking.shared * math.log1p(paper_count[r]) / math.log1p(max(2, n))
            for r in rs])
        order = np.argsort(-priority, kind="stable")
        sents = sent_index[i]
        for rank, j in enumerate(order, start=1):
            r = rs[j]
            evidence = sents[h[r][1]][1] if sents else ""
            mentions.append(Mention(papers[i].id, key_of_root[r], round(float(max(0.0, min(1.0, sims[j]))), 4),
                                    rank, evidence))
        for r in rs:
            y = papers[i].year
            c = concepts[key_of_root[r]]
            if y is not None and (c.first_year is None or y < c.first_year):
                c.first_year = y

    # 9. BROADER: a concept's nearest proper suffix that is itself a concept
    by_core = {T.core(tuple(w.lower() for w in name_key_of[r])): key_of_root[r] for r in keep}
    broader: list[tuple[str, str]] = []
    for r in keep:
        k = T.core(tuple(w.lower() for w in name_key_of[r]))
        for s in range(1, len(k)):
            parent = by_core.get(k[s:])
            if parent and parent != key_of_root[r]:
                broader.append((key_of_root[r], parent))
                break
    forms = {key_of_root[r]: sorted(forms_of[r]) for r in keep}
    return Linked(list(concepts.values()), mentions, broader, forms, sorted(set(merges)))


def _matches(seq, pos, lengths, index):
    """(form, group) for every form that starts at ``pos`` of the normalised text."""
    for n in lengths:
        if pos + n > len(seq):
            break
        form = tuple(seq[pos:pos + n])
        for root in index.get(form, ()):
            yield form, root


def _vectors(ex: Extraction, phrases: list[str]) -> np.ndarray:
    missing = [p for p in phrases if p not in ex.vocab_vectors]
    if missing:
        for p, v in zip(missing, ex.embedder.embed(missing)):
            ex.vocab_vectors[p] = v
    if not phrases:
        return np.zeros((0, ex.doc_vectors.shape[1] if ex.doc_vectors.size else 384), dtype=np.float32)
    return np.vstack([ex.vocab_vectors[p] for p in phrases])


def _scaffold_filter(ex: Extraction):
    seeds = _vectors(ex, SCAFFOLD_SEEDS)
    cache: dict[str, bool] = {}

    def is_scaffold(phrase: str) -> bool:
        if phrase not in cache:
            v = ex.vocab_vectors.get(phrase)
            if v is None:
                cache[phrase] = False
            else:
                cache[phrase] = bool((seeds @ v).max() >= SCAFFOLD_SIMILARITY)
        return cache[phrase]

    return is_scaffold


def _normalised(text: str):
    """The text as a flat list of normalised word parts (None at punctuation), the sentence
    index of each, and the sentences themselves."""
    seq: list[str | None] = []
    sent_of: list[int] = []
    sents = list(enumerate(T.sentences(text)))
    for si, s in sents:
        for tok in T.tokenize(s):
            if tok.is_word:
                for p in T.word_parts(tok.text.rstrip(".")):
                    seq.append(T.norm_word(p))
                    sent_of.append(si)
            else:
                seq.append(None)
                sent_of.append(si)
        seq.append(None)
        sent_of.append(si)
    return seq, sent_of, sents
