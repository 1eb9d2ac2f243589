//! Stage "analyze" — the closed word classes the decision layer reads
//! questions and sentences with.
//!
//! These are the languages' vocabulary, not any data set's: common English
//! verbs (so "how do I add X and deploy Y" is two questions and "request" in
//! "what does the health check request?" is the predicate, not the topic),
//! irregular verb forms (kept → keep), frame nouns that name the kind of
//! answer rather than its topic (window, deadline, rule, 期限), negation cues
//! and the words that state a restriction (intolerance, allergic, avoid).
//!
//! Guarantees: every lookup takes a lowercase word (or its Snowball stem where
//! the name says so) and never panics; the tables are sorted at first use, and
//! stems are computed once.

use litemap::LiteMap;
use std::sync::OnceLock;

/// Common English verbs, base forms: what a help, docs or encyclopedia
/// question asks someone or something to do.
const VERBS: &str = "accept access achieve act add adjust affect agree allow announce answer appear apply \
    approve argue arrange arrive ask assign attach attempt attend avoid bake ban be bear beat become \
    begin behave believe belong bind block boot borrow break breed bring broadcast browse build burn buy \
    calculate call cancel capture carry catch cause change charge chat check choose claim clean clear click \
    climb clone close collaborate collect combine come commit compare compete compile complete compose compress \
    configure confirm connect consider consist contain continue contribute control convert cook copy correct \
    cost count cover create cross cut deal debug decide declare decline decrypt define delete deliver \
    demand deny depend deploy derive describe design destroy detect determine develop die dig direct disable \
    discover display distribute divide do download drain draw dream drink drive drop earn eat edit elect \
    embed emerge employ enable encode encrypt end enforce enjoy ensure enter erase escape establish estimate \
    evaluate examine exceed exchange exclude execute exist exit expand expect expire explain export express \
    extend extract fail fall feature feed feel fetch fight file fill filter find finish fire fit fix flip \
    fly follow forbid force forget fork form format forward found free freeze fund gain generate get give go \
    govern grant grow guarantee handle hang happen hate have head hear help hide hire hit hold host hurt \
    identify ignore implement import improve include increase indicate inform inherit initialize inject insert \
    inspect install integrate intend introduce invent invest invite involve issue join jump keep kill know \
    land last launch lead learn leave lend let lie lift like limit link list listen live load locate lock log \
    look lose love maintain make manage map mark marry match matter mean measure meet merge migrate mind miss \
    mix modify monitor mount move name need nominate note notice notify obtain occur offer open operate \
    order organize originate own pack paint pass paste patch pay perform permit pick pin place plan play \
    point post pour practice predict prefer prepare present preserve press prevent print proceed process \
    produce promote protect prove provide publish pull punish purchase push put query quit raise reach react \
    read receive recognize recommend record recover redeploy redirect reduce refer refresh refund refuse \
    regenerate register reject relate release reload remain remember remind remove rename render renew \
    repair repeat replace reply report represent request require reserve reset resize resolve respond rest \
    restart restore restrict retain retire retry return reuse reveal revert review rewrite ride ring rise roll \
    rotate route run save say scale scan schedule score search secure see seek select sell send serve set \
    settle shape share ship shoot show shrink shut sign sing sink sit skip sleep slow smell solve sort \
    speak specify spend split spread stand star start state stay steal step stick stop store stream strike \
    study submit succeed suffer suggest supply support suppose surround survive suspend switch sync take talk \
    target teach tell tend test thank think throw tie time toggle touch trace track trade train transfer \
    transform translate travel treat trigger trust try turn type understand undo uninstall unlock unpack \
    update upgrade upload use validate verify view visit vote wait wake walk want warn wash watch wear \
    win wish work worry wrap write yield";

/// Verbs whose meaning their object or context carries (terms: "Who
/// *made* Winter Ferry?", "Can I *get* cash …?").
pub const LIGHT_VERBS: &[&str] = &["make", "do", "have", "get", "take", "give", "play", "put"];

