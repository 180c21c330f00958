"""What may be a concept, which forms are one concept, and what a concept is called.

Plain functions over strings (lemmas from :mod:`graphkit.lemmas`; no model): the link phases
call them, and unit tests pin each rule with the cases that motivated it.

- Text repair before extraction: sentences glued without a space ("modeling.To"), Markdown,
  HTML and LaTeX leftovers ("**open-world **", "flows}"), titles written in capitals.
- A concept names a thing: a phrase with a nominal head, with no stop word (in any case), no
  finite verb, not a bare adjective or adverb, not scaffolding ("based model", "state of the art").
- Merging: forms with one lemma key are one concept; a name or acronym never merges with an
  ordinary word (REINFORCE / reinforcement, MAP / map); other forms merge only when their
  embeddings agree (:data:`AGREE_SIMILARITY`).
- Display name: the authors' most frequent written form, case kept (EnvSocial-Diff).
- Kind from context: the words that follow a form ("DROID dataset", "SAM2 model").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from . import lemmas as L

__all__ = [
    "repair", "split_glued", "strip_markup", "uncap_title", "STOP_WORDS", "SCAFFOLDS", "rejection",
    "is_concept", "may_merge", "AGREE_SIMILARITY", "display_name", "singular_form", "kind_from_context",
]

# ---------------------------------------------------------------- text repair

# "modeling.To", "deployment.In": a sentence end glued to the next sentence. Two lower-case
# letters before the stop and a capitalised word after, so "e.g.The" is left to the splitter
# and "arXiv.org", "Node.js", "U.S." are untouched.
_GLUED = re.compile(r"(?<=[a-z]{2}[.!?])(?=[A-Z][a-z])")


def split_glued(text: str) -> str:
    """Put the missing space after a sentence end: "modeling.To do" -> "modeling. To do"."""
    return _GLUED.sub(" ", text)


_HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]{0,200})?/?>")
_BOLD = re.compile(r"(\*\*|__)\s*(.+?)\s*\1")
_EMPH = re.compile(r"(?<![\w*])\*(?!\s)([^*]+?)\s*\*(?![\w*])")
_CODE = re.compile(r"`([^`]{1,80})`")
_LATEX_CMD = re.compile(r"\\[A-Za-z]+\*?(?:\[[^\]]{0,40}\])?\{([^{}]*)\}")
_LATEX_BARE = re.compile(r"\\[A-Za-z]+\b\s*")
_BRACES = re.compile(r"[{}]")


def strip_markup(text: str) -> str:
    """Markdown, HTML tags and LaTeX commands removed, their words kept
    ("**open-world **" -> "open-world", "\\textit{flows}" -> "flows", "flows}" -> "flows")."""
    text = _HTML_TAG.sub(" ", text)
    text = _BOLD.sub(r"\2", text)
    text = _EMPH.sub(r"\1", text)
    text = _CODE.sub(r"\1", text)
    for _ in range(3):  # nested commands: \textbf{\emph{x}}
        text = _LATEX_CMD.sub(r"\1", text)
    text = _LATEX_BARE.sub("", text)
    text = _BRACES.sub("", text)
    return re.sub(r"[ \t]+", " ", text)


def uncap_title(title: str, body: str) -> str:
    """A title written in capitals ("DEEP LEARNING FOR GRAPHS") in ordinary case, so that its
    words are not taken for acronyms; a word the body also writes in capitals (GAN) stays."""
    words = re.findall(r"[A-Za-z][A-Za-z0-9'-]*", title)
    caps = [w for w in words if len(w) > 1 and w.isupper()]
    if len(words) < 3 or len(caps) < 0.6 * len(words):
        return title
    keep = set(re.findall(r"\b[A-Z][A-Z0-9-]+\b", body))

    def fix(m: re.Match) -> str:
        w = m.group()
        return w if w in keep else w.lower()

    return re.sub(r"[A-Za-z][A-Za-z0-9'-]*", fix, title)


def repair(text: str) -> str:
    """Markup stripped and glued sentences split: the text extraction should read."""
    return split_glued(strip_markup(text))


# ---------------------------------------------------------------- what may be a concept

STOP_WORDS = frozenset(
    """a an the this that these those some any each every all both either neither no not nor only
    own same other another such i we you he she it they me us him her them my our your his its their
    who whom whose which what when where why how whether and or but if then else than so as because
    since while although though unless until whereas yet also thus hence therefore however of in on
    at by for with without from to into onto upon about above below over under between among
    through throughout during before after against along across around beyond within via per
    toward towards despite versus vs like unlike using is are was were be been being am do does did
    have has had can could may might must shall should will would here there very too just even""".split()
)

#: Phrases that describe a paper or its results rather than a subject, as lemma keys.
SCAFFOLDS = frozenset({
    ("based",), ("based", "model"), ("based", "method"), ("based", "approach"), ("state", "of", "the", "art"),
    ("state", "art"), ("sota",), ("SOTA",), ("art",), ("proposed", "method"), ("proposed", "model"),
    ("proposed", "approach"), ("experimental", "result"), ("extensive", "experiment"), ("wide", "range"),
    ("real", "world"), ("empirical", "result"), ("future", "work"), ("key", "insight"), ("paper",),
    ("work",), ("approach",), ("method",), ("model",), ("framework",), ("result",), ("performance",),
    ("task",), ("problem",), ("data",), ("experiment",), ("technique",), ("algorithm",), ("way",),
    ("baseline",), ("benchmark",), ("setting",), ("number",), ("variety",), ("amount",), ("lot",),
    ("end", "to", "end"), ("end",), ("trade", "off"), ("tradeoff",), ("faster",), ("machine",),
    ("order", "of", "magnitude"), ("magnitude",), ("art", "performance"), ("state", "of", "the", "art", "performance"),
})

# Stop words a long form may hold inside ("theory of mind", "Maximum a Posteriori").
_INNER_OK = frozenset("of the a an and for to on in with".split())

# Adjectives lemminflect also lists as nouns, which abstracts use as modifiers only.
_MODIFIERS = frozenset("""complex visual deep neural general novel key main potential
    standard typical individual original final initial local global natural normal
    special specific similar essential particular fundamental critical chemical
    adversarial generative stochastic convolutional variational recurrent""".split())


def rejection(phrase: str) -> str | None:
    """Why a surface form cannot name a concept (``None`` when it can).

    A name or acronym (REINFORCE, SAM2) is always acceptable unless it is a stop word in
    capitals (FOR, AND in a title written in capitals)."""
    words = [w for w in re.split(r"\s+", phrase.strip()) if w]
    if not words:
        return "empty"
    parts = [p for w in words for p in w.split("-") if p]
    if not parts:
        return "empty"
    if _is_scaffold(phrase):
        return "scaffold"
    lower = [p.lower() for p in parts]
    if lower[0] in STOP_WORDS or lower[-1] in STOP_WORDS or any(
            w in STOP_WORDS and w not in _INNER_OK for w in lower[1:-1]):
        return "stop word"
    head = parts[-1]
    if L.is_name(head):
        return None
    if any(L.is_verb_only(p) for p in parts) or any(_verb_s(p) for p in parts[:-1]):
        return "verb"
    if len(words) == 1 and (L.is_adjective(head) or head.lower() in _MODIFIERS):
        return "adjective"
    if not L.is_nominal(head):
        return "adjective head"
    return None


def _verb_s(word: str) -> bool:
    """A word in -s that reads as a verb before another word ("affects overthinking",
    "networks generalize"): a plural noun is rarely a modifier."""
    lw = word.lower()
    if L.is_name(word) or not lw.endswith("s") or lw.endswith(("ss", "us", "is", "ics")):
        return False
    return L.noun_lemma(lw) != lw and "VERB" in L.readings(lw)


def _is_scaffold(phrase: str) -> bool:
    key = L.lemma_key(phrase)
    return key in SCAFFOLDS or tuple(k.lower() for k in key) in SCAFFOLDS


def is_concept(phrase: str) -> bool:
    return rejection(phrase) is None


# ---------------------------------------------------------------- merging

#: Two forms with different lemma keys (and no name among them) are one concept only when
#: their embeddings (all-MiniLM-L6-v2, cosine) reach this. Measured on the 1,283 dev papers
#: (benchmarks/merge_threshold.py): of the pairs the old stem keys joined but lemmas keep
#: apart, same-meaning pairs ("pre-trained model" / "pretrained models") score 0.92-1.0,
#: different meanings ("generation performance" / "generalization performance" 0.86,
#: "optimization" / "optimizer" 0.72, "visual" / "visualization" 0.64) stay below 0.9.
AGREE_SIMILARITY = 0.9


def may_merge(a: str, b: str, similarity: float | None = None) -> bool:
    """May two surface forms be one concept (not counting acronym definitions)?

    Same lemma key: yes. A name or acronym beside an ordinary word: never
    (REINFORCE / reinforcement, MAP / map). Otherwise only when ``similarity`` (their
    embeddings' cosine) reaches :data:`AGREE_SIMILARITY`.
    """
    ka, kb = _flat(L.lemma_key(a)), _flat(L.lemma_key(b))
    if ka == kb:
        return True
    names_a = {p for p in _parts(a) if L.is_name(p)}
    names_b = {p for p in _parts(b) if L.is_name(p)}
    if names_a != names_b and (names_a or names_b):
        return False
    return similarity is not None and similarity >= AGREE_SIMILARITY


def _parts(phrase: str) -> list[str]:
    return [p for w in phrase.split() for p in w.split("-") if p]


def _flat(key: tuple[str, ...]) -> str:
    """A lemma key with word boundaries ignored: "pre-training" = "pretraining"."""
    return "".join(key)


# ---------------------------------------------------------------- names and kinds


def display_name(written: Counter | dict[str, int], initial: Iterable[str] = ()) -> str:
    """The authors' most frequent written form, case kept ("EnvSocial-Diff", "OVO-Bench").

    ``initial`` are forms seen only at a sentence start, whose capital is not the authors'
    choice: they count for the lower-case form. Ties go to the form with fewer capitals
    among ordinary words, then the shorter, then alphabetical order.
    """
    initial = set(initial)
    votes: Counter = Counter()
    for form, n in written.items():
        if form in initial and form[:1].isupper() and not L.is_name(form.split()[0].split("-")[0]):
            form = form[:1].lower() + form[1:]
        votes[singular_form(form)] += n
    return min(votes, key=lambda f: (-votes[f], sum(c.isupper() for c in f), len(f), f))


def singular_form(form: str) -> str:
    """The form with its last word singular, case kept ("Diffusion Models" -> "Diffusion Model",
    "LLMs" -> "LLM")."""
    m = re.search(r"[^\s-]+$", form)
    if not m:
        return form
    last = m.group()
    if L.is_name(last):
        one = L.word_key(last)
    else:
        lemma = L.singular(last.lower())
        one = lemma if last.islower() or len(lemma) < 2 else (
            lemma.upper() if last.isupper() else lemma[:1].upper() + lemma[1:])
    return form[:m.start()] + one


_KIND_WORDS = {
    "dataset": {"dataset", "data set", "benchmark", "corpus", "suite", "database", "collection", "challenge"},
    "model": {"model", "network", "architecture", "backbone", "encoder", "decoder", "transformer", "checkpoint"},
    "method": {"algorithm", "method", "estimator", "objective", "loss", "procedure", "technique", "trick",
               "update", "optimizer", "scheme", "gradient", "baseline", "policy", "framework"},
    "metric": {"score", "metric", "accuracy", "distance", "divergence", "measure"},
    "task": {"task", "problem", "challenge"},
}


def kind_from_context(next_words: Counter | dict[str, int], min_share: float = 0.2) -> str | None:
    """The kind the papers' own words give a form: what follows it ("DROID dataset",
    "SAM2 model", "the REINFORCE algorithm / estimator"). ``None`` when the context says
    nothing (fewer than ``min_share`` of the uses)."""
    total = sum(next_words.values())
    if not total:
        return None
    score: Counter = Counter()
    for word, n in next_words.items():
        w = L.noun_lemma(word.lower())
        for kind, words in _KIND_WORDS.items():
            if w in words:
                score[kind] += n
                break
    if not score:
        return None
    kind, n = score.most_common(1)[0]
    return kind if n / total >= min_share else None
