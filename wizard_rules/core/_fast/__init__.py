"""The speed room: every representation, table and cache that exists for speed, in one place.

The rules modules of :mod:`wizard_rules.core` read as rules; what they build
on for speed lives here, behind a few names they call.  Each trick is listed
with what it buys, counted with ``bench/instructions.py`` (instructions per
decision of a random 4-player game; the figures, how they were measured and
the wall-clock timings are in ``docs/speed.rst``).

:mod:`~wizard_rules.core._fast.layout`
    A state is a named tuple (:class:`~wizard_rules.core._fast.layout._StateFields`),
    built in one place (:func:`~wizard_rules.core._fast.layout.build`) from
    a tuple typed field by field.  The last state built is remembered with
    its tuple (``_last_built``): the next transition, usually given that
    very state, unpacks the tuple instead of copying the state's fields
    (removing it costs 9% more instructions a decision).
:mod:`~wizard_rules.core._fast.tables`
    The last list of legal actions, with its state and transition
    (``_last_legal``): ``apply_legal`` right after ``legal_actions`` reuses
    it (removing it costs 26%); the byte tables that turn a hand mask into
    its interned plays (a loop over the cards instead costs 126%); each
    card's bit in the packed hands (``_SEAT_BITS``: 1%).
:mod:`~wizard_rules.core._fast.deals`
    A deal's hands packed into one int, remembered for the last deal, and
    the state a drawn deal was drawn for, so that a random deal is packed
    once and not checked again (``_last_packed``; removing it costs 7%).
    All three caches together are worth 49%.
:mod:`~wizard_rules.core._fast.log`
    A state's history as a persistent linked list with a running 30-bit
    digest: a transition adds one node whatever the length of the game, a
    search's states share their past, and a state hashes in constant time.
:mod:`~wizard_rules.core._fast.phases`
    The phases as module constants, read faster than an Enum member
    (``Phase.PLAY`` in the hot paths instead costs 4%).

Nothing here is public: the package is private to :mod:`wizard_rules.core`
(``tests/test_layers.py`` refuses a name taken from here by another
package).
"""