/// Irregular past and participle forms and their base form.
const IRREGULAR: &[(&str, &str)] = &[
    ("ate", "eat"),
    ("began", "begin"),
    ("begun", "begin"),
    ("bought", "buy"),
    ("broke", "break"),
    ("broken", "break"),
    ("brought", "bring"),
    ("built", "build"),
    ("came", "come"),
    ("caught", "catch"),
    ("chose", "choose"),
    ("chosen", "choose"),
    ("did", "do"),
    ("done", "do"),
    ("drew", "draw"),
    ("drawn", "draw"),
    ("drove", "drive"),
    ("driven", "drive"),
    ("eaten", "eat"),
    ("fell", "fall"),
    ("fallen", "fall"),
    ("felt", "feel"),
    ("fought", "fight"),
    ("found", "find"),
    ("flew", "fly"),
    ("flown", "fly"),
    ("forgot", "forget"),
    ("forgotten", "forget"),
    ("froze", "freeze"),
    ("frozen", "freeze"),
    ("gave", "give"),
    ("given", "give"),
    ("went", "go"),
    ("gone", "go"),
    ("got", "get"),
    ("gotten", "get"),
    ("grew", "grow"),
    ("grown", "grow"),
    ("had", "have"),
    ("held", "hold"),
    ("hid", "hide"),
    ("hidden", "hide"),
    ("kept", "keep"),
    ("knew", "know"),
    ("known", "know"),
    ("laid", "lay"),
    ("led", "lead"),
    ("left", "leave"),
    ("lent", "lend"),
    ("lost", "lose"),
    ("made", "make"),
    ("meant", "mean"),
    ("met", "meet"),
    ("paid", "pay"),
    ("ran", "run"),
    ("rang", "ring"),
    ("rose", "rise"),
    ("risen", "rise"),
    ("rode", "ride"),
    ("said", "say"),
    ("sang", "sing"),
    ("sung", "sing"),
    ("sat", "sit"),
    ("saw", "see"),
    ("seen", "see"),
    ("sent", "send"),
    ("sold", "sell"),
    ("shook", "shake"),
    ("shot", "shoot"),
    ("shown", "show"),
    ("slept", "sleep"),
    ("spent", "spend"),
    ("spoke", "speak"),
    ("spoken", "speak"),
    ("stole", "steal"),
    ("stolen", "steal"),
    ("stood", "stand"),
    ("struck", "strike"),
    ("swore", "swear"),
    ("sworn", "swear"),
    ("taught", "teach"),
    ("thought", "think"),
    ("threw", "throw"),
    ("thrown", "throw"),
    ("told", "tell"),
    ("took", "take"),
    ("taken", "take"),
    ("understood", "understand"),
    ("was", "be"),
    ("were", "be"),
    ("been", "be"),
    ("woke", "wake"),
    ("woken", "wake"),
    ("won", "win"),
    ("wore", "wear"),
    ("worn", "wear"),
    ("wrote", "write"),
    ("written", "write"),
];

/// Nouns that name the kind of answer or the frame of a question rather than
/// its topic ("the refund *window*", "the rollback *rule*", "the *name* of").
const FRAME_NOUNS: &str = "amount answer approach case condition date day deadline description detail \
    details duration example fact form information instruction instructions kind limit list manner \
    means method money name number option options part percentage period place policy position procedure \
    process reason requirement requirements rule rules setting sort step steps stuff term thing time timeframe \
    title total type value way window year years";

/// English adverbs and particles that carry no topic ("instead", "rather").
const FUNCTION_WORDS: &str =
    "actually ago almost already also always anything approximately around back certain currently \
    else even ever exactly generally instead just like maybe much nearly often perhaps please \
    possible rather really regarding roughly something sometimes still thanks usually whether";

/// Chinese frame words (matched as substrings of a question).
const FRAME_ZH: &[&str] = &[
    "期限", "时限", "时间", "规定", "要求", "办法", "方式", "方法", "情况", "问题", "内容", "条件",
    "名称", "什么", "哪些", "多少", "多久", "多长", "材料", "资料", "最晚", "哪天",
];

/// Chinese modal verbs written before the verb they qualify (要附, 须提交):
/// a pair one opens is read across a word boundary.
pub const MODALS_ZH: &str = "要须需应得能会可该";

