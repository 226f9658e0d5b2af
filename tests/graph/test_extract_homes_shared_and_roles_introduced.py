"""Homes told with the people who share them ("I live in Kadıköy with my girlfriend Defne", "my
dad is still in Dnipro", "my sister Kamala in Chennai", "Hello from Kuopio"), roles told as items
of a self-introduction ("I'm Emre, 31, backend developer", "Tolga here, civil engineer with
TAV"), employers after "the" or "a job with", a job held "while" doing something else, journeys
home and plans signed up for; beside the look-alikes that stay no fact."""

from __future__ import annotations

import pytest

from .reading import signed, undated


@pytest.mark.parametrize(
    "text, facts",
    [
        (
            "I work remotely and I live in Kadıköy with my girlfriend Defne and our cat Pamuk.",
            {("Ines", "lives_in", "Kadıköy"), ("Defne", "lives_in", "Kadıköy")},
        ),
        (
            "I'm 24, living in Kennedy with my mum and my sister Daniela, I deliver for Rappi.",
            {("mum", "lives_in", "Kennedy"), ("Daniela", "lives_in", "Kennedy")},
        ),
        ("I live with my parents in Pune.", {("parents", "lives_in", "Pune")}),
        (
            "I live in Porto with my husband Rui, my son Tom and our dog.",
            {("Rui", "lives_in", "Porto"), ("Tom", "lives_in", "Porto")},
        ),
    ],
)
def test_kin_a_home_is_shared_with_live_there_too(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    assert facts <= signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "My sister lives in Leeds with her husband Tom.",
        "Should I live in Leeds with my parents or alone?",
        "I live in Porto with our dog Bolt.",
    ],
)
def test_a_home_shared_by_others_or_wondered_about_gives_the_speakers_kin_none(text: str) -> None:
    found = signed(text)
    assert not any(p == "lives_in" and s in ("Tom", "parents", "Bolt") for s, p, _ in found)


@pytest.mark.parametrize(
    "text, fact",
    [
        ("My dad is still in Dnipro, we call every night.", ("dad", "lives_in", "Dnipro")),
        ("My parents are in Mansoura and I send money home.", ("parents", "lives_in", "Mansoura")),
        ("My sister Kamala in Chennai just turned 70.", ("Kamala", "lives_in", "Chennai")),
        ("I call my son David in Toronto every Sunday.", ("David", "lives_in", "Toronto")),
        ("Hello from Kuopio. I keep bees.", ("Ines", "lives_in", "Kuopio")),
        ("Greetings all from Tromsø!", ("Ines", "lives_in", "Tromsø")),
        ("I'm a Java dev living in Cluj.", ("Ines", "lives_in", "Cluj")),
        ("I'm an online English tutor based in Kazan.", ("Ines", "lives_in", "Kazan")),
        ("I live with her in Giza and take care of her.", ("Ines", "lives_in", "Giza")),
    ],
)
def test_homes_said_in_passing(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "My husband is in Paris for work.",
        "My son is in Leeds this week visiting friends.",
        "I met my wife Ana in Lisbon.",
        "My son Tom in Year 7 loves maths.",
        "Hello from the other side!",
        "Is it true that if my brother is in Rome he needs a visa?",
        "She is a nurse living in Munich.",
    ],
)
def test_a_stay_a_meeting_place_or_a_school_year_is_no_home_of_the_speakers_kin(text: str) -> None:
    found = signed(text)
    assert not any(p == "lives_in" and s != "Ines" for s, p, _ in found) or text.startswith("She")
    assert not any(p == "lives_in" and s == "Ines" for s, p, _ in found)


