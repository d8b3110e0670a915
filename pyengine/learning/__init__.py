"""Learning: machines that learn to play, each marked against the exact values.

Each module imports only those above it and the core::

    marking     a learner's favourite moves marked against the exact values
    learner     Learner, LearnerKind: what the learning machines share; training games
    menace      MENACE, Michie's matchbox machine, with Michie's and Scroggs' beads
    tabular     after-state values learnt by TD(0)
    mcts        Monte Carlo tree search (UCT), one iteration at a time
    alphazero   a policy-value network taught by self-play through a search it guides (PUCT)
    training    seeded runs of a learner against an Opponent; the ladder's Entrant bots
"""