/// English month names, January first (their position + 1 is the month).
pub const MONTHS: &[&str] = &[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Other words for the names of common personal attributes: a question
/// says "job title" or "position" where a profile tags the fact `role`
/// ([`crate::index::Index::cue_attributes`], whether or not a passage writes
/// the word).
const ATTRIBUTE_SYNONYMS: &[(&str, &[&str])] = &[
    ("role", &["title", "position", "occupation", "profession"]),
    ("employer", &["workplace", "firm", "office"]),
    ("hobby", &["pastime", "hobbies", "pastimes"]),
];

/// True when `term` (a word's term, as [`crate::analyze::terms`] gives it)
/// is another word for the attribute named `attribute` ("title" for `role`).
pub fn names_attribute(attribute: &str, term: &str) -> bool {
    ATTRIBUTE_SYNONYMS.iter().any(|(a, others)| {
        *a == attribute
            && others
                .iter()
                .any(|o| *o == term || crate::analyze::stem(o) == term)
    })
}

/// English day names, Monday first.
const WEEKDAYS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// True for a month or a day of the week, or a day in the plural
/// ("Sundays"), in lower case: a time, never a place or a person.
pub fn is_calendar_word(lower: &str) -> bool {
    MONTHS.contains(&lower)
        || WEEKDAYS.contains(&lower)
        || lower
            .strip_suffix('s')
            .is_some_and(|day| WEEKDAYS.contains(&day))
}

/// English words that negate the clause they are in.
const NEGATIONS: &[&str] = &[
    "not", "no", "never", "none", "nothing", "nobody", "neither", "nor", "without", "cannot", "n't",
];

/// Words that state a restriction, as a negation does ("is allergic to",
/// "has a gluten intolerance", "avoids").
const RESTRICTIONS: &str =
    "allergic allergy allergies avoid avoids avoided banned cannot coeliac celiac \
    forbidden forbids intolerance intolerant prohibited restricted restriction restrictions";

/// Chinese negation and restriction cues (single characters and words).
const NEGATIONS_ZH: &[&str] = &[
    "不", "没", "无", "非", "别", "勿", "未", "禁止", "避免", "忌", "过敏",
];

/// A set of words: a sorted map (looked up by binary search) rather than a
/// `HashSet`, whose hash table is one more instantiation in the wasm module.
type Set = LiteMap<String, ()>;

/// The set of `words`.
fn set(words: impl Iterator<Item = String>) -> Set {
    let mut set = Set::new();
    for w in words {
        set.insert(w, ());
    }
    set
}

/// Ordinal words, in order from first.
pub const ORDINALS: &[&str] = &[
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
];

/// Words that name the first of a series another way ("debut album").
const FIRST: &[&str] = &["debut"];

/// The rank an ordinal word or numeral names ("third", "3rd" → 3; "debut"
/// → 1).
pub fn ordinal_rank(word: &str) -> Option<usize> {
    if let Some(i) = ORDINALS.iter().position(|w| *w == word) {
        return Some(i + 1);
    }
    if FIRST.contains(&word) {
        return Some(1);
    }
    let digits = word.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = word.get(digits.len()..)?;
    if digits.is_empty() || !matches!(suffix, "st" | "nd" | "rd" | "th") {
        return None;
    }
    digits.parse().ok()
}

struct Tables {
    verbs: Set,
    /// The verbs' base forms, as written.
    bases: Set,
    /// Irregular forms' stems and their base forms' stems; also an
    /// ordinal written another way and its word ("debut", "3rd" → "first",
    /// "third"), which a question and a passage use for the same thing.
    irregular: LiteMap<String, String>,
    frame: Set,
    function: Set,
    restrictions: Set,
    /// [`INQUIRY_VERBS`]' stems.
    inquiry: Set,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let stems = |list: &str| set(list.split_whitespace().map(super::stem));
        let mut verbs = stems(VERBS);
        for (form, _) in IRREGULAR {
            verbs.insert(super::stem(form), ());
        }
        let mut irregular = LiteMap::new();
        for (form, base) in IRREGULAR {
            let (form, base) = (super::stem(form), super::stem(base));
            if form != base {
                irregular.insert(form, base);
            }
        }
        for word in FIRST {
            irregular.insert(super::stem(word), "first".to_string());
        }
        for (i, word) in ORDINALS.iter().enumerate() {
            let n = i + 1;
            let suffix = match n {
                1 => "st",
                2 => "nd",
                3 => "rd",
                _ => "th",
            };
            irregular.insert(format!("{n}{suffix}"), (*word).to_string());
        }
        Tables {
            verbs,
            bases: set(VERBS.split_whitespace().map(str::to_string)),
            irregular,
            frame: stems(FRAME_NOUNS),
            function: stems(FUNCTION_WORDS),
            restrictions: set(RESTRICTIONS.split_whitespace().map(str::to_string)),
            inquiry: stems(INQUIRY_VERBS),
        }
    })
}

/// True when the stem is a common English verb's (any form).
pub fn is_verb_stem(stem: &str) -> bool {
    tables().verbs.contains_key(stem)
}

/// True when a lowercase word is a form of a common English verb. An `-ing`
/// form is not: after a verb or a preposition it is a noun ("refund
/// shipping", "for logging").
pub fn is_verb(word: &str) -> bool {
    !word.ends_with("ing") && !is_nominal(word) && is_verb_stem(&super::stem(base(word)))
}

/// Endings of nouns made from verbs, which the stemmer takes back to the
/// verb's stem ("migration", "deployment", "approval").
const NOMINAL_ENDINGS: &[&str] = &["tion", "sion", "ment", "ance", "ence", "ness", "ity", "al"];

