"""Word lists the chunker and linking share."""

from __future__ import annotations

__all__ = ["STOPWORDS", "NOUN_VERBS", "NON_HEAD", "TOO_BROAD", "BROAD_ALONE"]

STOPWORDS = frozenset(
    """a an the this that these those such some any each every all both either neither no not nor only
    own same other another more most less least much many few several various certain latter
    i we you he she it they me us him her them my our your his its their mine ours yours theirs
    myself yourself himself herself itself oneself ourselves yourselves themselves thereby whereby
    who whom whose which what whatever whichever whoever when where why how whether
    and or but if then else than so as because since while although though unless until whereas
    yet also thus hence therefore however moreover furthermore additionally instead rather
    indeed namely respectively especially particularly specifically notably
    of in on at by for with without from to into onto upon about above below over under between
    among amongst through throughout during before after against along across around beyond
    within via per toward towards despite versus vs like unlike near off out up down
    is are was were be been being am do does did done doing have has had having
    can could may might must shall should will would
    here there now very too quite just even still already again further often always never
    ever sometimes usually typically generally well also first second third finally
    one two three four five six seven eight nine ten hundred thousand million billion
    et al e.g i.e etc eg ie
    new novel proposed propose proposes existing current recent prior previous present presents
    presented different diverse various similar simple simpler effective efficient
    significant significantly substantial substantially strong stronger better best good
    large-scale key main major important crucial critical extensive comprehensive
    promising remarkable superior competitive robust powerful general generic specific
    challenging difficult interesting
    unique additional overall whole entire full high higher low lower great greater
    classic classical standard vanilla original modern conventional traditional typical popular naive
    widely-used well-known commonly
    able due based-on given using used use uses show shows shown showing demonstrate demonstrates
    demonstrated demonstrating achieve achieves achieved achieving outperform outperforms
    outperformed outperforming improve improves improved improving introduce introduces introduced
    introducing leverage leverages leveraged leveraging enable enables enabled enabling provide
    provides provided providing develop develops developed developing design designed designs
    designing study studies studied investigate investigates investigated explore explores
    explored exploring evaluate evaluates evaluated evaluating conduct conducts conducted
    perform performs performed apply applies applied applying obtain obtains obtained
    allow allows allowed allowing require requires required requiring make makes made making
    remain remains remained suffer suffers suffered exhibit exhibits exhibited reveal reveals
    revealed reach reaches reached yield yields yielded compare compares compared consider
    considers considered focus focuses focused address addresses addressed tackle tackles
    aim aims aimed seek seeks find finds found call called term termed named known
    become becomes became lead leads led take takes took get gets got give gives gave
    help helps helped support supports supported capture captures captured incorporate
    incorporates incorporated integrate integrates integrated combine combines combined
    formulate formulates formulated establish establishes established extend extends extended
    consist consists consisting contain contains containing involve involves involving
    include includes included including regarding concerning albeit try tries tried according
    offer offers offered produce produces produced generate generates generated
    capable enhance enhances enhanced enhancing reduce reduces reduced reducing increase increases
    increased increasing mitigate mitigates mitigated ensure ensures ensured describe describes
    described argue argues argued observe observes observed suggest suggests suggested
    rely relies relied depend depends depended remain lack lacks lacking fail fails failed
    tend tends emerge emerges emerged attract attracts attracted attain attains attained
    accelerate accelerates accelerated facilitate facilitates facilitated validate validates
    validated verify verifies verified confirm confirms confirmed highlight highlights
    highlighted underscore underscores motivate motivates motivated inspire inspired
    compute computes computed estimate estimates estimated predict predicts predicted
    learn learns learned learnt train trains trained solve solves solved
    define defines defined denote denotes denoted refer refers referred
    recently widely largely mainly mostly nearly almost roughly highly fully jointly
    simultaneously directly explicitly implicitly effectively efficiently successfully
    experimentally empirically theoretically consistently""".split()
)

