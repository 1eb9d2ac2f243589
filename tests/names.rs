//! A part is answered only by passages that name what it names.
//!
//! Three rules of acceptance (issue 15), each with a paraphrase and a
//! distractor that shares most words, over small invented pools:
//! - names weigh by rarity: a page that has the question's common name
//!   ("American") and its year but not the rare one ("Walt Brenner") does
//!   not answer;
//! - the names may be split over two linked pages: the page that answers,
//!   and the page of the other name that links to it in one sentence (a
//!   page that names both in unrelated sentences, or names only the
//!   answer, is no link);
//! - a compared thing is read on a page about it, never on another page
//!   that mentions its name.
//!
//! Measured before these rules (at af84507): 6 of 13 cases passed (the
//! comparison cases failed, and the common-name distractor was answered).

mod common;

use common::{ask_default as ask, pool as index, tally};
use slotchain::index::Index;
use slotchain::model::{Report, SlotState};

/// The asked slots (the parts the answer reports).
fn asked(r: &Report) -> Vec<&slotchain::model::Slot> {
    r.slots.iter().filter(|s| s.asked).collect()
}

fn all_supported(r: &Report) -> bool {
    asked(r).iter().all(|s| s.state == SlotState::Supported)
}

fn cites(r: &Report, id: &str) -> bool {
    r.slots
        .iter()
        .any(|s| s.evidence.iter().any(|e| e.passage_id == id))
}

const ARMY: &str =
    "The Northern Rifles was the ground force of the Duchy of Varland from 1850 to 1920.";
const OFFICER: &str =
    "Jan Kowal (born 1890) was an officer from Brask. In 1910 he joined the Northern Rifles.";

#[test]
fn names_may_be_split_over_linked_pages() {
    let linked = index(&[
        ("rifles", "Northern Rifles", ARMY),
        ("kowal", "Jan Kowal", OFFICER),
        (
            "guard",
            "Varland Guard",
            "The Varland Guard was the ceremonial unit of the Duchy of Varland.",
        ),
    ]);
    // The officer's page has no link to the army: someone else joined it.
    let unlinked = index(&[
        ("rifles", "Northern Rifles", ARMY),
        (
            "nowak",
            "Piotr Nowak",
            "Piotr Nowak (born 1888) was an officer from Brask. In 1908 he joined the Northern Rifles.",
        ),
        (
            "kowal",
            "Jan Kowal",
            "Jan Kowal (born 1890) was a painter from Brask who never served.",
        ),
    ]);
    // A page names both, in unrelated sentences: no link between the two.
    let unrelated = index(&[
        ("rifles", "Northern Rifles", ARMY),
        (
            "museum",
            "Brask Museum",
            "The Brask Museum holds the diaries of Jan Kowal. Its hall shows the uniforms of the Northern Rifles.",
        ),
    ]);
    let answered = |q: &'static str| {
        let r = ask(&linked, q);
        let ok = all_supported(&r) && cites(&r, "rifles") && cites(&r, "kowal");
        (q, ok, r)
    };
    let unanswered = |index: &Index, q: &'static str| {
        let r = ask(index, q);
        (q, !all_supported(&r), r)
    };
    let q = "Which ground force of the Duchy of Varland did Jan Kowal join?";
    let cases = vec![
        answered(q),
        answered("Jan Kowal joined which ground force of the Duchy of Varland?"),
        unanswered(&unlinked, q),
        unanswered(&unrelated, q),
    ];
    tally("linked-page", &cases, 4);
}

const BRUGES: (&str, &str, &str) = (
    "bruges",
    "Bruges College",
    "Bruges College is a public college in Bruges, founded in 1920.",
);

/// Has the words of the rare name, apart, so that they are known words.
const RIDGE: (&str, &str, &str) = (
    "ridge",
    "Walt Ridge",
    "Walt Ridge is a hill near Brenner, a village in Tyrol.",
);

