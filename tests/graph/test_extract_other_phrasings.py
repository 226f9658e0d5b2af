"""Facts told in the other ways people tell them: an adverb inside a perfect, "love to" and a
verb, a passion, an event looked forward to, a chat line with its subject left out, plurals of
things owned, chat shorthand; and the look-alikes that stay no fact."""

from __future__ import annotations

import pytest

from lembrar.graph.extract.names import gerund
from lembrar.graph.extract.rules import infinitive_as_activity

from .reading import read, signed, undated


def facts(text: str) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.object) for f in read(text)}


@pytest.mark.parametrize(
    "text, fact",
    [
        # an adverb inside a perfect, before an irregular participle
        ("I've finally bought a kayak.", ("Ines", "owns", "kayak")),
        ("We have recently moved to Braga.", ("Ines", "lives_in", "Braga")),
        ("We've just adopted a kitten.", ("Ines", "has_pet", "kitten")),
        # "love to" and a verb: the activity
        ("I love to bake sourdough.", ("Ines", "likes", "baking sourdough")),
        ("We like to swim in the lake.", ("Ines", "likes", "swimming in the lake")),
        ("I really enjoy to knit scarves.", ("Ines", "likes", "knitting scarves")),
        # a degree word inside the taste
        ("I'm super passionate about woodworking.", ("Ines", "likes", "woodworking")),
        ("I am deeply into birdwatching.", ("Ines", "likes", "birdwatching")),
        ("Still chasing my passion for ceramics.", ("Ines", "likes", "ceramics")),
        # a dash typed against its word
        ("I adore sailing- it calms me down.", ("Ines", "likes", "sailing")),
        # kin and pets said other ways
        ("I'm visiting my siblings soon.", ("Ines", "has_sibling", "siblings")),
        ("My pet hates the rain.", ("Ines", "has_pet", "pet")),
        ("My other cats are asleep.", ("Ines", "has_pet", "cats")),
        # things owned, in the plural or by how many
        ("I keep my violins in the study.", ("Ines", "owns", "violins")),
        ("I have a bunch of vintage lamps.", ("Ines", "owns", "vintage lamps")),
        ("I think my cardigan shrank.", ("Ines", "owns", "cardigan")),
        # a dislike, however it is said
        ("I don't like olives, sorry.", ("Ines", "dislikes", "olives")),
        ("Not a fan of karaoke tbh", ("Ines", "dislikes", "karaoke")),
        ("I'm not a huge fan of horror films.", ("Ines", "dislikes", "horror films")),
        # a pastime taken up, in the perfect
        ("I've taken up fencing at the club.", ("Ines", "does", "fencing")),
        # where one studies and works, and a job ended by retiring
        ("I study law at Coimbra University.", ("Ines", "studies_at", "Coimbra University")),
        ("I'm doing a PhD in ecology at Uppsala.", ("Ines", "studies_at", "Uppsala")),
        ("I'm doing a master's in design at Aalto.", ("Ines", "studies", "design")),
        ("I have a weekend job at Decathlon.", ("Ines", "works_at", "Decathlon")),
        # a child called by their place among the children
        ("My eldest, Tomas, is learning to drive.", ("Ines", "has_child", "Tomas")),
        # a business one runs, and more things one rides
        ("We run a tiny bakery in Alfama.", ("Ines", "owns", "tiny bakery")),
        ("I run a small consulting company.", ("Ines", "owns", "small consulting company")),
        ("Got a new longboard yesterday!", ("Ines", "owns", "longboard")),
    ],
)
def test_a_fact_said_another_way_is_read(text, fact):
    assert fact in facts(text)


