"""How the turn runs on between decisions: ``settle``, the last step of every ``core.apply``. The
rule that ends a phase cannot always call the next itself (phase 3 and the places an owed resource
returns to lie above it), so it leaves an automatic stage (``AU_*``, past ``NUM_STAGES``: never
observed, never left in the record between decisions) and ``settle`` runs the step. Within a
section the rules call on themselves (a throw's yield, the start of a turn).
"""
from ..common.jit import rule
from .research import continue_phase3, enter_phase3
from .state import AU_PHASE3, AU_RESUME, RESUME_PHASE2, RESUME_TURN_START, ST_PHASE2, ST_TAKE
from .turn import continue_turn_start


@rule
def settle(s):
    """Run the automatic steps until a decision is due or the game is over."""
    while True:
        st = s['stage']
        if st == AU_PHASE3:
            s['stage'] = ST_PHASE2             # phase 2 is over; phase 3 sets its own stage
            enter_phase3(s)
        elif st == AU_RESUME:
            s['stage'] = ST_TAKE               # the take is over; where it was owed sets the stage
            resume = s['owe_resume']
            if resume == RESUME_PHASE2:
                s['stage'] = ST_PHASE2
            elif resume == RESUME_TURN_START:
                continue_turn_start(s)
            else:
                continue_phase3(s)
        else:
            return