#[test]
fn a_common_name_does_not_stand_for_a_rare_one() {
    let pool = index(&[
        (
            "mills",
            "Dan Mills",
            "Dan Mills (born 1961) is a retired American professional basketball player. He attended Bruges College and won two titles there in 1988.",
        ),
        (
            "brenner",
            "Walt Brenner",
            "Walt Brenner (born 1970) is a retired American professional basketball player. He attended Ostend College from 1988 to 1992.",
        ),
        (
            "ostend",
            "Ostend College",
            "Ostend College is a private college in Ostend, founded in 1901.",
        ),
        BRUGES,
        RIDGE,
    ]);
    let without = index(&[
        (
            "mills",
            "Dan Mills",
            "Dan Mills (born 1961) is a retired American professional basketball player. He attended Bruges College and won two titles there in 1988.",
        ),
        BRUGES,
        RIDGE,
    ]);
    let mut cases = Vec::new();
    for q in [
        "Which college did the retired American basketball player Walt Brenner attend in 1988?",
        "In 1988 the American basketball player Walt Brenner attended which college?",
    ] {
        let r = ask(&without, q);
        cases.push((q, !all_supported(&r), r));
    }
    let q = "Which college did the retired American basketball player Walt Brenner attend in 1988?";
    let r = ask(&pool, q);
    let ok = all_supported(&r) && r.answer.contains("Ostend College");
    cases.push((q, ok, r));
    tally("common-name", &cases, 3);
}

#[test]
fn a_compared_thing_is_read_on_its_own_page() {
    let lind = (
        "lind",
        "Marta Lind",
        "Marta Lind (born 3 May 1950) is a Swedish singer.",
    );
    // Karl Brenner is only mentioned, on another critic's page.
    let mention = (
        "holm",
        "Eva Holm",
        "Eva Holm (born 1961) is a critic who wrote about Karl Brenner for twenty years.",
    );
    let mentioned = index(&[lind, mention]);
    let paged = index(&[
        lind,
        mention,
        (
            "brenner",
            "Karl Brenner (critic)",
            "Karl Brenner (born 1 June 1948) is a music critic.",
        ),
    ]);
    let mut cases = Vec::new();
    for q in [
        "Who is older, Marta Lind or Karl Brenner?",
        "Who was born first, Karl Brenner or Marta Lind?",
        "Which was born earlier: Marta Lind or Karl Brenner?",
    ] {
        let r = ask(&mentioned, q);
        // Not answered, never from Eva Holm's birth year, and the gap line
        // names the thing that could not be read.
        let gap = r.answer.lines().any(|l| {
            l.starts_with("I couldn't find documented information on: When was Karl Brenner born? (needed for: ")
        });
        let ok = !all_supported(&r) && !cites(&r, "holm") && gap;
        cases.push((q, ok, r));
        let r = ask(&paged, q);
        let ok = all_supported(&r) && r.answer.contains("Karl Brenner") && !cites(&r, "holm");
        cases.push((q, ok, r));
    }
    tally("own-page", &cases, 6);
}

/// Cases of [`a_word_of_a_longer_name_does_not_name_a_page`] that must pass.
const MIN_LONGER_NAME: usize = 5;

/// A page is not named by a word of a longer name: "King Arthur" in an
/// actor's roles is not the page `Arthur (dog)`, though its short form is
/// "Arthur" (HotpotQA dev: "Jamie Campbell Bower was a cast member of which
/// TNT show?" was answered "Arthur (dog)", wrongly supported). The name alone
/// still names it, at a sentence's start or after a lowercase word.
///
/// Measured before the change (the engine at 6777109, this test as it is):
/// 4 of 7 cases passed ("Which dog did Jamie Fenwick play?" was answered with
/// the dog's page); 5 of 7 after. Two fail for other reasons: "cast member" is written
/// nowhere ("his roles as …"), and a series is taken for a dog (no kind of
/// the pool's says what a dog is).
#[test]
fn a_word_of_a_longer_name_does_not_name_a_page() {
    let index = index(&[
        (
            "jamie-fenwick",
            "Jamie Fenwick",
            "Jamie Fenwick (born 1988) is an English actor. He is best known for his roles \
             as King Arthur in the Starz series Camelot Rising, and as Kit Marlowe in the TNT \
             series Tavern Nights.",
        ),
        (
            "arthur-dog",
            "Arthur (dog)",
            "Arthur is an Ecuadorian street dog who followed a Swedish racing team in 2014.",
        ),
        (
            "tavern-nights",
            "Tavern Nights",
            "Tavern Nights is an American drama series broadcast on TNT. It was canceled \
             after one season.",
        ),
        (
            "race-2014",
            "2014 Adventure Racing World Championship",
            "The 2014 Adventure Racing World Championship was held in Ecuador. Arthur \
             followed Team Peak for 400 km. Later the stray dog Arthur flew to Sweden.",
        ),
    ]);
    let mut cases: Vec<(&str, bool, Report)> = Vec::new();
    for (q, want, page) in [
        (
            "Jamie Fenwick was a cast member of which TNT show?",
            "Tavern Nights",
            "jamie-fenwick",
        ),
        (
            "In which TNT series did Jamie Fenwick play Kit Marlowe?",
            "Tavern Nights",
            "jamie-fenwick",
        ),
        (
            "Which dog followed Team Peak at the 2014 Adventure Racing World Championship?",
            "Arthur",
            "race-2014",
        ),
        (
            "the stray dog that flew to Sweden after the 2014 Adventure Racing World \
             Championship was which",
            "Arthur",
            "race-2014",
        ),
    ] {
        let r = ask(&index, q);
        let ok = all_supported(&r) && r.answer.contains(want) && cites(&r, page);
        cases.push((q, ok, r));
    }
    for q in [
        "Which dog did Jamie Fenwick play?",
        "Jamie Fenwick is known for playing which dog?",
        "Which dog appeared in the Starz series Camelot Rising?",
    ] {
        let r = ask(&index, q);
        let ok = asked(&r).iter().all(|s| s.state != SlotState::Supported);
        cases.push((q, ok, r));
    }
    tally("longer-name", &cases, MIN_LONGER_NAME);
}