@pytest.mark.parametrize(
    "text, plan",
    [
        ("I can't wait for the regatta on Sunday!", "regatta"),
        ("Looking forward to our picnic next week.", "picnic"),
        ("So excited for the festival in June!", "festival"),
        ("I'll be running a marathon next month.", "running a marathon"),
        ("We leave for our honeymoon on Friday.", "honeymoon"),
        ("I'm signing up for a triathlon in July.", "signing up for a triathlon"),
        ("I have tickets for the jazz concert next Saturday.", "jazz concert"),
        ("Our trip to Chile is next month.", "trip to Chile"),
        ("We have a family reunion coming up in August.", "family reunion"),
        ("Flying out to Madrid on Thursday.", "trip to Madrid"),
        ("going to my friend's wedding in June", "friend's wedding"),
        ("Planning to repaint the garage this weekend.", "repaint the garage"),
        ("I'm finally taking that pottery class on Monday.", "taking pottery class"),
        ("we r having a barbecue tmrw", "having a barbecue"),
        # a journey, with what it is for
        ("Tomorrow I fly to Porto for my cousin's wedding.", "trip to Porto for cousin's wedding"),
        ("I'm driving to Leeds on Saturday for the festival.", "trip to Leeds for festival"),
        # a journey in the future tense, a companion named, a question after it
        ("We will travel to Oslo in June.", "trip to Oslo"),
        ("Me and my sister Rita are going to Seville in July.", "trip to Seville"),
        ("Heading to Bruges tmrw, anyone been?", "trip to Bruges"),
        # a plan said bare, and a show one goes to see
        ("Planning a picnic at the lake for Sunday.", "picnic"),
        ("On Friday we're going to see Hamlet at the Globe.", "Hamlet"),
    ],
)
def test_a_plan_said_another_way_is_read(text, plan):
    assert ("Ines", "plans", plan) in undated(facts(text))


@pytest.mark.parametrize(
    "text",
    [
        "I've already got your message.",  # no thing owned
        "That's what I like to hear!",  # a remark, not a taste
        "I love to help, just ask.",
        "I'd love to visit Peru someday.",  # a wish
        "My brother likes to play with them.",  # what is done to someone
        "You're so passionate about music.",  # said of "you"
        "Your passion for cooking shows.",
        "Can't wait to see you!",  # no event
        "I was looking forward to the party, but it got cancelled.",  # past
        "Are you looking forward to the concert?",  # a question
        "Organizing the fair last summer was exhausting.",  # an "-ing" subject, and past
        "Going hiking with friends is the best.",
        "Beginning the first day of next month.",  # nothing planned
        "I'm going to go there again next week.",  # "going to" a verb: no event gone to
        "These are our cheapest coats, madam.",  # a shop's stock
        "We've got plenty of tables in stock.",
        "That's my pet peeve.",
        "When I was little we had a hamster called Nibbles.",  # had once, no more
        "Growing up, we had a cat named Tom.",
        "My company is relocating me to Leeds.",  # where one works, not a thing owned
        "I will go to bed now.",  # no journey
        "I run a tight ship at work.",  # no business run
    ],
)
def test_look_alikes_stay_no_fact(text):
    kinds = ("owns", "likes", "dislikes", "plans", "has_pet")
    assert {f for f in facts(text) if f[1] in kinds} == set()


def test_retiring_from_an_employer_ends_the_job():
    text = "I retired from Siemens in March."
    found = read(text)
    assert [(f.predicate, f.object, f.negated) for f in found] == [("works_at", "Siemens", True)]


def test_a_child_or_pet_someone_else_had_is_theirs():
    found = facts("My brother Rui has a baby girl now, her name is Maya!")
    assert ("Ines", "has_child", "Maya") not in found
    assert ("Ines", "has_pet", "Tambor") not in facts(
        "My aunt adopted a puppy, his name is Tambor."
    )
    assert ("Ines", "has_pet", "Tambor") in facts("We adopted a puppy, his name is Tambor.")


def ended(text: str) -> set[tuple[str, str, bool]]:
    return {(f.predicate, f.object, f.negated) for f in read(text)}


