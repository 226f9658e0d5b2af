"""Plans told as something had at a time to come ("I have my CFA Level 2 in three weeks"), a
named course or race done ("doing the Tough Mudder in August"), an anniversary celebrated;
kin whose names are also months ("my brother Jan"); homes said with "here to", with a partner
named beside the speaker, with children listed after the kin word, moved into together, rented,
or closing a self-introduction; beside the look-alikes that stay no fact."""

from __future__ import annotations

import pytest

from .reading import signed, undated


@pytest.mark.parametrize(
    "text, fact",
    [
        ("I have my CFA Level 2 in three weeks and can't look at dresses.", "CFA Level 2"),
        ("I have TOEIC exam in June, please help with vocabulary.", "TOEIC exam"),
        ("I've got my MOT next week.", "MOT"),
        ("We have our first scan next week 🤞", "first scan"),
    ],
)
def test_a_thing_had_at_a_time_to_come_is_planned_not_owned(text: str, fact: str) -> None:
    facts = undated(signed(text))
    assert ("Ines", "plans", fact) in facts
    assert ("Ines", "owns", fact) not in facts


@pytest.mark.parametrize(
    "text",
    [
        "I have my kids this weekend.",
        "I've got a complaint about the noise next door.",
        "I have an existing project in next js and want to add a page.",
        "I don't have my interview tomorrow anymore.",
        "We'll have our baby soon.",
        "I have a lot on next week.",
    ],
)
def test_kin_time_and_what_is_no_time_are_no_appointment(text: str) -> None:
    assert not {f for f in signed(text) if f[1] == "plans"}


@pytest.mark.parametrize(
    "text, thing",
    [
        ("My aunt got me a sewing machine for Christmas", "sewing machine"),
        ("I bought a 2012 Honda Civic in March.", "2012 Honda Civic"),
    ],
)
def test_a_thing_got_or_bought_at_a_time_is_still_owned(text: str, thing: str) -> None:
    assert ("Ines", "owns", thing) in signed(text)