/// Cases of [`a_nationality_before_a_role_is_not_the_name`] that must pass.
const MIN_DESCRIBED_NAME: usize = 4;

/// A name written after its nationality and role ("hosted by American
/// comedian and actor Marlon Wayans", HotpotQA dev) is the name, not the
/// nationality: "which host …?" was answered "American", and the chain
/// went on to ask "Where did American begin their career?".
///
/// Measured before the change (the engine at 5be2be8, this test as it is):
/// 1 of 4 cases passed ("which comedian" and "the host" were answered
/// "Scottish"; the chain asked "Where did Scottish begin their career?");
/// 4 of 4 after.
#[test]
fn a_nationality_before_a_role_is_not_the_name() {
    let index = index(&[
        (
            "harbour-awards-2014",
            "2014 Harbour Awards",
            "The 2014 Harbour Awards took place on 7 June 2014 in Kestrel Bay. The show was \
             hosted by Scottish comedian and actor Ewan Brodie. The ceremony featured \
             performances from the Kestrel Brass Band.",
        ),
        (
            "harbour-awards-2015",
            "2015 Harbour Awards",
            "The 2015 Harbour Awards took place on 6 June 2015 in Kestrel Bay. The show was \
             hosted by singer Mara Quill.",
        ),
    ]);
    let mut cases: Vec<(&str, bool, Report)> = Vec::new();
    for q in [
        "Which comedian hosted the 2014 Harbour Awards?",
        "Who was the host of the 2014 Harbour Awards?",
        "the 2014 Harbour Awards were hosted by which actor",
        "Where did the host of the 2014 Harbour Awards begin their career?",
    ] {
        let r = ask(&index, q);
        let ok = !r.answer.contains("Scottish [")
            && !r.answer.contains("Scottish begin")
            && (q.starts_with("Where") || r.answer.contains("Ewan Brodie"));
        let ok = ok
            && if q.starts_with("Where") {
                asked(&r).iter().all(|s| s.state != SlotState::Supported)
            } else {
                all_supported(&r)
            };
        cases.push((q, ok, r));
    }
    tally("described-name", &cases, MIN_DESCRIBED_NAME);
}

/// Cases of [`a_nationality_before_a_noun_names_no_one`] that must pass.
const MIN_NATIONALITY_NAMES_NO_ONE: usize = 4;