/// True when a lowercase word is a noun made from a verb ("the database
/// *migration* has run", "approvals"), not a listed verb that happens to
/// end so ("implement", "reveals").
fn is_nominal(word: &str) -> bool {
    let single = word
        .strip_suffix('s')
        .filter(|w| !w.ends_with('s'))
        .unwrap_or(word);
    NOMINAL_ENDINGS.iter().any(|e| single.ends_with(e)) && !tables().bases.contains_key(single)
}

/// True when a lowercase word may be a past participle: "-ed" (five
/// letters or more), "born", or an irregular verb form that is no stop word
/// ("fought", "written", "built").
pub fn is_participle(term: &str) -> bool {
    (term.ends_with("ed") && term.chars().count() > 4)
        || term == "born"
        || (base(term) != term && !super::is_stop_word(term))
}

/// The base form of an irregular verb form ("kept" → "keep"), else the word.
pub fn base(word: &str) -> &str {
    IRREGULAR
        .iter()
        .find(|(form, _)| *form == word)
        .map_or(word, |(_, b)| b)
}

/// The stem a term is matched by: an irregular form's term becomes its
/// base form's ("kept" → "keep"), an ordinal written another way its word
/// ("debut" → "first", "3rd" → "third"), any other term stays as it is.
pub fn lemma(term: &str) -> String {
    tables()
        .irregular
        .get(term)
        .map_or_else(|| term.to_string(), Clone::clone)
}

/// The irregular forms' terms whose base form's term is `base` ("keep" →
/// "kept"), in their order.
pub fn forms_of(base: &str) -> impl Iterator<Item = &'static str> + '_ {
    irregular()
        .filter(move |(_, b)| *b == base)
        .map(|(form, _)| form)
}

/// Every irregular form's term with its base form's term ("kept", "keep"),
/// in the order of the forms' terms.
pub fn irregular() -> impl Iterator<Item = (&'static str, &'static str)> {
    tables()
        .irregular
        .iter()
        .map(|(form, base)| (form.as_str(), base.as_str()))
}

/// The terms a page states a parent by from the child's side: "the father
/// of Judy Lewis" is written "Judy Lewis … the daughter of Clark Gable" on
/// her page. Empty for any other term.
pub fn child_terms(term: &str) -> &'static [&'static str] {
    match term {
        "father" | "mother" | "parent" => &["son", "daughter", "child", "children"],
        _ => &[],
    }
}

/// Nouns a page uses for the same kind of thing a question asks by another
/// ("which TNT *show*": "the TNT *series* "Will""), one group per line.
const SAME_KIND: &[&str] = &["show series programme program"];

/// True when the terms `a` and `b` (analyzer terms) name the same kind of
/// thing by different nouns ([`SAME_KIND`]); false for the same term.
pub fn same_kind(a: &str, b: &str) -> bool {
    static STEMMED: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    let groups = STEMMED.get_or_init(|| {
        SAME_KIND
            .iter()
            .map(|g| g.split_whitespace().map(super::stem).collect())
            .collect()
    });
    a != b
        && groups
            .iter()
            .any(|g| g.iter().any(|x| x == a) && g.iter().any(|x| x == b))
}

/// Kinds of people by the narrower words a page calls them: a novelist is a
/// writer, a drummer a musician ("Are both A and B science fiction
/// *writers*?" of "an American fantasy and science fiction *novelist*").
const HYPONYMS: &[(&str, &str)] = &[
    (
        "writer",
        "novelist author poet playwright dramatist screenwriter essayist lyricist",
    ),
    (
        "musician",
        "singer songwriter guitarist drummer bassist pianist violinist cellist composer rapper",
    ),
    ("artist", "painter sculptor illustrator"),
    (
        "athlete",
        "footballer cricketer boxer wrestler swimmer cyclist golfer sprinter",
    ),
];

/// True when `narrow` names a kind of `broad` ([`HYPONYMS`]); both are
/// terms (stemmed), as the analyzer writes them.
pub fn is_kind_of(narrow: &str, broad: &str) -> bool {
    // Stemmed once: a comparison asks this for every pair of words.
    static STEMMED: OnceLock<Vec<(String, Vec<String>)>> = OnceLock::new();
    STEMMED
        .get_or_init(|| {
            HYPONYMS
                .iter()
                .map(|(b, words)| {
                    (
                        super::stem(b),
                        words.split_whitespace().map(super::stem).collect(),
                    )
                })
                .collect()
        })
        .iter()
        .any(|(b, words)| b == broad && words.iter().any(|w| w == narrow))
}

