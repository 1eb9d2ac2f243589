//! The paraphrase and distractor suite: every seed question in wordings the
//! engine was not written for, in each language it exists in, and worlds
//! that change the corpus under it — a sibling entity whose passage shares
//! most words, a negated statement, the same topic with a different fact, an
//! alias two documents share, unrelated passages that shift IDF.
//!
//! Each case asserts, per part the question asks (in question order), its
//! state, its first evidence passage and the words of its value; where it
//! matters, the follow step's value and what the answer text must and must not
//! say. The suite runs every case, prints each failure, and fails when fewer
//! than [`MIN_PASS`] cases pass: a rule that only passes the sentence it was
//! written for shows up here as a lower count.

use slotchain::index::{Bm25, Index};
use slotchain::model::{MetaValue, Report, Scope, Slot, SlotState, Value};
use slotchain::{ingest, Entity, Options, Passage};
use std::collections::HashMap;
use std::path::PathBuf;

/// Cases that must pass. Raised as the engine improves; never lowered to
/// make a change pass.
const MIN_PASS: usize = 680;

const HELP: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/helpcentre");
const DOCS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/js-tests/fixtures/docs-site");

use SlotState::{Blocked, Error, Missing, Supported, Unresolved};

// ---- the worlds --------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum World {
    /// The help-centre corpus as shipped.
    Help,
    /// Without the cash-or-credit passage.
    NoCash,
    /// The cash passage replaced by one on the same topic stating another fact.
    OtherFact,
    /// The incident log names the failed service only by an alias, and a
    /// second log about another service shares every question word, with
    /// "failed" in a negated clause.
    Alias,
    /// A sibling incident: another service, most of the same words.
    Sibling,
    /// A second document whose catalog alias is the noun phrase a reference
    /// names ("海外补充办法").
    Collision,
    /// The help-centre corpus plus 300 unrelated passages (IDF shifts).
    Noise,
    /// The fixture docs site, indexed as `slotchain index` does.
    Docs,
    /// A small site about backups and logs.
    Backups,
    /// The same site with 300 unrelated passages added.
    BackupsNoise,
    /// A small site about sitemaps and deploying.
    Sitemap,
    /// A small Chinese documentation site: a prohibition opens a sentence,
    /// and a sentence refers back to the thing the one before names.
    ZhDocs,
    /// One page that states a duration by its unit alone and, in another
    /// sentence, a duration with an amount.
    Rollbacks,
    /// The encyclopedia pool as shipped (corpus/encyclopedia).
    Encyclopedia,
}

fn p(id: &str, title: &str, text: &str, meta: &[(&str, &str)]) -> Passage {
    Passage {
        meta: meta
            .iter()
            .map(|(k, v)| (k.to_string(), MetaValue::Str(v.to_string())))
            .collect(),
        ..Passage::new(id, title, text)
    }
}

fn help_passages() -> Vec<Passage> {
    ingest::passages(&format!("{HELP}/passages.jsonl")).unwrap()
}

fn help_index(passages: Vec<Passage>, extra: Vec<Entity>) -> Index {
    let mut entities = ingest::entities(&format!("{HELP}/entities.jsonl")).unwrap();
    entities.extend(extra);
    let cues = ingest::cues(&format!("{HELP}/cues.json")).unwrap();
    Index::build(passages, entities, cues, Bm25::default()).unwrap()
}

/// Unrelated passages, deterministic: gardening, cooking and sailing notes.
fn noise(n: usize) -> Vec<Passage> {
    let subjects = [
        "tomatoes", "basil", "roses", "onions", "bread", "soup", "sails", "anchors", "ropes",
        "lettuce", "pasta", "kayaks",
    ];
    let verbs = [
        "need", "like", "prefer", "avoid", "tolerate", "want", "get", "keep",
    ];
    let objects = [
        "morning sun",
        "a sandy soil",
        "slow heat",
        "fresh water",
        "a steady wind",
        "a sharp knife",
        "dry storage",
        "weekly care",
        "a calm harbour",
    ];
    (0..n)
        .map(|i| {
            let s = subjects[i % subjects.len()];
            let v = verbs[(i / 3) % verbs.len()];
            let o = objects[(i / 7) % objects.len()];
            let o2 = objects[(i / 2 + 3) % objects.len()];
            p(
                &format!("noise-{i}"),
                &format!("Notes on {s} {i}"),
                &format!("Most {s} {v} {o}. In winter, {s} also {v} {o2} and a little patience."),
                &[],
            )
        })
        .collect()
}

fn site(dir: &str) -> Vec<Passage> {
    slotchain::site::collect(&[PathBuf::from(dir)], &[])
        .unwrap()
        .passages
}

fn backups() -> Vec<Passage> {
    vec![
        p(
            "backups",
            "Backups",
            "Skiff snapshots the volumes of every server each night at 02:00 UTC.",
            &[],
        ),
        p(
            "backups#retention",
            "Backups › Retention",
            "Skiff keeps 14 daily snapshots of each volume and deletes older ones automatically.",
            &[],
        ),
        p(
            "backups#restore",
            "Backups › Restore a volume",
            "Run `skiff restore --snapshot ID` to put a volume back; the server restarts afterwards.",
            &[],
        ),
        p(
            "logs",
            "Logs",
            "Read the logs of a release with `skiff logs`; add `--follow` to stream them.",
            &[],
        ),
        p(
            "agents",
            "Agents",
            "Each server runs one agent, which listens on port 7420 and reports every minute.",
            &[],
        ),
    ]
}

fn sitemap() -> Vec<Passage> {
    vec![
        p(
            "guides/sitemap",
            "Sitemap",
            "A sitemap lists every page of your site for search engines.",
            &[],
        ),
        p(
            "guides/sitemap#install",
            "Sitemap › Install the integration",
            "To add a sitemap, install the @astrojs/sitemap integration with `npx astro add sitemap` and set `site` in astro.config.mjs.",
            &[],
        ),
        p(
            "guides/deploy/netlify",
            "Deploy to Netlify",
            "To deploy to Netlify, connect your repository in the Netlify dashboard; every push to the main branch triggers a build.",
            &[],
        ),
        p(
            "guides/deploy/vercel",
            "Deploy to Vercel",
            "To deploy to Vercel, import the project in the Vercel dashboard and keep the default build command.",
            &[],
        ),
        p(
            "guides/rss",
            "RSS feed",
            "Add an RSS feed with the @astrojs/rss package and an endpoint that returns the feed.",
            &[],
        ),
    ]
}

fn zh_docs() -> Vec<Passage> {
    vec![
        p(
            "zh/widget#embed",
            "帮助小组件 › 嵌入",
            "要嵌入帮助小组件，请在页面中加入 script 标签。请勿在小组件的标题字段中粘贴原始 HTML（例如 <img src=x onerror=alert(1)>）：它会按纯文本显示。",
            &[],
        ),
        p(
            "zh/agents#port",
            "代理 › 网络",
            "命令行工具通过 7420 端口与代理通信。请在防火墙中开放该端口。",
            &[],
        ),
        p(
            "zh/rollback",
            "回滚",
            "回滚会把服务器切回仍保留在其上的版本。它不会重新构建任何东西，因此只需数秒。",
            &[],
        ),
        p(
            "zh/ops#restart",
            "运维 › 重启",
            "切勿在工作时间重启支付服务，维护窗口在每周日凌晨。",
            &[],
        ),
        p(
            "zh/upgrade",
            "升级",
            "请先升级命令行工具，再升级代理。",
            &[],
        ),
    ]
}

fn plain(passages: Vec<Passage>) -> Index {
    Index::build(passages, vec![], Default::default(), Bm25::default()).unwrap()
}

fn build(world: World) -> Index {
    let without = |ids: &[&str]| -> Vec<Passage> {
        help_passages()
            .into_iter()
            .filter(|p| !ids.contains(&p.id.as_str()))
            .collect()
    };
    match world {
        World::Help => help_index(help_passages(), vec![]),
        World::NoCash => help_index(without(&["refund-cash"]), vec![]),
        World::OtherFact => {
            let mut ps = without(&["refund-cash"]);
            ps.push(p(
                "refund-speed",
                "Returns › Refund timing",
                "Refunds go back to the original payment method within 5 business days of the return arriving.",
                &[("doc", "RETURNS"), ("slot", "refund_method")],
            ));
            help_index(ps, vec![])
        }
        World::Alias => {
            let mut ps = help_passages();
            for p in &mut ps {
                if p.id == "log-2291" {
                    p.text = "Deploy of West Gateway failed after the second retry: the health \
                              check timed out twice and the orchestrator gave up at 14:02 UTC."
                        .into();
                    p.meta = std::mem::take(&mut p.meta)
                        .into_iter()
                        .filter(|(k, _)| k != "entities")
                        .collect();
                }
            }
            let mut other = p(
                "log-2301",
                "Incident INC-2301 timeline",
                "After the second retry of auth-core, no service was marked failed: the 3 second back-off was enough.",
                &[
                    ("environment", "production"),
                    ("region", "eu-west"),
                    ("doc", "INC-2301"),
                ],
            );
            other
                .meta
                .insert("entities".into(), MetaValue::List(vec!["auth-core".into()]));
            ps.push(other);
            help_index(ps, vec![])
        }
        World::Sibling => {
            let mut ps = help_passages();
            let mut sib = p(
                "log-2292",
                "Incident INC-2292 timeline",
                "Deploy of gateway-east failed after the first retry: the health check passed on the second try, too late for the orchestrator.",
                &[
                    ("environment", "production"),
                    ("region", "eu-west"),
                    ("doc", "INC-2292"),
                ],
            );
            sib.meta.insert(
                "entities".into(),
                MetaValue::List(vec!["gateway-east".into()]),
            );
            ps.push(sib);
            help_index(ps, vec![])
        }
        World::Collision => help_index(
            help_passages(),
            vec![Entity {
                id: "TRAVEL-2024-S1".into(),
                kind: "doc".into(),
                aliases: vec!["海外补充办法".into(), "overseas supplement".into()],
            }],
        ),
        World::Noise => {
            let mut ps = help_passages();
            ps.extend(noise(300));
            help_index(ps, vec![])
        }
        World::Docs => plain(site(DOCS)),
        World::Backups => plain(backups()),
        World::BackupsNoise => {
            let mut ps = backups();
            ps.extend(noise(300));
            plain(ps)
        }
        World::Sitemap => plain(sitemap()),
        World::ZhDocs => plain(zh_docs()),
        World::Rollbacks => plain(vec![p(
            "rollbacks",
            "Rollbacks",
            "A rollback switches servers back to a kept release. It does not rebuild anything, so it takes seconds. Kept releases are deleted after 30 days.",
            &[],
        )]),
        World::Encyclopedia => plain(
            ingest::passages(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/corpus/encyclopedia/passages.jsonl"
            ))
            .unwrap(),
        ),
    }
}

// ---- scopes ------------------------------------------------------------------

#[derive(Clone, Copy)]
struct Sc {
    user: Option<&'static str>,
    access: &'static [&'static str],
    environment: Option<&'static str>,
    today: Option<&'static str>,
}

const PUBLIC: Sc = Sc {
    user: None,
    access: &["public"],
    environment: None,
    today: None,
};
const OPS: Sc = Sc {
    access: &["public", "operations"],
    environment: Some("production"),
    ..PUBLIC
};
const PUBLIC_PROD: Sc = Sc {
    environment: Some("production"),
    ..PUBLIC
};
const RESTRICTED: Sc = Sc {
    access: &["public", "operations", "restricted"],
    environment: Some("production"),
    ..PUBLIC
};
const STAGING: Sc = Sc {
    access: &["public", "operations"],
    environment: Some("staging"),
    ..PUBLIC
};
/// Operations access with no environment of its own.
const OPS_ANY: Sc = Sc {
    access: &["public", "operations"],
    ..PUBLIC
};
const TODAY: Sc = Sc {
    today: Some("2026-03-15"),
    ..PUBLIC
};
const PRIYA: Sc = Sc {
    user: Some("Priya"),
    ..PUBLIC
};
/// The user as a login writes it, in lower case.
const PRIYA_LOWER: Sc = Sc {
    user: Some("priya"),
    ..PUBLIC
};
const SAM: Sc = Sc {
    user: Some("Sam"),
    ..PUBLIC
};

impl Sc {
    fn scope(self) -> Scope {
        Scope {
            user: self.user.map(str::to_string),
            access: self.access.iter().map(|s| s.to_string()).collect(),
            environment: self.environment.map(str::to_string),
            region: None,
            today: self.today.map(str::to_string),
        }
    }
}

// ---- cases -------------------------------------------------------------------

/// What one asked part must come out as.
#[derive(Clone, Copy)]
struct Part {
    state: SlotState,
    /// The first evidence passage is one of these (empty: not checked).
    top: &'static [&'static str],
    /// The value, described as the answer describes it, contains each of
    /// these (case-insensitive).
    value: &'static [&'static str],
    /// The reason starts with this (empty: not checked).
    reason: &'static str,
}

const fn ok(top: &'static [&'static str], value: &'static [&'static str]) -> Part {
    Part {
        state: Supported,
        top,
        value,
        reason: "",
    }
}

const fn not(state: SlotState, reason: &'static str) -> Part {
    Part {
        state,
        top: &[],
        value: &[],
        reason,
    }
}

struct Case {
    world: World,
    scope: Sc,
    question: &'static str,
    parts: Vec<Part>,
    /// Some slot's value is this entity or document, read from this passage.
    follow: Option<(&'static str, &'static str)>,
    /// The answer text contains each of these…
    says: &'static [&'static str],
    /// …and none of these.
    never: &'static [&'static str],
}

fn case(world: World, scope: Sc, question: &'static str, parts: &[Part]) -> Case {
    Case {
        world,
        scope,
        question,
        parts: parts.to_vec(),
        follow: None,
        says: &[],
        never: &[],
    }
}

impl Case {
    fn follow(mut self, id: &'static str, passage: &'static str) -> Case {
        self.follow = Some((id, passage));
        self
    }
    fn says(mut self, words: &'static [&'static str]) -> Case {
        self.says = words;
        self
    }
    fn never(mut self, words: &'static [&'static str]) -> Case {
        self.never = words;
        self
    }
}

// The incident chain (seeds 000, 001).
const RULE: &[Part] = &[ok(&["runbook-82"], &[])];
const STALE: &[Part] = &[not(Unresolved, "stale-rule")];
const EAST: &[Part] = &[ok(&["runbook-east-12"], &[])];
const SERVICE_RULE: &[Part] = &[
    ok(&["log-2291"], &["gateway-west"]),
    ok(&["runbook-82"], &[]),
];
// The travel record (seed 002), in Chinese and English.
const TRAVEL_ZH: &[Part] = &[
    ok(&[], &["缩短了 30 个自然日"]),
    ok(&["travel-2026-pay"], &["5 个工作日"]),
    not(Blocked, ""),
];
const TRAVEL_EN: &[Part] = &[
    ok(&[], &["shorter by 30 calendar days"]),
    ok(&["travel-2026-pay-en"], &["5 working days"]),
    not(Blocked, ""),
];
const TRAVEL_EN_TWO: &[Part] = &[
    ok(&[], &["shorter by 30 calendar days"]),
    ok(&["travel-2026-pay-en"], &["5 working days"]),
];
const SUPPLEMENT: &[Part] = &[ok(&["travel-s2-submit"], &[])];
const DESIGNATED: &[Part] = &[ok(&["travel-2026-overseas-ref"], &["TRAVEL-2026-S2"])];
// The refund question (seed 003).
const REFUND: &[Part] = &[
    ok(&["refund-electronics"], &["15 calendar days"]),
    ok(&["refund-cash"], &["cash"]),
];
const REFUND_REVERSED: &[Part] = &[
    ok(&["refund-cash"], &["cash"]),
    ok(&["refund-electronics"], &["15 calendar days"]),
];
const REFUND_NO_CASH: &[Part] = &[
    ok(&["refund-electronics"], &["15 calendar days"]),
    not(Missing, ""),
];
// Priya's memories (seed 004).
const PRIYA_PARTS: &[Part] = &[
    ok(&["mem-priya-work"], &["Northwind"]),
    ok(&[], &["meat", "gluten"]),
];
const DIET_SAYS: &[&str] = &["does not eat meat", "gluten intolerance"];
const DIET_NEVER: &[&str] = &["Priya eats fish", "Sam"];
// The docs site.
const INSTALL: Part = ok(
    &[
        "install#install-with-the-script",
        "install#install-with-homebrew",
    ],
    &["install"],
);
const BREW: Part = ok(&["install#install-with-homebrew"], &["brew install skiff"]);
const ROLLBACK: Part = ok(&["rollback#roll-back-a-deploy"], &["skiff rollback"]);
const ENV_VARS: Part = ok(&["configuration#environment-variables"], &["skiff env set"]);
const PORT: Part = ok(&["troubleshooting#agent-unreachable"], &["7420"]);
const UPGRADE_AGENTS: Part = ok(&["upgrade#upgrade-the-agents"], &["skiff agent upgrade"]);
const HEALTH: Part = ok(&["deploy#health-checks"], &["GET /up"]);
const MISSING: Part = not(Missing, "");

use World::*;