def test_a_partner_who_died_is_a_partnership_ended():
    assert ("has_partner", "Jorge", True) in ended("My late husband Jorge loved this garden.")
    assert ("has_partner", "wife", True) in ended("My wife passed away last spring.")
    assert ("has_parent", "dad", False) in ended("My dad died when I was ten.")


def test_an_oldest_friend_is_no_child():
    assert not any(f[1] == "has_child" for f in facts("My oldest friend, Rita, lives in Porto."))


def test_not_liking_is_a_dislike_not_an_ended_taste():
    found = facts("I don't like natto.")
    assert ("Ines", "dislikes", "natto") in found
    assert not any(f[1] == "likes" for f in found)


def test_a_favourite_place_is_liked_not_owned():
    assert ("Ines", "owns", "bakeries") not in facts("It's one of my favorite bakeries.")


def test_a_verb_phrase_joined_by_and_is_not_a_second_taste():
    found = facts("I'm really passionate about making sure parks are cleaned and protected.")
    assert ("Ines", "likes", "making sure parks are cleaned") in found
    assert not any(f[2].startswith("protected") for f in found)


@pytest.mark.parametrize(
    "verb, doing",
    [
        ("hike", "hiking"),
        ("swim", "swimming"),
        ("travel", "traveling"),
        ("tie", "tying"),
        ("see", "seeing"),
        ("cook", "cooking"),
        ("jog", "jogging"),
        ("explore", "exploring"),
    ],
)
def test_gerund(verb, doing):
    assert gerund(verb) == doing


def test_an_infinitive_is_read_as_its_activity_unless_it_remarks():
    assert infinitive_as_activity("to really paint landscapes") == "painting landscapes"
    assert infinitive_as_activity("to hear that") == "to hear that"
    assert infinitive_as_activity("painting") == "painting"


def test_an_obsession_is_no_pastime():
    assert not any(f[1] == "does" for f in facts("My current obsession is vintage vinyl."))
    assert ("Ines", "does", "knitting") in facts("My current hobby is knitting.")


def test_pets_named_in_a_list_after_how_many_there_are():
    found = facts("We just rescued a pair of ferrets, Pip and Squeak!")
    assert {("Ines", "has_pet", "Pip"), ("Ines", "has_pet", "Squeak")} <= found
    assert not any(f[2] == "Tom" for f in facts("My friend got two cats, Tom and Jerry."))


def test_an_age_said_as_a_manner_of_speaking_is_none():
    assert not any(f[1] == "age" for f in facts("Can you explain taxes like I'm 5?"))
    assert not any(f[1] == "age" for f in facts("Talk to me as if I'm 10, please."))
    assert ("Ines", "age", "34") in facts("I'm 34, by the way.")


@pytest.mark.parametrize(
    "text, place",
    [
        ("My son starts at UNAM in August to study medicine.", "UNAM"),
        ("I start at Coimbra in September to do my master's in law.", "Coimbra"),
        ("I'm starting at Leiden next month to read history.", "Leiden"),
    ],
)
def test_a_place_started_at_to_study_is_a_school_not_an_employer(text, place):
    found = undated(facts(text))
    assert any(p == "studies_at" and o == place for _, p, o in found)
    assert not any(p == "works_at" for _, p, o in found)


@pytest.mark.parametrize(
    "text",
    [
        "I'm joining Google in June to study how people search.",
        "I start at Siemens on Monday, want to study the manuals first.",
    ],
)
def test_a_job_started_to_study_something_is_still_a_job(text):
    found = undated(facts(text))
    assert any(p == "works_at" for _, p, o in found)
    assert not any(p == "studies_at" for _, p, o in found)