/// The verb an agent noun names the doer of, as its term ("creator" →
/// "creat", "drummer" → "drum", "writer" → "write"): the noun without
/// `-er`/`-or`, with a final `e` restored or a doubled consonant undone,
/// when that is a common verb. "The creator of X" is stated as "Y created X".
pub fn agent_verb(word: &str) -> Option<String> {
    agent_roots(word)?
        .find(|v| v.len() > 2 && is_verb(v))
        .map(|v| lemma(&super::stem(&v)))
}

/// The verbs an agent noun may be made from: the noun without `-er`/`-or`,
/// then with a final `e` restored, then with a doubled consonant undone
/// ("drummer": "drumm", "drumme", "drum"); then, for a closed compound, its
/// head agent noun's verb, when that is a listed verb of four letters or
/// more written out ("screen*writer*", "ship*builder*": "write", "build";
/// not "act" of "char*acter*"). `None` without such an ending.
fn agent_roots(word: &str) -> Option<impl Iterator<Item = String> + '_> {
    let direct = roots(word)?;
    let compound = word
        .char_indices()
        .map(|(i, _)| i)
        .filter(move |&i| i >= COMPOUND_PREFIX && word.len() - i >= COMPOUND_HEAD)
        .filter_map(|i| word.get(i..))
        .flat_map(|head| roots(head).into_iter().flatten())
        .filter(|v| v.len() >= 4 && tables().bases.contains_key(v.as_str()));
    Some(direct.chain(compound))
}

/// The shortest first word of a closed compound agent noun ("screen").
const COMPOUND_PREFIX: usize = 3;
/// The shortest head agent noun of a closed compound ("maker").
const COMPOUND_HEAD: usize = 5;

/// [`agent_roots`] of a word read as one agent noun.
fn roots(word: &str) -> Option<impl Iterator<Item = String>> {
    let root = word
        .strip_suffix("er")
        .or_else(|| word.strip_suffix("or"))?;
    let undoubled = root
        .char_indices()
        .last()
        .filter(|&(i, c)| i > 0 && root.get(..i).is_some_and(|r| r.ends_with(c)))
        .and_then(|(i, _)| root.get(..i));
    Some(
        [
            Some(root.to_string()),
            Some(format!("{root}e")),
            undoubled.map(str::to_string),
        ]
        .into_iter()
        .flatten(),
    )
}

/// True when `noun` (a term) names the doer of the verb whose term is
/// `verb`: "drummer" of "drum" (from "drummed"), "singer" of "sing" (from
/// "sang"), "publisher" of "publish". Unlike [`agent_verb`] the verb need
/// not be listed: the question's own verb form says it is one.
pub fn names_doer(noun: &str, verb: &str) -> bool {
    let verb = lemma(verb);
    verb.len() > 2
        && agent_roots(noun).is_some_and(|mut roots| roots.any(|v| lemma(&super::stem(&v)) == verb))
}

/// Stems of the life events a date answers ("When was X born?", "the date
/// of X's death"): a biography states them as a life span in parentheses,
/// without the word.
pub const LIFE_EVENTS: &[&str] = &["born", "birth", "die", "death"];

/// Verbs a how-to asks with to learn or reach something, not to change it
/// ("how do I *check* the CLI version?", "*see* which version I have"): any
/// instruction about the thing answers them, in whatever words it acts.
const INQUIRY_VERBS: &str =
    "access check find get know learn look open read reach see show tell view watch";

/// True when a lowercase word is a form of a verb that asks to learn or
/// reach something ([`INQUIRY_VERBS`]).
pub fn asks_to_learn(word: &str) -> bool {
    tables().inquiry.contains_key(&lemma(&super::stem(word)))
}

/// Stems of the verbs that ask where a thing is ("based in what city",
/// "where is it located", "headquartered"): a place answers them in any
/// words ("works at Northwind Labs in Lisbon").
pub const PLACE_VERBS: &[&str] = &["base", "locat", "situat", "headquart"];
/// Nouns that name someone by the part they play at work, written in lower
/// case ("page the on-call *DBA*", "approved by your *manager*"): they
/// answer "who?" as a name does. (The people of biographies — actor,
/// founder — are the execute stage's kind nouns.)
pub const ROLES: &[&str] = &[
    "manager",
    "lead",
    "owner",
    "maintainer",
    "administrator",
    "admin",
    "head",
    "staff",
    "employee",
    "customer",
    "dba",
    "operator",
    "reviewer",
    "approver",
    "supervisor",
    "colleague",
    "department",
    "on-call",
];
/// Extensions a file name ends with ("skiff.toml", "deploy.log").
const FILE_EXTENSIONS: &[&str] = &[
    "cfg", "conf", "css", "csv", "env", "html", "ini", "js", "json", "lock", "log", "md", "mdx",
    "mjs", "py", "rs", "sh", "sql", "toml", "ts", "txt", "xml", "yaml", "yml",
];

