"""Explicit "remember that …" requests in four languages; talk about remembering is not one."""

import pytest

from lembrar.layers import detect_request

REQUESTS = [
    ("remember that I'm vegetarian", "I'm vegetarian", "en"),
    ("Please remember I live in Porto", "I live in Porto", "en"),
    ("Hey, can you remember that I'm vegan?", "I'm vegan", "en"),
    ("Remember: my birthday is May 3", "My birthday is May 3", "en"),
    ("Don't forget that my sister is called Rita.", "My sister is called Rita", "en"),
    ("I want you to remember that I prefer short answers", "I prefer short answers", "en"),
    ("My cat is called Tom, please remember.", "My cat is called Tom", "en"),
    ("I'm allergic to peanuts — remember that!", "I'm allergic to peanuts", "en"),
    ("lembre que eu sou vegetariano", "Eu sou vegetariano", "pt"),
    ("Lembra que moro em Lisboa.", "Moro em Lisboa", "pt"),
    ("Por favor, lembre-se de que eu trabalho no hospital", "Eu trabalho no hospital", "pt"),
    ("Não te esqueças que sou alérgico a marisco", "Sou alérgico a marisco", "pt"),
    ("Sou vegetariana, lembra disso.", "Sou vegetariana", "pt"),
    ("Recuerda que soy vegetariano", "Soy vegetariano", "es"),
    ("Recuérdame que mañana tengo cita con el médico", "Mañana tengo cita con el médico", "es"),
    ("No te olvides de que soy celíaca", "Soy celíaca", "es"),
    ("¿Puedes recordar que vivo en Madrid?", "Vivo en Madrid", "es"),
    ("Soy alérgica al maní, recuérdalo.", "Soy alérgica al maní", "es"),
    ("Souviens-toi que je suis végétarien", "Je suis végétarien", "fr"),
    ("Rappelle-toi que j'habite à Lyon", "J'habite à Lyon", "fr"),
    ("N'oublie pas que je suis allergique aux noix", "Je suis allergique aux noix", "fr"),
    ("Peux-tu retenir que je travaille de nuit ?", "Je travaille de nuit", "fr"),
]

NOT_REQUESTS = [
    "I don't remember where I parked",
    "do you remember the movie?",
    "Remember when we went to Paris?",
    "I remembered to call mom",
    "Remember to buy milk",
    "Don't forget to call mom",
    "What did I say? I don't remember it",
    "It's hard to remember things",
    "não me lembro",
    "Lembras-te da viagem a Roma?",
    "Você lembra que fomos ao cinema?",
    "Eu lembro que ela ligou",
    "lembra de comprar leite",
    "No me acuerdo de su nombre",
    "¿Recuerdas la película?",
    "Recuerdo que llovía",
    "Recuerda comprar pan",
    "Je ne me souviens pas",
    "Tu te souviens du film ?",
    "Je me suis souvenu d'appeler maman",
    "N'oublie pas d'acheter du pain",
]


@pytest.mark.parametrize("message, fact, language", REQUESTS)
def test_requests_yield_the_fact(message, fact, language):
    request = detect_request(message)
    assert request is not None and (request.fact, request.language) == (fact, language)


@pytest.mark.parametrize("message", NOT_REQUESTS)
def test_talking_about_remembering_is_not_a_request(message):
    assert detect_request(message) is None
