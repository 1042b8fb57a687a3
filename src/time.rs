//! Time management (issue #3): a pure function from the move-time limit to soft and
//! hard deadlines. Reads no clock itself.