@pytest.mark.parametrize(
    "text, subject, place",
    [
        ("I'm originally from Enugu, now an engineer.", "Ines", "Enugu"),
        ("Well, I am from Canada. Actually.", "Ines", "Canada"),
        ("My girlfriend Marta is from Valencia.", "Marta", "Valencia"),
        ("I grew up in Manila.", "Ines", "Manila"),
        ("Born and raised in Lagos, living in Leeds now.", "Ines", "Lagos"),
        ("my mom was born in Dublin", "mom", "Dublin"),
        ("Sou de Recife mas moro em Lisboa.", "Ines", "Recife"),
        ("A Ana é natural de Braga.", "Ana", "Braga"),
    ],
)
def test_where_someone_is_from(text, subject, place):
    assert (subject, "from", place) in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm back from Paris!",
        "I just came from Tesco, the queue was huge.",
        "Hi, I'm from the billing team.",
        "I was born in 1990.",
        "This message is from Google.",
        "Where are you from?",
        "Greetings from Lisbon!",
    ],
)
def test_a_trip_a_team_or_a_sender_is_no_origin(text):
    assert not any(p == "from" for _, p, _ in facts(text))


@pytest.mark.parametrize(
    "text, ex",
    [
        ("My ex, Daniel, still texts me.", "Daniel"),
        ("I'm seeing my ex Laura tomorrow.", "Laura"),
        ("My ex-husband lives in Leeds now.", "ex-husband"),
        ("my ex still has my jacket", "ex"),
    ],
)
def test_an_ex_said_as_one(text, ex):
    assert ("Ines", "has_ex", ex) in facts(text)


@pytest.mark.parametrize(
    "text, partner",
    [
        ("I broke up with my boyfriend Tom last month.", "Tom"),
        ("I divorced my husband Paul in 2019.", "Paul"),
        ("My boyfriend Luca dumped me last night.", "Luca"),
        ("My wife and I separated last year.", "wife"),
        ("I just broke up with my girlfriend.", "girlfriend"),
    ],
)
def test_a_partner_left_is_an_ex_and_a_partnership_ended(text, partner):
    read = ended(text)
    assert ("has_partner", partner, True) in read
    assert ("has_ex", partner, False) in read
    assert ("has_partner", partner, False) not in read


@pytest.mark.parametrize(
    "text",
    [
        "My ex boss called me about the audit.",
        "My ex-colleague Ana moved to Rome.",
        "My husband and I split the bill.",
        "My wife and I separated the laundry into piles.",
    ],
)
def test_an_ex_colleague_or_a_shared_chore_is_no_ex(text):
    found = read(text)
    assert not any(f.predicate == "has_ex" or f.negated for f in found)


@pytest.mark.parametrize(
    "text, fact",
    [
        # an organisation named by its initials
        ("I'm doing a masters in public health at NOVA.", ("Ines", "studies_at", "NOVA")),
        ("I work at IBM as a tester.", ("Ines", "works_at", "IBM")),
        ("I left KPMG last year.", ("Ines", "not:works_at", "KPMG")),
        # a statement before its question, whatever verb opens the asking
        ("I'm allergic to penicillin, is amoxicillin ok?", ("Ines", "allergic_to", "penicillin")),
        ("I live in Porto, are there good gyms?", ("Ines", "lives_in", "Porto")),
        # a school got into, and what for
        ("My daughter Lerato just got into Wits for medicine!!!", ("Lerato", "studies_at", "Wits")),
        (
            "My daughter Lerato just got into Wits for medicine!!!",
            ("Lerato", "studies", "medicine"),
        ),
        ("I got into Oxford to study law!", ("Ines", "studies_at", "Oxford")),
        ("I was admitted to Bocconi last week.", ("Ines", "studies_at", "Bocconi")),
        # a subject studied, without the place it is studied in
        ("I study French in Lyon.", ("Ines", "studies", "French")),
    ],
)
def test_schools_by_initials_statements_before_questions_and_schools_got_into(text, fact):
    subject, predicate, obj = fact
    negated = predicate.startswith("not:")
    found = read(text)
    assert (subject, predicate.removeprefix("not:"), obj, negated) in {
        (f.subject, f.predicate, f.object, f.negated) for f in found
    }