@pytest.mark.parametrize(
    "text, facts",
    [
        (
            "Hey. I'm Emre, 31, backend developer, I work remotely for a startup.",
            {("Ines", "works_as", "backend developer"), ("Ines", "age", "31")},
        ),
        (
            "I'm 34, senior developer at Allegro in Poznań, married to Agnieszka.",
            {("Ines", "works_as", "senior developer"), ("Ines", "works_at", "Allegro")},
        ),
        (
            "Tolga here, civil engineer with TAV in Doha since 2021.",
            {("Ines", "works_as", "civil engineer"), ("Ines", "works_at", "TAV")},
        ),
        (
            "Luis, 38, cloud architect contractor for a US bank, living in Mérida now.",
            {("Ines", "works_as", "cloud architect contractor"), ("Ines", "lives_in", "Mérida")},
        ),
        (
            "28, English teacher at a private high school in Bursa.",
            {("Ines", "works_as", "English teacher")},
        ),
    ],
)
def test_a_role_said_as_an_item_of_a_self_introduction(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    assert facts <= signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Thanks, nurse.",
        "I went to the doctor, dentist, and physio.",
        "My sister is Ana, nurse at the Mater.",
        "I'm tired, teacher life is hard.",
    ],
)
def test_a_role_in_a_list_that_introduces_no_one_is_no_job(text: str) -> None:
    assert not any(s == "Ines" and p == "works_as" for s, p, _ in signed(text))


@pytest.mark.parametrize(
    "text, fact",
    [
        ("I'm a nurse at the Mater.", ("Ines", "works_at", "Mater")),
        ("I'm a nurse with the HSE.", ("Ines", "works_at", "HSE")),
        ("I got a new job with Osler.", ("Ines", "works_at", "Osler")),
        (
            "I'm doing a masters at NOVA part time while working at Santa Maria.",
            ("Ines", "works_at", "Santa Maria"),
        ),
        (
            "I have been working as a pharmacist in Nasr City for 8 years.",
            ("Ines", "works_as", "pharmacist"),
        ),
        (
            "I've been an English teacher in Rosario for 10 years.",
            ("Ines", "works_as", "English teacher"),
        ),
    ],
)
def test_where_and_as_what_one_works_said_other_ways(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm a nurse at the ICU.",
        "I got a job with my uncle.",
        "I met Tom while working at Tesco.",
        "She studies while working at Tesco.",
    ],
)
def test_a_ward_an_uncle_or_a_job_gone_by_is_no_employer_of_the_speaker(text: str) -> None:
    assert not any(s == "Ines" and p == "works_at" for s, p, _ in signed(text))


@pytest.mark.parametrize(
    "text, plan",
    [
        ("I'm flying home to Ibadan for my sister's wedding in June.", "trip to Ibadan"),
        ("I'm coming home to Osaka for two weeks in August!", "trip to Osaka"),
        ("I'm coming to London next week.", "trip to London"),
        ("I'm signed up for the Dublin half marathon in September.", "Dublin half marathon"),
    ],
)
def test_journeys_home_and_plans_signed_up_for(text: str, plan: str) -> None:
    assert any(
        s == "Ines" and p == "plans" and o.startswith(plan) for s, p, o in undated(signed(text))
    )


@pytest.mark.parametrize(
    "text", ["I'm coming from Paris tomorrow.", "I'm not signed up for the marathon."]
)
def test_an_arrival_or_a_denial_is_no_plan(text: str) -> None:
    assert not any(p == "plans" for _, p, _ in signed(text))


@pytest.mark.parametrize(
    "text, fact",
    [
        ("Luis, 38, cloud architect contractor for a US bank.", ("Ines", "age", "38")),
        ("Hello! Andrei, 28, Cluj. QA at a Norwegian company.", ("Ines", "age", "28")),
        ("I'm a self-taught dev, 23, from Belo Horizonte.", ("Ines", "age", "23")),
        ("29 years old, renting in Moda with my boyfriend.", ("Ines", "age", "29")),
        ("28, English teacher at a private school in Bursa.", ("Ines", "age", "28")),
        ("Im 29 and still live with my parents.", ("Ines", "age", "29")),
    ],
)
def test_an_age_said_as_an_item_of_a_self_introduction(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Maria, 45, is my boss.",
        "Paris, 25, lovely city.",
        "Rusty passed this morning. 15 years old. Best dog I ever had.",
        "12, 13 and 14 are the numbers.",
        "Call me at 10, 11 is too late.",
        "Ich wohne im Zentrum.",
    ],
)
def test_a_number_in_a_list_that_introduces_no_one_is_no_age_of_the_speaker(text: str) -> None:
    assert not any(s == "Ines" and p == "age" for s, p, _ in signed(text))


