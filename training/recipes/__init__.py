"""Recipes: short single-file training scripts that show frontierzoo with other RL libraries.

Each runs as ``python -m frontierzoo.training.recipes.<name> --game GAME --timesteps N --seed S``
and has a ``main(argv)`` (and ``run(**options)``) that returns its numbers; every env is made with
``illegal_action="raise"``, so a move outside the action mask stops the run. The game picks the
mode: a turn-based game (``forfort_v0``) or Legends' Parallel env (``legends_v1``, one policy for
every seat).

- ``cleanrl_ppo``: masked PPO written out in one file, CleanRL style (torch only).
- ``tianshou_dqn``: Tianshou 2.0's DQN, which masks Q-values with ``obs.mask``.
- ``torchrl_ppo``: TorchRL's ``PettingZooWrapper`` (``use_mask=True``) and ``MaskedCategorical``.

Install their libraries with the ``recipes`` extra (``pip install -e ".[train,recipes]"``).
"""