/// A nationality written before a noun ("a retired *Argentine* footballer")
/// names no one: it is not the described thing, and it does not keep the
/// page itself from being the thing (HotpotQA dev: "Which retired
/// Argentine footballer who played as a forward was a main player for
/// Valencia CF?" proposed "Paraguayan" off another player's page, and on
/// the answer's own page read "Argentine" as the footballer). A pool of a
/// season's page naming its main players, two players' pages, and pages
/// about other things.
///
/// Measured before the change (the engine at 78aa783, this test as it is):
/// 3 of 5 cases passed (the two that must not be answered, and the
/// Paraguayan player). The Argentine forward's question was blocked: his
/// own page read "Argentine" as the footballer, a name with no page, so
/// the page itself was never proposed; its paraphrase ("which Argentine
/// forward …") was answered with the season's page. After: 4 of 5 (the
/// paraphrase still is: "forward" is no kind noun, so nothing says the
/// season's page is not a forward).
#[test]
fn a_nationality_before_a_noun_names_no_one() {
    let index = index(&[
        (
            "kestrel-1999",
            "1998–99 Kestrel FC season",
            "Kestrel FC had a successful season, finishing in the top four of the league. Among \
             the main players behind the success were Tomas Ibarra, Jon Lasa and lethal striker \
             Claudio Ferraz.",
        ),
        (
            "ferraz",
            "Claudio Ferraz",
            "Claudio Javier Ferraz (born 17 July 1974) is a retired Argentine footballer who \
             played as a forward.",
        ),
        (
            "lamas",
            "José Lamas",
            "José Raúl Lamas (born 18 July 1936 in Asunción, Paraguay) is a retired Paraguayan \
             footballer. He played for Sportivo Luqueño, Kestrel FC and Elche CF.",
        ),
        (
            "elche",
            "Elche CF",
            "Elche CF is a football club based in Elche, in the Valencian Community of Spain.",
        ),
        (
            "luqueno",
            "Sportivo Luqueño",
            "Sportivo Luqueño is a Paraguayan football club from the city of Luque.",
        ),
        (
            "asuncion",
            "Asunción",
            "Asunción is the capital and the largest city of Paraguay.",
        ),
    ]);
    let demonym = |r: &Report| {
        ["Argentine", "Paraguayan", "Chilean"]
            .iter()
            .any(|d| r.answer.contains(&format!("— {d}")))
    };
    let mut cases: Vec<(&str, bool, Report)> = Vec::new();
    // (question, the player who answers it)
    for (q, player) in [
        (
            "Which retired Argentine footballer who played as a forward was a main player for \
             Kestrel FC?",
            "Claudio Ferraz",
        ),
        (
            "which Argentine forward was one of the main players of Kestrel FC",
            "Claudio Ferraz",
        ),
        (
            "Which retired Paraguayan footballer played for Sportivo Luqueño and Kestrel FC?",
            "José Lamas",
        ),
    ] {
        let r = ask(&index, q);
        let ok = !demonym(&r) && all_supported(&r) && r.answer.contains(player);
        cases.push((q, ok, r));
    }
    // No page says so: never a nationality, never the wrong player.
    for q in [
        "Which retired Chilean footballer played for Kestrel FC?",
        "Which retired Uruguayan footballer who played as a forward was a main player for \
         Kestrel FC?",
    ] {
        let r = ask(&index, q);
        let ok = !demonym(&r)
            && asked(&r).iter().any(|s| s.state != SlotState::Supported)
            && !r.answer.contains("— Claudio Ferraz")
            && !r.answer.contains("— José Lamas");
        cases.push((q, ok, r));
    }
    tally(
        "nationality-names-no-one",
        &cases,
        MIN_NATIONALITY_NAMES_NO_ONE,
    );
}

/// Cases of [`what_another_page_says_of_a_page_is_said_of_it`] that must
/// pass.
const MIN_SAID_ELSEWHERE: usize = 5;

/// A page is read with the sentences of another page that name it: what
/// they say is said of its subject ("Nightfall is a series of four
/// vampire-themed fantasy romance novels by American author Dana Moore",
/// and her page's birth date, answer "When was the writer of the series of
/// four vampire novels born?", HotpotQA dev). Words of a sentence that does
/// not name the page are not, and neither is a sentence naming another
/// writer.
///
/// Measured before the change (the engine at bb56a12, this test as it is):
/// 2 of 5 cases passed (the two no page answers); each writer's birth year
/// was missing, her page read without the series' sentence that names her.
/// After: 5 of 5. (Read with the sentence's words as a share to pass, the
/// werewolf and illustrator distractors were answered 1973: the two pages
/// together must say all of the question.)
#[test]
fn what_another_page_says_of_a_page_is_said_of_it() {
    let index = index(&[
        (
            "nightfall",
            "Nightfall (novel series)",
            "Nightfall is a series of four vampire-themed fantasy romance novels by American \
             author Dana Moore. The first book was published in 2005.",
        ),
        (
            "moore",
            "Dana Moore",
            "Dana Moore (born December 24, 1973) is an American young adult fiction writer and \
             film producer.",
        ),
        (
            "harbour-tales",
            "Harbour Tales",
            "Harbour Tales is a series of three crime novels by Lena Hart, set in a fishing town.",
        ),
        (
            "hart",
            "Lena Hart",
            "Lena Hart (born 3 May 1960) is an English writer of crime fiction.",
        ),
        (
            "kestrel",
            "Kestrel Bay",
            "Kestrel Bay is a fishing town on the west coast with a population of 4,000.",
        ),
    ]);
    let mut cases: Vec<(&str, bool, Report)> = Vec::new();
    for (q, year, other) in [
        (
            "When was the American writer of the a series of four vampire-themed fantasy romance \
             novels born?",
            "1973",
            "1960",
        ),
        (
            "When was the author of a series of four vampire romance novels born?",
            "1973",
            "1960",
        ),
        (
            "when was the writer of a series of three crime novels born",
            "1960",
            "1973",
        ),
    ] {
        let r = ask(&index, q);
        let ok = all_supported(&r) && r.answer.contains(year) && !r.answer.contains(other);
        cases.push((q, ok, r));
    }
    // No page says so: never a birth year.
    for q in [
        "When was the author of a series of four werewolf romance novels born?",
        "When was the illustrator of a series of four vampire-themed fantasy romance novels \
         born?",
    ] {
        let r = ask(&index, q);
        let ok = asked(&r).iter().any(|s| s.state != SlotState::Supported)
            && !r.answer.contains("1973")
            && !r.answer.contains("1960");
        cases.push((q, ok, r));
    }
    tally("said-elsewhere", &cases, MIN_SAID_ELSEWHERE);
}

