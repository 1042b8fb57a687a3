//! The eight programs of the classroom Morris Variant handout (issue #4).