fn cases() -> Vec<Case> {
    vec![
        // A topic set off by a colon before a comma list of questions ("for
        // electronics: A, B, and C"): each question is a part, the topic
        // stays with the first. A topic no passage has (sofas) sinks only
        // that part.
        case(Help, PUBLIC, "for electronics: how many days do I have to return them, can I get cash instead of store credit, and is the restocking fee waived for defective items?", &[
            ok(&["refund-electronics"], &["15 calendar days"]),
            ok(&["refund-cash"], &["cash"]),
            ok(&["refund-restocking"], &["waived"]),
        ]),
        case(Help, PUBLIC, "Electronics: what's the return window, how much is the restocking fee once opened, and are sale items final", &[
            ok(&["refund-electronics"], &["15 calendar days"]),
            ok(&["refund-restocking"], &["10 percent"]),
            ok(&["refund-general"], &["final"]),
        ]),
        case(Help, OPS, "about INC-2291: which service failed, when did the orchestrator give up, and what is the rollback rule for that service?", &[
            ok(&["log-2291"], &["gateway-west"]),
            ok(&["log-2291"], &["14:02"]),
            ok(&["runbook-82"], &["last-green"]),
        ]),
        case(Help, TODAY, "关于境内差旅报销：今年的提交期限是多少天，审批后多久付款？", &[
            ok(&["travel-2026-submit", "travel-2026-submit-en"], &["30"]),
            ok(&["travel-2026-pay", "travel-2026-pay-en"], &["5"]),
        ]),
        case(Help, PUBLIC, "for sofas: how many days do I have to return them, can I get cash instead of store credit, and are sale items final?", &[
            MISSING,
            ok(&["refund-cash"], &["cash"]),
            ok(&["refund-general"], &["final"]),
        ]).never(&["15 calendar days"]),
        // "for when" opens a case the question is about, not a question of
        // time: the emergency rule is asked for, not a date.
        case(Help, RESTRICTED, "I need the emergency rollback rule for gateway-west for when the database migration has already run", &[ok(&["appendix-9"], &["snapshot"])]),
        case(Help, RESTRICTED, "give me gateway-west's emergency rollback rule for when the database migration already ran", &[ok(&["appendix-9"], &["snapshot"])]),
        case(Help, RESTRICTED, "I need the emergency rollback rule for payments-api for when the database migration has already run", &[MISSING]).never(&["snapshot"]),
        // A word that says a rule is the one in force ("active", "newest")
        // is what the revision filter already ensures, not a word the page
        // must write. A rule is stated as one: an incident log that tells
        // what happened to payments-api's canary is no rollback rule.
        case(Help, OPS, "what's the active rollback rule for gateway-west?", RULE),
        case(Help, OPS, "tell me the newest rollback rule for gateway-west", RULE),
        case(Help, OPS_ANY, "What is the payments-api rollback rule?", &[MISSING]).never(&["rolled back automatically"]),
        case(Help, OPS_ANY, "what's the active rollback policy for payments-api", &[MISSING]).never(&["rolled back automatically"]),
        case(Help, OPS_ANY, "what happened to the payments-api canary?", &[ok(&["log-2290"], &["rolled back"])]),
        case(Help, PUBLIC, "what is the current refund policy for electronics?", &[ok(&["refund-electronics"], &["15"])]),
        // A rule stated as an imperative after its heading's colon is one,
        // though the sentence names "the failed pods" (written after a
        // first version of the rule read that as narration).
        case(Help, OPS, "Which rollback policy applies to the service that failed after the second retry?", RULE).follow("gateway-west", "log-2291"),
        case(Help, OPS, "Which rollback policy applies to gateway-west?", RULE),
        // An instruction whose object is "it" ("Add ~/.skiff/bin to it")
        // is quoted with the sentence before, which says what "it" is
        // ("The binary is not on your PATH.").
        case(Docs, PUBLIC, "getting 'command not found: skiff', what do i do", &[ok(&["troubleshooting#command-not-found-skiff"], &["PATH"])]),
        case(Docs, PUBLIC, "I get 'command not found: skiff', how do I fix it?", &[ok(&["troubleshooting#command-not-found-skiff"], &["PATH"])]),
        case(Docs, PUBLIC, "command not found: skiff — how do I fix that?", &[ok(&["troubleshooting#command-not-found-skiff"], &["PATH"])]),
        // The property "what is X's N?" asks for is a word the passage
        // must write when the corpus has it: Sam's or Priya's work is not
        // their salary. Controls: a cued attribute ("my employer"), a frame
        // noun ("the payment period"), a noun the passage writes ("fee").
        case(Help, PRIYA, "what's my salary at northwind", &[MISSING]).never(&["Lisbon"]),
        case(Help, PUBLIC, "what is Sam's salary?", &[MISSING]).never(&["harbour bakery"]),
        case(Help, PUBLIC, "What is Priya's salary?", &[MISSING]).never(&["Lisbon"]),
        case(Help, PRIYA, "what's my employer", &[ok(&["mem-priya-work"], &["Northwind"])]),
        case(Help, PUBLIC, "what is the restocking fee for opened electronics?", &[ok(&["refund-restocking"], &["10 percent"])]),
        // A noun phrase ended by a period before a question that asks
        // nothing of its own ("what should I do?") is that question's
        // topic, not a part of its own; a question with words of its own
        // after the period is still split (the seed's refund window).
        case(Docs, PUBLIC, "skiff: command not found. what should I do?", &[ok(&["troubleshooting#command-not-found-skiff"], &["PATH"])]),
        case(Docs, PUBLIC, "command not found: skiff. what do I do now?", &[ok(&["troubleshooting#command-not-found-skiff"], &["PATH"])]),
        case(Help, PUBLIC, "refund window for electronics. can I get cash instead of store credit?", REFUND),
        // A negated auxiliary before the user keeps the verb's base form
        // ("can't Priya have", not "can't Priya has").
        case(Help, PRIYA, "what food can't I have?", &[ok(&[], &["gluten"])]).says(&["can't Priya have"]).never(&["Priya has?"]),
        case(Help, PRIYA, "what food couldn't I have", &[ok(&[], &["gluten"])]).says(&["couldn't Priya have"]).never(&["couldn't Priya has"]),
        // A name typed in lower case is still a name: a page that lacks it
        // does not answer for it by borrowing it from a page it is linked
        // to (Callum Reid's birthplace is not Iona Fraser's).
        case(Encyclopedia, PUBLIC, "where was iona fraser born", &[MISSING]).never(&["Dundee"]),
        case(Encyclopedia, PUBLIC, "where was iona fraser born?", &[MISSING]).never(&["Dundee"]),
        case(Encyclopedia, PUBLIC, "Where was Iona Fraser born?", &[MISSING]).never(&["Dundee"]),
        case(Encyclopedia, PUBLIC, "in what town was iona fraser born", &[MISSING]).never(&["Dundee"]),
        case(Encyclopedia, PUBLIC, "when was iona fraser born", &[ok(&["iona-fraser"], &["1971"])]),
        case(Encyclopedia, PUBLIC, "where did iona fraser grow up", &[ok(&["iona-fraser"], &["Oban"])]),
        case(Encyclopedia, PUBLIC, "where was callum reid born", &[ok(&["callum-reid"], &["Dundee"])]),
        case(Encyclopedia, PUBLIC, "who produced harbour lights", &[ok(&["harbour-lights"], &["Anna Brodie"])]),
        // (A service's alias typed in lower case is that service already:
        // the request is still split at "as well as".)
        case(Help, PUBLIC_PROD, "rollback steps for east gateway as well as for the auth service", &[
            ok(&["runbook-east-12"], &["standby region"]),
            ok(&["runbook-auth-3"], &["previous image tag"]),
        ]),
        // "Tell me …", "can you tell me …", "do you know …" ask to be told
        // what follows: the request is no part of what is asked.
        case(Help, PUBLIC, "tell me where refunds go", &[ok(&["refund-cash"], &["original payment method"])]),
        case(Help, PUBLIC, "Can you tell me the restocking fee?", &[ok(&["refund-restocking"], &["10"])]),
        case(Help, PUBLIC, "could you tell me how long I have to return electronics?", &[ok(&["refund-electronics"], &["15"])]),
        case(Help, PUBLIC, "Please tell me whether sale items are final", &[ok(&["refund-general"], &["final"])]),
        case(Help, PRIYA, "do you know where I work?", &[ok(&["mem-priya-work"], &["Northwind"])]),
        case(Help, PRIYA, "tell me where I work and what I should not eat", PRIYA_PARTS).says(DIET_SAYS).never(DIET_NEVER),
        case(Help, PUBLIC, "tell me whether I can get cash instead of store credit", &[ok(&["refund-cash"], &["cash"])]),
        case(Help, PUBLIC, "can you tell me if shipping is refunded?", &[MISSING]).never(&["original payment method"]),
        case(Help, PUBLIC, "tell me the restocking fee for refurbished electronics", &[MISSING]).never(&["10 percent"]),
        // A kind asked that no class holds, no cue names and the corpus
        // never writes ("which *languages* …", "what *colour* …") is not
        // answered by a passage that matches the rest of the question.
        case(Help, PUBLIC, "which languages does the help widget support", &[MISSING]).never(&["script tag"]),
        case(Help, PUBLIC, "what colour is the help widget?", &[MISSING]).never(&["script tag"]),
        case(Help, PUBLIC, "In what currency are refunds paid?", &[MISSING]).never(&["salary account", "original payment method"]),
        case(Help, PUBLIC, "what font does the help widget use", &[MISSING]).never(&["script tag"]),
        case(Help, PUBLIC, "how do I embed the help widget?", &[ok(&["kb-embed-html"], &["script tag"])]),
        case(Help, PUBLIC, "which method are refunds paid back to?", &[ok(&["refund-cash"], &["original payment method"])]),
        case(Docs, PUBLIC, "which command rolls back a deploy?", &[ROLLBACK]),
        case(Docs, PUBLIC, "what browser does the dashboard support?", &[MISSING]),
        // A later part that asks "it" (or "what about …", "the … one") of
        // another year written as a number asks the part before's question
        // of that year, in English and in Chinese.
        case(Help, PUBLIC, "what's the domestic submission deadline in 2026 and what was it in 2025", &[
            ok(&["travel-2026-submit", "travel-2026-submit-en"], &["30"]),
            ok(&["travel-2025-submit", "travel-2025-submit-en"], &["60"]),
        ]),
        case(Help, PUBLIC, "How long is the domestic submission deadline in 2026? What about 2025?", &[
            ok(&["travel-2026-submit", "travel-2026-submit-en"], &["30"]),
            ok(&["travel-2025-submit", "travel-2025-submit-en"], &["60"]),
        ]),
        case(Help, PUBLIC, "What was the 2025 domestic submission deadline, and what is the 2026 one?", &[
            ok(&["travel-2025-submit", "travel-2025-submit-en"], &["60"]),
            ok(&["travel-2026-submit", "travel-2026-submit-en"], &["30"]),
        ]),
        // "the 2026 one": "one" stands for the part before's noun after its
        // year. A year no policy has stays missing.
        case(Help, PUBLIC, "what was the 2026 domestic deadline? and the 2025 one?", &[
            ok(&["travel-2026-submit", "travel-2026-submit-en"], &["30"]),
            ok(&["travel-2025-submit", "travel-2025-submit-en"], &["60"]),
        ]),
        case(Help, PUBLIC, "How long was the 2025 domestic submission deadline, and how long is the 2026 one", &[
            ok(&["travel-2025-submit", "travel-2025-submit-en"], &["60"]),
            ok(&["travel-2026-submit", "travel-2026-submit-en"], &["30"]),
        ]),
        case(Help, PUBLIC, "What was the 2025 domestic submission deadline, and what is the 2019 one?", &[
            ok(&["travel-2025-submit", "travel-2025-submit-en"], &["60"]),
            MISSING,
        ]).never(&["30 calendar days"]),
        case(Help, PUBLIC, "2026年的境内报销提交期限是多少天，还有2025年的是多少天", &[
            ok(&["travel-2026-submit", "travel-2026-submit-en"], &["30"]),
            ok(&["travel-2025-submit", "travel-2025-submit-en"], &["60"]),
        ]),
        case(Help, PUBLIC, "2025年境内差旅报销的提交期限是多久？2026年呢？", &[
            ok(&["travel-2025-submit", "travel-2025-submit-en"], &["60"]),
            ok(&["travel-2026-submit", "travel-2026-submit-en"], &["30"]),
        ]),
        case(Help, PUBLIC, "what's the domestic submission deadline in 2026 and what was it in 2019", &[
            ok(&["travel-2026-submit", "travel-2026-submit-en"], &["30"]),
            MISSING,
        ]).never(&["60 calendar days"]),
        // ---- incident: event → service → current rule (EN) -------------------
        case(Help, OPS, "Which rollback rule applies to the service that failed after the second retry?", RULE).follow("gateway-west", "log-2291"),
        case(Help, OPS, "What rollback rule applies to the service that failed after the second retry", RULE).follow("gateway-west", "log-2291"),
        case(Help, OPS, "which rollback rule should be used for the service that failed after the second retry?", RULE).follow("gateway-west", "log-2291"),
        case(Help, OPS, "For the service that failed after the second retry, which rollback rule applies?", RULE).follow("gateway-west", "log-2291"),
        case(Help, OPS, "What is the rollback rule for the service which failed after the second retry?", RULE).follow("gateway-west", "log-2291"),
        case(Help, OPS, "Which rollback rule covers the service that failed after its second retry?", RULE).follow("gateway-west", "log-2291"),
        case(Help, OPS, "rollback rule for the service that failed after the second retry", RULE).follow("gateway-west", "log-2291"),
        case(Help, OPS, "the service that failed after the second retry. which rollback rule applies?", RULE).follow("gateway-west", "log-2291"),
        case(Help, OPS, "Quick question: which rollback rule applies to the service that failed after the second retry?", RULE).follow("gateway-west", "log-2291"),
        case(Help, OPS, "Tell me the rollback rule for the service that failed after the second retry.", RULE).follow("gateway-west", "log-2291"),
        case(Help, OPS, "Which rollback rule applies to the service that had failed after the second retry?", RULE).follow("gateway-west", "log-2291"),
        case(Help, OPS, "The service that failed after the second retry: which rollback rule applies to it?", RULE).follow("gateway-west", "log-2291"),
        case(Help, PUBLIC_PROD, "Which rollback rule applies to the service that failed after the second retry?", STALE)
            .never(&["last green build", "{q"]),
        case(Help, PUBLIC_PROD, "What is the rollback rule for the service which failed after the second retry?", STALE)
            .never(&["last green build", "{q"]),
        // Staging: the production incident log is out of scope, so the
        // service is not found; the gap names that part, never a placeholder.
        case(Help, STAGING, "Which rollback rule applies to the service that failed after the second retry?", &[not(Blocked, "")])
            .says(&["which service failed after the second retry"])
            .never(&["{q1}", "{q"]),
        case(Alias, OPS, "Which rollback rule applies to the service that failed after the second retry?", RULE).follow("gateway-west", "log-2291"),
        case(Alias, OPS, "What is the rollback rule for the service which failed after the second retry?", RULE).follow("gateway-west", "log-2291"),
        case(Alias, OPS, "rollback rule for the service that failed after the second retry", RULE).follow("gateway-west", "log-2291"),
        case(Alias, OPS, "For the service that failed after the second retry, which rollback rule applies?", RULE)
            .follow("gateway-west", "log-2291")
            .never(&["auth-core"]),
        case(Sibling, OPS, "Which rollback rule applies to the service that failed after the second retry?", RULE).follow("gateway-west", "log-2291"),
        case(Sibling, OPS, "What is the rollback rule for the service which failed after the second retry?", RULE).follow("gateway-west", "log-2291"),
        case(Sibling, OPS, "Which rollback rule applies to the service that failed after the first retry?", EAST).follow("gateway-east", "log-2292"),
        case(Noise, OPS, "Which rollback rule applies to the service that failed after the second retry?", RULE).follow("gateway-west", "log-2291"),
        // A possessive relative ("whose deploy failed"), and the service asked
        // as a part of its own that the next part refers to.
        case(Help, OPS, "What rollback rule should I follow for the service whose deploy failed after the second retry?", RULE).follow("gateway-west", "log-2291"),
        case(Alias, OPS, "which rollback rule applies to the service whose deploy failed after the second retry", RULE)
            .follow("gateway-west", "log-2291")
            .never(&["auth-core"]),
        case(Sibling, OPS, "Which rollback rule applies to the service whose deploy failed after the first retry?", EAST).follow("gateway-east", "log-2292"),
        case(Help, OPS, "Which service failed after the second retry?", &[ok(&["log-2291"], &["gateway-west"])]),
        case(Help, OPS, "Which service failed after the second retry, and what is its rollback rule?", SERVICE_RULE),
        case(Help, OPS, "Which service failed after the second retry? What rollback rule applies to it?", SERVICE_RULE),
        // "it" as the object of a verb with a particle ("roll it back"):
        // the part before's answer, as at the end of a clause.
        case(Help, OPS, "Which service failed after the second retry, and how do I roll it back?", SERVICE_RULE),
        case(Help, OPS, "which service failed after the second retry? how do we roll it back", SERVICE_RULE),
        case(Help, OPS_ANY, "Which service's canary was rolled back during the staging rollout, and how do I roll it back?", &[ok(&["log-2290"], &["payments-api"]), MISSING])
            .never(&["namespace", "last-green"]),
        case(Alias, OPS, "Which service failed after the second retry, and which rollback rule applies to it?", SERVICE_RULE).never(&["auth-core"]),
        // "that service" / "this service": the catalog's type noun points
        // back at the service the part before found, as "that band" does on
        // open text; the public scope sees only its superseded rule.
        case(Help, OPS, "Which service failed after the second retry? And what's that service's rollback rule?", SERVICE_RULE).never(&["auth-core"]),
        case(Help, OPS, "Which service failed after the second retry, and which rollback rule applies to this service?", SERVICE_RULE).never(&["auth-core"]),
        case(Help, PUBLIC_PROD, "Which service failed after the second retry? What is that service's rollback rule?", &[ok(&["log-2291"], &["gateway-west"]), not(Unresolved, "stale-rule")])
            .never(&["auth-core"]),
        case(Sibling, OPS, "Which service failed after the first retry, and what is that service's rollback rule?", &[
            ok(&["log-2292"], &["gateway-east"]),
            ok(&["runbook-east-12"], &[]),
        ]),
        // …also with a part between that asks something else: "that
        // service" is the service found before it.
        case(Help, OPS, "Which service failed after the second retry, at what time did the orchestrator give up, and what is that service's rollback rule?", &[
            ok(&["log-2291"], &["gateway-west"]),
            ok(&["log-2291"], &["14:02"]),
            ok(&["runbook-82"], &["last-green"]),
        ])
        .never(&["auth-core"]),
        case(Help, OPS, "Which service failed after the second retry? When did the orchestrator give up? Which rollback rule applies to that service?", &[
            ok(&["log-2291"], &["gateway-west"]),
            ok(&["log-2291"], &["14:02"]),
            ok(&["runbook-82"], &["last-green"]),
        ])
        .never(&["auth-core"]),
        case(Sibling, OPS, "Which service failed after the first retry, how many times does the deploy controller retry, and what is this service's rollback rule?", &[
            ok(&["log-2292"], &["gateway-east"]),
            ok(&["kb-retries"], &["twice"]),
            ok(&["runbook-east-12"], &[]),
        ]),
        // "Which service's X …?" asks which service too; "its" is then
        // that service, whose runbook may not exist (payments-api).
        case(Help, OPS_ANY, "Which service's canary was rolled back during the staging rollout, and what does its runbook give as the rollback rule?", &[ok(&["log-2290"], &["payments-api"]), MISSING])
            .never(&["namespace", "last-green"]),
        case(Help, OPS, "Which service's deploy failed after the second retry?", &[ok(&["log-2291"], &["gateway-west"])]),
        case(Help, OPS, "which service's deploy failed after the second retry, and what is its rollback rule", SERVICE_RULE),
        case(Help, OPS, "Which service's deploy failed after the fifth retry?", &[MISSING]).never(&["gateway-west"]),
        case(Sibling, OPS, "Which service failed after the first retry, and what is its rollback rule?", &[
            ok(&["log-2292"], &["gateway-east"]),
            ok(&["runbook-east-12"], &[]),
        ]),
        // A revision asked by name is no stale rule: the superseded runbook
        // is the one asked for.
        case(Help, PUBLIC_PROD, "What was the rollback rule for gateway-west in revision r7?", &[ok(&["runbook-71"], &["restart"])]),
        case(Help, PUBLIC_PROD, "In revision r7, which rollback rule applied to gateway-west?", &[ok(&["runbook-71"], &["restart"])]),
        case(Help, OPS, "what is the rollback rule for gateway-west in revision r8", &[ok(&["runbook-82"], &["last-green"])]),
        case(Help, OPS, "What was the rollback rule for gateway-west in revision r5?", &[MISSING]).never(&["last-green", "restart every pod"]),
        // A rule for a condition only a restricted appendix covers: the
        // current runbook, which shares "rollback rule" and the service but
        // not the migration, is no answer.
        case(Help, OPS, "What is the emergency rollback rule for gateway-west when the database migration has already run?", &[MISSING])
            .never(&["snapshot", "last-green"]),
        case(Help, OPS, "If the database migration already ran, what's the emergency rollback rule for gateway-west?", &[MISSING])
            .never(&["snapshot", "last-green"]),
        case(Help, OPS, "what emergency rollback applies to gateway-west after a database migration has run", &[MISSING])
            .never(&["snapshot", "last-green"]),
        case(Help, RESTRICTED, "What is the emergency rollback rule for gateway-west when the database migration has already run?", &[ok(&["appendix-9"], &["snapshot"])]),
        case(Help, RESTRICTED, "If the database migration already ran, what's the emergency rollback rule for gateway-west?", &[ok(&["appendix-9"], &["snapshot"])]),
        // Without the condition: a qualifier the corpus writes before the
        // same noun elsewhere ("Emergency rollback rule …", readable only
        // with restricted access) asks for that other rule, and the plain
        // one is no answer to it; a qualifier no passage writes before the
        // noun ("latest", "current") asks for nothing narrower.
        case(Help, OPS, "What is the emergency rollback rule for gateway-west?", &[MISSING]).never(&["last-green", "DBA"]),
        case(Help, OPS, "what's the emergency rollback for gateway-west in production?", &[MISSING]).never(&["last-green", "DBA"]),
        case(Help, PUBLIC, "tell me the emergency rollback rule for gateway-west", &[MISSING]).never(&["namespace", "DBA", "timed out"]),
        case(Help, RESTRICTED, "What is the emergency rollback rule for gateway-west?", &[ok(&["appendix-9"], &["DBA"])]),
        // The service by a catalog alias the corpus writes elsewhere ("West
        // Gateway", "Gateway West" in the runbooks' titles): the appendix,
        // tagged with the service, speaks of it though it writes only the ID.
        case(Help, RESTRICTED, "what is the emergency rollback for West Gateway?", &[ok(&["appendix-9"], &["DBA"])]),
        case(Help, RESTRICTED, "If the DB migration has already run, what's the emergency rollback rule for West Gateway", &[ok(&["appendix-9"], &["snapshot"])]),
        case(Help, RESTRICTED, "Emergency rollback for gateway west?", &[ok(&["appendix-9"], &["DBA"])]),
        case(Help, OPS, "what is the emergency rollback for West Gateway?", &[MISSING]).never(&["last-green", "DBA"]),
        case(Help, OPS, "What is the latest rollback rule for gateway-west?", &[ok(&["runbook-82"], &["last-green"])]),
        case(Help, OPS, "tell me the current rollback rule for gateway-west", &[ok(&["runbook-82"], &["last-green"])]),
        // ---- travel: 2026 vs 2025, payment, overseas (ZH) ----------------------
        case(Help, TODAY, "今年境内差旅报销的提交期限比去年缩短了多少?境内报销审批后多久付款?境外的提交期限也与境内一样吗?", TRAVEL_ZH)
            .says(&["未能找到以下内容的资料"]),
        case(Help, TODAY, "今年境内差旅报销提交期限比去年缩短了多少？境内报销审批后多久付款？境外的提交期限也与境内一样吗？", TRAVEL_ZH),
        case(Help, TODAY, "今年境内差旅报销的提交期限比去年缩短了多少，另外境内报销审批后多久付款？境外的提交期限也与境内一样吗？", TRAVEL_ZH),
        case(Help, TODAY, "今年境内差旅报销的提交期限比去年缩短了多少？还有，境内报销审批后多久付款？境外的提交期限也与境内一样吗？", TRAVEL_ZH),
        case(Help, TODAY, "今年境内差旅报销的提交期限比去年短了几天？境内报销审批后几天内付款？境外的提交期限与境内相同吗？", TRAVEL_ZH),
        case(Help, TODAY, "境内差旅报销的提交期限今年比去年缩短了多少？境内报销审批后多久付款？境外的提交期限也和境内一样吗？", TRAVEL_ZH),
        case(Help, TODAY, "与去年相比，今年境内差旅报销的提交期限缩短了多少？境内报销审批后多久付款？境外的提交期限也与境内一样吗？", TRAVEL_ZH),
        case(Help, TODAY, "今年境内差旅报销的提交期限比去年缩短了多少？以及境内报销审批后多久付款？另外，境外的提交期限是否与境内一样？", TRAVEL_ZH),
        case(Noise, TODAY, "今年境内差旅报销的提交期限比去年缩短了多少?境内报销审批后多久付款?境外的提交期限也与境内一样吗?", TRAVEL_ZH),
        // Without today, "今年/去年" cannot be resolved: that part is reported, not dropped.
        case(Help, PUBLIC, "今年境内差旅报销的提交期限比去年缩短了多少?境内报销审批后多久付款?境外的提交期限也与境内一样吗?", &[
            not(Error, ""),
            ok(&["travel-2026-pay", "travel-2025-pay"], &["个工作日"]),
            not(Blocked, ""),
        ]),
        case(Help, TODAY, "How much shorter is this year's domestic travel claim deadline than last year's? How long after approval are domestic claims paid? Is the overseas deadline the same as the domestic one?", TRAVEL_EN),
        case(Help, TODAY, "How many days shorter is this year's domestic travel claim deadline than last year's, and how long after approval are domestic claims paid?", TRAVEL_EN_TWO),
        // A change asked of the two parts before it ("…, what was last
        // year's, and how much shorter did it get?") is their difference;
        // with one part before it there is nothing to compare.
        case(Help, TODAY, "What is the domestic claim deadline this year? What was it last year? How many days shorter is it now?", &[ok(&["travel-2026-submit-en", "travel-2026-submit"], &["30"]), ok(&["travel-2025-submit-en", "travel-2025-submit"], &["60"]), ok(&[], &["shorter by 30"])]),
        case(Help, TODAY, "what's this year's domestic claim deadline and what was last year's, and by how much did it shrink", &[ok(&["travel-2026-submit-en", "travel-2026-submit"], &["30"]), ok(&["travel-2025-submit-en", "travel-2025-submit"], &["60"]), ok(&[], &["shorter by 30"])]),
        case(Help, TODAY, "今年境内差旅报销的提交期限是多久？去年的呢？缩短了多少天？", &[ok(&["travel-2026-submit", "travel-2026-submit-en"], &["30"]), ok(&["travel-2025-submit", "travel-2025-submit-en"], &["60"]), ok(&[], &["缩短了 30"])]),
        case(Help, TODAY, "What is this year's domestic claim deadline, and how much shorter did it get?", &[ok(&["travel-2026-submit-en", "travel-2026-submit"], &["30"]), MISSING]).never(&["shorter by"]),
        case(Help, TODAY, "How much shorter is the domestic claim deadline this year than last year? Also, how soon after approval are domestic claims paid?", TRAVEL_EN_TWO),
        case(Help, TODAY, "how much shorter is this year's domestic claim submission deadline than last year's and how long after approval are domestic claims paid", TRAVEL_EN_TWO),
        case(Help, TODAY, "By how much is this year's domestic travel claim deadline shorter than last year's? How many working days after approval are domestic claims paid?", TRAVEL_EN_TWO),
        case(Help, TODAY, "How much shorter is this year's deadline for domestic travel claims than last year's? When are approved domestic claims paid?", TRAVEL_EN_TWO),
        case(Help, TODAY, "How much shorter than last year's is this year's domestic travel claim deadline? How long after approval are domestic claims paid?", TRAVEL_EN_TWO),
        case(Help, TODAY, "How much shorter is this year's domestic travel claim deadline than last year's, plus how long after approval are domestic claims paid?", TRAVEL_EN_TWO),
        // ---- one deadline against another of the same year -------------------
        // Calendar days after travel against working days after approval:
        // no difference can be taken (seed 002), and no single passage's
        // figure is the answer.
        case(Help, TODAY, "How many days longer is the domestic submission deadline than the payment period this year?", &[not(Unresolved, "")]).never(&["25"]),
        case(Help, TODAY, "How much shorter is this year's domestic payment period than the submission deadline?", &[not(Unresolved, "")]).never(&["25"]),
        case(Help, TODAY, "今年境内报销的付款期限比提交期限短多少天？", &[not(Unresolved, "")]).never(&["25"]),
        case(Help, TODAY, "今年境内差旅报销的提交期限比付款期限长几天", &[not(Unresolved, "")]).never(&["25"]),
        // The same unit from the same start: the difference is taken.
        case(Help, PUBLIC, "How many days longer is the refund window for most items than for electronics?", &[ok(&[], &["longer by 15"])]),
        // A year against another year stays the year-over-year difference.
        case(Help, TODAY, "How many days shorter is this year's domestic travel claim deadline than last year's?", &[ok(&[], &["shorter by 30 calendar days"])]),
        // Years written as numbers, in the forms people use for a change
        // between two policies: "between 2025 and 2026", "from 2025 to
        // 2026", "the 2026 X than the 2025 one". A year with no such policy
        // blocks the difference instead of answering with another year's.
        case(Help, PUBLIC, "By how many days did the domestic claim deadline shrink between the 2025 and 2026 policies?", &[ok(&[], &["shorter by 30 calendar days"])]),
        case(Help, PUBLIC, "How much did the domestic claim deadline change from 2025 to 2026?", &[ok(&[], &["shorter by 30 calendar days"])]),
        case(Help, PUBLIC, "How much shorter is the 2026 domestic claim deadline than the 2025 one?", &[ok(&[], &["shorter by 30 calendar days"])]),
        case(Help, PUBLIC, "2026年境内报销的提交期限比2025年缩短了多少天？", &[ok(&[], &["30"])]),
        case(Help, PUBLIC, "By how many days did the domestic claim deadline shrink between the 2024 and 2026 policies?", &[not(Blocked, "")]).never(&["30 calendar days"]),
        // A count of a kind of days ("how many working days") asks a
        // duration, as "how many days" does; a year asked "in 2025" is no
        // word a passage must write ("paid in"), and a year whose payment
        // period no English passage states blocks the difference rather
        // than lending it the submission deadline.
        case(Help, TODAY, "How many working days after approval are domestic claims paid?", &[ok(&["travel-2026-pay-en", "travel-2026-pay"], &["5 working days"])]),
        case(Help, TODAY, "how many business days until approved domestic claims are paid", &[ok(&["travel-2026-pay-en", "travel-2026-pay"], &["5 working days"])]),
        case(Help, TODAY, "How many calendar days after travel ends do I have to submit a domestic claim?", &[ok(&["travel-2026-submit-en", "travel-2026-submit"], &["30"])]).never(&["60"]),
        case(Help, PUBLIC, "How many working days faster are approved domestic claims paid in 2026 than in 2025?", &[not(Blocked, "")]).never(&["60"]),
        // ---- the supplement a policy designates (ZH) ---------------------------
        // Which document a policy designates, asked by itself. (Asked in
        // English, "supplement" is in no passage: the policy's reference is
        // written in Chinese only — blind case sup-04.)
        case(Help, TODAY, "TRAVEL-2026-01 指定了哪份海外补充办法？", DESIGNATED).follow("TRAVEL-2026-S2", "travel-2026-overseas-ref"),
        case(Help, TODAY, "TRAVEL-2026-01 引用了哪个补充办法", DESIGNATED).follow("TRAVEL-2026-S2", "travel-2026-overseas-ref"),
        case(Collision, TODAY, "TRAVEL-2026-01 指定了哪份海外补充办法？", DESIGNATED)
            .follow("TRAVEL-2026-S2", "travel-2026-overseas-ref")
            .never(&["TRAVEL-2024-S1"]),
        case(Help, TODAY, "TRAVEL-2025-01 指定了哪份海外补充办法？", &[MISSING]).never(&["TRAVEL-2026-S2"]),
        case(Help, TODAY, "TRAVEL-2026-01 指定的海外补充办法,对境外报销提交有什么要求?", SUPPLEMENT).follow("TRAVEL-2026-S2", "travel-2026-overseas-ref"),
        case(Help, TODAY, "TRAVEL-2026-01 指定的海外补充办法对境外报销的提交有什么要求？", SUPPLEMENT).follow("TRAVEL-2026-S2", "travel-2026-overseas-ref"),
        case(Help, TODAY, "TRAVEL-2026-01 引用的海外补充办法，对境外报销提交有哪些要求？", SUPPLEMENT).follow("TRAVEL-2026-S2", "travel-2026-overseas-ref"),
        case(Help, TODAY, "TRAVEL-2026-01 所指的海外补充办法里，境外报销提交有什么规定", SUPPLEMENT).follow("TRAVEL-2026-S2", "travel-2026-overseas-ref"),
        case(Help, TODAY, "TRAVEL-2026-01 规定的海外补充办法对境外报销提交的要求是什么？", SUPPLEMENT).follow("TRAVEL-2026-S2", "travel-2026-overseas-ref"),
        case(Help, TODAY, "TRAVEL-2026-01 提到的补充办法，境外报销提交时要附什么？", SUPPLEMENT).follow("TRAVEL-2026-S2", "travel-2026-overseas-ref"),
        case(Help, TODAY, "按照 TRAVEL-2026-01 指定的海外补充办法，境外报销提交有什么要求？", SUPPLEMENT).follow("TRAVEL-2026-S2", "travel-2026-overseas-ref"),
        case(Help, TODAY, "TRAVEL-2026-01指定的海外补充办法对境外报销提交有什么要求", SUPPLEMENT).follow("TRAVEL-2026-S2", "travel-2026-overseas-ref"),
        case(Collision, TODAY, "TRAVEL-2026-01 指定的海外补充办法,对境外报销提交有什么要求?", SUPPLEMENT)
            .follow("TRAVEL-2026-S2", "travel-2026-overseas-ref")
            .never(&["travel-s1-submit", "纸质单据"]),
        case(Collision, TODAY, "TRAVEL-2026-01 引用的海外补充办法，对境外报销提交有哪些要求？", SUPPLEMENT)
            .follow("TRAVEL-2026-S2", "travel-2026-overseas-ref")
            .never(&["纸质单据"]),
        case(Noise, TODAY, "TRAVEL-2026-01 指定的海外补充办法,对境外报销提交有什么要求?", SUPPLEMENT).follow("TRAVEL-2026-S2", "travel-2026-overseas-ref"),
        // ---- refund window and cash (EN) ---------------------------------------
        case(Help, PUBLIC, "What is the refund window for electronics, and can I get cash instead of store credit?", REFUND),
        // The sentence that holds the topic word quoted, not one the
        // section's heading ("Cash or store credit") speaks for.
        case(Help, PUBLIC, "tell me the refund window for electronics plus whether I can be refunded in cash", REFUND),
        case(Help, PUBLIC, "can I be refunded in cash?", &[ok(&["refund-cash"], &["cash"])]),
        case(Help, PUBLIC, "Is a refund in cash possible?", &[ok(&["refund-cash"], &["cash"])]),
        case(Help, PUBLIC, "could my refund be paid out in cash", &[ok(&["refund-cash"], &["cash"])]),
        case(Help, PUBLIC, "Can I get my refund as cash rather than store credit?", &[ok(&["refund-cash"], &["cash instead of store credit"])]),
        case(Help, PUBLIC, "Do refunds go back to the original payment method?", &[ok(&["refund-cash"], &["original payment method"])]),
        case(Help, PUBLIC, "What is the refund window for electronics and can I get cash instead of store credit", REFUND),
        case(Help, PUBLIC, "How long is the refund window for electronics? Can I get cash instead of store credit?", REFUND),
        case(Help, PUBLIC, "What's the return window for electronics, and could I get cash rather than store credit?", REFUND),
        case(Help, PUBLIC, "What is the refund window for electronics, also can I get cash instead of store credit?", REFUND),
        case(Help, PUBLIC, "What is the refund window for electronics, plus can I get cash instead of store credit?", REFUND),
        case(Help, PUBLIC, "Tell me the refund window for electronics as well as whether I can get cash instead of store credit.", REFUND),
        case(Help, PUBLIC, "How many days do I have to return electronics, and can I be refunded in cash instead of store credit?", REFUND),
        case(Help, PUBLIC, "the refund window for electronics is how long, and can I get cash instead of store credit?", REFUND),
        case(Help, PUBLIC, "Can I get cash instead of store credit, and what is the refund window for electronics?", REFUND_REVERSED),
        // A service named by an alias in lower case is that service: the
        // legacy gateway's runbook shares its words but not its ID.
        case(Help, OPS, "tell me the rollback rule for gateway west", &[ok(&["runbook-82"], &["last green"])]).never(&["legacy", "DNS"]),
        case(Help, OPS, "what's the rollback rule for west gateway", &[ok(&["runbook-82"], &["last green"])]).never(&["legacy", "DNS"]),
        // An alias no passage writes ("gw-west": the runbooks say
        // gateway-west) is read as the entity's ID; a look-alike that is no
        // alias ("gw-east") is not.
        case(Help, OPS, "tell me the rollback rule for gw-west", &[ok(&["runbook-82"], &["last-green"])]).never(&["namespace"]),
        case(Help, OPS, "how do we roll back gw-west?", &[ok(&["runbook-82"], &["last-green"])]),
        case(Help, STAGING, "In staging, what's the rollback rule for gw-west?", &[ok(&["runbook-82s"], &["namespace"])]).never(&["last-green"]),
        case(Help, OPS, "what's the rollback rule for gw-east?", &[MISSING]).never(&["last-green", "namespace"]),
        // An environment or region the question names is a constraint, not a
        // word the passage must write ("production" is only in the
        // runbooks' metadata); it narrows the request's own scope and never
        // widens it ("in staging" under a production request finds nothing,
        // and does not answer with the production runbook); a value no
        // passage carries stays a word no passage writes.
        case(Help, OPS, "What is the rollback rule for gateway-west in production?", &[ok(&["runbook-82"], &["last-green"])]).never(&["namespace"]),
        case(Help, OPS, "In production, how do we roll back gateway west?", &[ok(&["runbook-82"], &["last-green"])]).never(&["namespace"]),
        case(Help, OPS_ANY, "what's the production rollback rule for gw-west", &[ok(&["runbook-82"], &["last-green"])]).never(&["namespace"]),
        case(Help, OPS, "What is the rollback rule for gateway-west in staging?", &[MISSING]).never(&["last-green", "namespace"]),
        case(Help, OPS_ANY, "how do I roll back gateway-west on staging", &[ok(&["runbook-82s"], &["namespace"])]).never(&["last-green"]),
        case(Help, OPS_ANY, "in the staging environment, how is gateway-west rolled back?", &[ok(&["runbook-82s"], &["namespace"])]).never(&["last-green"]),
        case(Help, OPS, "For gateway-west in eu-west, what's the rollback rule?", &[ok(&["runbook-82"], &["last-green"])]).never(&["namespace"]),
        case(Help, OPS, "What is the rollback rule for gateway-west in development?", &[MISSING]).never(&["last-green", "namespace"]),
        // Clipped words a corpus writes in full ("prod", "config", "repo"),
        // and one whose full word names nothing the corpus has ("dev").
        case(Help, OPS, "What is the rollback rule for gateway-west in prod?", &[ok(&["runbook-82"], &["last-green"])]).never(&["namespace"]),
        case(Help, OPS_ANY, "in prod, how do we roll back gateway west", &[ok(&["runbook-82"], &["last-green"])]).never(&["namespace"]),
        case(Help, OPS, "what's the rollback rule for gateway-west in dev?", &[MISSING]).never(&["last-green", "namespace"]),
        // Everyday words a corpus writes otherwise ("trip" for travel,
        // "faulty" for defective, "normal" for standard), and distractors
        // whose other words the corpus lacks.
        case(Help, TODAY, "How long after my trip do I have to file a domestic expense claim this year?", &[ok(&["travel-2026-submit-en", "travel-2026-submit"], &["30"])]).never(&["60"]),
        case(Help, TODAY, "for domestic trips, how soon after approval are claims paid this year", &[ok(&["travel-2026-pay-en", "travel-2026-pay"], &["5"])]).never(&["10"]),
        case(Help, PUBLIC, "how many days do I have to return a normal item?", &[ok(&["refund-general"], &["30"])]),
        case(Help, PUBLIC, "what restocking fee applies to opened electronics that are faulty?", &[ok(&["refund-restocking"], &["waived"])]),
        case(Help, TODAY, "What is the daily meal allowance on domestic trips?", &[MISSING]),
        // A date the question gives, and a rule that counts from it: the
        // last day is computed (scope.today 2026-03-15, so "yesterday" is
        // 2026-03-14), citing the rule. Distractors: the date of another
        // event (the trip's start), a rule in working days (no holiday
        // calendar), "yesterday" with no scope.today.
        case(Help, TODAY, "My domestic trip wrapped up on 2026-03-02. What's the last day I can submit the expense claim?", &[ok(&["travel-2026-submit-en", "travel-2026-submit"], &["2026-04-01"])]).never(&["2026-05-01"]),
        case(Help, TODAY, "I got back from a domestic work trip yesterday - until what date can I file the claim?", &[ok(&["travel-2026-submit-en", "travel-2026-submit"], &["2026-04-13"])]),
        case(Help, TODAY, "my domestic travel ended 2026-01-31, by when must I submit the claim", &[ok(&["travel-2026-submit-en", "travel-2026-submit"], &["2026-03-02"])]),
        case(Help, TODAY, "我的境内差旅2026-03-02结束，报销最晚哪天提交？", &[ok(&["travel-2026-submit", "travel-2026-submit-en"], &["2026-04-01"])]),
        case(Help, PUBLIC, "My electronics order was delivered on 2026-03-02; what is the last day I can return it?", &[ok(&["refund-electronics"], &["2026-03-17"])]),
        case(Help, TODAY, "My domestic trip started on 2026-03-02. What's the last day I can submit the expense claim?", &[not(Unresolved, "start-event-mismatch")]).never(&["2026-04-01"]),
        case(Help, TODAY, "My domestic claim was approved on 2026-03-02. By what date will I be paid?", &[not(Unresolved, "working-days")]),
        case(Help, PUBLIC, "I got back from a domestic trip yesterday - until what date can I file the claim?", &[not(Error, "relative date")]),
        // A request that lists the things it asks for ("Tell me the X, the
        // Y, and Z"): each is a part, the request asked of each. An
        // apposition ("the X, the one for …") lists nothing.
        case(Help, PUBLIC, "Tell me the standard return window, the window for electronics, and whether I can get cash instead of store credit", &[ok(&["refund-general"], &["30"]), ok(&["refund-electronics"], &["15"]), ok(&["refund-cash"], &["cash"])]),
        // (The fee first: a year one part names is inherited by the parts
        // after it, and no refund passage carries a year.)
        case(Help, TODAY, "Give me the restocking fee for opened electronics, the domestic claim deadline this year, and the payment time after approval", &[ok(&["refund-restocking"], &["10 percent"]), ok(&["travel-2026-submit-en", "travel-2026-submit"], &["30"]), ok(&["travel-2026-pay-en", "travel-2026-pay"], &["5"])]),
        // A year one part names holds for the later parts about the same
        // thing, not for a part about another (no refund passage carries a
        // year).
        case(Help, TODAY, "Give me the domestic claim deadline this year, the payment time after approval, and the restocking fee for opened electronics", &[ok(&["travel-2026-submit-en", "travel-2026-submit"], &["30"]), ok(&["travel-2026-pay-en", "travel-2026-pay"], &["5"]), ok(&["refund-restocking"], &["10 percent"])]),
        case(Help, TODAY, "What is this year's domestic claim deadline, and what restocking fee applies to opened electronics?", &[ok(&["travel-2026-submit-en", "travel-2026-submit"], &["30"]), ok(&["refund-restocking"], &["10 percent"])]),
        case(Help, PUBLIC, "list the restocking fee for opened electronics, the electronics return window and the standard return window", &[ok(&["refund-restocking"], &["10 percent"]), ok(&["refund-electronics"], &["15"]), ok(&["refund-general"], &["30"])]),
        case(Help, PUBLIC, "Tell me the electronics return window, the window for a full refund", &[ok(&["refund-electronics"], &["15"])]),
        // A query of noun phrases with no verb and no question word asks
        // for each thing "plus"/"as well as"/以及/还有 adds; "What is X, plus
        // the Y?" asks "what is" of both. "and" in such a query still names
        // one thing ("terms and conditions"), and a Chinese list that a
        // question word ends ("交通费以及住宿费标准是多少") is one question.
        case(Help, PUBLIC, "electronics return window as well as the restocking fee for opened items", &[ok(&["refund-electronics"], &["15"]), ok(&["refund-restocking"], &["10 percent"])]),
        case(Help, PUBLIC, "restocking fee for opened electronics plus the standard return window", &[ok(&["refund-restocking"], &["10 percent"]), ok(&["refund-general"], &["30"])]),
        case(Help, PUBLIC, "the return window for electronics, plus the restocking fee", &[ok(&["refund-electronics"], &["15"]), ok(&["refund-restocking"], &["10 percent"])]),
        case(Help, PUBLIC, "What is the electronics return window, plus the restocking fee for opened electronics?", &[ok(&["refund-electronics"], &["15"]), ok(&["refund-restocking"], &["10 percent"])]),
        case(Help, PUBLIC, "electronics return window + restocking fee", &[ok(&["refund-electronics"], &["15"]), ok(&["refund-restocking"], &["10 percent"])]),
        case(Help, PUBLIC, "electronics return window plus the restocking fee for sofas", &[ok(&["refund-electronics"], &["15"]), MISSING]).says(&["couldn't find"]),
        case(Help, TODAY, "境内差旅报销的提交期限，以及审批后的付款期限", &[ok(&["travel-2026-submit", "travel-2026-submit-en"], &["30"]), ok(&["travel-2026-pay", "travel-2026-pay-en"], &["5"])]),
        case(Help, TODAY, "境内报销提交期限还有境内报销付款期限", &[ok(&["travel-2026-submit", "travel-2026-submit-en"], &["30"]), ok(&["travel-2026-pay", "travel-2026-pay-en"], &["5"])]),
        case(Help, PUBLIC, "境内差旅的交通费以及住宿费标准是多少？", &[MISSING]).never(&["30"]),
        case(Help, PUBLIC, "How long do I have to return a faulty sofa?", &[MISSING]).never(&["30 days"]),
        // "money" says what kind of answer is asked (a refund, a payment),
        // like "amount": no passage need write it. Distractors: a topic
        // word or a verb no passage writes still sinks the part.
        case(Help, PUBLIC, "can I get my money back in cash rather than store credit?", &[ok(&["refund-cash"], &["cash"])]),
        case(Help, TODAY, "where is the money for approved domestic claims paid to?", &[ok(&["travel-2026-pay-en", "travel-2026-pay"], &["salary"])]),
        case(Help, PUBLIC, "can I get my money back for shipping?", &[MISSING]),
        case(Help, PUBLIC, "Do you accept money orders?", &[MISSING]).never(&["cash"]),
        // What to do about a deadline asks what to do, not the deadline:
        // the late-submission clause (Chinese only), never the duration.
        // Distractor: the deadline itself asked.
        case(Help, TODAY, "境内差旅报销超过期限提交的话要怎么办？", &[ok(&["travel-2026-submit"], &["书面说明"])]),
        case(Help, TODAY, "境内差旅报销逾期提交怎么处理？", &[ok(&["travel-2026-submit"], &["书面说明"])]),
        case(Help, TODAY, "What happens if I submit a domestic claim after the deadline?", &[MISSING]).never(&["within 30 calendar days"]),
        case(Help, TODAY, "境内差旅报销的提交期限是多久？", &[ok(&["travel-2026-submit"], &["30"])]),
        // A claim is "filed" or "submitted"; an item "turned out to be"
        // faulty is one that was. Distractors: a sofa no passage names;
        // the payment time, asked in words the submission rule lacks.
        case(Help, TODAY, "within how many days must the claim be filed?", &[ok(&["travel-2026-submit-en", "travel-2026-submit"], &["30"])]).never(&["5 working days"]),
        case(Help, TODAY, "by when must domestic claims be filed", &[ok(&["travel-2026-submit-en", "travel-2026-submit"], &["30"])]).never(&["5 working days"]),
        case(Help, TODAY, "What's the deadline for filing a domestic expense claim?", &[ok(&["travel-2026-submit-en", "travel-2026-submit"], &["30"])]),
        case(Help, TODAY, "once a filed domestic claim is approved, how soon is it paid?", &[ok(&["travel-2026-pay-en", "travel-2026-pay"], &["5"])]).never(&["30 calendar days"]),
        case(Help, PUBLIC, "what fee do I pay to return opened electronics that turned out to be faulty", &[ok(&["refund-restocking"], &["waived"])]),
        case(Help, PUBLIC, "How long do I have to return a sofa that turned out to be faulty?", &[MISSING]).never(&["30 days"]),
        // Markup or code in a passage ("<img src=x onerror=alert(1)>") is
        // no clause of its own: the sentence around it answers. A thing's
        // field ("the widget's title") is no one's job title. Distractor:
        // a part of the widget no passage writes.
        case(Help, PUBLIC, "What happens if I paste raw HTML into the widget title?", &[ok(&["kb-embed-html"], &["as text"])]),
        case(Help, PUBLIC, "How is raw HTML in the widget title shown?", &[ok(&["kb-embed-html"], &["as text"])]),
        // How a thing the act touches is treated ("how is … shown?", "会怎么
        // 显示") is said by the prohibition too; the footer is not the title.
        case(Help, PUBLIC, "How are HTML tags in the widget title shown?", &[ok(&["kb-embed-html"], &["as text"])]),
        case(Help, PUBLIC, "How is raw HTML in the widget footer shown?", &[MISSING]).never(&["as text"]),
        case(ZhDocs, PUBLIC, "小组件标题里的原始 HTML 会怎么显示？", &[ok(&["zh/widget#embed"], &["纯文本"])]),
        case(ZhDocs, PUBLIC, "小组件页脚里的原始 HTML 会怎么显示？", &[MISSING]).never(&["纯文本"]),
        case(Help, PUBLIC, "What happens when raw HTML is pasted into the help widget's title field?", &[ok(&["kb-embed-html"], &["as text"])]),
        case(Help, PUBLIC, "How do I embed the help widget, and can I put HTML in the widget's title field?", &[ok(&["kb-embed-html"], &["script tag"]), ok(&["kb-embed-html"], &["as text"])]),
        case(Help, PUBLIC, "What happens if I paste raw HTML into the widget footer?", &[MISSING]).never(&["as text"]),
        case(Help, OPS, "what's the rollback rule for gateway-west in us-east?", &[MISSING]).never(&["last-green", "namespace"]),
        case(Help, OPS, "what is the rollback rule for gateway-west-legacy?", &[ok(&["runbook-legacy-4"], &["DNS"])]),
        case(Help, OPS, "which rollback rule applies to gateway east", &[ok(&["runbook-east-12"], &["standby"])]),
        // A request asks as a question does; a connective phrase before the
        // next question is no part of either.
        case(Help, PUBLIC, "I need the refund window for electronics; and can I get cash instead of store credit", REFUND),
        case(Help, PUBLIC, "what is the refund window for electronics? apart from that, can I get cash instead of store credit", REFUND),
        case(Help, PUBLIC, "how long is the refund window for electronics; besides that, can I get cash instead of store credit?", REFUND),
        case(NoCash, PUBLIC, "I want the refund window for electronics, and can I get cash instead of store credit", REFUND_NO_CASH),
        case(Noise, PUBLIC, "What is the refund window for electronics, and can I get cash instead of store credit?", REFUND),
        case(NoCash, PUBLIC, "What is the refund window for electronics, and can I get cash instead of store credit?", REFUND_NO_CASH)
            .says(&["I couldn't find documented information on: can I get cash instead of store credit?"]),
        case(NoCash, PUBLIC, "How long is the refund window for electronics? Can I get cash instead of store credit?", REFUND_NO_CASH)
            .says(&["I couldn't find documented information on:"]),
        case(NoCash, PUBLIC, "What's the return window for electronics, and could I get cash rather than store credit?", REFUND_NO_CASH)
            .says(&["I couldn't find documented information on:"]),
        case(OtherFact, PUBLIC, "What is the refund window for electronics, and can I get cash instead of store credit?", REFUND_NO_CASH)
            .never(&["business days"]),
        case(OtherFact, PUBLIC, "can I get cash instead of store credit?", &[MISSING]),
        case(OtherFact, PUBLIC, "Could I be refunded in cash rather than store credit?", &[MISSING]),
        case(Help, PUBLIC, "do you refund shipping?", &[MISSING]).never(&["original payment method"]),
        case(Help, PUBLIC, "Is shipping refunded when I return electronics?", &[MISSING]),
        case(Help, PUBLIC, "Is there a restocking fee for opened electronics?", &[ok(&["refund-restocking"], &["restocking fee"])]),
        // ---- Priya's memories (EN) ---------------------------------------------
        case(Help, PRIYA, "where do I work and what should I not eat?", PRIYA_PARTS).says(DIET_SAYS).never(DIET_NEVER),
        // Typed without apostrophes, or with "what's": the same questions.
        case(Help, PRIYA, "where do i work and what cant i eat", PRIYA_PARTS).says(DIET_SAYS).never(DIET_NEVER),
        case(Help, PUBLIC, "whats the refund window for electronics and can i get cash instead of store credit", REFUND),
        case(Help, PUBLIC, "What's the refund window for electronics, and can I get cash instead of store credit?", REFUND),
        case(Help, PUBLIC, "whats the return window for electronics", &[ok(&["refund-electronics"], &["15 calendar days"])]),
        case(Help, PRIYA, "Where do I work, and what can't I eat?", PRIYA_PARTS).says(DIET_SAYS).never(DIET_NEVER),
        case(Help, PRIYA, "where do I work? what should I avoid eating?", PRIYA_PARTS).says(DIET_SAYS).never(DIET_NEVER),
        // An attribute owned through "kind of" ("my kind of diet"): the
        // tagged facts state it. A word no cue names still sinks the part.
        case(Help, PRIYA, "what's the name for my kind of diet?", &[ok(&["mem-priya-pescatarian", "mem-priya-fish"], &["pescatarian"])]),
        case(Help, PRIYA, "What is Priya's sort of diet called?", &[ok(&["mem-priya-pescatarian", "mem-priya-fish"], &["pescatarian"])]),
        case(Help, PRIYA, "what's the name for my kind of car?", &[MISSING]),
        case(Help, PRIYA, "Where am I employed and what foods should I avoid?", PRIYA_PARTS).says(DIET_SAYS).never(DIET_NEVER),
        case(Help, PRIYA, "what company do I work for and what should I not eat", PRIYA_PARTS).says(DIET_SAYS).never(DIET_NEVER),
        case(Help, PRIYA, "Where do I work and is there anything I shouldn't eat?", PRIYA_PARTS).says(DIET_SAYS).never(DIET_NEVER),
        case(Help, PRIYA, "Tell me where I work and what I should not eat.", PRIYA_PARTS).says(DIET_SAYS).never(DIET_NEVER),
        // A restriction's name ("coeliac test") negates nothing after it,
        // and a month alone after "in" is a date. Distractor: an allergy
        // no passage states.
        case(Help, PRIYA, "Am I intolerant to anything, and when was that confirmed?", &[ok(&["mem-priya-gluten"], &["gluten"]), ok(&["mem-priya-gluten-2"], &["March"])]),
        case(Help, PUBLIC, "when was Priya's gluten intolerance confirmed?", &[ok(&["mem-priya-gluten-2"], &["March"])]),
        case(Help, PUBLIC, "In which month was Priya's gluten intolerance confirmed?", &[ok(&["mem-priya-gluten-2"], &["March"])]),
        case(Help, PUBLIC, "when did Priya's coeliac test take place?", &[ok(&["mem-priya-gluten-2"], &["March"])]),
        case(Help, PRIYA, "when was my fish allergy confirmed?", &[MISSING]).never(&["March"]),
        // Someone's office is where they work: the employer facts state
        // it. Distractor: an office phone no passage gives.
        case(Help, PRIYA, "My office is located in what city?", &[ok(&["mem-priya-work"], &["Lisbon"])]).never(&["harbour"]),
        case(Help, PRIYA, "in which city is my office?", &[ok(&["mem-priya-work"], &["Lisbon"])]),
        case(Help, PUBLIC, "Where is Sam's office?", &[ok(&["mem-sam-work"], &["harbour bakery"])]),
        case(Help, PRIYA, "what's my office phone number?", &[MISSING]).never(&["Lisbon"]),
        // "me" after a request verb is whom to tell, not whose facts: with
        // no user in scope, Sam's and Priya's facts still answer ("Tell me
        // where I work" still needs a user).
        case(Help, PUBLIC, "Tell me where Priya works", &[ok(&["mem-priya-work"], &["Northwind"])]),
        case(Help, PUBLIC, "Tell me what Sam does for work and where Priya works", &[ok(&["mem-sam-work"], &["bakery"]), ok(&["mem-priya-work"], &["Northwind"])]),
        case(Help, PUBLIC, "show me Priya's employer", &[ok(&["mem-priya-work"], &["Northwind"])]),
        case(Help, PUBLIC, "Tell me where I work", &[MISSING]).never(&["Northwind", "bakery"]),
        // Idioms for "avoid" ask for restrictions as "avoid" does; "keep"
        // without "away from" restricts nothing.
        case(Help, PRIYA, "which company employs me, plus what foods should I stay away from?", PRIYA_PARTS).says(DIET_SAYS).never(DIET_NEVER),
        case(Help, PRIYA, "Which foods do I need to steer clear of?", &[ok(&[], &["meat", "gluten"])]).never(DIET_NEVER),
        case(Help, PUBLIC, "what foods does Priya keep away from", &[ok(&[], &["meat", "gluten"])]).never(DIET_NEVER),
        case(Help, PUBLIC, "what foods does Priya keep eating", &[ok(&[], &["fish"])]).never(&["gluten", "meat"]),
        case(Help, PRIYA, "Where do I work, plus what should I not eat?", PRIYA_PARTS).says(DIET_SAYS).never(DIET_NEVER),
        case(Help, PRIYA, "where do i work and what should i not eat", PRIYA_PARTS).says(DIET_SAYS).never(DIET_NEVER),
        case(Noise, PRIYA, "where do I work and what should I not eat?", PRIYA_PARTS).says(DIET_SAYS).never(DIET_NEVER),
        case(Help, SAM, "where do I work?", &[ok(&["mem-sam-work"], &["harbour bakery"])]).never(&["Northwind"]),
        // Nobody to resolve "I" to: another person's facts do not answer it.
        case(Help, PUBLIC, "where do I work?", &[MISSING]).never(&["Northwind", "harbour"]),
        case(Help, PUBLIC, "What does Priya eat?", &[ok(&[], &["fish"])]),
        // An attribute named only by its tag ("role", "hobby" are written
        // by no passage): its tagged fact answers, and only for its subject.
        case(Help, PRIYA, "what is my role?", &[ok(&["mem-priya-role"], &["staff engineer"])]),
        case(Help, PRIYA, "Tell me Priya's hobby", &[ok(&["mem-priya-run"], &["river"])]),
        case(Help, SAM, "what is my role?", &[not(Missing, "no passage names the role")]),
        case(Help, PRIYA, "what's Sam's diet?", &[not(Missing, "")]).never(&["fish", "bakery"]),
        // An attribute in other words: "job title" is the role, a "food
        // intolerance" is stated by the diet facts; another person's, a
        // thing no fact states, or a value asked (cash, below) is not.
        case(Help, PRIYA, "what's my job title?", &[ok(&["mem-priya-role"], &["staff engineer"])]).never(&["Northwind"]),
        case(Help, PUBLIC, "What is Priya's job title?", &[ok(&["mem-priya-role"], &["staff engineer"])]).never(&["Northwind"]),
        case(Help, PRIYA, "tell me my position and where I work", &[ok(&["mem-priya-role"], &["staff engineer"]), ok(&["mem-priya-work"], &["Northwind"])]),
        case(Help, SAM, "what's my job title?", &[MISSING]).never(&["staff engineer"]),
        case(Help, PRIYA, "do I have any food intolerance?", &[ok(&["mem-priya-gluten", "mem-priya-gluten-2"], &["gluten"])]),
        case(Help, PUBLIC, "Does Priya have a food intolerance", &[ok(&["mem-priya-gluten", "mem-priya-gluten-2"], &["gluten"])]),
        case(Help, SAM, "do I have any food intolerance?", &[MISSING]).never(&["gluten"]),
        case(Help, PRIYA, "do I have a food delivery subscription?", &[MISSING]),
        // A cue word said of the person ("Priya is allergic", "does Priya
        // have any allergies") names her attribute as "Priya's allergies"
        // does: the answer is her diet's restrictions (which of them an
        // allergy is, no word of the corpus says). Said of someone with no
        // such facts, or with a thing no passage writes ("peanuts"), it is
        // not found.
        case(Help, PUBLIC, "What is Priya allergic to?", &[ok(&[], &["gluten"])]).never(DIET_NEVER),
        case(Help, PUBLIC, "Does Priya have any allergies?", &[ok(&[], &["gluten"])]).never(DIET_NEVER),
        case(Help, PUBLIC, "Priya is allergic to what", &[ok(&[], &["gluten"])]).never(DIET_NEVER),
        case(Help, PRIYA, "Am I allergic to anything?", &[ok(&[], &["gluten"])]).never(DIET_NEVER),
        case(Help, PUBLIC, "Am I allergic to anything?", &[MISSING]).never(&["gluten"]),
        case(Help, PUBLIC, "Is Priya allergic to peanuts?", &[MISSING]).never(&["gluten"]),
        case(Help, PUBLIC, "Is Sam allergic to anything?", &[MISSING]).never(&["gluten"]),
        case(Help, PUBLIC, "Does Sam have any allergies?", &[MISSING]).never(&["gluten"]),
        case(Help, PUBLIC, "Does Priya have any siblings?", &[MISSING]),
        // A kind asked ("what *shift*", "which *department*") that the cued
        // attribute's fact neither writes nor is: the employer does not
        // answer it. A kind it is ("company", "firm") still asks for it.
        case(Help, PUBLIC, "What shift does Priya work?", &[MISSING]).never(&["Northwind"]),
        case(Help, PUBLIC, "Priya works which shift", &[MISSING]).never(&["Northwind"]),
        case(Help, PRIYA, "what shift do I work?", &[MISSING]).never(&["Northwind"]),
        case(Help, PUBLIC, "What department does Priya work in?", &[MISSING]).never(&["Northwind"]),
        case(Help, PUBLIC, "What project is Priya working on?", &[MISSING]).never(&["Northwind"]),
        case(Help, PUBLIC, "What team does Priya work on?", &[MISSING]).never(&["Northwind"]),
        case(Help, PUBLIC, "What company does Priya work for?", &[ok(&["mem-priya-work"], &["Northwind"])]),
        case(Help, PUBLIC, "Which firm does Priya work at?", &[ok(&["mem-priya-work"], &["Northwind"])]),
        case(Help, PRIYA, "what company do I work for", &[ok(&["mem-priya-work"], &["Northwind"])]),
        case(Help, SAM, "What shift do I work?", &[ok(&["mem-sam-work"], &["nights"])]),
        // A place is of the verb asked: where she works is not where she lives.
        case(Help, PRIYA, "where do I live?", &[not(Missing, "")]).never(&["Lisbon"]),
        case(Help, PUBLIC, "Where does Priya live?", &[not(Missing, "")]).never(&["Lisbon"]),
        case(Help, PUBLIC, "In which city does Priya work?", &[ok(&["mem-priya-work"], &["Lisbon"])]),
        // A greeting asks nothing, in either language.
        case(Help, PUBLIC, "hello, what is the refund window for electronics?", &[ok(&["refund-electronics"], &["15 calendar days"])]),
        case(Help, PUBLIC, "Hi! can I get cash instead of store credit", &[ok(&["refund-cash"], &["cash"])]),
        case(Help, TODAY, "你好，今年境内差旅报销要在几天内提交？", &[ok(&["travel-2026-submit"], &["30"])]),
        // A preamble that announces a question asks nothing ("Quick
        // question:", "Two questions:", "问一下，"); a noun phrase that ends
        // with a period before a question is a part of its own; a dash
        // before "and" is no part of the part before.
        case(Help, PUBLIC, "Quick question: how long is the refund window for electronics?", &[ok(&["refund-electronics"], &["15 calendar days"])]),
        case(Help, PUBLIC, "Question: can I get cash instead of store credit?", &[ok(&["refund-cash"], &["cash"])]),
        case(Help, PUBLIC, "Two questions: how long is the electronics refund window, and can I be refunded in cash?", REFUND),
        case(Help, PUBLIC, "Quick question: how long is the refund window for sofas?", &[MISSING]).never(&["15"]),
        case(Help, TODAY, "问一下，今年境内差旅报销要在几天内提交？", &[ok(&["travel-2026-submit"], &["30"])]),
        case(Help, TODAY, "想问一下境内差旅报销要在几天内提交？", &[ok(&["travel-2026-submit"], &["30"])]),
        case(Help, PUBLIC, "Refund window for electronics. Can I get cash instead of store credit?", REFUND),
        case(Help, PUBLIC, "What's the refund window for electronics — and can I get cash instead of store credit?", REFUND).never(&["—?"]),
        case(Help, TODAY, "请问今年境内差旅报销要在几天内提交？", &[ok(&["travel-2026-submit"], &["30"])]),
        // 几日/几周 ask a duration as 几天 does: a sentence without one does
        // not answer.
        case(Help, TODAY, "今年境内差旅报销要在几日内提交？", &[ok(&["travel-2026-submit"], &["30"])]),
        case(Help, TODAY, "TRAVEL-2026-S2 规定境外报销要在回国后几日内提交？", &[not(Missing, "")]),
        case(OtherFact, PUBLIC, "hey, can I get cash instead of store credit?", &[not(Missing, "")]),
        // ---- a time of day, a vague duration, a place without a name -------------
        // "at what time" / "when" is answered by a clock time ("gave up at
        // 14:02 UTC"); a sentence with none does not answer it.
        case(Help, OPS, "At what time did the orchestrator give up on the gateway-west deploy?", &[ok(&["log-2291"], &["14:02"])]),
        case(Help, OPS, "what time did the orchestrator give up on gateway-west", &[ok(&["log-2291"], &["14:02"])]),
        case(Help, OPS, "when did the orchestrator give up on the gateway-west deploy, and which rollback rule applies to gateway-west?", &[ok(&["log-2291"], &["14:02"]), ok(&["runbook-82"], &[])]),
        // "the deploy" in a later part is the one the part before named
        // ("the gateway-west deploy"), not any deploy: the controller's
        // general retry passage gives no reason this one failed. Not a
        // compound ("the deploy controller"), nor a noun the part before
        // never wrote with a name ("the canary").
        case(Help, OPS, "At what time did the orchestrator give up on the gateway-west deploy, and why did the deploy fail?", &[ok(&["log-2291"], &["14:02"]), ok(&["log-2291"], &["timed out"])]),
        case(Help, OPS, "When did the orchestrator give up on the gateway-west deploy and why did that deploy fail", &[ok(&["log-2291"], &["14:02"]), ok(&["log-2291"], &["timed out"])]),
        case(Help, OPS, "why did the deploy of gateway-west fail, and at what time did the orchestrator give up on the deploy?", &[ok(&["log-2291"], &["timed out"]), ok(&["log-2291"], &["14:02"])]),
        case(Sibling, OPS, "Which retry did the gateway-east deploy fail after, and why did the deploy fail?", &[ok(&["log-2292"], &["first"]), ok(&["log-2292"], &["too late"])]),
        case(Help, OPS, "Why did the gateway-west deploy fail, and how many times does the deploy controller retry?", &[ok(&["log-2291"], &["timed out"]), ok(&["kb-retries"], &["twice"])]),
        case(Help, OPS, "At what time did the orchestrator give up on the gateway-west deploy, and why did the canary fail?", &[ok(&["log-2291"], &["14:02"]), MISSING]),
        case(Help, OPS, "At what time does the deploy controller open an incident?", &[MISSING]),
        case(Help, OPS, "what time was the payments-api canary rolled back?", &[MISSING]),
        // A duration said by its unit alone ("it takes seconds").
        case(Docs, PUBLIC, "how long does a rollback take?", &[ok(&["rollback"], &["seconds"])]),
        case(Docs, PUBLIC, "How much time does a rollback take", &[ok(&["rollback"], &["seconds"])]),
        case(Docs, PUBLIC, "how long does an upgrade of the agents take?", &[MISSING]),
        case(ZhDocs, PUBLIC, "回滚需要多长时间？", &[ok(&["zh/rollback"], &["数秒"])]),
        case(ZhDocs, PUBLIC, "重启支付服务需要多久？", &[MISSING]),
        // The answering sentence's own duration, not an amount another
        // sentence of the page states.
        case(Rollbacks, PUBLIC, "how long does a rollback take?", &[ok(&["rollbacks"], &["seconds"])]).never(&["30 days"]),
        case(Rollbacks, PUBLIC, "after how many days are kept releases deleted?", &[ok(&["rollbacks"], &["30"])]),
        case(Docs, PUBLIC, "How long does it take to roll back a deploy, and does it rebuild anything?", &[ok(&["rollback"], &["seconds"]), ok(&["rollback"], &["rebuild"])]),
        case(Docs, PUBLIC, "how long does a deploy take?", &[MISSING]),
        // A search box writes the next sentence in lower case too.
        case(Docs, PUBLIC, "rollback duration. does a rollback rebuild anything?", &[ok(&["rollback"], &["seconds"]), ok(&["rollback"], &["rebuild"])]),
        case(Docs, PUBLIC, "deploy duration", &[MISSING]),
        // A stray letter after the question mark ("…?i,", "? a", "? x") asks
        // nothing: it is no part the report says it could not find. A word
        // after it still asks ("? Cash?", "? and cash?").
        case(Help, PUBLIC, "What is the refund window for electronics? i", &[ok(&["refund-electronics"], &["15 calendar days"])]),
        case(Help, PUBLIC, "What is the refund window for electronics?i,", &[ok(&["refund-electronics"], &["15 calendar days"])]),
        case(Help, PUBLIC, "Can I get cash instead of store credit? x", &[ok(&["refund-cash"], &["cash"])]),
        case(Help, TODAY, "境内差旅报销的提交期限是多久？a", &[ok(&["travel-2026-submit"], &["30"])]),
        case(Help, PUBLIC, "What is the refund window for electronics? Cash?", &[ok(&["refund-electronics"], &["15 calendar days"]), ok(&["refund-cash"], &["cash"])]),
        // A verb and its particle ("roll back", "rolling back") are the
        // compound noun a page writes ("A rollback … takes seconds"), and a
        // compound a question writes ("a rollback") is the verb and particle
        // a heading writes ("Roll back a deploy"); another particle is
        // another act ("roll out", "back up").
        case(Docs, PUBLIC, "How long does rolling back a deploy take?", &[ok(&["rollback"], &["seconds"])]),
        case(Docs, PUBLIC, "how much time does rolling back take", &[ok(&["rollback"], &["seconds"])]),
        case(ZhDocs, PUBLIC, "回滚服务器要花多长时间？", &[ok(&["zh/rollback"], &["数秒"])]),
        case(Docs, PUBLIC, "How long does it take to roll out a deploy?", &[MISSING]),
        case(Docs, PUBLIC, "How long does it take to back up a deploy?", &[MISSING]),
        case(Docs, PUBLIC, "Does a rollback restart the servers one at a time?", &[ok(&["rollback#roll-back-a-deploy"], &["one at a time"])]),
        case(Docs, PUBLIC, "Does a rollback restart the servers one by one?", &[ok(&["rollback#roll-back-a-deploy"], &["one at a time"])]),
        // "it" as the subject after do-support stands for the thing the
        // part before asks about ("a rollback"): the later part asks of it,
        // not of any page; a predicate no page states stays missing.
        case(Docs, PUBLIC, "How long does a rollback take, and does it rebuild anything?", &[ok(&["rollback"], &["seconds"]), ok(&["rollback"], &["rebuild"])]),
        case(Docs, PUBLIC, "How long does a rollback take? Does it restart the servers one at a time?", &[ok(&["rollback"], &["seconds"]), ok(&["rollback#roll-back-a-deploy"], &["one at a time"])]),
        case(Docs, PUBLIC, "What does a deploy build, and does it push the image?", &[ok(&["deploy"], &["image"]), ok(&["deploy"], &["push"])]),
        case(Docs, PUBLIC, "How long does a rollback take, and does it need a database migration?", &[ok(&["rollback"], &["seconds"]), MISSING]),
        case(Docs, PUBLIC, "where does skiff read its config from?", &[ok(&["configuration"], &["skiff.toml"])]),
        case(Docs, PUBLIC, "Which file in the root of the repo holds the settings?", &[ok(&["configuration"], &["skiff.toml"])]),
        case(Docs, PUBLIC, "where does skiff read its configuration from?", &[ok(&["configuration"], &["skiff.toml"])]),
        case(Docs, PUBLIC, "what's the config for the database pool size?", &[MISSING]),
        // A place said with a common noun ("runs along the river").
        case(Help, PRIYA, "where do I run on Sundays?", &[ok(&["mem-priya-run"], &["river"])]),
        case(Help, PUBLIC, "Where does Priya go running?", &[ok(&["mem-priya-run"], &["river"])]),
        // A day of the week is no place ("on Sundays"), nor a month.
        case(Help, PUBLIC, "Where does Priya run?", &[ok(&["mem-priya-run"], &["river"])]).never(&["Sundays ("]),
        case(Help, PRIYA, "where do I go for my run", &[ok(&["mem-priya-run"], &["river"])]).never(&["Sundays ("]),
        case(Help, PUBLIC, "where does Priya swim on Sundays?", &[MISSING]),
        // "go for a run", "go on her runs": the activity is the verb asked;
        // distractor: an activity no passage says she does.
        case(Help, PUBLIC, "where does Priya go for a run?", &[ok(&["mem-priya-run"], &["river"])]),
        case(Help, PUBLIC, "Where does Priya go on her runs?", &[ok(&["mem-priya-run"], &["river"])]),
        case(Help, PUBLIC, "where does Priya go for a swim?", &[MISSING]).never(&["river"]),
        // A day of the week says when something recurs ("on Sundays");
        // "nights" is no day.
        case(Help, PUBLIC, "which day does Priya go running?", &[ok(&["mem-priya-run"], &["Sundays"])]),
        case(Help, PRIYA, "when do I go for a run?", &[ok(&["mem-priya-run"], &["Sundays"])]),
        case(Help, PUBLIC, "which day does Sam work?", &[MISSING]).never(&["nights"]),
        case(Help, PUBLIC, "where does Sam run?", &[MISSING]),
        // ---- the event a duration is of ---------------------------------------------
        // A payment period is not the submission deadline: the answering
        // sentence says the event asked (paid, submitted) in some form.
        case(Help, TODAY, "what was last year's payment period for approved domestic claims", &[not(Missing, "")]).never(&["60 calendar days"]),
        case(Help, TODAY, "how long did payment of approved domestic claims take last year?", &[not(Missing, "")]).never(&["60 calendar days"]),
        case(Help, TODAY, "what is this year's payment period for domestic claims?", &[ok(&["travel-2026-pay-en"], &["5 working days"])]),
        // Words after a preposition are its object's nouns ("for approved
        // domestic *claims*"), not predicate verbs to soften: the 2025
        // submission sentence lacks what the question says of the claims.
        case(Help, TODAY, "last year, how long was the payment time for approved domestic claims?", &[not(Missing, "")]).never(&["60 calendar days"]),
        case(Help, TODAY, "what is this year's payment period for approved domestic claims?", &[ok(&["travel-2026-pay-en"], &["5 working days"])]),
        case(Help, PUBLIC, "how long is the refund period for opened electronics?", &[ok(&["refund-electronics"], &["15 calendar days"])]),
        // The object's head must be there: opened shoes are not opened
        // electronics, however many words the fee's sentence shares.
        case(Help, PUBLIC, "is there a restocking fee for opened shoes?", &[MISSING]).never(&["10 percent"]),
        case(Help, TODAY, "去年境内报销单审批后多久付款？", &[ok(&["travel-2025-pay"], &["10 个工作日"])]),
        case(Help, TODAY, "Within how many days are approved domestic claims paid this year?", &[ok(&["travel-2026-pay-en"], &["5"])]),
        case(Help, TODAY, "how long is the submission period for domestic claims this year?", &[ok(&["travel-2026-submit-en"], &["30"])]),
        // ---- a catalog entity described by its incident ---------------------------
        // "the service in incident INC-2291" is a service (the catalog's
        // type), found on the incident's log, then asked about.
        case(Help, OPS, "what rollback rule applies to the service in incident INC-2291", RULE),
        case(Help, OPS, "How do I roll back the service from INC-2291?", RULE),
        case(Help, OPS, "which rollback rule applies to the service named in INC-2291?", RULE),
        // "named by", "listed in" read a document's reference ("the
        // supplement referenced by TRAVEL-2026-01"), except where the noun is
        // a catalog type: the service is found on the incident's log.
        case(Help, OPS, "what's the rollback rule for the service named by INC-2291", RULE),
        case(Help, OPS, "how do I roll back the service listed in INC-2291?", RULE),
        case(Help, OPS, "which rollback rule applies to the service named in INC-2300?", &[MISSING]).never(&["last-green"]),
        case(Help, OPS, "which service is INC-2291 about?", &[ok(&["log-2291"], &["gateway-west"])]),
        case(Help, OPS, "Which service does incident INC-2291 concern", &[ok(&["log-2291"], &["gateway-west"])]),
        case(Help, OPS, "which service is INC-2300 about?", &[MISSING]).never(&["gateway-west"]),
        case(Help, OPS, "what rollback rule applies to the service in incident INC-2300?", &[not(Missing, "no passage mentions \"inc-2300\"")]).never(&["last-green"]),
        // ---- "them" in a later part ---------------------------------------------
        // "them" is the plural noun the part before asks about: the
        // electronics' window, not the standard one.
        case(Help, PUBLIC, "Do electronics carry a restocking fee, and how long do I have to return them?", &[ok(&["refund-restocking"], &["10 percent"]), ok(&["refund-electronics"], &["15"])]),
        case(Help, PUBLIC, "is there a restocking fee on opened electronics, and how many days do I have to send them back?", &[ok(&["refund-restocking"], &["10 percent"]), ok(&["refund-electronics"], &["15"])]),
        case(Help, PUBLIC, "Are sale items final? And can I return them within 30 days?", &[ok(&["refund-general"], &["final"]), ok(&["refund-general"], &[])]),
        case(Help, PUBLIC, "Do gift cards carry a restocking fee, and how long do I have to return them?", &[MISSING, MISSING]),
        // ---- the embed example ---------------------------------------------------
        case(Help, PUBLIC, "How do I embed the help widget with HTML?", &[ok(&["kb-embed-html"], &["script tag"])]),
        case(Help, PUBLIC, "how can I embed the help widget using HTML", &[ok(&["kb-embed-html"], &["script tag"])]),
        case(Help, PUBLIC, "What is the way to embed the help widget in my page?", &[ok(&["kb-embed-html"], &["script tag"])]),
        case(Help, PUBLIC, "How do I embed a video in the help widget?", &[MISSING]),
        // ---- a docs site -------------------------------------------------------
        // "it" in a later part is the noun phrase the part before asks about.
        case(Docs, PUBLIC, "What does the health check request? How long does the server have to answer it?", &[ok(&["deploy#health-checks"], &["GET /up"]), ok(&["deploy#health-checks"], &["30 seconds"])]),
        case(Docs, PUBLIC, "what does the health check call, and within how many seconds must the app answer it", &[ok(&["deploy#health-checks"], &["GET /up"]), ok(&["deploy#health-checks"], &["30 seconds"])]),
        case(Docs, PUBLIC, "What does the health check request, and who wrote it?", &[ok(&["deploy#health-checks"], &["GET /up"]), not(Missing, "")]),
        // A who-question over a passage that names no one is not answered by
        // its sentence; a name does.
        case(Docs, PUBLIC, "who wrote the health check?", &[not(Missing, "no passage states a person")]),
        case(Docs, PUBLIC, "Who maintains the rollback command", &[not(Missing, "")]),
        case(Help, PUBLIC, "Who does Priya work for?", &[ok(&[], &["Northwind"])]),
        // Paraphrases: another verb, another wording of "who"; no passage of
        // the docs names anyone (a product written in lower case elsewhere,
        // "Skiff … skiff deploy", is no one).
        case(Docs, PUBLIC, "who designed the health check?", &[not(Missing, "no passage states a person")]),
        case(Docs, PUBLIC, "Who is in charge of the rollback command?", &[not(Missing, "no passage states a person")]),
        // A name first in its sentence, before its verb (even past "still"),
        // answers; Chinese is not read for names.
        case(Help, PUBLIC, "who does not eat meat?", &[ok(&["mem-priya-meat"], &["Priya"])]),
        case(Help, PUBLIC, "who works nights at the harbour bakery?", &[ok(&["mem-sam-work"], &["Sam"])]),
        // A user written in lower case ("priya") is still a name once put
        // in the question: her facts answer, and what no fact states
        // (her salary, her manager) is missing rather than read off the
        // salary-account sentence or her diet.
        case(Help, PRIYA_LOWER, "what is my salary?", &[MISSING]).never(&["salary account"]),
        case(Help, PRIYA_LOWER, "Who is my manager?", &[MISSING]).never(&["pescatarian"]),
        case(Help, PRIYA_LOWER, "where do I work?", &[ok(&["mem-priya-work"], &["Northwind"])]),
        case(Help, PRIYA_LOWER, "what should I not eat?", &[ok(&["mem-priya-meat"], &["meat"])]),
        case(Help, PUBLIC, "境外报销由谁审核？", &[ok(&["travel-s2-submit"], &["部门负责人"])]),
        case(Docs, PUBLIC, "How do I install the CLI and how do I roll back a deploy?", &[INSTALL, ROLLBACK]),
        case(Docs, PUBLIC, "How do I install the CLI and roll back a deploy?", &[INSTALL, ROLLBACK]),
        case(Docs, PUBLIC, "how to install the CLI, and how to roll back a deploy", &[INSTALL, ROLLBACK]),
        case(Docs, PUBLIC, "How do I set environment variables, and which port do agents listen on?", &[ENV_VARS, PORT]),
        case(Docs, PUBLIC, "How do I set environment variables and which port do the agents use?", &[ENV_VARS, PORT]),
        // "Which gets …" asks which thing, not a kind of thing called
        // "gets". Distractor: a verb no page writes.
        case(Docs, PUBLIC, "Which gets upgraded first, the CLI or the agents?", &[ok(&[], &["CLI first"])]),
        case(Docs, PUBLIC, "What gets upgraded first, the agents or the CLI?", &[ok(&[], &["CLI first"])]),
        case(Docs, PUBLIC, "Which gets deleted first, the CLI or the agents?", &[MISSING]).never(&["CLI first"]),
        // The same with "is" and a modal: the verb no page writes is what
        // a verification cannot check, whatever else the page shares.
        case(Docs, PUBLIC, "Which is upgraded first, the CLI or the agents?", &[ok(&[], &["CLI first"])]),
        case(Docs, PUBLIC, "Which is deleted first, the CLI or the agents?", &[MISSING]).never(&["port 7420"]),
        case(Docs, PUBLIC, "Which should be deleted first, the agents or the CLI?", &[MISSING]),
        // "go"/"come" first: a light verb the page need not write, with the
        // act named elsewhere in the question ("upgrading", "when you
        // upgrade"). Distractor: an act no page orders.
        case(Docs, PUBLIC, "upgrading: should the agents or the CLI go first?", &[ok(&[], &["CLI first"])]),
        case(Docs, PUBLIC, "When upgrading, should the CLI or the agents go first?", &[ok(&[], &["CLI first"])]),
        case(Docs, PUBLIC, "when you upgrade, which goes first, the CLI or the agents?", &[ok(&[], &["CLI first"])]),
        case(Docs, PUBLIC, "Which comes first when upgrading, the agents or the CLI?", &[ok(&[], &["CLI first"])]),
        case(Docs, PUBLIC, "When deleting, which goes first, the CLI or the agents?", &[MISSING]).never(&["CLI first"]),
        // An order asked between two things ("A or B … first") is answered
        // by the sentence that orders both, in any words ("first, then"),
        // also as a question with an auxiliary ("Do I …"), not a yes/no
        // one. Distractors: a thing the ordering sentence does not name,
        // and an act no page orders.
        case(Docs, PUBLIC, "Do I upgrade the agents or the CLI first?", &[ok(&["upgrade"], &["CLI first"])]),
        case(Docs, PUBLIC, "in what order do I upgrade the agents and the CLI", &[ok(&["upgrade"], &["CLI first"])]),
        case(Docs, PUBLIC, "What do I upgrade first: the CLI or the agents?", &[ok(&["upgrade"], &["CLI first"])]),
        case(Docs, PUBLIC, "Which goes first when upgrading, the CLI or the dashboard?", &[MISSING]).never(&["CLI first"]),
        case(Docs, PUBLIC, "Do I install the agents or the CLI first?", &[MISSING]).never(&["then the agents"]),
        case(ZhDocs, PUBLIC, "升级时先升级代理还是命令行工具？", &[ok(&["zh/upgrade"], &["先升级命令行工具"])]),
        case(ZhDocs, PUBLIC, "应该先升级命令行工具还是先升级代理", &[ok(&["zh/upgrade"], &["先升级命令行工具"])]),
        case(ZhDocs, PUBLIC, "先删除命令行工具还是代理？", &[MISSING]).never(&["先升级"]),
        // A section that reads complete only with its sibling's words ("Run
        // skiff agent upgrade …" under "Upgrade the agents", with the page's
        // "the CLI first") is not the answer where the sibling states it
        // all; nor is the section that borrows "41" from the one that rolls
        // back to a release. Distractor: a thing no page names.
        case(Docs, PUBLIC, "Which do I upgrade first, the CLI or the agents?", &[ok(&["upgrade"], &["CLI first"])]),
        case(Docs, PUBLIC, "Should the agents be upgraded before the CLI?", &[ok(&["upgrade"], &["CLI first"])]),
        case(Docs, PUBLIC, "How do I roll back to release 41 in production?", &[ok(&["rollback#roll-back-to-a-specific-release"], &["--to 41"])]),
        case(Docs, PUBLIC, "Do I upgrade the agents or the dashboard first?", &[MISSING]).never(&["CLI first"]),
        // "first" inside an alternative asks no order; a noun that is also
        // a verb ("the refund") is still a thing; two things no page orders.
        case(Help, PUBLIC, "Can I get cash or store credit on my first return?", &[ok(&["refund-cash"], &["cash"])]),
        case(Help, PUBLIC, "Which comes first, the refund or the restocking fee?", &[MISSING]),
        // Where a thing is kept or stored is where it is, not an event the
        // sentence must write. Distractor: a thing no page names.
        case(Docs, PUBLIC, "Where is skiff.toml kept?", &[ok(&["configuration"], &["root of your repository"])]),
        case(Docs, PUBLIC, "where is the skiff.toml file stored", &[ok(&["configuration"], &["root of your repository"])]),
        case(Docs, PUBLIC, "Where is the Kubernetes manifest kept?", &[MISSING]).never(&["root of your repository"]),
        // "Open that port …" answers "which port?" only with the sentence
        // before it, which names the port ("… on port 7420.").
        case(Docs, PUBLIC, "my runner can't reach an agent - which port do I need to open?", &[PORT]),
        case(Docs, PUBLIC, "which port should I open from my runner?", &[PORT]),
        case(Docs, PUBLIC, "what port do I have to open to the servers?", &[PORT]),
        case(Docs, PUBLIC, "which port must be open between the runner and the servers", &[PORT]),
        case(Docs, PUBLIC, "How do I upgrade the agents and what does the health check request?", &[UPGRADE_AGENTS, HEALTH]),
        case(Docs, PUBLIC, "what does the health check request?", &[HEALTH]),
        case(Docs, PUBLIC, "Which endpoint does the health check call?", &[HEALTH]),
        case(Docs, PUBLIC, "How long does the health check wait for an answer?", &[ok(&["deploy#health-checks", "troubleshooting#health-check-timed-out"], &["30"])]),
        case(Docs, PUBLIC, "How many releases are kept on each server?", &[ok(&["configuration#keeping-releases"], &["five"])]),
        case(Docs, PUBLIC, "How do I deploy to Kubernetes?", &[MISSING]),
        // The section whose heading names the task asked, over a sentence
        // elsewhere that shares its words ("… if you installed with Homebrew").
        case(Docs, PUBLIC, "how do i install skiff with homebrew", &[BREW]),
        case(Docs, PUBLIC, "How can I install the CLI using Homebrew?", &[BREW]),
        case(Docs, PUBLIC, "Installing skiff with Homebrew: how?", &[BREW]),
        case(Docs, PUBLIC, "How do I upgrade skiff if I installed it with Homebrew?", &[ok(&["upgrade#upgrade-the-cli"], &["brew upgrade skiff"])]),
        // Of two sections that answer alike, the one whose heading adds least
        // to the question.
        case(Docs, PUBLIC, "how do I roll back?", &[ROLLBACK]),
        case(Docs, PUBLIC, "How can a deploy be rolled back", &[ROLLBACK]),
        case(Docs, PUBLIC, "How do I roll back to a specific release?", &[ok(&["rollback#roll-back-to-a-specific-release"], &["--to 41"])]),
        // A verb-like word inside the object's noun phrase is a noun of it
        // ("the health *check* path"): a section that shares only "path"
        // (the shell's PATH) does not answer, nor one about the health check
        // that never speaks of changing its path.
        case(Docs, PUBLIC, "How do I change the health check path?", &[MISSING]),
        case(Docs, PUBLIC, "how can I change the path the health check calls", &[MISSING]),
        case(Docs, PUBLIC, "How do I set a different health check path", &[MISSING]),
        // The same thing asked through a relative clause ("the path (that)
        // the health check calls"): its noun must be there. Where it is, the
        // clause answers ("the volume a snapshot holds").
        case(Docs, PUBLIC, "how do I change the path that the health check calls?", &[MISSING]),
        case(Backups, PUBLIC, "how do I restore the volume a snapshot holds?", &[ok(&["backups#restore"], &["skiff restore"])]),
        // The head of the compound noun must be there ("path"); where it is,
        // the compound answers ("the runtime variables", "the restocking fee").
        case(Docs, PUBLIC, "how do I edit the health check path?", &[not(Missing, "no passage speaks of the health check path")]),
        case(Docs, PUBLIC, "How do I set the runtime variables?", &[ENV_VARS]),
        case(Help, PUBLIC, "What is the restocking fee for opened electronics?", &[ok(&["refund-restocking"], &["10 percent"])]),
        case(Docs, PUBLIC, "How do I put the skiff binary on my PATH?", &[INSTALL]),
        case(Docs, PUBLIC, "How do I check the install?", &[ok(&["install#verify-the-install"], &["skiff version"])]),
        case(Docs, PUBLIC, "what path does the health check request?", &[HEALTH]),
        // An instruction followed by what it does ("Run `skiff version`. It
        // prints the CLI version …"): the instruction answers how to do it.
        case(Docs, PUBLIC, "how do I check the CLI version?", &[ok(&["install#verify-the-install"], &["skiff version"])]),
        case(Docs, PUBLIC, "How do I upgrade the agents and see the CLI version?", &[UPGRADE_AGENTS, ok(&["install#verify-the-install"], &["skiff version"])]),
        case(Docs, PUBLIC, "How can I find out which agent protocol my CLI speaks?", &[ok(&["install#verify-the-install"], &["skiff version"])]),
        case(Docs, PUBLIC, "how do I check the database version?", &[MISSING]),
        case(Docs, PUBLIC, "Which port does the database listen on?", &[MISSING]),
        case(Docs, PUBLIC, "How do I install the CLI and how do I migrate the database?", &[INSTALL, MISSING])
            .says(&["migrate the database"]),
        // A how-to's act must be one the passage speaks of: the page that
        // names the agents and a version (`skiff version` prints them) does
        // not say how to roll anything back, and no page says how to
        // downgrade the agents. Asking to see or check something is
        // answered by the page that shows it.
        case(Docs, PUBLIC, "how can I roll the agents back to a previous version", &[MISSING]).never(&["skiff version"]),
        case(Docs, PUBLIC, "How do I revert the CLI to an older version?", &[MISSING]).never(&["skiff version"]),
        case(Docs, PUBLIC, "How do I pin the agents to an older version?", &[MISSING]).never(&["skiff version"]),
        case(Docs, PUBLIC, "How do I roll back a deploy to an older release?", &[ok(&["rollback#roll-back-a-deploy", "rollback#roll-back-to-a-specific-release"], &["skiff rollback"])]),
        case(Docs, PUBLIC, "How do I see which version of the CLI I have?", &[ok(&["install#verify-the-install"], &["skiff version"])]),
        case(ZhDocs, PUBLIC, "怎么把代理回滚到旧版本？", &[MISSING]).never(&["7420"]),
        // A file is named by its file name ("reads its settings from
        // `skiff.toml`"), without the word "file"; a file no page names is
        // still not found.
        case(Docs, PUBLIC, "where does the config file live?", &[ok(&["configuration"], &["skiff.toml"])]),
        case(Docs, PUBLIC, "Where is the configuration file kept?", &[ok(&["configuration"], &["skiff.toml"])]),
        case(Docs, PUBLIC, "In which folder should the settings file go?", &[ok(&["configuration"], &["skiff.toml"])]),
        case(Docs, PUBLIC, "where does the log file live?", &[MISSING]),
        case(Docs, PUBLIC, "Where is the lock file kept?", &[MISSING]),
        // "Which folder / directory" asks where a thing is: a sentence that
        // names no place does not answer it.
        case(Docs, PUBLIC, "In which directory are the logs written?", &[MISSING]).never(&["skiff logs"]),
        case(Docs, PUBLIC, "Which folder holds the release files?", &[MISSING]).never(&["keep_releases"]),
        case(Docs, PUBLIC, "In which directory does skiff install the binary?", &[ok(&["install#install-with-the-script"], &["skiff/bin"])]),
        // ---- a site whose answers use other words --------------------------------
        case(Backups, PUBLIC, "how long are snapshots kept?", &[ok(&["backups#retention"], &["14"])]),
        case(Backups, PUBLIC, "How long does Skiff retain snapshots?", &[ok(&["backups#retention"], &["14"])]),
        case(Backups, PUBLIC, "how many snapshots are kept", &[ok(&["backups#retention"], &["14"])]),
        case(Backups, PUBLIC, "How do I restore a volume from a snapshot?", &[ok(&["backups#restore"], &["skiff restore"])]),
        case(Backups, PUBLIC, "how long are logs kept?", &[MISSING]),
        case(Backups, PUBLIC, "How long are snapshots kept, and which port does the agent listen on?", &[
            ok(&["backups#retention"], &["14"]),
            ok(&["agents"], &["7420"]),
        ]),
        case(BackupsNoise, PUBLIC, "how long are snapshots kept?", &[ok(&["backups#retention"], &["14"])]),
        case(BackupsNoise, PUBLIC, "how long are logs kept?", &[MISSING]),
        case(BackupsNoise, PUBLIC, "How long are snapshots kept, and which port does the agent listen on?", &[
            ok(&["backups#retention"], &["14"]),
            ok(&["agents"], &["7420"]),
        ]),
        // ---- one wh-word over two verb phrases -----------------------------------
        case(Sitemap, PUBLIC, "How do I add a sitemap and deploy to Netlify?", &[
            ok(&["guides/sitemap#install"], &["@astrojs/sitemap"]),
            ok(&["guides/deploy/netlify"], &["Netlify dashboard"]),
        ]),
        case(Sitemap, PUBLIC, "how can I add a sitemap and deploy my site to Netlify", &[
            ok(&["guides/sitemap#install"], &["@astrojs/sitemap"]),
            ok(&["guides/deploy/netlify"], &["Netlify dashboard"]),
        ]),
        case(Sitemap, PUBLIC, "How do I add a sitemap and then deploy to Netlify?", &[
            ok(&["guides/sitemap#install"], &["@astrojs/sitemap"]),
            ok(&["guides/deploy/netlify"], &["Netlify dashboard"]),
        ]),
        case(Sitemap, PUBLIC, "How can I deploy to Vercel and add an RSS feed?", &[
            ok(&["guides/deploy/vercel"], &["Vercel dashboard"]),
            ok(&["guides/rss"], &["@astrojs/rss"]),
        ]),
        case(Sitemap, PUBLIC, "How do I add a sitemap and deploy to Heroku?", &[
            ok(&["guides/sitemap#install"], &["@astrojs/sitemap"]),
            MISSING,
        ]),
        // ---- where a thing is based or located ------------------------------------
        case(Help, PUBLIC, "Priya's employer is based in what city?", &[ok(&["mem-priya-work"], &["Lisbon"])]),
        case(Help, PRIYA, "Where is my employer located?", &[ok(&["mem-priya-work"], &["Lisbon"])]),
        case(Help, PUBLIC, "In which city is Sam's employer situated?", &[MISSING]).never(&["Lisbon"]),
        case(Help, PUBLIC, "Where is the refund department located?", &[MISSING]),
        // ---- a question word after a preposition, and chat's "n" ------------------
        case(Help, PUBLIC, "how long is the refund window for electronics n how much is the restocking fee?", &[
            ok(&["refund-electronics"], &["15"]),
            ok(&["refund-restocking"], &["10"]),
        ]),
        case(Docs, PUBLIC, "what does the health check request and within how many seconds must it answer?", &[
            ok(&["deploy#health-checks"], &["GET /up"]),
            ok(&["deploy#health-checks"], &["30 seconds"]),
        ]),
        case(Help, PUBLIC, "How much is the restocking fee, for what items is it waived, and can I get cash instead of store credit?", &[
            ok(&["refund-restocking"], &["10"]),
            ok(&["refund-restocking"], &["defective"]),
            ok(&["refund-cash"], &["cash"]),
        ]),
        case(Help, PUBLIC, "How long is the refund window for electronics, and from what day?", &[
            ok(&["refund-electronics"], &["15"]),
            ok(&["refund-electronics"], &["delivery"]),
        ]),
        // ---- a yes/no question a negated statement answers ----------------------
        // "Priya does not eat meat." answers "Does Priya eat meat?" (no), as
        // "Priya eats fish." answers "Does Priya eat fish?" (yes); a word no
        // page writes, or a predicate said of another thing, is still missing.
        case(Help, PUBLIC, "Does Priya eat meat?", &[ok(&["mem-priya-meat"], &["not eat meat"])]),
        case(Help, PUBLIC, "does priya eat any meat", &[ok(&["mem-priya-meat"], &["not eat meat"])]),
        case(Help, PUBLIC, "Does Priya eat fish?", &[ok(&["mem-priya-fish"], &["eats fish"])]),
        case(Help, PUBLIC, "Does Priya eat pork?", &[MISSING]),
        case(Docs, PUBLIC, "Does a rollback rebuild anything?", &[ok(&["rollback"], &["not rebuild"])]),
        case(Docs, PUBLIC, "Does a deploy rebuild anything?", &[MISSING]),
        case(ZhDocs, PUBLIC, "回滚会重新构建吗？", &[ok(&["zh/rollback"], &["不会重新构建"])]),
        case(ZhDocs, PUBLIC, "重启会重新构建吗？", &[MISSING]),
        // A yes/no question with "when" inside it ("… injected when a
        // release starts?") still asks yes or no, not for a date; a clause
        // of another event is still missing.
        case(Docs, PUBLIC, "Are environment variables injected when a release starts?", &[ok(&["configuration#environment-variables"], &["injected"])]),
        case(Docs, PUBLIC, "Does skiff restart the previous release when I roll back?", &[ok(&["rollback#roll-back-a-deploy"], &["restarts the previous release"])]),
        case(Docs, PUBLIC, "Does skiff restart the previous release if I roll back?", &[ok(&["rollback#roll-back-a-deploy"], &["restarts the previous release"])]),
        case(Help, PUBLIC, "Is the restocking fee waived if the item is defective?", &[ok(&["refund-restocking"], &["waived"])]),
        // The condition is asked too: a page that states the predicate and
        // never the condition's verb speaks of another occasion; a verb of
        // knowing before "when" asks for the time.
        case(Docs, PUBLIC, "Does skiff restart the previous release when I upgrade the agents?", &[MISSING]),
        case(Docs, PUBLIC, "Are environment variables stored encrypted when a deploy fails?", &[not(Missing, "no passage speaks of “fails”")]),
        case(Docs, PUBLIC, "Do you know when a rollback restarts the previous release?", &[not(Missing, "no passage states a date")]),
        // A yes/no question's verb is what it asks: a page on the same
        // thing that never writes the verb does not answer it ("Run skiff
        // agent upgrade" for "should I restart the agents?"). Paraphrases
        // the page writes the verb of stay answered.
        case(Docs, PUBLIC, "Should I restart the agents?", &[MISSING]).never(&["skiff agent upgrade"]),
        case(Docs, PUBLIC, "When upgrading, should I restart the agents?", &[MISSING]).never(&["skiff agent upgrade"]),
        case(Docs, PUBLIC, "Do I need to restart the agents after an upgrade?", &[MISSING]),
        case(Docs, PUBLIC, "Does a deploy delete the image?", &[MISSING]).never(&["pushes it"]),
        // A verb of relation, or a cued attribute, is said in the page's own
        // words: those stay answered.
        case(Help, PUBLIC, "Does the restocking fee apply to defective items?", &[ok(&["refund-restocking"], &["waived"])]),
        case(Help, PUBLIC, "Can Priya eat gluten?", &[ok(&["mem-priya-gluten"], &["gluten intolerance"])]),
        case(Docs, PUBLIC, "Does a deploy push the image?", &[ok(&["deploy"], &["pushes it"])]),
        case(Docs, PUBLIC, "Do agents keep serving the current release during an upgrade?", &[ok(&["upgrade#upgrade-the-agents"], &["keep serving"])]),
        case(ZhDocs, PUBLIC, "回滚会删除旧版本吗？", &[MISSING]).never(&["数秒"]),
        case(Docs, PUBLIC, "Are environment variables injected when a deploy fails?", &[MISSING]),
        // The platform the asker is on, in the short name people type
        // ("Mac") where the docs write the long one ("macOS"); a platform
        // the docs never name (Windows) is still missing, and asks how to
        // do it, not how long (the refund "window" is no operating system).
        case(Docs, PUBLIC, "On my Mac, how do I install the CLI with Homebrew?", &[BREW]),
        case(Docs, PUBLIC, "how do i install skiff on a mac with homebrew", &[BREW]),
        case(Docs, PUBLIC, "What's the Homebrew command to install the CLI on Mac?", &[BREW]),
        case(Docs, PUBLIC, "How do I install the CLI with Homebrew on Windows?", &[not(Missing, "no passage mentions")]),
        case(Docs, PUBLIC, "On Windows, how do I install the CLI?", &[not(Missing, "no passage mentions")]),
        // ---- Chinese read across word boundaries ----------------------------------
        // Character pairs a question yields between its words (旅报, 要提)
        // are no topic words the passage lacks; a word the corpus lacks
        // (住宿, 签证) still is.
        case(Help, PUBLIC, "境内差旅报销多久内要提交？", &[ok(&["travel-2026-submit"], &["30"])]),
        case(Help, PUBLIC, "出差回来以后，境内差旅报销最晚多久内得提交", &[ok(&["travel-2026-submit"], &["30"])]),
        case(Help, PUBLIC, "境外报销要附什么材料？", &[ok(&["travel-s2-submit"], &["出入境"])]),
        case(Help, PUBLIC, "境外报销须附哪些材料，由谁审核？", &[
            ok(&["travel-s2-submit"], &["出入境"]),
            ok(&["travel-s2-submit"], &["部门负责人"]),
        ]),
        case(Help, PUBLIC, "境内差旅住宿费标准是多少？", &[MISSING]).never(&["30"]),
        case(Help, PUBLIC, "签证费可以报销吗？", &[MISSING]),
        // A run of pairs the corpus lacks between two written words (销款,
        // 款付, 付到 in 报销款付到哪里), each of its characters written in the
        // corpus, is read across words too; a word whose characters the
        // corpus never writes (签证, 银行) is still asked.
        case(Help, PUBLIC, "境内报销款付到哪里？", &[ok(&["travel-2026-pay"], &["工资卡"])]),
        case(Help, PUBLIC, "审批通过后，境内报销款几天内付到？", &[ok(&["travel-2026-pay"], &["5"])]),
        case(Help, PUBLIC, "Where is the money for an approved domestic claim paid to?", &[ok(&["travel-2026-pay-en"], &["salary account"])]),
        case(Help, PUBLIC, "境内报销款付到哪家银行？", &[MISSING]),
        case(Help, PUBLIC, "境内签证费付到哪里？", &[MISSING]),
        case(Help, PUBLIC, "境外报销要附什么照片？", &[MISSING]),
        // The same run between a written word and a pair holding 到 (付到),
        // in other wordings, with distractors: a word whose characters the
        // corpus never writes (信用卡), and the sibling 境外, whose payment
        // no passage states.
        case(Help, PUBLIC, "境内差旅的报销款付到哪里？", &[ok(&["travel-2026-pay"], &["工资卡"])]),
        case(Help, PUBLIC, "境内的报销款项付到哪里", &[ok(&["travel-2026-pay"], &["工资卡"])]),
        case(Help, PUBLIC, "Which account do approved domestic claims get paid into?", &[ok(&["travel-2026-pay-en"], &["salary account"])]),
        case(Help, PUBLIC, "境内报销款付到哪张信用卡？", &[MISSING]),
        case(Help, PUBLIC, "境外报销款付到哪里？", &[MISSING]),
        // The same run before other question words, and the kind a
        // Chinese open question asks for: one the corpus writes (发票) is
        // asked as a topic; one it never writes (钱包, 银行卡号) leaves the
        // part missing, however little of the topic it weighs.
        case(Help, PUBLIC, "境内报销款付到什么卡里？", &[ok(&["travel-2026-pay"], &["工资卡"])]),
        case(Help, PUBLIC, "审批后境内报销款付到哪儿", &[ok(&["travel-2026-pay"], &["工资卡"])]),
        case(Help, PUBLIC, "境外报销要附什么发票？", &[ok(&["travel-s2-submit"], &["境外发票"])]),
        case(Help, PUBLIC, "境内报销款付到哪个钱包？", &[MISSING]),
        case(Help, PUBLIC, "境外报销要附什么收据？", &[MISSING]),
        // "I want to know …", "I'd like to know …", "I wonder …" ask what
        // follows: the asker's "I" is not the subject asked about (Sam asking
        // where Priya works is not answered by Sam's bakery), and an "I"
        // inside what follows is still the user.
        case(Help, PUBLIC, "I want to know where Priya works", &[ok(&["mem-priya-work"], &["Northwind"])]),
        case(Help, SAM, "I'd like to know where Priya works", &[ok(&["mem-priya-work"], &["Northwind"])]).never(&["bakery"]),
        case(Help, PUBLIC, "I wonder where Priya works", &[ok(&["mem-priya-work"], &["Northwind"])]),
        case(Help, SAM, "I want to know where I work", &[ok(&["mem-sam-work"], &["harbour bakery"])]).never(&["Northwind"]),
        case(Help, PUBLIC, "I want to know where I work", &[MISSING]).never(&["Northwind", "harbour", "salary"]),
        case(Help, SAM, "I would like to know the refund window for electronics", &[ok(&["refund-electronics"], &["15 calendar days"])]),
        case(Help, PUBLIC, "I was wondering whether I can get cash instead of store credit", &[ok(&["refund-cash"], &["cash"])]),
        case(Help, SAM, "I want to know what shift Priya works", &[MISSING]).never(&["nights", "Northwind"]),
        // A Chinese request ("告诉我", "麻烦告诉我", "我想知道", "能告诉我……吗")
        // asks what follows it, as "Tell me …" does; a noun phrase before
        // "，以及"/"，另外" and a question is asked on its own. What the
        // corpus lacks (签证, 住宿, 境外 payment) stays missing.
        case(Help, PUBLIC, "告诉我境内差旅报销的提交期限", &[ok(&["travel-2026-submit"], &["30"])]),
        case(Help, PUBLIC, "麻烦告诉我境外报销需要附哪些材料", &[ok(&["travel-s2-submit"], &["出入境"])]),
        case(Help, PUBLIC, "我想知道境内报销审批后几天内付款", &[ok(&["travel-2026-pay"], &["5"])]),
        case(Help, PUBLIC, "能告诉我境内报销审批后多久付款吗？", &[ok(&["travel-2026-pay"], &["5"])]),
        case(Help, PUBLIC, "请告诉我谁审核境外报销", &[ok(&["travel-s2-submit"], &["部门负责人"])]),
        case(Help, PUBLIC, "请告诉我境内差旅报销的提交期限，另外境外报销需要附哪些材料？", &[
            ok(&["travel-2026-submit"], &["30"]),
            ok(&["travel-s2-submit"], &["出入境"]),
        ]),
        case(Help, PUBLIC, "境内差旅报销的提交期限，以及境外报销要附什么材料？", &[
            ok(&["travel-2026-submit"], &["30"]),
            ok(&["travel-s2-submit"], &["出入境"]),
        ]),
        case(Help, PUBLIC, "Tell me the domestic claim deadline, and how soon are approved claims paid?", &[
            ok(&["travel-2026-submit-en"], &["30"]),
            ok(&["travel-2026-pay-en"], &["5 working days"]),
        ]),
        case(Help, PUBLIC, "请告诉我境内签证费怎么报销", &[MISSING]),
        case(Help, PUBLIC, "告诉我境内差旅住宿费标准", &[MISSING]),
        case(Help, PUBLIC, "告诉我境外报销款付到哪里", &[MISSING]).never(&["工资卡"]),
        // A fact only a superseded document states, with no current revision
        // of that document: missing, not a stale rule.
        case(Help, PUBLIC, "境外差旅报销要在回国后几天内提交？", &[not(Missing, "no current passage states it")]),
        // ---- Chinese: a prohibition speaks of its act; a sentence refers back ----
        // "请勿粘贴……" forbids the act the question asks about: the words
        // after the cue are still said of it (not for "which service should
        // be restarted?", which asks for a thing). "开放该端口" names its port
        // in the sentence before.
        case(ZhDocs, PUBLIC, "在小组件标题里粘贴原始 HTML 会怎么样？", &[ok(&["zh/widget#embed"], &["纯文本"])]),
        case(ZhDocs, PUBLIC, "小组件的标题里可以放 HTML 吗？", &[ok(&["zh/widget#embed"], &["纯文本"])]),
        case(ZhDocs, PUBLIC, "把原始 HTML 粘贴到帮助小组件的标题字段会发生什么", &[ok(&["zh/widget#embed"], &["纯文本"])]),
        case(ZhDocs, PUBLIC, "在小组件页脚里粘贴原始 HTML 会怎么样？", &[MISSING]).never(&["纯文本"]),
        case(ZhDocs, PUBLIC, "工作时间应该重启哪个服务？", &[MISSING]),
        case(ZhDocs, PUBLIC, "需要开放哪个端口？", &[ok(&["zh/agents#port"], &["7420"])]),
        case(ZhDocs, PUBLIC, "防火墙里要开放哪个端口", &[ok(&["zh/agents#port"], &["7420"])]),
        case(ZhDocs, PUBLIC, "防火墙里要开放哪个协议？", &[MISSING]).never(&["7420"]),
        // ---- a cue stands in for the attribute it names, not for other topics ----
        // "how long" cues the refund window: it answers a question about
        // returns in other words, not one about deploys, retries or restarts
        // whose passages state no duration (every topic word a verb).
        case(Help, PUBLIC, "How long does the controller wait between retries?", &[MISSING]).never(&["15 days"]),
        case(Help, PUBLIC, "How long should I wait before I retry a deploy?", &[MISSING]).never(&["15 days"]),
        case(Help, PUBLIC, "how long does a deploy run", &[MISSING]).never(&["15 days"]),
        case(Help, PUBLIC, "how long does a restart take", &[MISSING]).never(&["15 days"]),
        case(Help, PUBLIC, "How long do I have to return electronics?", &[ok(&["refund-electronics"], &["15"])]),
        case(Help, PUBLIC, "how long do I have to return things?", &[ok(&["refund-general"], &["30"])]),
        case(Help, PUBLIC, "How long until I can no longer return a purchase?", &[ok(&["refund-general"], &["30"])]),
        // "stuff" says no more than "things": no word a passage must write.
        case(Help, PUBLIC, "Can I return sale stuff?", &[ok(&["refund-general"], &["final"])]),
        case(Help, PUBLIC, "how long have I got to return stuff", &[ok(&["refund-general"], &["30"])]),
        case(Help, PUBLIC, "are the things I bought on sale returnable", &[ok(&["refund-general"], &["final"])]),
        case(Help, PUBLIC, "Can I return stuff I bought at the airport?", &[MISSING]),
        // A misspelt verb the corpus writes only inflected ("submitted"): it
        // is one swap or one letter from the word's stem, not from any word
        // written. A topic word no passage has is still missing.
        case(Help, PUBLIC, "how many days do i have to sumbit my domestic travel expenses", &[ok(&["travel-2026-submit-en", "travel-2026-submit"], &["30"])]).says(&["“sumbit” read as"]),
        case(Help, PUBLIC, "what is the deadline to sumbit domestic travel claims", &[ok(&["travel-2026-submit-en", "travel-2026-submit"], &["30"])]),
        case(Help, TODAY, "How many days do I have to submitt my domestic travel claims this year?", &[ok(&["travel-2026-submit-en", "travel-2026-submit"], &["30"])]),
        case(Help, PUBLIC, "how many days do I have to sumbit a visa application", &[MISSING]),
        // A misspelt question word where a question word stands (a part's
        // start, an auxiliary after the wh-word) is read as the one question
        // word one letter or one swap away; a word elsewhere ("the hat I
        // bought") is read as written, and a typo two words are as near to
        // ("hwo": how, who) is no guess.
        case(Help, PRIYA, "wher do I work?", &[ok(&["mem-priya-work"], &["Northwind"])]),
        case(Help, PUBLIC, "waht is the restocking fee?", &[ok(&["refund-restocking"], &["10"])]),
        case(Help, PRIYA, "whta should I avoid eating", &[ok(&["mem-priya-meat", "mem-priya-gluten", "mem-priya-gluten-2"], &["meat"])]),
        case(Help, PUBLIC, "How long is the refund window for electronics, adn can I get cash instead of store credit?", &[
            ok(&["refund-electronics"], &["15"]),
            ok(&["refund-cash"], &["cash"]),
        ]),
        case(Docs, PUBLIC, "wich port do the agents listen on?", &[PORT]),
        case(Help, PUBLIC, "can I return the hat I bought on sale?", &[not(Missing, "no passage mentions")]),
        case(Docs, PUBLIC, "hwo do I deploy to production?", &[not(Missing, "no passage mentions")]),
        // A result cites what it was computed from: the passages of the
        // values it compares or subtracts, as a date counted by a rule cites
        // the rule.
        case(Help, PUBLIC, "How many days shorter is the 2026 domestic submission deadline than the 2025 one?", &[ok(&["travel-2026-submit-en", "travel-2026-submit", "travel-2025-submit-en", "travel-2025-submit"], &["30"])]),
        case(Help, PUBLIC, "By how many days did the domestic claim deadline change between 2025 and 2026?", &[ok(&["travel-2026-submit-en", "travel-2026-submit", "travel-2025-submit-en", "travel-2025-submit"], &["30"])]),
        case(Help, PUBLIC, "2026年境内差旅报销提交期限比2025年短几天？", &[ok(&["travel-2026-submit", "travel-2026-submit-en", "travel-2025-submit", "travel-2025-submit-en"], &["30"])]),
        // A semicolon opens a question as a comma does, and "besides," or
        // "moreover," before it is a connective, not a part ("besides the
        // refund window, …" still names the thing it sets aside).
        case(Help, PUBLIC, "how long is the standard return window; besides, can I get cash instead of store credit?", &[
            ok(&["refund-general"], &["30"]),
            ok(&["refund-cash"], &["cash"]),
        ]),
        case(Help, PUBLIC, "How much is the restocking fee; moreover, can I get cash instead of store credit?", &[
            ok(&["refund-restocking"], &["10"]),
            ok(&["refund-cash"], &["cash"]),
        ]),
        case(Help, PUBLIC, "What is the restocking fee? Besides, is it waived for defective items?", &[
            ok(&["refund-restocking"], &["10"]),
            ok(&["refund-restocking"], &["defective"]),
        ]),
        case(Help, PUBLIC, "What is the standard return window; are sale items final?", &[
            ok(&["refund-general"], &["30"]),
            ok(&["refund-general"], &["final"]),
        ]),
        case(Help, PUBLIC, "Besides the refund window for electronics, can I get cash instead of store credit?", &[
            ok(&["refund-electronics"], &["15"]),
            ok(&["refund-cash"], &["cash"]),
        ]),
        // A later Chinese part that names only another year and asks with a
        // bare tail ("今年呢？", "同时今年是多久？") asks the part before's
        // question of that year.
        case(Help, TODAY, "去年境内差旅报销的提交期限是多久？今年呢？", &[
            ok(&["travel-2025-submit", "travel-2025-submit-en"], &["60"]),
            ok(&["travel-2026-submit", "travel-2026-submit-en"], &["30"]),
        ]),
        case(Help, TODAY, "今年境内报销审批后几天付款，去年呢？", &[
            ok(&["travel-2026-pay", "travel-2026-pay-en"], &["5"]),
            ok(&["travel-2025-pay"], &["10"]),
        ]),
        case(Help, TODAY, "去年境内报销付款要几个工作日，同时今年是多久？", &[
            ok(&["travel-2025-pay"], &["10"]),
            ok(&["travel-2026-pay", "travel-2026-pay-en"], &["5"]),
        ]),
        // "ones" after a word of its own ("opened ones") is the plural noun
        // of the part before; a word no passage writes ("used") still sinks
        // the part.
        case(Help, PUBLIC, "How long is the return window for electronics, and is there a restocking fee on opened ones?", &[
            ok(&["refund-electronics"], &["15"]),
            ok(&["refund-restocking"], &["10"]),
        ]),
        case(Help, PUBLIC, "How many days do I have to return electronics? Do opened ones carry a restocking fee?", &[
            ok(&["refund-electronics"], &["15"]),
            ok(&["refund-restocking"], &["10"]),
        ]),
        case(Help, PUBLIC, "How long is the return window for electronics, and is there a restocking fee on used ones?", &[
            ok(&["refund-electronics"], &["15"]),
            MISSING,
        ]),
        // A modifier no passage writes, on a noun the passage qualifies with
        // a word of its own ("Opened electronics may carry …"), asks about
        // other ones; the passage's own qualifier still answers.
        case(Help, PUBLIC, "is there a restocking fee on used electronics?", &[not(Missing, "no passage speaks of the used electronics")]),
        case(Help, PUBLIC, "Do refurbished electronics carry a restocking fee?", &[MISSING]).never(&["10 percent"]),
        case(Help, PUBLIC, "Do opened electronics carry a restocking fee?", &[ok(&["refund-restocking"], &["10"])]),
        // The same as a yes/no question's subject, with no determiner.
        case(Help, PUBLIC, "Do refurbished electronics carry any restocking fee", &[MISSING]).never(&["10 percent"]),
        case(Help, PUBLIC, "Will refurbished electronics carry a restocking fee?", &[MISSING]).never(&["10 percent"]),
        case(Help, PUBLIC, "Do defective electronics carry a restocking fee?", &[ok(&["refund-restocking"], &["waived"])]),
        case(Help, PUBLIC, "what's the restocking fee for opened electronics", &[ok(&["refund-restocking"], &["10"])]),
        // The last word of a verb's object is its head noun, not a second
        // verb: "retry a failed image *push*" asks about pushes, which no
        // passage mentions; the health-check retries do not answer it.
        case(Help, OPS, "how many times does the deploy controller retry a failed image push", &[MISSING]).never(&["twice"]),
        case(Help, OPS, "How often does the deploy controller retry a failed image push?", &[MISSING]).never(&["twice"]),
        case(Help, OPS, "how many retries does the deploy controller make after a failed image push", &[MISSING]).never(&["twice"]),
        case(Help, OPS, "how many times does the deploy controller retry a failed health check", &[ok(&["kb-retries"], &["twice"])]),
        case(Help, OPS, "how many times will the deploy controller retry the failed health check?", &[ok(&["kb-retries"], &["twice"])]),
        // A plain word between the person and the attribute ("any *food*
        // allergies") leaves the attribute said of the person.
        case(Help, PRIYA, "Do I have any food allergies", &[ok(&[], &["gluten"])]),
        case(Help, PUBLIC, "Does Priya have any food allergies?", &[ok(&[], &["gluten"])]),
        case(Help, PRIYA, "do i have any food allergies, and where do i work?", &[ok(&[], &["gluten"]), ok(&["mem-priya-work"], &["Northwind"])]),
        case(Help, PUBLIC, "Does Priya have any pet allergies?", &[MISSING]).never(&["gluten"]),
        // After an auxiliary the user's verb stays in its base form.
        case(Help, PRIYA, "Do I have any allergies?", &[ok(&[], &["gluten"])]).says(&["Does Priya have any allergies"]).never(&["Priya has any"]),
        case(Help, PRIYA, "What should I not eat, and where do I work?", &[ok(&[], &["meat", "gluten"]), ok(&["mem-priya-work"], &["Northwind"])]).says(&["where does Priya work"]),
        // A bare name several catalog services share ("the gateway": west
        // and east) names none of them: the part is unresolved, not
        // answered with one gateway's rule picked by wording.
        case(Help, OPS, "how do i roll back the gateway", &[not(Unresolved, "ambiguous")]),
        case(Help, OPS, "What's the rollback rule for the gateway?", &[not(Unresolved, "ambiguous")]),
        case(Help, OPS, "how do I roll back the gateway, and how long do I have to return electronics?", &[not(Unresolved, "ambiguous"), ok(&["refund-electronics"], &["15"])]),
        case(Help, OPS, "how do I roll back the west gateway", &[ok(&["runbook-82"], &[])]),
        case(Help, OPS, "what's the rollback rule for gateway east?", EAST),
        case(Help, OPS, "how do i roll back the auth service", &[ok(&["runbook-auth-3"], &[])]),
    ]
}