@pytest.mark.parametrize(
    "text",
    [
        "LOL at WORK again",
        "I got into Pokemon for a while.",
        "I got into Taylor Swift for real this year.",
        "Worked at OMG speed today",
    ],
)
def test_shouting_and_a_craze_got_into_are_no_school_or_employer(text):
    found = facts(text)
    assert not any(p in ("studies_at", "works_at", "studies") for _, p, _ in found)


@pytest.mark.parametrize(
    "text, partner",
    [
        ("Rui and I broke up. Don't ask.", "Rui"),
        ("I split up with Dan last week.", "Dan"),
        ("Sarah and I split up after 6 years.", "Sarah"),
        ("I divorced Paul in 2019.", "Paul"),
    ],
)
def test_a_partner_left_by_name(text, partner):
    read = ended(text)
    assert {("has_partner", partner, True), ("has_ex", partner, False)} <= read


@pytest.mark.parametrize(
    "text, role",
    [
        ("From monday I am sous chef at Sala de Despiece.", "sous chef"),
        ("I am mechanic.", "mechanic"),
        ("My dad is teacher at the local school.", "teacher"),
    ],
)
def test_a_role_said_without_its_article(text, role):
    assert any(p == "works_as" and o == role for _, p, o in facts(text))


@pytest.mark.parametrize(
    "text",
    [
        "Tom and I split the rent.",
        "Mum and I broke up the fight.",
        "My father is retired from Indian Railways.",
        "I am vegetarian.",
        "I'm a college student, so any discounts?",
        "I am university student in Osaka.",
    ],
)
def test_a_shared_bill_a_state_or_studying_is_no_ex_and_no_job(text):
    found = read(text)
    assert not any(f.predicate in ("has_ex", "works_as") for f in found)
    assert not any(f.predicate == "has_partner" and f.negated for f in found)


@pytest.mark.parametrize(
    "text, fact",
    [
        ("I teach grade 4 at Umlazi Primary.", ("Ines", "works_as", "teacher")),
        ("I teach grade 4 at Umlazi Primary.", ("Ines", "works_at", "Umlazi Primary")),
        ("I teach maths at a secondary school.", ("Ines", "works_as", "teacher")),
        ("I don't play hockey anymore, tore my ACL.", ("Ines", "not:does", "hockey")),
        ("I no longer play tennis.", ("Ines", "not:does", "tennis")),
        ("I don't play video games these days.", ("Ines", "not:does", "video games")),
    ],
)
def test_a_teacher_by_what_they_do_and_a_pastime_given_up(text, fact):
    subject, predicate, obj = fact
    assert (subject, predicate, obj) in signed(text)


@pytest.mark.parametrize(
    "text, unwanted",
    [
        ("I teach myself guitar.", "works_as"),
        ("I teach my son to swim.", "works_as"),
        ("We're thinking of getting a puppy, Jack Russell or beagle?", "has_pet"),
        ("Grace is home sick today.", "lives_in"),
        ("Dad is home alone tonight.", "lives_in"),
        ("My colleague is moving to Accra next month.", "lives_in"),
        ("My best friend loves reading.", "likes"),
    ],
)
def test_teaching_oneself_a_pet_considered_someone_at_home_and_an_unnamed_friend(text, unwanted):
    assert not any(p == unwanted for _, p, _ in facts(text))


def test_pets_named_in_a_list_leave_no_pet_known_only_by_kind():
    found = facts("I have two cats, Bulka and Masha. Bulka is the boss.")
    assert {("Ines", "has_pet", "Bulka"), ("Ines", "has_pet", "Masha")} <= found
    assert ("Ines", "has_pet", "cat") not in found


def test_a_place_called_home_and_a_named_friends_move_are_still_read():
    assert ("Ines", "lives_in", "Lisbon") in facts("Lisbon is home now.")
    assert ("Ana", "lives_in", "Accra") in undated(facts("My friend Ana moved to Accra."))