/// A film's page that names its source novel in quotes, the novelist's
/// page, an actress's page that names her series in quotes, an actor's.
const HARBOUR_KEEPER: [(&str, &str, &str); 4] = [
    (
        "harbour-keeper",
        "The Harbour Keeper (1994 film)",
        "The Harbour Keeper is a 1994 drama film directed by Anna Wren and starring Tom \
         Hale. It is set on a northern island before the war. It is based on the novel \
         \"Salt and Silence, a Winter\" by Marek Olsen.",
    ),
    (
        "olsen",
        "Marek Olsen",
        "Marek Olsen (12 May 1871 – 3 June 1940) was a Danish author and playwright.",
    ),
    (
        "elena-brook",
        "Elena Brook",
        "Elena Brook (born 1990) is an English actress and singer. She is best known for \
         her role as Mary Fell in \"Low Tide\". As of 2019, she plays the poet Anne Hale in \
         the BBC series \"Quill\".",
    ),
    (
        "tom-hale",
        "Tom Hale",
        "Tom Hale (born 1950) is an English actor known for his roles in historical dramas.",
    ),
];

/// Cases of [`a_quoted_title_after_its_kind_is_the_thing`] that must pass.
const MIN_QUOTED_TITLE: usize = 6;

/// A work named in quotes right after the noun of its kind ("based on the
/// novel "Dr. Gräsler, Badearzt" by Arthur Schnitzler", "in the TNT series
/// "Will"", HotpotQA dev) is the thing that noun asks for, also when the
/// corpus has no page for it: the quotes bound the name (a comma or a
/// lowercase word inside it do not end it). A sentence that names another
/// kind, or a writer of another nationality, does not answer.
///
/// Measured before the change (the engine at ad29504, this test as it is):
/// 3 of 7 cases passed (the three that must not be answered). The novel
/// asked late in the question ("… based on what novel?") was answered with
/// its sentence and no value, the one asked first ("which novel that …")
/// was blocked, the series asked as "which series …" had no value. After:
/// 6 of 7. Still failing: "Who wrote …?" of the novel found ("Salt and
/// Silence, a Winter" by Marek Olsen: "by" is not read as "wrote").
#[test]
fn a_quoted_title_after_its_kind_is_the_thing() {
    let index = index(&HARBOUR_KEEPER);
    let mut cases: Vec<(&str, bool, Report)> = Vec::new();
    for (q, title) in [
        (
            "The Harbour Keeper was based on what novel?",
            "Salt and Silence, a Winter",
        ),
        (
            "The Harbour Keeper was based on what novel written by a Danish author?",
            "Salt and Silence, a Winter",
        ),
        // Through the novel, which has no page.
        (
            "Who wrote the novel that The Harbour Keeper is based on?",
            "Marek Olsen",
        ),
        (
            "In which series on the BBC does Elena Brook play a poet?",
            "Quill",
        ),
    ] {
        let r = ask(&index, q);
        let ok = all_supported(&r) && r.answer.contains(&format!("— {title}"));
        cases.push((q, ok, r));
    }
    // No sentence says so: not the novel, not the series.
    for q in [
        "The Harbour Keeper was based on what play?",
        "The Harbour Keeper was based on what novel written by a Swedish author?",
        "Elena Brook plays in which ITV series?",
    ] {
        let r = ask(&index, q);
        let ok = asked(&r).iter().any(|s| s.state != SlotState::Supported)
            && !r.answer.contains("— Salt and Silence")
            && !r.answer.contains("— Quill");
        cases.push((q, ok, r));
    }
    tally("quoted-title", &cases, MIN_QUOTED_TITLE);
}