@pytest.mark.parametrize(
    "text, facts",
    [
        (
            "Our twins Ali and Hamza are 10 months now.",
            {("Ines", "has_child", "Ali"), ("Ines", "has_child", "Hamza")},
        ),
        ("My cat Luna (she's 3) has been vomiting.", {("Luna", "age", "3")}),
        ("My son Tom (4 years old) loves trains.", {("Tom", "age", "4")}),
        ("My daughter Malak, who is 5, loves cats.", {("Malak", "age", "5")}),
    ],
)
def test_children_named_as_twins_and_ages_said_beside_a_name(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    assert facts <= signed(text)


def test_minutes_late_are_no_age() -> None:
    assert not any(p == "age" for _, p, _ in signed("My boss Tom, who is 5 minutes late, called."))


@pytest.mark.parametrize(
    "text, fact",
    [
        ("I work remotely for a Berlin startup called Fluxtor.", ("Ines", "works_at", "Fluxtor")),
        ("I work at a small agency called Lumo.", ("Ines", "works_at", "Lumo")),
        ("I'm on maternity leave from PKO until October.", ("Ines", "works_at", "PKO")),
        (
            "Update: I passed the probation period at Bancolombia!",
            ("Ines", "works_at", "Bancolombia"),
        ),
        ("I'm 60 next month and retiring from Pemex.", ("Ines", "works_at", "Pemex")),
        (
            "I'm available from June, currently in my notice period at Capgemini.",
            ("Ines", "works_at", "Capgemini"),
        ),
        (
            "I'm working as an SAP consultant on contract with Aramco.",
            ("Ines", "works_at", "Aramco"),
        ),
        ("I'm 34, senior dev at Allegro.", ("Ines", "works_as", "senior dev")),
    ],
)
def test_employers_said_by_kind_and_name_and_jobs_kept_through_leave(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in signed(text)


@pytest.mark.parametrize(
    "text",
    [
        "I work for a Cyprus company.",
        "I work for a Canadian startup.",
        "She is on sick leave from work.",
    ],
)
def test_a_kind_of_employer_without_its_name_is_no_employer(text: str) -> None:
    assert not any(p == "works_at" for _, p, _ in signed(text))


@pytest.mark.parametrize(
    "text, plan",
    [
        ("We're planning to get married next spring.", "get married"),
        ("We're planning to have a baby next year.", "have a baby"),
        ("120 day streak now 🔥 planning to visit Buenos Aires in November", "visit Buenos Aires"),
    ],
)
def test_life_events_planned_and_a_plan_after_an_emoji(text: str, plan: str) -> None:
    assert ("Ines", "plans", plan) in undated(signed(text))


@pytest.mark.parametrize(
    "text", ["I'm planning to have a coffee later.", "we adopted a kitten 🐱 named Mia"]
)
def test_an_errand_is_no_plan_and_an_emoji_inside_a_clause_keeps_it_whole(text: str) -> None:
    found = signed(text)
    assert not any(p == "plans" for _, p, _ in found)
    assert "kitten" not in text or ("Ines", "has_pet", "Mia") in found


@pytest.mark.parametrize(
    "text, facts",
    [
        (
            "I have 2 cats from the street, Koshka and Bastet.",
            {("Ines", "has_pet", "Koshka"), ("Ines", "has_pet", "Bastet")},
        ),
        ("We now have 3 cats, 1 dog and a parrot named Kesha.", {("Ines", "has_pet", "dog")}),
        ("We have two cats, a hamster and three kids.", {("Ines", "has_pet", "hamster")}),
    ],
)
def test_pets_named_after_where_they_came_from_and_pets_counted_in_a_list(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    assert facts <= signed(text)


def test_a_garden_in_a_list_of_pets_is_no_pet() -> None:
    assert {o for _, p, o in signed("I have 2 dogs and a garden.") if p == "has_pet"} == {"dogs"}


@pytest.mark.parametrize(
    "text, pastime",
    [("I go running about 3x a week.", "running"), ("I do yoga 3x a week.", "yoga")],
)
def test_a_habit_said_by_times_a_week(text: str, pastime: str) -> None:
    assert ("Ines", "does", pastime) in signed(text)