@pytest.mark.parametrize(
    "text, companion",
    [
        ("me and Kenji are going to Bali in June", "Kenji"),
        ("My wife Sunita and I are going to Goa in November.", "Sunita"),
        ("Me and Rui are driving to Seville tomorrow.", "Rui"),
        ("Me and my brother Javier are running the Mexico City marathon in August", "Javier"),
    ],
)
def test_a_plan_shared_with_someone_named_is_theirs_too(text, companion):
    found = undated(facts(text))
    plans = {o for s, p, o in found if p == "plans" and s == "Ines"}
    assert plans and plans == {o for s, p, o in found if p == "plans" and s == companion}


@pytest.mark.parametrize(
    "text",
    [
        "Mom and I are repainting the kitchen on Saturday.",
        "I have a meeting with Google next week.",
    ],
)
def test_a_plan_with_unnamed_kin_or_a_company_is_the_speakers_alone(text):
    assert {s for s, p, _ in facts(text) if p == "plans"} <= {"Ines"}


@pytest.mark.parametrize(
    "text, fact",
    [
        # an age reached, said with when
        ("I turned 30 last week.", ("Ines", "age", "30")),
        ("Just turned 20 today!!!", ("Ines", "age", "20")),
        ("I'm 30 today", ("Ines", "age", "30")),
        # a thing sold is had no more
        ("Sold the old Volvo finally.", ("Ines", "not:owns", "old Volvo")),
        ("We finally sold the house in March.", ("Ines", "not:owns", "house")),
        # a job offer taken, a job without its article
        ("I accepted the offer from Zalando!!!", ("Ines", "works_at", "Zalando")),
        ("I accepted a job at Zalando.", ("Ines", "works_at", "Zalando")),
        ("I have part-time job at Lawson convenience store.", ("Ines", "works_at", "Lawson")),
        # a home moved into, a stay of years said without its subject
        ("finally moved into my own place in JLT!!", ("Ines", "lives_in", "JLT")),
        ("We moved into a new flat in Alfama.", ("Ines", "lives_in", "Alfama")),
        ("I'm from Kumasi but been in London 20 years now.", ("Ines", "lives_in", "London")),
    ],
)
def test_ages_reached_things_sold_offers_taken_and_homes_moved_into(text, fact):
    subject, predicate, obj = fact
    assert (subject, predicate, obj) in signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm 40 next month",
        "I'm 30 on Saturday",
        "I'm 5 minutes late",
        "I sold the idea to my boss.",
        "I sold tickets at the fair.",
        "I have a job interview at Google.",
    ],
)
def test_an_age_to_come_an_idea_sold_and_an_interview_are_no_facts(text):
    assert not any(p in ("age", "owns", "works_at") for _, p, _ in facts(text))


@pytest.mark.parametrize(
    "text, plan",
    [
        ("I have my TOEIC exam in June.", "TOEIC exam"),
        ("We have our wedding in June.", "wedding"),
        ("I have my exam tomorrow.", "exam"),
    ],
)
def test_an_event_of_ones_own_said_with_my_is_a_plan(text, plan):
    assert ("Ines", "plans", plan) in undated(facts(text))


def test_a_thing_of_ones_own_kept_somewhere_is_no_plan():
    assert not any(p == "plans" for _, p, _ in facts("I have my car in the garage."))


@pytest.mark.parametrize(
    "text, plan",
    [
        ("I'm going solo, got a show booked at the Doug Fir in June", "show at the Doug Fir"),
        ("I'll be in Tokyo for a conference that week.", "conference in Tokyo"),
        ("We'll be in Rome in June.", "trip to Rome"),
        ("We're going camping at the Lake District next week", "camping at the Lake District"),
    ],
)
def test_a_show_booked_and_a_stay_ahead_somewhere_named(text, plan):
    assert ("Ines", "plans", plan) in undated(facts(text))