#: Stop words (as verbs: "we study", "to design", "models support the") that are nouns inside
#: a noun phrase: "support vector machine", "decision support system", "user study",
#: "experimental design" (the chunker gave "vector machine", a 57-paper concept of 10k scale
#: abstracts, and "decision", "user", "experimental"; no acronym had "support vector machine").
NOUN_VERBS = frozenset("support design study estimate".split())

#: Adverbs of degree: what they grade is an adjective ("very challenging", "highly accurate").
DEGREE_ADVERBS = frozenset(
    """very highly extremely increasingly particularly quite relatively too so fairly remarkably
    notoriously inherently prohibitively especially""".split()
)

# Words that may open or sit inside a phrase but cannot end it.
NON_HEAD = frozenset("based driven guided aware free level style wise specific conditioned oriented".split())

#: Single lower-case words too broad to link anything on their own.
TOO_BROAD = frozenset(
    """model method approach framework algorithm technique result performance task problem data
    work paper study experiment analysis setting way number set type kind level part case use
    system process application information field area domain research challenge issue need
    goal aim effect impact role quality scale time step value range amount order form term
    learning training network feature representation function space structure module component
    strategy mechanism objective property capability ability limitation advantage improvement
    benchmark dataset evaluation baseline variant version sample example instance input output
    state art insight finding contribution practice cost
    usage advancement functionality right left extent ell once aspect""".split()
)

#: Too broad alone, but a compound's head with any of the words above: "feature selection",
#: "model selection", "quality assessment", "matrix completion", "language modeling" (alone on
#: the 10k --fast graph: modeling 132 papers, completion 101, solution 95, selection 72; NAACL
#: 2024: "processing" 11, a fragment of "speech processing", "language processing"; ICML 2019:
#: "descent algorithm" 11, of "gradient descent algorithm", "coordinate descent algorithm"; on
#: the 10k default graph: extraction 230 papers, of "relation extraction", "quotation extraction";
#: iteration 154, "value iteration" and "each iteration"; reduction 101, "variance reduction",
#: "dimensionality reduction"; minimization 77; maximization 33; enhancement 30 of 2,128 COLING
#: abstracts, "image enhancement", "speech enhancement").
#: And the nouns of academic prose that name no idea of any field alone, while compounds built
#: on them do ("sample size", "step size", "effect size", "statistical significance", "human
#: effort", "convergence guarantee", "virtual reality"). On the 10k --fast graph: "assumption"
#: 87 papers, "size" 78 ("alphabet sizes", "step size", "window size"), "guarantee" 74,
#: "technology" 62, "implication" 55 ("implications for"), "consideration" 54 ("take into
#: consideration"), "conclusion" 53; on the dev set's: "effort", "hundred" ("hundreds of
#: layers"), "hope" ("we hope"); on 5,000 IROS abstracts: "alternative" 58 ("an alternative
#: to"), "setup" 51 ("sensor setup"), "implementation" 35, "reality" 34 (of "virtual reality",
#: "mixed reality"); on 5,000 CVPR: "parallel" 47 ("in parallel"); on 5,000 NIPS: "conjunction"
#: 37 ("in conjunction with"), "calculation" 35; on 3,604 WACV: "principle" 29 ("in
#: principle"), "adaptability" 29; on all 79,345 in --fast: "product" 594 (inner products,
#: end products, product design), "try" 395 (the verb of "we try to", read as a noun); on
#: 3,000 scale abstracts of 2023-25: "object" 51 ("objects" a robot grasps; "object detection",
#: "deformable object" name ideas), on the held-out papers "project" 6. Kept out of TOO_BROAD: two words of it are rejected
#: together, and "sample size" is a term. Not "condition" (57 papers): without it, its
#: adjective "conditional" joined "conditional model" and linked every "conditional on".
BROAD_ALONE = frozenset(
    """methodology procedure assessment selection solution completion modeling modelling processing descent
    extraction iteration reduction minimization maximization enhancement
    size guarantee assumption technology implication consideration conclusion motivation
    justification discussion effort attempt hope significance feasibility detail generality viability
    mind care hundred thousand million dozen alternative parallel setup implementation reality
    conjunction calculation principle adaptability product try object project""".split()
)