/// Cases of [`a_name_beside_its_kind_is_no_description`] that must pass.
const MIN_NAME_BESIDE_KIND: usize = 6;

/// A name written after its kind ("the 1990 film The Bachelor") names the
/// thing; a bare participle after it belongs to the question's own verb
/// ("Which novel *is* the film The Bachelor *based on*?"), not to a relative
/// clause without its pronoun ("the film Tom Hale starred in"): HotpotQA's
/// wording was first asked as "which 1990 film The Bachelor based on?", and
/// "which film The Bachelor based on?" found another page and answered
/// "which novel is He Who Can't Marry" as supported. A relative clause with
/// a finite verb is still found first.
///
/// Measured before the change (the engine at ad29504, this test as it is):
/// 4 of 6 cases passed; both "which novel is the … film The Harbour Keeper
/// based on" wordings were blocked behind "which … film The Harbour Keeper
/// based on?". After: 6 of 6.
#[test]
fn a_name_beside_its_kind_is_no_description() {
    let index = index(&HARBOUR_KEEPER);
    let mut cases: Vec<(&str, bool, Report)> = Vec::new();
    for (q, said) in [
        (
            "Which novel is the 1994 film The Harbour Keeper based on?",
            "Salt and Silence, a Winter",
        ),
        (
            "what novel was the drama film The Harbour Keeper based on",
            "Salt and Silence, a Winter",
        ),
        (
            "Who was the film The Harbour Keeper directed by?",
            "Anna Wren",
        ),
        // A relative clause without its pronoun, its verb finite.
        (
            "What year was the film Tom Hale starred in released?",
            "1994",
        ),
    ] {
        let r = ask(&index, q);
        let ok = all_supported(&r) && r.answer.contains(said);
        cases.push((q, ok, r));
    }
    // No page says so.
    for q in [
        "Which novel is the series Quill based on?",
        "Which play is the 1994 film The Harbour Keeper based on?",
    ] {
        let r = ask(&index, q);
        let ok = asked(&r).iter().any(|s| s.state != SlotState::Supported)
            && !r.answer.contains("— Salt and Silence");
        cases.push((q, ok, r));
    }
    tally("name-beside-kind", &cases, MIN_NAME_BESIDE_KIND);
}

/// Cases of [`a_name_before_the_kind_asked_picks_its_place`] that must pass.
const MIN_NAMED_KIND: usize = 4;

/// A name the question sets before the kind it asks ("which *TNT* show?")
/// picks the place a page names the thing: "the TNT series "Will"", not
/// "the Starz series "Crown Wharf"" in the same sentence (HotpotQA dev:
/// "Jamie Campbell Bower was a cast member of which TNT series?" was
/// answered "Camelot", a Starz series, as supported). A show is a series.
/// The thing's title may be a common word ("Will"), which no text links.
///
/// Measured before the change (the engine at e17d29e, this test as it is):
/// 1 of 5 cases passed (the HBO distractor); the TNT series was not found.
/// After: 2 of 5; 4 of 5 once a show is a series (the show, and the chain
/// through it). Still failing: the Starz series, whose own page ("Its cast
/// members included Mara Quill") is read first and states no other title.
#[test]
fn a_name_before_the_kind_asked_picks_its_place() {
    let index = index(&[
        (
            "mara-quill",
            "Mara Quill",
            "Mara Quill (born 1985) is an English actress. She is best known for her roles as \
             Queen Maud in the Starz series \"Crown Wharf\" and, as of 2018, the poet Anne Hale \
             in the TNT series \"Will\".",
        ),
        (
            "will",
            "Will (TV series)",
            "Will is an American drama television series about a young playwright. It premiered \
             on TNT in 2018 and was canceled after one season.",
        ),
        (
            "crown-wharf",
            "Crown Wharf",
            "Crown Wharf is a historical drama series broadcast on Starz. Its cast members \
             included Mara Quill and Tom Ede. It ran for three seasons.",
        ),
    ]);
    let mut cases: Vec<(&str, bool, Report)> = Vec::new();
    for (q, said, not) in [
        (
            "Mara Quill was a cast member of which TNT series?",
            "— Will",
            "— Crown Wharf",
        ),
        (
            "Mara Quill was a cast member of which TNT show?",
            "— Will",
            "— Crown Wharf",
        ),
        (
            "Mara Quill was a cast member of which Starz series?",
            "— Crown Wharf",
            "— Will",
        ),
        (
            "Mara Quill was a cast member of the TNT show that was canceled after how many \
             seasons?",
            "one",
            "three",
        ),
    ] {
        let r = ask(&index, q);
        let ok = all_supported(&r) && r.answer.contains(said) && !r.answer.contains(not);
        cases.push((q, ok, r));
    }
    // No page says so.
    let q = "Mara Quill was a cast member of which HBO series?";
    let r = ask(&index, q);
    let ok = asked(&r).iter().any(|s| s.state != SlotState::Supported)
        && !r.answer.contains("— Will")
        && !r.answer.contains("— Crown Wharf");
    cases.push((q, ok, r));
    tally("named-kind", &cases, MIN_NAMED_KIND);
}