/// True when a lowercase word or term is a file name: a name, a dot and a
/// known extension ([`FILE_EXTENSIONS`]), as "skiff.toml" (not "v1.2", not
/// "e.g").
pub fn is_file_name(word: &str) -> bool {
    word.rsplit_once('.').is_some_and(|(name, ext)| {
        !name.is_empty()
            && name.chars().last().is_some_and(char::is_alphanumeric)
            && FILE_EXTENSIONS.contains(&ext)
    })
}

/// Technical acronyms, which name a protocol, a format or a variable and
/// never someone ("an HTTP GET", "on your PATH").
pub const TECHNICAL_ACRONYMS: &[&str] = &[
    "http", "https", "get", "post", "put", "delete", "head", "path", "url", "uri", "api", "cli",
    "ci", "json", "yaml", "toml", "html", "css", "xml", "dns", "ssh", "tls", "ssl", "tcp", "udp",
    "ip", "id", "ok", "utc", "gmt", "sql", "home", "key", "pid", "cpu", "gpu", "ram", "os",
];
/// Life events that have a place but no date a life span gives ("Where did
/// she grow up?"): the answering sentence must name them.
pub const LIFE_PLACES: &[&str] = &["grow"];

/// True when the stem is a frame noun's (answer kind, not topic).
pub fn is_frame_stem(stem: &str) -> bool {
    tables().frame.contains_key(stem)
}

/// True when the stem is an adverb's or particle's that carries no topic.
pub fn is_function_stem(stem: &str) -> bool {
    tables().function.contains_key(stem)
}

/// True when a Chinese term is (or contains only) a frame word.
pub fn is_frame_zh(term: &str) -> bool {
    FRAME_ZH
        .iter()
        .any(|w| *w == term || (term.chars().count() == 1 && w.contains(term)))
}

/// True when a lowercase English word negates its clause.
pub fn is_negation(word: &str) -> bool {
    NEGATIONS.contains(&word) || word.ends_with("n't")
}

/// True when a lowercase English word states a restriction.
pub fn is_restriction(word: &str) -> bool {
    tables().restrictions.contains_key(word) || word.ends_with("-free")
}

/// True for a restriction word that names the restriction (a noun, or
/// "coeliac"): it says a restriction holds, but unlike "not", "avoids" or
/// "allergic to" it does not negate the words after it ("Priya's coeliac
/// test in March confirmed …").
pub fn is_restriction_noun(word: &str) -> bool {
    matches!(
        word,
        "allergy"
            | "allergies"
            | "coeliac"
            | "celiac"
            | "intolerance"
            | "restriction"
            | "restrictions"
    )
}

/// Endings of nationality and language adjectives ("Canadian", "Korean",
/// "American", "Danish", "Japanese").
const DEMONYM_ENDINGS: &[&str] = &["ian", "ean", "ican", "ish", "ese"];
/// Nationality and language adjectives of other forms.
const DEMONYMS: &[&str] = &[
    "afghan",
    "angolan",
    "arab",
    "arabic",
    "argentine",
    "basque",
    "celtic",
    "cuban",
    "czech",
    "dutch",
    "filipino",
    "french",
    "german",
    "greek",
    "guatemalan",
    "icelandic",
    "iraqi",
    "israeli",
    "kenyan",
    "latin",
    "moroccan",
    "nepali",
    "nicaraguan",
    "nordic",
    "omani",
    "pakistani",
    "paraguayan",
    "qatari",
    "saudi",
    "scots",
    "slavic",
    "somali",
    "soviet",
    "swiss",
    "thai",
    "tibetan",
    "uruguayan",
    "venezuelan",
    "welsh",
    "yemeni",
];

/// Countries (and the nations of the United Kingdom) with the demonym a
/// page would use instead ("a band from Edinburgh, *Scotland*" is Scottish).
const COUNTRIES: &[(&str, &str)] = &[
    ("america", "american"),
    ("argentina", "argentine"),
    ("australia", "australian"),
    ("austria", "austrian"),
    ("belgium", "belgian"),
    ("brazil", "brazilian"),
    ("canada", "canadian"),
    ("chile", "chilean"),
    ("china", "chinese"),
    ("croatia", "croatian"),
    ("denmark", "danish"),
    ("egypt", "egyptian"),
    ("england", "english"),
    ("finland", "finnish"),
    ("france", "french"),
    ("germany", "german"),
    ("greece", "greek"),
    ("hungary", "hungarian"),
    ("iceland", "icelandic"),
    ("india", "indian"),
    ("ireland", "irish"),
    ("israel", "israeli"),
    ("italy", "italian"),
    ("japan", "japanese"),
    ("korea", "korean"),
    ("mexico", "mexican"),
    ("netherlands", "dutch"),
    ("norway", "norwegian"),
    ("pakistan", "pakistani"),
    ("poland", "polish"),
    ("portugal", "portuguese"),
    ("russia", "russian"),
    ("scotland", "scottish"),
    ("spain", "spanish"),
    ("sweden", "swedish"),
    ("switzerland", "swiss"),
    ("turkey", "turkish"),
    ("ukraine", "ukrainian"),
    ("wales", "welsh"),
];