@pytest.mark.parametrize(
    "text",
    ["I won't be in Paris.", "I'll be in the office tomorrow.", "If I'll be in Berlin, I'll call."],
)
def test_no_stay_denied_unnamed_or_supposed(text):
    assert not any(p == "plans" for _, p, _ in facts(text))


@pytest.mark.parametrize(
    "text, fact",
    [
        ("My daughter lives in Osaka with her husband.", ("daughter", "has_partner", "husband")),
        ("My son Peter and his wife are taking me on a cruise.", ("Peter", "has_partner", "wife")),
        ("Ethan is 17 and his brother Lucas is 14.", ("Ethan", "has_sibling", "Lucas")),
        ("My husband's parents are coming to stay.", ("husband", "has_parent", "parents")),
        (
            "Eva, our daughter, is moving to Uppsala with her two boys.",
            ("Eva", "has_child", "boys"),
        ),
        ("Tomás is taking his parents to Paris.", ("Tomás", "has_parent", "parents")),
        ("I met Ana and her husband at the party.", ("Ana", "has_partner", "husband")),
    ],
)
def test_the_kin_of_someone_told_of(text, fact):
    assert fact in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Whatsmore, his wife is 84.",
        "I'm 12.5% Irish, and her parents came from Poland.",
        "Continue the story and have him talk to his dad.",
        "We're moving from London to Uppsala with her two boys.",
    ],
)
def test_no_kin_for_a_word_that_is_no_one(text):
    assert not any(s not in ("Ines",) and p.startswith("has_") for s, p, _ in facts(text))


@pytest.mark.parametrize(
    "text, employer",
    [
        ("I work nights at the Hôpital Necker, so I sleep in the day.", "Hôpital Necker"),
        ("I work part time at Lidl.", "Lidl"),
        ("I work weekends for Uber.", "Uber"),
    ],
)
def test_an_employer_after_when_one_works(text, employer):
    assert ("Ines", "works_at", employer) in facts(text)


def test_working_at_a_time_names_no_employer():
    assert not any(p == "works_at" for _, p, _ in facts("I work at night."))


def test_a_pet_named_then_called_one_after_and():
    found = facts("I walk Juniper every morning and she's a dog who eats everything.")
    assert ("Ines", "has_pet", "Juniper") in found
    assert not any(p == "has_pet" for _, p, _ in facts("I met Sarah and she's a dog person."))


@pytest.mark.parametrize(
    "text, pastime",
    [
        ("I paint most weekends and the tubes keep drying out.", "painting"),
        ("I swim every morning before work.", "swimming"),
        ("We sail every weekend in summer.", "sailing"),
        ("I crochet most evenings.", "crochet"),
    ],
)
def test_a_pastime_said_by_its_verb_and_how_often(text, pastime):
    assert ("Ines", "does", pastime) in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "I run a café, open every day.",
        "I draw the line every time.",
        "I used to swim every morning.",
        "I sing in a church choir on Wednesdays.",
    ],
)
def test_a_verb_taking_an_object_a_habit_gone_or_a_group_is_no_such_pastime(text):
    assert not any(
        p == "does" and o in ("running", "drawing", "swimming", "singing")
        for _, p, o in facts(text)
    )


@pytest.mark.parametrize(
    "text, fact",
    [
        ("I collect stamps.", ("Ines", "does", "collecting stamps")),
        (
            "I've been collecting vinyl records for years.",
            ("Ines", "does", "collecting vinyl records"),
        ),
        ("Any piano teacher for my twins? They're 8.", ("Ines", "has_child", "twins")),
    ],
)
def test_a_collection_kept_and_twins(text, fact):
    assert fact in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "I collected the kids from school.",
        "I collect data for my thesis.",
        "We collected parcels from the depot.",
    ],
)
def test_things_collected_once_or_for_work_are_no_pastime(text):
    assert not any(p == "does" for _, p, _ in facts(text))