@pytest.mark.parametrize(
    "text, facts",
    [
        (
            "me and Kez are doing the Tough Mudder in August, who's in??",
            {
                ("Ines", "plans", "doing the Tough Mudder"),
                ("Kez", "plans", "doing the Tough Mudder"),
            },
        ),
        (
            "my brother Viktor and I are doing Vätternrundan in June, 315 km 😳",
            {("Ines", "plans", "doing Vätternrundan"), ("Viktor", "plans", "doing Vätternrundan")},
        ),
        (
            "I'm walking the Camino in May with my sister.",
            {("Ines", "plans", "walking the Camino")},
        ),
    ],
)
def test_a_named_course_done_at_a_time_to_come_is_planned(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    assert facts <= undated(signed(text))


@pytest.mark.parametrize(
    "text",
    [
        "I'm walking the dog tomorrow.",
        "I did the Tough Mudder last year.",
        "I'm doing the Smiths' garden on Friday.",
        "I'm doing the Tough Mudder.",  # no time to come said
    ],
)
def test_errands_courses_done_and_courses_undated_are_no_plan(text: str) -> None:
    assert not {f for f in signed(text) if f[1] == "plans"}


def test_an_anniversary_celebrated_at_a_time_to_come_is_the_couples_plan() -> None:
    facts = undated(signed("Keiko and I celebrate our 40th wedding anniversary next month."))
    assert {
        ("Ines", "plans", "celebrating our 40th wedding anniversary"),
        ("Keiko", "plans", "celebrating our 40th wedding anniversary"),
    } <= facts
    assert not {f for f in signed("We celebrated our anniversary last month.") if f[1] == "plans"}


@pytest.mark.parametrize(
    "text, facts",
    [
        (
            "My brother Jan lives in Lausanne now and works for Logitech, lucky guy",
            {
                ("Ines", "has_sibling", "Jan"),
                ("Jan", "lives_in", "Lausanne"),
                ("Jan", "works_at", "Logitech"),
            },
        ),
        ("My daughter June is 7.", {("Ines", "has_child", "June"), ("June", "age", "7")}),
        ("My sister May lives in Leeds.", {("May", "lives_in", "Leeds")}),
    ],
)
def test_a_name_after_a_kin_word_is_a_name_even_a_months(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    found = signed(text)
    assert facts <= found
    assert not {f for f in found if f[0].startswith("my ")}


def test_a_month_after_in_stays_a_month() -> None:
    found = signed("I saw my sister in May.")
    assert ("Ines", "has_sibling", "sister") in found
    assert not {f for f in found if "May" in (f[0], f[2])}


@pytest.mark.parametrize(
    "text, facts, not_facts",
    [
        (
            "I retired from Hitachi last year and moved here to Amstelveen with my wife Keiko.",
            {("Ines", "lives_in", "Amstelveen")},
            {("Ines", "lives_in", "Hitachi")},
        ),
        (
            "My husband Kenji and I live in Düsseldorf with our two kids, Haruto (9) and Mei (6).",
            {
                ("Kenji", "lives_in", "Düsseldorf"),
                ("Haruto", "lives_in", "Düsseldorf"),
                ("Mei", "lives_in", "Düsseldorf"),
            },
            {("kids", "lives_in", "Düsseldorf")},
        ),
        (
            "Freja and I moved in together in Nørrebro last weekend 🥹",
            {("Ines", "lives_in", "Nørrebro"), ("Freja", "lives_in", "Nørrebro")},
            set(),
        ),
        ("We're still renting in Haarlem till then.", {("Ines", "lives_in", "Haarlem")}, set()),
        (
            "New to the sailing forum! Birgit, 47, Hamburg. I sail out of Laboe.",
            {("Ines", "age", "47"), ("Ines", "lives_in", "Hamburg")},
            set(),
        ),
    ],
)
def test_homes_said_beside_the_people_who_share_them(
    text: str, facts: set[tuple[str, str, str]], not_facts: set[tuple[str, str, str]]
) -> None:
    found = signed(text)
    assert facts <= found
    assert not not_facts & found


@pytest.mark.parametrize(
    "text",
    [
        "I'm currently renting in the city and thinking of buying.",
        "Tom, 34, Male.",
        "I have just married Duarte and I cannot decide where to live.",
    ],
)
def test_no_home_without_a_place_named(text: str) -> None:
    assert not {f for f in signed(text) if f[1] == "lives_in"}


def test_a_manager_at_a_company_is_someone_else_not_the_speakers_role() -> None:
    found = signed("My manager at Sonae is great, I've only worked there a month.")
    assert ("Ines", "works_at", "Sonae") in found
    assert not {f for f in found if f[1] == "works_as"}


@pytest.mark.parametrize(
    "text, fact",
    [
        ("I have an older sister and a younger brother.", ("Ines", "has_sibling", "sister")),
        (
            "As for siblings, I have a brother who's recently become a father.",
            ("Ines", "has_sibling", "brother"),
        ),
    ],
)
def test_a_sibling_had_is_a_sibling(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "I have a sister-in-law.",
        "Do you have a sister?",
        "I wish I had a sister.",
        "She has a brother in Leeds.",
    ],
)
def test_no_sibling_of_the_speakers_from_in_laws_questions_wishes_or_others(text: str) -> None:
    assert not {f for f in signed(text) if f[0] == "Ines" and f[1] == "has_sibling"}


def test_a_sibling_had_and_named_after_is_the_one_a_pronoun_then_speaks_of() -> None:
    found = signed("I have a twin sister, Mei Hua, she stays in Taichung and studies nursing.")
    assert {("Ines", "has_sibling", "Mei Hua"), ("Mei Hua", "studies", "nursing")} <= found
    assert not {f for f in found if f[0] == "sister" or f[2] == "sister"}


def test_a_named_friend_the_speaker_does_a_pastime_with_does_it_too() -> None:
    found = signed("I play golf twice a week at the Amsterdamse Golf Club with my friend Henk.")
    assert {("Ines", "does", "golf"), ("Henk", "does", "golf")} <= found


@pytest.mark.parametrize(
    "text, not_fact",
    [
        ("my girlfriend Freja wants a dog. I'm a cat person. Help.", ("Ines", "has_pet", "Help")),
        (
            "I'm 47 and my back says big boats only from now on 😂",
            ("Ines", "owns", "back says big boats"),
        ),
        (
            "We have 2 barn cats, Mis and Trine, and they catch mice.",
            ("Ines", "has_pet", "barn cats"),
        ),
    ],
)
def test_a_taste_a_clause_and_a_kind_named_are_no_pet_nor_thing(
    text: str, not_fact: tuple[str, str, str]
) -> None:
    assert not_fact not in signed(text)


@pytest.mark.parametrize(
    "text, facts",
    [
        (
            "I work at Volvo Cars in Torslanda as a battery engineer.",
            {("Ines", "works_at", "Volvo Cars"), ("Ines", "works_as", "battery engineer")},
        ),
        ("Our son Jun turns 4 next week.", {("Ines", "has_child", "Jun")}),
        (
            "I'm a nurse at Charité, from Busan originally, moved to Berlin in 2019.",
            {("Ines", "from", "Busan"), ("Ines", "works_as", "nurse")},
        ),
    ],
)
def test_roles_kin_and_origins_said_with_more_between(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    assert facts <= signed(text)


@pytest.mark.parametrize(
    "text, not_fact",
    [
        ("Tom, from Leeds originally, is my boss.", ("Ines", "from", "Leeds")),
        ("Tom, originally from Leeds, is my boss.", ("Ines", "from", "Leeds")),
        ("I'm riding for Wolt tonight lol", ("Ines", "plans", "riding for Wolt")),
    ],
)
def test_an_origin_of_someone_named_and_a_shift_are_not_the_speakers(
    text: str, not_fact: tuple[str, str, str]
) -> None:
    assert not_fact not in undated(signed(text))


@pytest.mark.parametrize(
    "text, facts",
    [
        ("My daughter Sofia passed her exams!!", {("Ines", "has_child", "Sofia")}),
        ("My son Omar passed his first exam! He is 17.", {("Ines", "has_child", "Omar")}),
        (
            "I have two kids, Sophie 12 and Fergus 9.",
            {("Ines", "has_child", "Sophie"), ("Ines", "has_child", "Fergus")},
        ),
    ],
)
def test_kin_who_pass_an_exam_and_kin_listed_with_their_ages(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    assert facts <= signed(text)


def test_a_partner_who_passed_away_is_a_partnership_ended() -> None:
    assert ("Ines", "not:has_partner", "Arthur") in signed(
        "My husband Arthur passed away last year."
    )
    assert ("Ines", "not:has_partner", "Rose") in signed("My wife Rose passed in 2019.")


@pytest.mark.parametrize(
    "text, fact",
    [
        ("i'm 24 still living w my parents in Mississauga", ("parents", "lives_in", "Mississauga")),
        (
            "my brother's in Brisbane now, he moved for a mining job.",
            ("brother", "lives_in", "Brisbane"),
        ),
        (
            "We're moving to Halifax in August, we both got jobs at the IWK",
            ("Ines", "works_at", "IWK"),
        ),
        (
            "Parental leave ends 15 May, then back to ASML 4 days a week.",
            ("Ines", "works_at", "ASML"),
        ),
        (
            "Paternity leave ends Monday. Back to Jaguar Land Rover in Coventry.",
            ("Ines", "works_at", "Jaguar Land Rover"),
        ),
    ],
)
def test_homes_and_jobs_said_the_short_way(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm on maternity leave and we went back to Lisbon for Easter.",
        "Can't wait to be back at Lumo after my holiday.",  # no leave from work said
        "My brother's in trouble again.",
    ],
)
def test_a_return_without_a_leave_and_kin_in_trouble_say_no_job_nor_home(text: str) -> None:
    assert not {f for f in signed(text) if f[1] in ("works_at", "lives_in")}


@pytest.mark.parametrize(
    "text, fact",
    [
        (
            "Found a 2-room flat in Schwabing, signed the lease yesterday, moving in on 25 August.",
            ("Ines", "plans", "move to Schwabing"),
        ),
        (
            "Jess and I just bought our first home!!! A 3-bed in Coburg. Moving in June 1.",
            ("Ines", "plans", "move to Coburg"),
        ),
    ],
)
def test_a_move_in_goes_to_the_home_the_message_named(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in undated(signed(text))


def test_a_move_in_with_no_home_named_goes_nowhere() -> None:
    assert not {f for f in signed("We're moving in next week, so excited!") if f[1] == "plans"}


@pytest.mark.parametrize(
    "text, fact",
    [
        ("I'm 31, from Mendoza, and I want to do a WSET Level 3.", ("Ines", "from", "Mendoza")),
        (
            "Hello, I am Kasia, from Poland, living in Dublin 6 years now.",
            ("Ines", "from", "Poland"),
        ),
        ("Yes I'm a chef from Mexico City. Fight me.", ("Ines", "from", "Mexico City")),
        (
            "Hello, I am truck driver from Poland, now I drive for Raben.",
            ("Ines", "from", "Poland"),
        ),
        (
            "Her name is Birgit, she is a retired nurse from Silkeborg.",
            ("Birgit", "from", "Silkeborg"),
        ),
    ],
)
def test_where_one_is_from_said_in_an_introduction_or_after_a_role(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "My boss, from Leeds, is nice.",
        "I bought it, from Amazon, last week.",
        "I'm a nurse from the agency.",
        "My father is retired from Indian Railways.",
        "I'm back from Lisbon.",
    ],
)
def test_no_origin_from_an_aside_a_shop_an_agency_or_a_journey(text: str) -> None:
    assert not {f for f in signed(text) if f[1] == "from"}


@pytest.mark.parametrize(
    "text, school",
    [
        ("I'm doing my PhD in hydrology at TU Delft.", "TU Delft"),
        (
            "I'm studying psychology part-time at the University of Bucharest.",
            "University of Bucharest",
        ),
        ("I'm taking Turkish classes at Tömer 4 mornings a week.", "Tömer"),
        ("I'm doing a Python bootcamp at Yandex Practicum.", "Yandex Practicum"),
        ("I'm doing my exchange semester at Monash, studying mechanical engineering.", "Monash"),
    ],
)
def test_a_school_studied_at_said_with_what_is_studied(text: str, school: str) -> None:
    assert ("Ines", "studies_at", school) in signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm doing a shift at Tesco.",
        "I'm taking a break at home.",
        "I'm doing a course at the moment.",
    ],
)
def test_a_shift_a_break_and_a_time_are_no_school(text: str) -> None:
    assert not {f for f in signed(text) if f[1] == "studies_at"}