/// The demonym of a country's name, lowercased ("scotland" → "scottish").
pub fn country_demonym(word: &str) -> Option<&'static str> {
    COUNTRIES
        .binary_search_by(|(c, _)| (*c).cmp(word))
        .ok()
        .and_then(|i| COUNTRIES.get(i))
        .map(|(_, d)| *d)
}

/// True when something `said` to be of one nationality is of the `asked`
/// one: the same word, or a nation of the United Kingdom asked as British.
pub fn is_of_nationality(said: &str, asked: &str) -> bool {
    said == asked
        || (asked == "british" && ["english", "scottish", "welsh", "scots"].contains(&said))
}

/// Whether an event begins or ends a thing's life: a date of one never
/// answers a question about the other ("When did X die?" is not "(born
/// 1958)", "When did the label close?" not "founded in 1985").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    Begins,
    Ends,
}

/// Words of beginning and ending events (base forms, matched by stem).
const BEGINS: &str = "found form establish start launch open begin create born birth incorporate";
const ENDS: &str = "split disband dissolve close die death cease shut break defunct abolish";

/// The event a term (an analyzer term, or an irregular form's base) names.
pub fn event_of(term: &str) -> Option<Event> {
    static STEMS: OnceLock<(Vec<String>, Vec<String>)> = OnceLock::new();
    let (begins, ends) = STEMS.get_or_init(|| {
        let stems = |words: &str| words.split_whitespace().map(super::stem).collect();
        (stems(BEGINS), stems(ENDS))
    });
    let of = |t: &str| {
        if begins.iter().any(|b| b == t) {
            Some(Event::Begins)
        } else if ends.iter().any(|e| e == t) {
            Some(Event::Ends)
        } else {
            None
        }
    };
    of(term).or_else(|| of(&lemma(term)))
}

/// True when a lowercase English word is a nationality or language adjective
/// ("English", "South Korean" is not one word), or a hyphened run of them
/// ("British-Canadian-Irish"). The caller checks that the word is used as an
/// adjective (a lowercase noun follows): "Brian was" is no demonym.
pub fn is_demonym(word: &str) -> bool {
    !word.is_empty()
        && word.split('-').all(|w| {
            w.len() > 3
                && (DEMONYMS.contains(&w)
                    || DEMONYM_ENDINGS
                        .iter()
                        .any(|e| w.strip_suffix(e).is_some_and(|r| r.len() >= 2)))
        })
}

