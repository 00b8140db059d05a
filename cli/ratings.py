"""Ratings: each agent's place on a ladder, from the rankings of the games it played.

A win rate says how often an agent won at one kind of table; a rating puts every agent that met
any other on one scale, so a new agent's place among the others is read off one number. The
model is openskill's Plackett-Luce (Weng & Lin, 2011, algorithm 4): a TrueSkill-style Bayesian
rating made for games of many seats. Each agent's skill is a normal belief, mean ``mu`` and
standard deviation ``sigma`` (25 and 25/3 before any game); each game's ranking moves the beliefs
of the agents seated at it. The ladder is sorted by the conservative rating ``mu - Z * sigma``
(openskill's ordinal), which starts at 0 and rises as an agent wins and as its rating firms up.

How a game becomes a ranking:

* the games report who won, not a full order: the winners share first place and everyone else
  shares second, so a shared win (a tie the rules share, or a team's win) is a draw between the
  winners, and a game the rules end with no winner is a draw between all;
* an agent that fills several seats is rated as one player a seat, each from the rating it brought
  to the game, and takes the mean of those seats' new ratings: one update a game, whatever the
  seat count;
* a game with every seat one agent (self-play) is left out: it ranks the agent against itself.

The updates do not commute, so :func:`rate` takes the games in the order given; the arena gives
them in a fixed order, so a seed replays its ratings exactly.
"""
from __future__ import annotations

from openskill.models import PlackettLuce

# openskill's defaults: mu 25, sigma 25/3, beta 25/6 (the spread of one game's performance about
# the skill), tau 25/300 (added to sigma before each game, so a long series keeps learning).
MODEL = PlackettLuce()
# Sigmas below mu in the conservative rating: the true skill lies above it with ~99.9% belief.
Z = 3.0
WINNER, LOSER = 1, 2  # the places of a ranking (openskill's ranks: lower is better)


def rate(agents, games) -> dict:
    """Each agent's rating (``.mu``, ``.sigma``, ``.ordinal(z=Z)``) after ``games`` in order.

    ``agents`` names every agent to rate (one that played no rated game keeps the prior);
    ``games`` is ``(names, places)`` pairs: the agent in each seat and its place (``WINNER`` or
    ``LOSER``), seats in any fixed order.
    """
    ratings = {name: MODEL.rating(name=name) for name in agents}
    for names, places in games:
        if len(set(names)) == 1:
            continue
        # a fresh rating object a seat: openskill deep-copies the table, and a copy keeps one object
        # in two seats one object, which would be widened by tau and updated once per seat
        seated = MODEL.rate([[MODEL.rating(ratings[name].mu, ratings[name].sigma)] for name in names],
                            ranks=list(places))
        for name in dict.fromkeys(names):
            new = [team[0] for team, who in zip(seated, names) if who == name]
            ratings[name] = MODEL.rating(mu=sum(r.mu for r in new) / len(new),
                                         sigma=sum(r.sigma for r in new) / len(new), name=name)
    return ratings