/// Cases of [`a_compound_role_noun_names_its_verb`] that must pass.
const MIN_COMPOUND_ROLE: usize = 7;

/// A role noun made of a noun and an agent noun ("screen*writer*",
/// "song*writer*", "ship*builder*") names the doer of the agent noun's
/// verb: "the screenwriter of Harrow Lane" is the one the film's page says
/// it was "written by", not a director whose own page calls him a
/// screenwriter and lists the film (HotpotQA-style bridge; the fixture
/// world's "When was the screenwriter of The Lantern Keeper born?" was
/// answered with the director's birth date, as supported).
///
/// Measured before the change (the engine at bda34bf, this test as it is):
/// 1 of 7 cases passed (the plain "director" control); the other six were
/// answered with the distractor's name, as supported. After: 7 of 7.
#[test]
fn a_compound_role_noun_names_its_verb() {
    let index = index(&[
        (
            "harrow-lane",
            "Harrow Lane",
            "Harrow Lane is a 2011 drama film directed by Piet Rensen and written by Oda Marsh. \
             It follows a ferryman on the Frisian coast.",
        ),
        (
            "piet-rensen",
            "Piet Rensen",
            "Piet Rensen (born 3 May 1961) is a Dutch film director and screenwriter. His films \
             include Harrow Lane (2011) and Salt Meadow (2015).",
        ),
        (
            "low-tide",
            "Low Tide Lantern",
            "\"Low Tide Lantern\" is a 1998 song recorded by the band The Weirs. It was written \
             by Cal Dunmore and produced by Nils Brand.",
        ),
        (
            "bren-olafsen",
            "Bren Olafsen",
            "Bren Olafsen (born 12 June 1970) is a Norwegian singer and songwriter. He toured \
             with The Weirs and sang on \"Low Tide Lantern\".",
        ),
        (
            "corra-vale",
            "SS Corra Vale",
            "SS Corra Vale was a cargo steamship built by Harland Yard of Belfast in 1912. She \
             was sunk in 1917.",
        ),
        (
            "vennick",
            "Vennick & Sons",
            "Vennick & Sons was a Scottish shipbuilder on the Clyde. It refitted the SS Corra \
             Vale in 1915.",
        ),
    ]);
    let mut cases: Vec<(&str, bool, Report)> = Vec::new();
    // Answered by the work's own "VERB by NAME".
    for (q, said, not) in [
        (
            "Who was the screenwriter of Harrow Lane?",
            "Oda Marsh",
            "Piet Rensen",
        ),
        (
            "Who is the screenwriter of the film Harrow Lane?",
            "Oda Marsh",
            "Piet Rensen",
        ),
        (
            "Who was the songwriter of Low Tide Lantern?",
            "Cal Dunmore",
            "Bren Olafsen",
        ),
        (
            "Who was the shipbuilder of the SS Corra Vale?",
            "Harland Yard",
            "Vennick",
        ),
        // The plain agent noun, as before.
        (
            "When was the director of Harrow Lane born?",
            "1961",
            "Oda Marsh",
        ),
    ] {
        let r = ask(&index, q);
        let ok = all_supported(&r) && r.answer.contains(said) && !r.answer.contains(not);
        cases.push((q, ok, r));
    }
    // The screenwriter has no page: no birth date is known.
    for q in [
        "When was the screenwriter of Harrow Lane born?",
        "In what year was the screenwriter of Harrow Lane born?",
    ] {
        let r = ask(&index, q);
        let ok =
            asked(&r).iter().any(|s| s.state != SlotState::Supported) && !r.answer.contains("1961");
        cases.push((q, ok, r));
    }
    tally("compound-role", &cases, MIN_COMPOUND_ROLE);
}