@pytest.mark.parametrize(
    "text, model",
    [
        ("Just bought my own truck, a 2019 Peterbilt 579.", "2019 Peterbilt 579"),
        ("I have a car, a Honda Civic.", "Honda Civic"),
        ("I have an espresso machine (a Gaggia Classic).", "Gaggia Classic"),
    ],
)
def test_a_model_named_beside_a_thing_had_is_what_is_owned(text: str, model: str) -> None:
    assert ("Ines", "owns", model) in signed(text)


@pytest.mark.parametrize(
    "text, fact",
    [
        ("I'm 74 with high cholesterol.", ("Ines", "age", "74")),
        ("my coach says I can go senior next year. im 14 btw", ("Ines", "age", "14")),
        ("Got a rescue staffie called Biltong, 2 years old, pure chaos.", ("Biltong", "age", "2")),
        (
            "We've just adopted a rescue greyhound called Ziggy, he's 4 and shy.",
            ("Ziggy", "age", "4"),
        ),
    ],
)
def test_ages_said_before_more_and_a_pets_age_after_its_name(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in signed(text)


@pytest.mark.parametrize(
    "text, not_fact",
    [
        ("My sister Ana has a cat called Mia. She is 34.", ("Mia", "age", "34")),
        ("I'm 5 minutes late.", ("Ines", "age", "5")),
        ("I met Tom, 3 years ago, in Lisbon.", ("Tom", "age", "3")),
    ],
)
def test_no_age_of_a_pet_a_person_could_be_nor_of_a_delay(
    text: str, not_fact: tuple[str, str, str]
) -> None:
    assert not_fact not in signed(text)


@pytest.mark.parametrize(
    "text, parent",
    [
        ("i want a hamster sooo bad but mum says no", "mum"),
        ("mam says hi and asks are you still coming for dinner sunday", "mam"),
        ("i hate natto so much. mom puts it in my bento on purpose i swear", "mom"),
    ],
)
def test_a_parent_said_without_my_after_but_or_doing_more(text: str, parent: str) -> None:
    assert ("Ines", "has_parent", parent) in signed(text)


@pytest.mark.parametrize("text", ["mom pls", "I asked your mum and she says yes."])
def test_a_parent_spoken_to_or_anothers_is_not_the_speakers(text: str) -> None:
    assert not {f for f in signed(text) if f[1] == "has_parent"}


@pytest.mark.parametrize(
    "text, facts",
    [
        (
            "Kai and I live in Sydney with our two dogs, Ruby and Rocco.",
            {("Kai", "has_pet", "Ruby"), ("Kai", "has_pet", "Rocco")},
        ),
        (
            "I live in Luleå with my partner Anders and our two huskies, Tor and Freja.",
            {("Anders", "has_pet", "Tor"), ("Anders", "has_pet", "Freja")},
        ),
    ],
)
def test_our_pets_are_the_pets_of_the_one_joined_with_the_speaker(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    assert facts <= signed(text)


def test_a_name_before_and_i_in_another_clause_shares_no_pet() -> None:
    found = signed("My dog Rex hates our neighbour Tom and I don't blame him.")
    assert ("Ines", "has_pet", "Rex") in found
    assert not {f for f in found if f[0] == "Tom"}
