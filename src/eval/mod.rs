//! Static evaluation for the tournament engine (issue #3): the handout's estimate and
//! our own. Knows positions, not search.