/// True when a Chinese text contains a negation or restriction cue.
pub fn negates_zh(text: &str) -> bool {
    NEGATIONS_ZH.iter().any(|w| text.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_show_is_a_series() {
        let kind = |a: &str, b: &str| same_kind(&crate::analyze::stem(a), &crate::analyze::stem(b));
        assert!(kind("show", "series"));
        assert!(kind("programme", "show"));
        assert!(!kind("show", "show"));
        assert!(!kind("show", "film"));
        assert!(!kind("series", "album"));
    }

    #[test]
    fn events_begin_or_end() {
        let of = |w: &str| event_of(&crate::analyze::stem(w));
        assert_eq!(of("founded"), Some(Event::Begins));
        assert_eq!(of("formed"), Some(Event::Begins));
        assert_eq!(of("born"), Some(Event::Begins));
        assert_eq!(of("died"), Some(Event::Ends));
        assert_eq!(of("closed"), Some(Event::Ends));
        assert_eq!(of("disbanded"), Some(Event::Ends));
        assert_eq!(of("released"), None);
        assert_eq!(of("joined"), None);
    }

    #[test]
    fn a_file_name_is_a_name_a_dot_and_an_extension() {
        for w in [
            "skiff.toml",
            "deploy.log",
            "config.yaml",
            ".skiff/config.json",
        ] {
            assert!(is_file_name(w), "{w}");
        }
        for w in [
            "v1.2",
            "e.g",
            "toml",
            ".toml",
            "skiff.",
            "example.com",
            "file",
        ] {
            assert!(!is_file_name(w), "{w}");
        }
    }

    #[test]
    fn agent_nouns_name_their_verb() {
        let stem = |w: &str| lemma(&super::super::stem(w));
        for (noun, form) in [
            ("creator", "created"),
            ("director", "directed"),
            ("founder", "founded"),
            ("writer", "wrote"),
            ("producer", "produced"),
            ("inventor", "invented"),
            ("editor", "edits"),
            ("designer", "designed"),
            // A closed compound names its head agent noun's verb.
            ("screenwriter", "written"),
            ("songwriter", "wrote"),
            ("shipbuilder", "built"),
            ("filmmaker", "made"),
        ] {
            assert_eq!(agent_verb(noun), Some(stem(form)), "{noun}");
        }
        for noun in [
            "water",
            "number",
            "order",
            "matter",
            "answer",
            "member",
            "river",
            // Not compounds: "char-acter", "s-lender", "com-puter".
            "character",
            "slender",
            "computer",
            "creditor",
        ] {
            assert_eq!(agent_verb(noun), None, "{noun}");
        }
    }

    #[test]
    fn an_agent_noun_names_the_doer_of_a_verb_asked() {
        let term = |w: &str| super::super::stem(w);
        for (noun, verb) in [
            ("drummer", "drummed"),
            ("singer", "sang"),
            ("founder", "founded"),
            ("director", "directs"),
            ("writer", "wrote"),
        ] {
            assert!(names_doer(&term(noun), &term(verb)), "{noun} / {verb}");
        }
        for (noun, verb) in [
            ("drummer", "sang"),
            ("singer", "drummed"),
            ("manager", "manned"),
            ("writer", "wrestled"),
        ] {
            assert!(!names_doer(&term(noun), &term(verb)), "{noun} / {verb}");
        }
    }

    #[test]
    fn demonyms_by_ending_list_and_hyphened_run() {
        for w in [
            "english",
            "canadian",
            "korean",
            "american",
            "japanese",
            "dutch",
            "paraguayan",
            "uruguayan",
            "moroccan",
        ] {
            assert!(is_demonym(w), "{w}");
        }
        assert!(is_demonym("british-canadian-irish"));
        assert!(is_demonym("english-american"));
        // Too short to tell, or not one.
        for w in ["ian", "fish", "leeds", "austro-hungarian", ""] {
            assert!(!is_demonym(w), "{w}");
        }
    }

    #[test]
    fn countries_by_name_and_nations_of_a_union() {
        assert!(COUNTRIES.windows(2).all(|w| w[0].0 < w[1].0), "sorted");
        assert_eq!(country_demonym("scotland"), Some("scottish"));
        assert_eq!(country_demonym("netherlands"), Some("dutch"));
        assert_eq!(country_demonym("edinburgh"), None);
        assert!(is_of_nationality("scottish", "british"));
        assert!(is_of_nationality("danish", "danish"));
        assert!(!is_of_nationality("british", "scottish"));
        assert!(!is_of_nationality("irish", "british"));
    }

    #[test]
    fn participles_regular_and_irregular() {
        for w in ["directed", "released", "born", "fought", "written", "built"] {
            assert!(is_participle(w), "{w}");
        }
        // Short "-ed" words, stop words, nouns and base forms are not.
        for w in ["red", "bed", "was", "had", "band", "fight", "write"] {
            assert!(!is_participle(w), "{w}");
        }
    }

    #[test]
    fn verbs_in_any_form() {
        for w in [
            "deploy", "deploys", "deployed", "listens", "kept", "retain", "request",
        ] {
            assert!(is_verb(w), "{w}");
        }
        for w in [
            "sitemap",
            "electronics",
            "snapshot",
            "netlify",
            "shipping",
            "listening",
            // Nouns made from listed verbs.
            "migration",
            "deployments",
            "approval",
            "acceptance",
            "creation",
        ] {
            assert!(!is_verb(w), "{w}");
        }
        // Listed verbs with such an ending stay verbs.
        for w in ["implement", "implements", "reveal", "deals"] {
            assert!(is_verb(w), "{w}");
        }
        let stem = super::super::stem;
        assert_eq!(lemma(&stem("kept")), lemma(&stem("keeps")));
        assert_eq!(lemma("window"), "window");
    }

    #[test]
    fn frames_negations_restrictions() {
        assert!(is_frame_stem(&super::super::stem("window")));
        assert!(is_frame_stem(&super::super::stem("deadlines")));
        assert!(!is_frame_stem(&super::super::stem("electronics")));
        assert!(is_frame_zh("期限") && !is_frame_zh("境外"));
        assert!(is_negation("not") && is_negation("shouldn't") && !is_negation("note"));
        assert!(is_restriction("intolerance") && is_restriction("gluten-free"));
        assert!(negates_zh("不吃肉") && !negates_zh("吃鱼"));
    }
}