/// Cases of [`a_verb_that_places_a_thing_need_not_be_written`] that must pass.
const MIN_FOUND_IN: usize = 6;

/// "Is X found in Y?" asks where X is: a page that places it in Y in other
/// words ("a genus of Southern African shrubs") answers it, as "Where is X
/// located?" is answered without "located" (HotpotQA dev: "Is the Virgilia
/// found in Africa?" over "Virgilia is a genus of Southern African trees"
/// was not found). A place the page does not give is still not found.
///
/// Measured before the change (the engine at 204eea3, this test as it is):
/// 2 of 7 cases passed (the two distractors); every placed thing was not
/// found. After: 6 of 7 (still failing: "found all over the world" over "on
/// all continents", which names no place).
#[test]
fn a_verb_that_places_a_thing_need_not_be_written() {
    let index = index(&[
        (
            "velmaria",
            "Velmaria",
            "Velmaria is a genus of Southern African shrubs in the family Rosaceae. Its grey \
             leaves are used in local medicine.",
        ),
        (
            "korvella",
            "Korvella",
            "Korvella is a common and widespread genus of grasses, found on all continents \
             except Antarctica.",
        ),
        (
            "tarn",
            "Tarn Varley",
            "Tarn Varley is a small lake in the north of England, fed by two becks.",
        ),
    ]);
    let mut cases: Vec<(&str, bool, Report)> = Vec::new();
    for (q, id) in [
        ("Is Velmaria found in Africa?", "velmaria"),
        ("Is the Velmaria found in Africa?", "velmaria"),
        ("Is Velmaria located in Africa?", "velmaria"),
        ("Is Tarn Varley situated in England?", "tarn"),
        ("Is Korvella found all over the world?", "korvella"),
    ] {
        let r = ask(&index, q);
        let ok = all_supported(&r) && cites(&r, id);
        cases.push((q, ok, r));
    }
    // The page gives another place, or none.
    for q in [
        "Is Velmaria found in Asia?",
        "Is Tarn Varley located in Scotland?",
    ] {
        let r = ask(&index, q);
        let ok = asked(&r).iter().any(|s| s.state != SlotState::Supported);
        cases.push((q, ok, r));
    }
    tally("found-in", &cases, MIN_FOUND_IN);
}

/// Cases of [`a_span_of_years_is_a_duration`] that must pass.
const MIN_YEAR_SPAN: usize = 4;

/// "from 1991 to 1997" states how many years something lasted: six
/// (HotpotQA dev: "How many years did Roseanne star in a comedy named after
/// herself?" over "The show ran for nine seasons, from 1988 to 1997"). A
/// life span in parentheses is no such statement: it dates a life, not what
/// the question asks of it.
///
/// Measured before the change (the engine at 88cf5ef, this test as it is):
/// 1 of 5 cases passed (the life span); no span of years was read. After:
/// 4 of 5 (still failing: the star's years, which the page states in
/// another sentence than her name).
#[test]
fn a_span_of_years_is_a_duration() {
    let index = index(&[
        (
            "harbour-nights",
            "Harbour Nights",
            "Harbour Nights is a British sitcom starring Mara Quill as a ferry captain. The \
             show ran for six seasons, from 1991 to 1997, on ITV.",
        ),
        ("rifles", "Northern Rifles", ARMY),
        (
            "ode-varn",
            "Ode Varn",
            "Ode Varn (1921 – 1990) was a Danish football coach who led Brask FC to two \
             league titles.",
        ),
    ]);
    let mut cases: Vec<(&str, bool, Report)> = Vec::new();
    for (q, amount) in [
        ("How many years did Harbour Nights run?", "6"),
        (
            "For how many years did Mara Quill star in Harbour Nights?",
            "6",
        ),
        ("How long did Harbour Nights run on ITV?", "6"),
        ("How many years did the Northern Rifles exist?", "70"),
    ] {
        let r = ask(&index, q);
        let ok = all_supported(&r) && r.answer.contains(amount);
        cases.push((q, ok, r));
    }
    // A life span says nothing of how long he coached.
    let q = "How many years did Ode Varn coach Brask FC?";
    let r = ask(&index, q);
    let ok = asked(&r).iter().any(|s| s.state != SlotState::Supported) && !r.answer.contains("69");
    cases.push((q, ok, r));
    tally("year-span", &cases, MIN_YEAR_SPAN);
}