// ---- running a case -------------------------------------------------------------

fn described(slot: &Slot, zh: bool) -> String {
    slot.value
        .as_ref()
        .map(|v| slotchain::report::describe(v, zh))
        .unwrap_or_default()
}

fn follows(r: &Report, id: &str, passage: &str) -> bool {
    r.slots.iter().any(|s| match &s.value {
        Some(Value::Entity {
            id: v, passage_id, ..
        })
        | Some(Value::Document {
            id: v, passage_id, ..
        }) => v == id && passage_id == passage,
        _ => false,
    })
}

// Tests are native: the case tables clippy.toml keeps out of the wasm module
// cost nothing here.
#[allow(clippy::disallowed_methods)]
fn check(c: &Case, worlds: &mut HashMap<World, Index>) -> Result<(), String> {
    let index = worlds.entry(c.world).or_insert_with(|| build(c.world));
    let options = Options::default();
    let r = slotchain::ask(index, c.question, &c.scope.scope(), &options, false)
        .map_err(|e| format!("error: {e}"))?;
    let zh = c.question.chars().any(slotchain::analyze::is_cjk);
    let asked: Vec<&Slot> = r.slots.iter().filter(|s| s.asked).collect();
    let mut problems = Vec::new();
    if asked.len() != c.parts.len() {
        problems.push(format!("{} parts, expected {}", asked.len(), c.parts.len()));
    }
    for (i, (slot, want)) in asked.iter().zip(&c.parts).enumerate() {
        let n = i + 1;
        if slot.state != want.state {
            problems.push(format!(
                "part {n} ({}) is {} ({}), expected {}",
                slot.question,
                slot.state,
                slot.reason.as_deref().unwrap_or("-"),
                want.state
            ));
            continue;
        }
        let top = slot.evidence.first().map(|e| e.passage_id.as_str());
        if !want.top.is_empty() && !top.is_some_and(|t| want.top.contains(&t)) {
            problems.push(format!(
                "part {n}: first evidence {top:?}, expected one of {:?}",
                want.top
            ));
        }
        let value = described(slot, zh).to_lowercase();
        for w in want.value {
            if !value.contains(&w.to_lowercase()) {
                problems.push(format!("part {n}: value {value:?} lacks {w:?}"));
            }
        }
        if !want.reason.is_empty()
            && !slot
                .reason
                .as_deref()
                .unwrap_or("")
                .starts_with(want.reason)
        {
            problems.push(format!(
                "part {n}: reason {:?}, expected {:?}…",
                slot.reason, want.reason
            ));
        }
    }
    if let Some((id, passage)) = c.follow {
        if !follows(&r, id, passage) {
            problems.push(format!("no step took {id} from {passage}"));
        }
    }
    for w in c.says {
        if !r.answer.contains(w) {
            problems.push(format!("answer lacks {w:?}"));
        }
    }
    for w in c.never {
        if r.answer.contains(w) {
            problems.push(format!("answer says {w:?}"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{}\n      answer: {:?}",
            problems.join("; "),
            r.answer
        ))
    }
}

#[test]
fn paraphrases_and_distractors() {
    let cases = cases();
    let mut passed = 0;
    let mut failures = Vec::new();
    let mut worlds = HashMap::new();
    for c in &cases {
        match check(c, &mut worlds) {
            Ok(()) => passed += 1,
            Err(why) => failures.push(format!("  [{:?}] {}\n      {why}", c.world, c.question)),
        }
    }
    println!(
        "wording suite: {passed} of {} cases pass ({:.1}%)",
        cases.len(),
        100.0 * passed as f64 / cases.len() as f64
    );
    for f in &failures {
        println!("{f}");
    }
    assert!(
        passed >= MIN_PASS,
        "{passed} of {} cases pass, fewer than {MIN_PASS}",
        cases.len()
    );
}
